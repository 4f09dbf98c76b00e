import Foundation
import GRDB

/// A named bucket for transactions, of one kind. Defaults are made for every user; they can be hidden, not deleted.
struct Category: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case income, needs, wants, savings

        var label: String {
            switch self {
            case .income: "Income"
            case .needs: "Needs"
            case .wants: "Wants"
            case .savings: "Savings"
            }
        }

        /// The ledger kind of transactions in categories of this kind.
        var transactionKind: Transaction.Kind {
            switch self {
            case .income: .income
            case .needs, .wants: .expense
            case .savings: .saving
            }
        }
    }

    var id: Int64?
    var userId: Int64
    var name: String
    var kind: Kind
    /// A symbol name from the icon sprite.
    var icon: String
    /// A `#RRGGBB` colour.
    var color: String
    var sortOrder: Int
    var isDefault: Bool
    var isHidden: Bool
    var createdAt: Date

    static let databaseTableName = "category"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let kind = Column(CodingKeys.kind)
        static let sortOrder = Column(CodingKeys.sortOrder)
        static let isHidden = Column(CodingKeys.isHidden)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The name of the category that takes the transactions of a deleted one (one per kind, always present).
    static let otherName = "Other"

    /// The categories every new user starts with (Budget seed), in display order, each kind ending with "Other".
    static let defaults: [(kind: Kind, name: String, icon: String, color: String)] = [
        (.income, "Salary", "briefcase", "#16A34A"),
        (.income, "Freelance", "spark", "#0EA5E9"),
        (.income, "Other", "dots", "#6B6B6B"),
        (.needs, "Rent/Mortgage", "house", "#2563EB"),
        (.needs, "Groceries", "cart", "#16A34A"),
        (.needs, "Utilities", "bolt", "#F59E0B"),
        (.needs, "Insurance", "shield", "#0891B2"),
        (.needs, "Transport", "car", "#7C3AED"),
        (.needs, "Healthcare", "heart", "#DC2626"),
        (.needs, "Other", "dots", "#6B6B6B"),
        (.wants, "Dining Out", "fork", "#EA580C"),
        (.wants, "Entertainment", "ticket", "#DB2777"),
        (.wants, "Shopping", "bag", "#9333EA"),
        (.wants, "Subscriptions", "repeat", "#0D9488"),
        (.wants, "Personal Care", "spark", "#E11D48"),
        (.wants, "Hobbies", "star", "#CA8A04"),
        (.wants, "Other", "dots", "#6B6B6B"),
        (.savings, "Emergency Fund", "shield", "#16A34A"),
        (.savings, "Retirement", "clock", "#2563EB"),
        (.savings, "Vacation", "plane", "#0EA5E9"),
        (.savings, "Large Purchase", "bag", "#9333EA"),
        (.savings, "Education", "book", "#CA8A04"),
        (.savings, "Investments", "chart", "#0D9488"),
        (.savings, "Other", "dots", "#6B6B6B"),
    ]

    /// Inserts the default categories for a new user.
    static func insertDefaults(userId: Int64, now: Date, _ db: Database) throws {
        for (index, item) in defaults.enumerated() {
            var category = Category(
                id: nil, userId: userId, name: item.name, kind: item.kind, icon: item.icon, color: item.color,
                sortOrder: index, isDefault: true, isHidden: false, createdAt: now)
            try category.insert(db)
        }
    }
}

/// Where money is kept. Balance = opening balance + income − expenses − savings of the transactions naming it.
struct Account: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case checking, savings, creditCard = "credit-card", cash, other

        var label: String {
            switch self {
            case .checking: "Checking"
            case .savings: "Savings"
            case .creditCard: "Credit card"
            case .cash: "Cash"
            case .other: "Other"
            }
        }
    }

    var id: Int64?
    var userId: Int64
    var name: String
    var kind: Kind
    var openingBalanceCents: Int64
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "account"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Money the user expects to receive. Received income is recorded as income transactions.
struct IncomeSource: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Frequency: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case monthly, biweekly, variable

        var label: String {
            switch self {
            case .monthly: "Monthly"
            case .biweekly: "Bi-weekly"
            case .variable: "Variable"
            }
        }

        /// The expected amount per month of an income of `amountCents` per period (bi-weekly × 26 ÷ 12, rounded).
        func monthlyCents(_ amountCents: Int64) -> Int64 {
            switch self {
            case .monthly, .variable: amountCents
            case .biweekly: (amountCents * 26 + 6) / 12
            }
        }
    }

    var id: Int64?
    var userId: Int64
    var name: String
    var amountCents: Int64
    var frequency: Frequency
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "incomeSource"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Account {
    /// The columns `init(row:from:)` reads, in its order.
    static let selectionSQL = "account.id, account.userId, account.name, account.kind, account.openingBalanceCents, account.createdAt, account.updatedAt"
    /// How many columns `selectionSQL` names.
    static let selectionCount = 7

    /// Read by position from `selectionSQL`'s columns starting at `start` (Home shows every account's balance).
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        userId = try row.decode(atIndex: start + 1)
        name = try row.decode(atIndex: start + 2)
        kind = try row.decode(atIndex: start + 3)
        openingBalanceCents = try row.decode(atIndex: start + 4)
        createdAt = try row.date(atIndex: start + 5)
        updatedAt = try row.date(atIndex: start + 6)
    }

    /// Read column by column, quicker than through `Decodable`.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        kind = try row.decode(forColumn: "kind")
        openingBalanceCents = try row.decode(forColumn: "openingBalanceCents")
        createdAt = try row.date("createdAt")
        updatedAt = try row.date("updatedAt")
    }
}

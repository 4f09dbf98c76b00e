import Foundation
import GRDB

/// A named bucket for transactions, of one kind. Defaults are made for every user; they can be hidden, not deleted.
struct Category: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case income, needs, wants, savings

        /// The ledger kind of transactions in categories of this kind.
        var transactionKind: LedgerEntry.Kind {
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
                id: nil,
                userId: userId,
                name: item.name,
                kind: item.kind,
                icon: item.icon,
                color: item.color,
                sortOrder: index,
                isDefault: true,
                isHidden: false,
                createdAt: now
            )
            try category.insert(db)
        }
    }
}

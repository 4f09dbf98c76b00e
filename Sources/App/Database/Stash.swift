import Foundation
import GRDB

/// A pot with a monthly target: money saved into it (save) or spent from it within an allowance (spend).
struct Stash: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case save, spend

        var label: String { self == .save ? "Save" : "Spend" }
        /// The ledger kind of this stash's entries.
        var entryKind: Transaction.Kind { self == .save ? .saving : .expense }
    }

    enum Reminder: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case off, weekly, monthly

        var label: String {
            switch self {
            case .off: "Off"
            case .weekly: "Weekly nudge"
            case .monthly: "Monthly summary"
            }
        }
    }

    var id: Int64?
    var userId: Int64
    var name: String
    var kind: Kind
    var goalCents: Int64?
    var reward: String
    var category: String
    var reminder: Reminder
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "stash"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let kind = Column(CodingKeys.kind)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The categories offered for every stash, besides the user's own.
    static let defaultCategories = ["Travel", "Essentials", "Entertainment", "Other"]
}

/// A stash's monthly target from `month` on (until a later row): editing a target never rewrites the past.
struct StashTarget: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var stashId: Int64
    var month: String
    var amountCents: Int64

    static let databaseTableName = "stashTarget"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// One money movement: income, expense or saving. A stash entry is a transaction with a `stashId`.
struct Transaction: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, DatabaseValueConvertible {
        case income, expense, saving
    }

    var id: Int64?
    var userId: Int64
    /// `YYYY-MM-DD` in the user's time zone.
    var date: String
    /// Always positive; `kind` says which way the money went.
    var amountCents: Int64
    var kind: Kind
    var note: String
    var stashId: Int64?
    var categoryId: Int64?
    var accountId: Int64?
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "ledger"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var day: CalendarDay? { CalendarDay(date) }
    var month: String { String(date.prefix(7)) }
}

/// A badge: a stash completed for a month. `earned` is false while an edit has taken the month back under.
struct Badge: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var userId: Int64
    var stashId: Int64
    var month: String
    var completedOn: String
    var points: Int
    var earned: Bool
    var claimedAt: Date?

    static let databaseTableName = "badge"
    static let pointsPerBadge = 10

    enum Columns {
        static let stashId = Column(CodingKeys.stashId)
        static let month = Column(CodingKeys.month)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Transaction {
    /// Read column by column: lists of a hundred rows are read on many pages, and this is several times quicker
    /// than going through `Decodable`.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        date = try row.decode(forColumn: "date")
        amountCents = try row.decode(forColumn: "amountCents")
        kind = try row.decode(forColumn: "kind")
        note = try row.decode(forColumn: "note")
        stashId = try row.decode(forColumn: "stashId")
        categoryId = try row.decode(forColumn: "categoryId")
        accountId = try row.decode(forColumn: "accountId")
        createdAt = try row.date("createdAt")
        updatedAt = try row.date("updatedAt")
    }
}

extension Stash {
    /// The columns `init(row:from:)` reads, in its order: the lists that read every stash select these.
    static let selectionSQL =
        "stash.id, stash.userId, stash.name, stash.kind, stash.goalCents, stash.reward, stash.category, stash.reminder, stash.createdAt, stash.updatedAt"
    /// How many columns `selectionSQL` names: the index of the first column a query selects after them.
    static let selectionCount = 10

    /// Read by position from `selectionSQL`'s columns starting at `start`: Home and most pages read every stash,
    /// and looking each column up by name cost more than reading it.
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        userId = try row.decode(atIndex: start + 1)
        name = try row.decode(atIndex: start + 2)
        kind = try row.decode(atIndex: start + 3)
        goalCents = try row.decode(atIndex: start + 4)
        reward = try row.decode(atIndex: start + 5)
        category = try row.decode(atIndex: start + 6)
        reminder = try row.decode(atIndex: start + 7)
        createdAt = try row.date(atIndex: start + 8)
        updatedAt = try row.date(atIndex: start + 9)
    }

    /// Read column by column, quicker than through `Decodable`.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        kind = try row.decode(forColumn: "kind")
        goalCents = try row.decode(forColumn: "goalCents")
        reward = try row.decode(forColumn: "reward")
        category = try row.decode(forColumn: "category")
        reminder = try row.decode(forColumn: "reminder")
        createdAt = try row.date("createdAt")
        updatedAt = try row.date("updatedAt")
    }
}

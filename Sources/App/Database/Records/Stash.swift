import Foundation
import GRDB

/// A pot with a monthly target: money saved into it (save) or spent from it within an allowance (spend).
struct Stash: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case save, spend

        var label: String { self == .save ? "Save" : "Spend" }
        /// The ledger kind of this stash's entries.
        var entryKind: Transaction.Kind { self == .save ? .saving : .expense }

        /// The budget categories a stash of this kind can belong to: Savings for a save stash, Needs or Wants for a
        /// spend stash. The first is where a new category of such a stash goes.
        var categoryKinds: [Category.Kind] { self == .save ? [.savings] : [.wants, .needs] }
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
    /// Its budget category (one of `kind.categoryKinds`); its entries are filed under it.
    var categoryId: Int64?
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
}

extension Stash {
    /// Whether `month` counts for the stash: from the month it was made in (on the user's calendar) on, and any
    /// earlier month it has entries in. A month before it existed has no target to meet, nothing to complete or
    /// praise.
    func counts(_ month: Month, entryCount: Int, timeZone: TimeZone) -> Bool {
        entryCount > 0 || month >= CalendarDay.today(in: timeZone, now: createdAt).monthValue
    }

    /// The columns `init(row:from:)` reads, in its order: the lists that read every stash select these.
    static let selectionSQL =
        "stash.id, stash.userId, stash.name, stash.kind, stash.goalCents, stash.reward, stash.categoryId, stash.reminder, stash.createdAt, stash.updatedAt"
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
        categoryId = try row.decode(atIndex: start + 6)
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
        categoryId = try row.decode(forColumn: "categoryId")
        reminder = try row.decode(forColumn: "reminder")
        createdAt = try row.date("createdAt")
        updatedAt = try row.date("updatedAt")
    }
}

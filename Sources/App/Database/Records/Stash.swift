import Foundation
import GRDB

/// A pot with a monthly target: money saved into it (save) or spent from it within an allowance (spend).
struct Stash: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case save, spend

        /// The ledger kind of this stash's entries.
        var entryKind: LedgerEntry.Kind { self == .save ? .saving : .expense }

        /// The budget categories a stash of this kind can belong to: Savings for a save stash, Needs or Wants for a
        /// spend stash. The first is where a new category of such a stash goes.
        var categoryKinds: [Category.Kind] { self == .save ? [.savings] : [.wants, .needs] }
    }

    enum Reminder: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case off, weekly, monthly

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
}

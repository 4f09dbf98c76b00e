import Foundation
import GRDB

/// One row of the `ledger` table: a money movement, income, expense or saving. Pages call it a transaction; a stash
/// entry is a ledger entry with a `stashId`.
struct LedgerEntry: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
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

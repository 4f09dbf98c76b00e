import Foundation
import GRDB

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

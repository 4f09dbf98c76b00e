import Foundation
import GRDB

/// A benefit marked as done for one period.
struct BenefitUse: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var benefitId: Int64
    var cardId: Int64
    var userId: Int64
    var periodStart: String
    var usedOn: String
    var valueCents: Int64
    var createdAt: Date

    static let databaseTableName = "benefitUse"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension BenefitUse {
    /// The columns `init(row:from:)` reads, in its order.
    static let selectionSQL = """
        benefitUse.id, benefitUse.benefitId, benefitUse.cardId, benefitUse.userId, benefitUse.periodStart, \
        benefitUse.usedOn, benefitUse.valueCents, benefitUse.createdAt
        """

    /// Read by position from `selectionSQL`'s columns starting at `start`.
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        benefitId = try row.decode(atIndex: start + 1)
        cardId = try row.decode(atIndex: start + 2)
        userId = try row.decode(atIndex: start + 3)
        periodStart = try row.decode(atIndex: start + 4)
        usedOn = try row.decode(atIndex: start + 5)
        valueCents = try row.decode(atIndex: start + 6)
        createdAt = try row.date(atIndex: start + 7)
    }

    init(row: Row) throws {
        id = row["id"]
        benefitId = row["benefitId"]
        cardId = row["cardId"]
        userId = row["userId"]
        periodStart = row["periodStart"]
        usedOn = row["usedOn"]
        valueCents = row["valueCents"]
        createdAt = row["createdAt"]
    }
}

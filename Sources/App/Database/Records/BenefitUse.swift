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

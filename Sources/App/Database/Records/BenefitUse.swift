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

    enum Columns {
        static let userId = Column(CodingKeys.userId)
        static let benefitId = Column(CodingKeys.benefitId)
        static let periodStart = Column(CodingKeys.periodStart)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

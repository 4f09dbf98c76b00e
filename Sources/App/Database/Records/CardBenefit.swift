import Foundation
import GRDB

/// A recurring credit of a card ("$15 Uber Cash each month").
struct CardBenefit: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var cardId: Int64
    var userId: Int64
    var name: String
    var details: String
    var valueCents: Int64
    var period: BenefitPeriod
    var sortOrder: Int
    /// `YYYY-MM-DD`: hidden from "expiring soon" until this day.
    var snoozedUntil: String?
    var createdAt: Date

    static let databaseTableName = "cardBenefit"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

// Every Wallet page and Home read all of a user's benefits and this period's uses: decoding them column by column
// is several times cheaper than through `Decodable`.
extension CardBenefit {
    init(row: Row) throws {
        id = row["id"]
        cardId = row["cardId"]
        userId = row["userId"]
        name = row["name"]
        details = row["details"]
        valueCents = row["valueCents"]
        period = row["period"]
        sortOrder = row["sortOrder"]
        snoozedUntil = row["snoozedUntil"]
        createdAt = row["createdAt"]
    }
}

extension BenefitPeriod: DatabaseValueConvertible {}

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

    /// The day the benefit was added where the user is: a period that ended before it is never "missed", and
    /// four-yearly windows count from it. Shifts the instant by the zone's offset then reads the UTC day: no
    /// `Calendar` per benefit.
    func addedOn(in timeZone: TimeZone) -> CalendarDay {
        CalendarDay.utc(of: createdAt.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: createdAt))))
    }

    /// The period of this benefit that contains `day`, on a card with `anniversary`.
    func window(containing day: CalendarDay, anniversary: CalendarDay?, timeZone: TimeZone) -> PeriodWindow {
        period.window(containing: day, anniversary: anniversary, added: addedOn(in: timeZone))
    }
}

// Every Wallet page and Home read all of a user's benefits and this period's uses: decoding them column by column
// is several times cheaper than through `Decodable`.
extension CardBenefit {
    /// The columns `init(row:from:)` reads, in its order.
    static let selectionSQL = """
        cardBenefit.id, cardBenefit.cardId, cardBenefit.userId, cardBenefit.name, cardBenefit.details, \
        cardBenefit.valueCents, cardBenefit.period, cardBenefit.sortOrder, cardBenefit.snoozedUntil, cardBenefit.createdAt
        """

    /// Read by position from `selectionSQL`'s columns starting at `start`: quicker still than by name.
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        cardId = try row.decode(atIndex: start + 1)
        userId = try row.decode(atIndex: start + 2)
        name = try row.decode(atIndex: start + 3)
        details = try row.decode(atIndex: start + 4)
        valueCents = try row.decode(atIndex: start + 5)
        period = try row.decode(atIndex: start + 6)
        sortOrder = try row.decode(atIndex: start + 7)
        snoozedUntil = try row.decode(atIndex: start + 8)
        createdAt = try row.date(atIndex: start + 9)
    }

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

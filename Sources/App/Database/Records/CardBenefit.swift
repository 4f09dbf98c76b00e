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

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let cardId = Column(CodingKeys.cardId)
        static let sortOrder = Column(CodingKeys.sortOrder)
    }

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

extension BenefitPeriod: DatabaseValueConvertible {}

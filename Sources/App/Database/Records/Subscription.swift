import Foundation
import GRDB

/// A recurring payment (Netflix, the gym…).
struct Subscription: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var userId: Int64
    var name: String
    var amountCents: Int64
    var frequency: RenewalFrequency
    /// A renewal date as entered; the next renewal is computed from it on read.
    var renewsOn: String
    var cardId: Int64?
    var category: String
    var icon: String
    var createdAt: Date
    var updatedAt: Date
    /// The schedule it repeats as (`Schedule`), which the subscription's form keeps in step.
    var scheduleId: Int64? = nil
    /// Whether each renewal posts its charge to the ledger by itself.
    var postsCharge: Bool = false

    static let databaseTableName = "subscription"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let name = Column(CodingKeys.name)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The rule its renewals follow, from its renewal date.
    var recurrence: Recurrence? { CalendarDay(renewsOn).map { frequency.recurrence(from: $0) } }

    func nextRenewal(today: CalendarDay) -> CalendarDay {
        frequency.nextRenewal(from: CalendarDay(renewsOn) ?? today, onOrAfter: today)
    }
}

extension RenewalFrequency: DatabaseValueConvertible {}

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

    static let databaseTableName = "subscription"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func nextRenewal(today: CalendarDay) -> CalendarDay {
        frequency.nextRenewal(from: CalendarDay(renewsOn) ?? today, onOrAfter: today)
    }
}

extension RenewalFrequency: DatabaseValueConvertible {}

extension Subscription {
    /// The columns `init(row:from:)` reads, in its order: the wallet, its reminders and the calendar feed read
    /// every subscription.
    static let selectionSQL = """
        subscription.id, subscription.userId, subscription.name, subscription.amountCents, subscription.frequency, \
        subscription.renewsOn, subscription.cardId, subscription.category, subscription.icon, subscription.createdAt, \
        subscription.updatedAt
        """

    /// Read by position from `selectionSQL`'s columns starting at `start`.
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        userId = try row.decode(atIndex: start + 1)
        name = try row.decode(atIndex: start + 2)
        amountCents = try row.decode(atIndex: start + 3)
        frequency = try row.decode(atIndex: start + 4)
        renewsOn = try row.decode(atIndex: start + 5)
        cardId = try row.decode(atIndex: start + 6)
        category = try row.decode(atIndex: start + 7)
        icon = try row.decode(atIndex: start + 8)
        createdAt = try row.date(atIndex: start + 9)
        updatedAt = try row.date(atIndex: start + 10)
    }
}

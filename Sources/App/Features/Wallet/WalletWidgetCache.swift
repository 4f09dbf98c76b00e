import NIOConcurrencyHelpers

/// Home's wallet widgets per user, so a visit to Home doesn't read and work through every card, benefit, subscription
/// and coupon again while nothing has changed. An entry is good while the wallet's revision (raised by database
/// triggers on every wallet write, see migration v8), the day and the user's currency and time zone are what they were.
final class WalletWidgetCache: Sendable {
    struct Key: Equatable, Sendable {
        let today: CalendarDay
        let currency: String
        let timeZone: String

        init(user: User, today: CalendarDay) {
            self.today = today
            currency = user.currency
            timeZone = user.timeZone
        }
    }

    struct Entry: Sendable {
        let key: Key
        let revision: Int64
        let widgets: WalletWidgets?
    }

    /// A self-hosted server has few users; past this many entries the cache starts again empty.
    static let capacity = 1_000

    private let entries = NIOLockedValueBox<[Int64: Entry]>([:])

    /// The entry kept for this user if it was built for the same day and settings.
    func entry(userId: Int64, key: Key) -> Entry? {
        entries.withLockedValue { $0[userId] }.flatMap { $0.key == key ? $0 : nil }
    }

    func store(_ entry: Entry, userId: Int64) {
        entries.withLockedValue { entries in
            if entries.count >= Self.capacity && entries[userId] == nil { entries.removeAll(keepingCapacity: true) }
            entries[userId] = entry
        }
    }
}

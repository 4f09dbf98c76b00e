import NIOConcurrencyHelpers

/// What was built for a user from rows that carry a revision, kept while nothing under it has changed: an entry is
/// good while the revision (raised by database triggers on every write to the tables it was built from, see
/// migration v10, or the app's count of writes, `AppDatabase.writeCount`) and the key (everything else the build
/// was given) are what they were. One entry per user; a
/// self-hosted server has few users, and past `capacity` entries the cache starts again empty.
final class UserCache<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    struct Entry: Sendable {
        let key: Key
        let revision: Int64
        let value: Value
    }

    let capacity: Int
    private let entries = NIOLockedValueBox<[Int64: Entry]>([:])

    init(capacity: Int = 1_000) {
        self.capacity = capacity
    }

    /// The entry kept for this user if it was built for the same key.
    func entry(userId: Int64, key: Key) -> Entry? {
        entries.withLockedValue { $0[userId] }.flatMap { $0.key == key ? $0 : nil }
    }

    func store(_ entry: Entry, userId: Int64) {
        entries.withLockedValue { entries in
            if entries.count >= capacity && entries[userId] == nil { entries.removeAll(keepingCapacity: true) }
            entries[userId] = entry
        }
    }
}

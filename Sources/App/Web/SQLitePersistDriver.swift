import Foundation
import GRDB
import Hummingbird
import NIOConcurrencyHelpers

/// Keeps browser sessions in the `session` table so they survive a restart.
///
/// The key the session middleware hands over is the cookie's value: a row is stored and found under its digest
/// (`SessionRecord.id(forKey:)`), never under the key itself.
///
/// Values are stored as JSON. When the value is a `SessionPayload` its user id is stored too, so a
/// user's sessions can be listed and ended (e.g. after a password change), and so are the browser and address it
/// began from, and when it was last used.
struct SQLitePersistDriver: PersistDriver {
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// How stale a session's `lastSeenAt` may get: a signed-in request writes it only when it is older than this,
    /// so most requests write nothing (a write empties every cache kept on the database's write count).
    static let lastSeenInterval: TimeInterval = 5 * 60
    /// How long a session not kept signed in may go unused (now less `lastSeenAt`) before it ends. `lastSeenAt` lags
    /// the last request by up to `lastSeenInterval`, so the limit is far longer than that (`ServeSettings` checks).
    let idleLimit: TimeInterval
    /// Sessions as last read, each good while the database has taken no write since: every signed-in request
    /// reads its session, and most requests write nothing.
    private let recent = RecentSessions()

    init(database: AppDatabase, now: @escaping @Sendable () -> Date, idleLimit: TimeInterval = 12 * 3600) {
        self.database = database
        self.now = now
        self.idleLimit = idleLimit
    }

    func create<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let row = try makeRow(key: key, value: value, expires: expires)
        do {
            try await database.write { db in try row.insert(db) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw PersistError.duplicate
        }
    }

    func set<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) async throws {
        let fresh = try makeRow(key: key, value: value, expires: expires)
        try await database.write { db in
            var row = fresh
            if expires == nil, let existing = try SessionRecord.fetchOne(db, key: row.id) {
                row.expiresAt = existing.expiresAt
                row.createdAt = existing.createdAt
                row.userAgent = existing.userAgent
                row.address = existing.address
                row.keepSignedIn = existing.keepSignedIn
            }
            try row.upsert(db)
        }
    }

    func get<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: Object.self)?.object
    }

    func getWithTTL<Object: Codable & Sendable>(
        key: String,
        as: Object.Type
    ) async throws -> (object: Object, ttl: Duration?)? {
        let now = self.now()
        let id = SessionRecord.id(forKey: key)
        let read = try readSession(id: id)
        guard let read else { return nil }
        if let expiresAt = read.expiresAt, expiresAt <= now { return nil }
        // Idle is measured from the `lastSeenAt` read, before this request moves it.
        if !read.keepSignedIn, now.timeIntervalSince(read.lastSeenAt ?? .distantPast) > idleLimit { return nil }
        let object: Object
        if let payload = read.payload as? Object {
            object = payload
        } else {
            do {
                object = try JSONDecoder().decode(Object.self, from: read.data)
            } catch {
                throw PersistError.invalidConversion
            }
        }
        // A note that fails to save leaves "last seen" older; it must not end the request's session.
        if read.payload != nil { try? await noteSeen(id: id, lastSeenAt: read.lastSeenAt, now: now) }
        let ttl = read.expiresAt.map { Duration.seconds($0.timeIntervalSince(now)) }
        return (object, ttl)
    }

    /// Moves a signed-in session's `lastSeenAt` to `now` when the value read with it is `lastSeenInterval` old or
    /// more (or missing). The write is conditional, so requests racing past the same stale value set it once.
    private func noteSeen(id: String, lastSeenAt: Date?, now: Date) async throws {
        if let lastSeenAt, now.timeIntervalSince(lastSeenAt) < Self.lastSeenInterval { return }
        let stale = now.addingTimeInterval(-Self.lastSeenInterval)
        try await database.write { db in
            try db.execute(
                sql: "UPDATE session SET lastSeenAt = ? WHERE id = ? AND (lastSeenAt IS NULL OR lastSeenAt <= ?)",
                arguments: [now, id, stale]
            )
        }
    }

    /// The session's row, with its payload and user already read when it is the app's own `SessionPayload`: from
    /// `recent` while no write has happened since it was read, else from the database in one read, with the user.
    private func readSession(id: String) throws -> StoredSession? {
        let writes = database.writeCount
        if let kept = recent.session(id: id, writes: writes) { return kept }
        let (row, user) = try database.read { db -> (StoredSession?, User?) in
            guard
                let found = try SessionRecord.fetchOne(
                    db.cachedStatement(sql: "SELECT * FROM session WHERE id = ?"),
                    arguments: [id]
                )
            else { return (nil, nil) }
            let row = StoredSession(
                userId: found.userId,
                data: found.data,
                expiresAt: found.expiresAt,
                lastSeenAt: found.lastSeenAt,
                keepSignedIn: found.keepSignedIn,
                payload: nil
            )
            // A user that can't be read here is looked up again by `MemberAuthenticator`, whose error is the page's.
            let user = try? row.userId.flatMap {
                try User.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [$0])
            }
            return (row, user)
        }
        guard var row else { return nil }
        if var payload = try? JSONDecoder().decode(SessionPayload.self, from: row.data) {
            payload.user = user?.id == payload.userId ? user : nil
            payload.keepSignedIn = row.keepSignedIn
            row.payload = payload
        }
        recent.keep(row, id: id, writes: writes)
        return row
    }

    func remove(key: String) async throws {
        let id = SessionRecord.id(forKey: key)
        _ = try await database.write { db in try SessionRecord.deleteOne(db, key: id) }
    }

    /// Deletes sessions whose time is up (expired, or idle too long); run at start and now and then.
    func removeExpired() async throws {
        let now = self.now()
        let idleLimit = self.idleLimit
        _ = try await database.write { db in
            try SessionRecord.filter(SessionRecord.Columns.expiresAt <= now).deleteAll(db)
            try SessionRecord.filter(!SessionRecord.live(now: now, idleLimit: idleLimit)).deleteAll(db)
        }
    }

    /// The row for `value`; a `SessionPayload`'s browser and address go in their columns (its JSON leaves them out).
    private func makeRow<Object: Codable & Sendable>(
        key: String,
        value: Object,
        expires: Duration?
    ) throws -> SessionRecord {
        let now = self.now()
        let payload = value as? SessionPayload
        return SessionRecord(
            id: SessionRecord.id(forKey: key),
            userId: payload?.userId,
            data: try JSONEncoder().encode(value),
            expiresAt: expires.map { now.addingTimeInterval(TimeInterval($0.components.seconds)) },
            createdAt: now,
            userAgent: payload?.userAgent.map { String($0.prefix(SessionRecord.maxUserAgent)) },
            address: payload?.address,
            lastSeenAt: now,
            keepSignedIn: payload?.keepSignedIn ?? true
        )
    }
}

/// What a request needs of its session's row: read on every signed-in request, so only these columns, by position.
/// `payload` is the row's data decoded, with its user, when it is a `SessionPayload`.
private struct StoredSession: Sendable {
    let userId: Int64?
    let data: Data
    let expiresAt: Date?
    let lastSeenAt: Date?
    let keepSignedIn: Bool
    var payload: SessionPayload?
}

/// The sessions read since the last write, by id. Capped: past `capacity` sessions it starts again empty.
private final class RecentSessions: Sendable {
    private struct Kept: Sendable {
        let writes: UInt64
        let session: StoredSession
    }

    private let capacity = 10_000
    private let kept = NIOLockedValueBox<[String: Kept]>([:])

    /// The session read under this id, if it was read when the database's write count was `writes`.
    func session(id: String, writes: UInt64) -> StoredSession? {
        kept.withLockedValue { kept in
            guard let found = kept[id] else { return nil }
            guard found.writes == writes else {
                kept.removeAll(keepingCapacity: true)  // every session kept was read before a write
                return nil
            }
            return found.session
        }
    }

    /// Keeps `session`, read after the write count was `writes`.
    func keep(_ session: StoredSession, id: String, writes: UInt64) {
        kept.withLockedValue { kept in
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[id] = Kept(writes: writes, session: session)
        }
    }
}

import Foundation
import GRDB
import Hummingbird

/// Keeps browser sessions in the `session` table so they survive a restart.
///
/// Values are stored as JSON. When the value is a `SessionPayload` its user id is stored too, so a
/// user's sessions can be listed and ended (e.g. after a password change).
struct SQLitePersistDriver: PersistDriver {
    let database: AppDatabase
    let now: @Sendable () -> Date

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
            if expires == nil, let existing = try SessionRecord.fetchOne(db, key: key) {
                row.expiresAt = existing.expiresAt
                row.createdAt = existing.createdAt
            }
            try row.upsert(db)
        }
    }

    func get<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> Object? {
        try await getWithTTL(key: key, as: Object.self)?.object
    }

    func getWithTTL<Object: Codable & Sendable>(key: String, as: Object.Type) async throws -> (object: Object, ttl: Duration?)? {
        let now = self.now()
        // Read on every request, with the session's user in the same read: cached statements skip preparing the
        // SQL each time.
        let (row, user) = try await database.read { db -> (StoredSession?, User?) in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT userId, data, expiresAt FROM session WHERE id = ?"),
                                           arguments: [key])
            guard let found = try rows.next() else { return (nil, nil) }
            let row = StoredSession(userId: try found.decode(atIndex: 0), data: try found.decode(atIndex: 1),
                                    expiresAt: try found.optionalDate("expiresAt"))
            // A user that can't be read here is looked up again by `LoadUserMiddleware`, whose error is the page's.
            let user = try? row.userId.flatMap {
                try User.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [$0])
            }
            return (row, user)
        }
        guard let row else { return nil }
        if let expiresAt = row.expiresAt, expiresAt <= now { return nil }
        do {
            var object = try JSONDecoder().decode(Object.self, from: row.data)
            if var payload = object as? SessionPayload {
                payload.user = user?.id == payload.userId ? user : nil
                if let loaded = payload as? Object { object = loaded }
            }
            let ttl = row.expiresAt.map { Duration.seconds($0.timeIntervalSince(now)) }
            return (object, ttl)
        } catch {
            throw PersistError.invalidConversion
        }
    }

    func remove(key: String) async throws {
        _ = try await database.write { db in try SessionRecord.deleteOne(db, key: key) }
    }

    /// Deletes sessions whose time is up; run at start and now and then.
    func removeExpired() async throws {
        let now = self.now()
        _ = try await database.write { db in
            try SessionRecord.filter(SessionRecord.Columns.expiresAt <= now).deleteAll(db)
        }
    }

    private func makeRow<Object: Codable & Sendable>(key: String, value: Object, expires: Duration?) throws -> SessionRecord {
        let now = self.now()
        return SessionRecord(
            id: key,
            userId: (value as? SessionPayload)?.userId,
            data: try JSONEncoder().encode(value),
            expiresAt: expires.map { now.addingTimeInterval(TimeInterval($0.components.seconds)) },
            createdAt: now
        )
    }
}

/// What a request needs of its session's row: read on every signed-in request, so only these columns, by position.
private struct StoredSession: Sendable {
    let userId: Int64?
    let data: Data
    let expiresAt: Date?
}

/// One row of the `session` table.
struct SessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    var id: String
    var userId: Int64?
    var data: Data
    var expiresAt: Date?
    var createdAt: Date

    static let databaseTableName = "session"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let expiresAt = Column(CodingKeys.expiresAt)
    }
}

extension SessionRecord {
    /// Read column by column, quicker than through `Decodable`: every request reads its session.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        data = try row.decode(forColumn: "data")
        expiresAt = try row.optionalDate("expiresAt")
        createdAt = try row.date("createdAt")
    }
}

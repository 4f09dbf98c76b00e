import Foundation
import GRDB

/// Reads and writes of users and their sessions.
extension AppDatabase {
    func emailIsTaken(_ email: String, exceptUserId: Int64? = nil) async throws -> Bool {
        let email = User.normalize(email: email)
        return try await read { db in
            var request = User.filter(email: email)
            if let exceptUserId { request = request.filter(Column("id") != exceptUserId) }
            return try request.fetchCount(db) > 0
        }
    }

    /// Inserts a new user, with the default budget categories, and returns it with its id.
    func create(_ user: User) async throws -> User {
        try await write { db in
            let user = try user.inserted(db)
            if let id = user.id { try Category.insertDefaults(userId: id, now: user.createdAt, db) }
            return user
        }
    }

    func user(email: String) async throws -> User? {
        try await read { db in try User.filter(email: email).fetchOne(db) }
    }

    /// Read on every signed-in request: a cached statement skips preparing the SQL each time.
    func user(id: Int64) async throws -> User? {
        try await read { db in
            try User.fetchOne(db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"), arguments: [id])
        }
    }
}

extension MemberStore {
    /// Saves the member's own account; `columns` limits the write to those, so concurrent edits of other fields
    /// aren't undone. Another user's account is refused.
    func update(_ user: User, columns: [String]) async throws {
        guard user.id == userId else { throw NotTheMembersRecord() }
        try await write { db in try user.update(db, columns: columns) }
    }

    /// How many live sessions (signed-in browsers) the user has.
    func sessionCount(now: Date) async throws -> Int {
        try await read { db in
            try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.Columns.expiresAt == nil || SessionRecord.Columns.expiresAt > now)
                .fetchCount(db)
        }
    }

    /// Signs the user out everywhere except the session stored under `keepKey`.
    @discardableResult
    func deleteSessions(except keepKey: String?) async throws -> Int {
        try await write { db in
            try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.Columns.id != (keepKey ?? ""))
                .deleteAll(db)
        }
    }
}

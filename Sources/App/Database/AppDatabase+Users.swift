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

    /// Saves the user; `columns` limits the write to those, so concurrent edits of other fields aren't undone.
    func update(_ user: User, columns: [String]? = nil) async throws {
        try await write { db in
            if let columns { try user.update(db, columns: columns) } else { try user.update(db) }
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

    /// How many live sessions (signed-in browsers) the user has.
    func sessionCount(userId: Int64, now: Date) async throws -> Int {
        try await read { db in
            try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.Columns.expiresAt == nil || SessionRecord.Columns.expiresAt > now)
                .fetchCount(db)
        }
    }

    /// Signs the user out everywhere except the session stored under `keepKey`.
    @discardableResult
    func deleteSessions(userId: Int64, except keepKey: String?) async throws -> Int {
        try await write { db in
            try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.Columns.id != (keepKey ?? ""))
                .deleteAll(db)
        }
    }
}

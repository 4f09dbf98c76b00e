import Foundation
import GRDB

/// Reads and writes of users and their sessions.
extension AppDatabase {
    func emailIsTaken(_ email: String, exceptUserId: Int64? = nil) throws -> Bool {
        let email = User.normalize(email: email)
        return try read { db in
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

    func user(email: String) throws -> User? {
        try read { db in try User.filter(email: email).fetchOne(db) }
    }

    /// Read on every signed-in request: a cached statement skips preparing the SQL each time.
    func user(id: Int64) throws -> User? {
        try read { db in
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

    /// The member's live sessions (signed-in browsers): the one stored under the id `currentKey` first, then the
    /// most recently seen. Each carries its handle, never its id.
    func signedInBrowsers(now: Date, idleLimit: TimeInterval, currentKey: String?) throws -> [SignedInBrowser] {
        try read { db in
            try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.live(now: now, idleLimit: idleLimit))
                .fetchAll(db)
                .map { SignedInBrowser($0, isCurrent: $0.id == currentKey) }
                .sorted {
                    ($0.isCurrent ? 1 : 0, $0.lastSeenAt ?? .distantPast, $0.signedInAt)
                        > ($1.isCurrent ? 1 : 0, $1.lastSeenAt ?? .distantPast, $1.signedInAt)
                }
        }
    }

    /// The member's session named by `handle`, unless it is the one stored under the id `currentKey`; nil when the
    /// member has no other live session by that handle.
    func otherSession(
        handle: String,
        except currentKey: String?,
        now: Date,
        idleLimit: TimeInterval
    ) throws
        -> SignedInBrowser?
    {
        try read { db in
            try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.live(now: now, idleLimit: idleLimit))
                .fetchAll(db)
                .first { $0.id != currentKey && $0.handle == handle }
                .map { SignedInBrowser($0, isCurrent: false) }
        }
    }

    /// Signs out the member's session named by `handle`, unless it is the one stored under the id `currentKey` (that one
    /// logs out by itself). Returns the session as it was, or nil when the member has no other session by that handle.
    func endSession(handle: String, except currentKey: String?) async throws -> SignedInBrowser? {
        try await write { db in
            let sessions = try SessionRecord.filter(SessionRecord.Columns.userId == userId).fetchAll(db)
            guard let session = sessions.first(where: { $0.id != currentKey && $0.handle == handle })
            else { return nil }
            try SessionRecord
                .filter(SessionRecord.Columns.id == session.id && SessionRecord.Columns.userId == userId)
                .deleteAll(db)
            try db.execute(
                sql: "DELETE FROM pushDevice WHERE userId = ? AND sessionId = ?",
                arguments: [userId, session.id]
            )
            return SignedInBrowser(session, isCurrent: false)
        }
    }

    /// Signs the user out everywhere except the session stored under the id `keepKey`.
    @discardableResult
    func deleteSessions(except keepKey: String?) async throws -> Int {
        try await write { db in
            // The browsers signed out stop getting notifications too.
            try db.execute(
                sql: "DELETE FROM pushDevice WHERE userId = ? AND sessionId IS NOT ?",
                arguments: [userId, keepKey]
            )
            return
                try SessionRecord
                .filter(SessionRecord.Columns.userId == userId)
                .filter(SessionRecord.Columns.id != (keepKey ?? ""))
                .deleteAll(db)
        }
    }
}

/// One of the member's signed-in browsers as Profile lists it: what it is, where from and when, named by its handle.
struct SignedInBrowser: Sendable {
    let handle: String
    let userAgent: String?
    let address: String?
    let signedInAt: Date
    let lastSeenAt: Date?
    /// Whether this is the session of the request that asked.
    let isCurrent: Bool

    init(_ session: SessionRecord, isCurrent: Bool) {
        handle = session.handle
        userAgent = session.userAgent
        address = session.address
        signedInAt = session.createdAt
        lastSeenAt = session.lastSeenAt
        self.isCurrent = isCurrent
    }
}

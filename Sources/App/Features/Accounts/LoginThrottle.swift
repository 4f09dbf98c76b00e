import Foundation
import GRDB

/// Slows down password guessing: after `limit` failed log-ins for one email within `window`, further tries
/// are refused until the oldest of those failures is `window` old.
struct LoginThrottle: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date
    var limit = 5
    var window: TimeInterval = 15 * 60

    /// When this email may try again, or nil if it may try now.
    func retryAfter(email: String) async throws -> Date? {
        let email = User.normalize(email: email)
        let since = now().addingTimeInterval(-window)
        let recent = try await database.writer.read { [limit] db in
            try Date.fetchAll(db, sql: """
                SELECT attemptedAt FROM loginAttempt
                WHERE email = ? AND attemptedAt > ?
                ORDER BY attemptedAt DESC LIMIT ?
                """, arguments: [email, since, limit])
        }
        guard recent.count >= limit, let oldest = recent.last else { return nil }
        return oldest.addingTimeInterval(window)
    }

    /// Counts one failed attempt (and forgets this email's attempts that have aged out).
    func recordFailure(email: String) async throws {
        let email = User.normalize(email: email)
        let now = self.now()
        try await database.writer.write { [window] db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE email = ? AND attemptedAt <= ?",
                           arguments: [email, now.addingTimeInterval(-window)])
            try db.execute(sql: "INSERT INTO loginAttempt (email, attemptedAt) VALUES (?, ?)", arguments: [email, now])
        }
    }

    /// A successful log-in starts the count again.
    func reset(email: String) async throws {
        let email = User.normalize(email: email)
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE email = ?", arguments: [email])
        }
    }
}

import Foundation
import GRDB

/// Slows down password guessing: after `limit` failed log-ins for one email within `window`, further tries
/// are refused until the oldest of those failures is `window` old.
///
/// Every try is counted *before* the password is checked, in the same transaction as the check of the count,
/// so parallel requests can't all slip past the limit; a successful log-in clears the count.
struct LoginThrottle: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date
    var limit = 5
    var window: TimeInterval = 15 * 60

    /// Counts a try for `email`. Returns nil if it may go ahead, or when it may try again if it may not.
    func begin(email: String) async throws -> Date? {
        let email = User.normalize(email: email)
        let now = self.now()
        let since = now.addingTimeInterval(-window)
        return try await database.write { [limit, window] db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE attemptedAt <= ?", arguments: [since])
            let recent = try Date.fetchAll(db, sql: """
                SELECT attemptedAt FROM loginAttempt WHERE email = ? AND attemptedAt > ?
                ORDER BY attemptedAt DESC LIMIT ?
                """, arguments: [email, since, limit])
            if recent.count >= limit, let oldest = recent.last {
                return oldest.addingTimeInterval(window)
            }
            try db.execute(sql: "INSERT INTO loginAttempt (email, attemptedAt) VALUES (?, ?)", arguments: [email, now])
            return nil
        }
    }

    /// A successful log-in starts the count again.
    func reset(email: String) async throws {
        let email = User.normalize(email: email)
        try await database.write { db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE email = ?", arguments: [email])
        }
    }

    /// "Try again in 10 minutes." and the seconds for `Retry-After`.
    func waitText(until retryAt: Date) -> (text: String, seconds: Int) {
        let seconds = max(1, Int(retryAt.timeIntervalSince(now()).rounded(.up)))
        let minutes = (seconds + 59) / 60
        return (minutes == 1 ? "a minute" : "\(minutes) minutes", seconds)
    }
}

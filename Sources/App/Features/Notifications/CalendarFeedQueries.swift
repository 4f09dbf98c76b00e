import Foundation
import GRDB

/// The calendar feed's secret is the last part of its URL; `calendarFeed.token` holds only its digest
/// (`Secrets.digest`), so a copy of the database reads no one's calendar. The URL is shown when it is made, and
/// can't be shown again: a member who needs it makes a new one.
extension MemberStore {
    /// Whether the member has made a calendar feed link.
    func hasCalendarFeed() throws -> Bool {
        try read { db in
            try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM calendarFeed WHERE userId = ?)",
                arguments: [userId]
            )
                ?? false
        }
    }

    /// Whether `token` is the secret of the member's calendar feed as it is now (not an older one), made after
    /// `since`.
    func isCalendarFeedToken(_ token: String, madeAfter since: Date) throws -> Bool {
        let digest = Secrets.digest(token)
        return try read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM calendarFeed WHERE userId = ? AND token = ? AND createdAt > ?)
                    """,
                arguments: [userId, digest, since]
            ) ?? false
        }
    }

    /// Makes `token` the secret of the member's calendar feed; the old URL stops working at once.
    func renewCalendarFeed(token: String, now: Date) async throws {
        let digest = Secrets.digest(token)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO calendarFeed (userId, token, createdAt) VALUES (?, ?, ?)
                    ON CONFLICT (userId) DO UPDATE SET token = excluded.token, createdAt = excluded.createdAt
                    """,
                arguments: [userId, digest, now]
            )
        }
    }
}

extension AppDatabase {
    /// The user whose calendar feed has this secret.
    func calendarFeedUser(token: String) throws -> Int64? {
        let digest = Secrets.digest(token)
        return try read { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT userId FROM calendarFeed WHERE token = ?"),
                arguments: [digest]
            )
        }
    }
}

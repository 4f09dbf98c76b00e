import Foundation
import GRDB

extension MemberStore {
    /// The secret of the member's calendar feed, if they made one.
    func calendarFeedToken() async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT token FROM calendarFeed WHERE userId = ?", arguments: [userId])
        }
    }

    /// Makes a new secret for the member's calendar feed; the old URL stops working at once.
    func renewCalendarFeed(token: String, now: Date) async throws {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO calendarFeed (userId, token, createdAt) VALUES (?, ?, ?)
                ON CONFLICT (userId) DO UPDATE SET token = excluded.token, createdAt = excluded.createdAt
                """, arguments: [userId, token, now])
        }
    }
}

extension AppDatabase {
    /// The user whose calendar feed has this secret.
    func calendarFeedUser(token: String) async throws -> Int64? {
        try await read { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT userId FROM calendarFeed WHERE token = ?"), arguments: [token])
        }
    }
}

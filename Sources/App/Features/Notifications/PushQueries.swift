import Foundation
import GRDB

extension MemberStore {
    /// The member's push channels, ntfy first.
    func pushChannels() async throws -> [PushChannel] {
        try await read { db in
            try PushChannel.filter(Column("userId") == userId).order(Column("kind")).fetchAll(db)
        }
    }

    /// Sets the member's channel of `kind`, or removes it (nil).
    func setPushChannel(_ kind: PushChannel.Kind, to channel: PushChannel?) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM pushChannel WHERE userId = ? AND kind = ?", arguments: [userId, kind.rawValue])
            guard var channel else { return }
            channel.userId = userId
            channel.kind = kind
            try channel.insert(db)
        }
    }

    /// The member's latest failed push attempts, newest first, for Settings.
    func recentPushFailures(limit: Int = 5) async throws -> [(channel: PushChannel.Kind, at: Date, error: String)] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT channel, lastAttemptAt, lastError FROM pushDelivery
                WHERE userId = ? AND lastError IS NOT NULL ORDER BY lastAttemptAt DESC LIMIT ?
                """, arguments: [userId, limit]).map { row in
                (PushChannel.Kind(rawValue: row["channel"]) ?? .webhook, row["lastAttemptAt"], row["lastError"])
            }
        }
    }
}

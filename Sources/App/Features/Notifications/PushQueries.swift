import Foundation
import GRDB

extension MemberStore {
    /// The member's push channels, ntfy first.
    func pushChannels() throws -> [PushChannel] {
        try read { db in
            try PushChannel.filter(Column("userId") == userId).order(Column("kind")).fetchAll(db)
        }
    }

    /// Switches on the member's push channels that are off; returns how many were.
    func turnOnPushChannels() async throws -> Int {
        try await write { db in
            try db.execute(
                sql: "UPDATE pushChannel SET enabled = 1 WHERE userId = ? AND NOT enabled",
                arguments: [userId]
            )
            return db.changesCount
        }
    }

    /// Sets the member's channel of `kind` (switched on), or removes it (nil).
    func setPushChannel(_ kind: PushChannel.Kind, to channel: PushChannel?) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM pushChannel WHERE userId = ? AND kind = ?",
                arguments: [userId, kind.rawValue]
            )
            guard var channel else { return }
            channel.userId = userId
            channel.kind = kind
            channel.enabled = true
            try channel.insert(db)
        }
    }

    /// The member's latest failed push attempts, newest first, for Settings: where it went ("ntfy", "Chrome on
    /// Android"), when, and what went wrong.
    func recentPushFailures(limit: Int = 5) throws -> [(channel: String, at: Date, error: String)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT d.channel, v.name AS device, d.lastAttemptAt, d.lastError FROM pushDelivery d
                    LEFT JOIN pushDevice v ON v.id = d.deviceId
                    WHERE d.userId = ? AND d.lastError IS NOT NULL ORDER BY d.lastAttemptAt DESC LIMIT ?
                    """,
                arguments: [userId, limit]
            ).map { row in
                (
                    // A browser's name, or the channel's kind (`ntfy`, `webhook`) for the page to name.
                    (row["device"] as String?) ?? (row["channel"] as String),
                    row["lastAttemptAt"], row["lastError"]
                )
            }
        }
    }

    /// The browsers the member turned notifications on in, oldest first.
    func pushDevices() throws -> [PushDevice] {
        try read { db in
            try PushDevice.filter(Column("userId") == userId).order(Column("createdAt"), Column("id")).fetchAll(db)
        }
    }

    /// Keeps a browser's subscription for the member. A browser keeps one subscription for the whole site: one the
    /// member already has keeps its row (and what is on its way to it) with the new keys; one kept for another member
    /// who used the browser before is taken over. Nil when the member has `limit` other browsers already.
    @discardableResult
    func addPushDevice(
        endpoint: String,
        p256dh: String,
        auth: String,
        name: String,
        sessionId: String?,
        now: Date,
        limit: Int = PushDeviceRules.maxDevices
    ) async throws -> PushDevice? {
        try await write { db in
            let others = try PushDevice.filter(Column("userId") == userId && Column("endpoint") != endpoint).fetchCount(
                db
            )
            guard others < limit else { return nil }
            if var kept = try PushDevice.filter(Column("userId") == userId && Column("endpoint") == endpoint).fetchOne(
                db
            ) {
                kept.p256dh = p256dh
                kept.auth = auth
                kept.name = name
                kept.sessionId = sessionId
                try kept.update(db)
                return kept
            }
            try db.execute(sql: "DELETE FROM pushDevice WHERE endpoint = ?", arguments: [endpoint])
            var device = PushDevice(
                id: nil,
                userId: userId,
                endpoint: endpoint,
                p256dh: p256dh,
                auth: auth,
                name: name,
                createdAt: now,
                lastSentAt: nil,
                sessionId: sessionId
            )
            try device.insert(db)
            return device
        }
    }

    /// Forgets one of the member's browsers (and what was still on its way to it); nil when it isn't theirs.
    func removePushDevice(id: Int64) async throws -> PushDevice? {
        try await write { db in
            guard let device = try PushDevice.filter(Column("id") == id && Column("userId") == userId).fetchOne(db)
            else {
                return nil
            }
            try device.delete(db)
            return device
        }
    }
}

extension AppDatabase {
    /// Forgets the browsers that turned notifications on while signed in with the session `sessionId` (it is logging
    /// out).
    func forgetPushDevices(signedInWith sessionId: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM pushDevice WHERE sessionId = ?", arguments: [sessionId])
        }
    }
}

import Foundation
import GRDB

extension MemberStore {
    /// The member's notifications, newest first, and of those recorded at the same time the most urgent (due
    /// soonest) first (at most `limit`: older ones are pruned after 90 days anyway).
    func notifications(limit: Int = 300) throws -> [Reminder] {
        try read { db in
            try Reminder.filter(Column("userId") == userId)
                .order(Column("createdAt").desc, Column("dueOn"), Column("id").desc).limit(limit).fetchAll(db)
        }
    }

    /// Marks one notification read (keeping when it was first read) and gives it; nil when it isn't the member's.
    func openNotification(id: Int64, at date: Date) async throws -> Reminder? {
        try await write { db in
            try db.execute(
                sql: "UPDATE notification SET readAt = COALESCE(readAt, ?) WHERE id = ? AND userId = ?",
                arguments: [date, id, userId]
            )
            return try Reminder.filter(Column("id") == id && Column("userId") == userId).fetchOne(db)
        }
    }

    /// How many of the member's notifications are unread (the bell's count).
    func unreadNotificationCount() throws -> Int {
        try read { member in try Self.unreadNotificationCount(member) }
    }

    static func unreadNotificationCount(_ member: MemberDatabase) throws -> Int {
        let (db, userId) = (member.db, member.userId)
        return try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM notification WHERE userId = ? AND readAt IS NULL"),
            arguments: [userId]
        ) ?? 0
    }

    /// Marks one notification read; false when it isn't the member's.
    func markNotificationRead(id: Int64, at date: Date) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE notification SET readAt = COALESCE(readAt, ?) WHERE id = ? AND userId = ?",
                arguments: [date, id, userId]
            )
            return db.changesCount > 0
        }
    }

    /// Marks every notification of the member read; returns how many were unread.
    func markAllNotificationsRead(at date: Date) async throws -> Int {
        try await write { db in
            try db.execute(
                sql: "UPDATE notification SET readAt = ? WHERE userId = ? AND readAt IS NULL",
                arguments: [date, userId]
            )
            return db.changesCount
        }
    }
}

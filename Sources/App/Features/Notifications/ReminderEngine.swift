import Foundation
import GRDB
import Logging
import ServiceLifecycle

/// Records each user's reminders once a day, at their reminder time in their own time zone.
///
/// A user's day is worked out in one go and marked done in `reminderDay`, in the same transaction as the reminders
/// it records; each reminder's key (user, kind, subject, due date) is unique besides. So a restart, a crash or two
/// looks at once neither repeat a reminder nor lose one. After downtime, the first look records what is still
/// relevant that day (benefits, coupons and renewals still ahead, this week's nudge, the month's summary in its
/// first week); reminders of days that have passed are not recorded late.
struct ReminderEngine: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date

    /// Notifications older than this are removed.
    static let keptDays = 90

    /// One look at every user: those whose reminder time has come today and whose day isn't done yet get their
    /// reminders. Returns how many it recorded.
    @discardableResult
    func tick() async throws -> Int {
        let now = now()
        let users = try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT u.id, u.timeZone, COALESCE(w.notificationsEnabled, 1) AS enabled,
                       COALESCE(w.reminderTime, '09:00') AS reminderTime, COALESCE(w.leadDays, 7) AS leadDays,
                       COALESCE(w.frequency, 'weekly') AS frequency, COALESCE(w.weekday, 1) AS weekday,
                       COALESCE(w.quietEnabled, 0) AS quietEnabled, COALESCE(w.quietFrom, '22:00') AS quietFrom,
                       COALESCE(w.quietTo, '08:00') AS quietTo, r.day
                FROM user u LEFT JOIN walletSettings w ON w.userId = u.id LEFT JOIN reminderDay r ON r.userId = u.id
                """)
        }
        var recorded = 0
        var failures = 0
        var lastFailure: (any Error)?
        var zones: [String: TimeZone] = [:]
        for row in users {
            let identifier: String = row["timeZone"]
            let zone = zones[identifier] ?? TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
            zones[identifier] = zone
            let today = CalendarDay.today(in: zone, now: now)
            guard row["enabled"] as Bool, (row["day"] as String?) != today.description,
                  Calendar.minute(of: now, in: zone) >= Self.minutes(row["reminderTime"]) else { continue }
            let quiet = (row["quietEnabled"] as Bool)
                ? QuietHours(from: Self.minutes(row["quietFrom"]), to: Self.minutes(row["quietTo"]), timeZone: zone) : nil
            do {
                recorded += try await remind(userId: row["id"], today: today, leadDays: row["leadDays"],
                                             nudge: (row["frequency"], row["weekday"]), quiet: quiet, now: now)
            } catch {
                // One account's trouble never holds back the others; its day stays open for the next look.
                failures += 1
                lastFailure = error
            }
        }
        if let lastFailure { throw TickFailure(failed: failures, recorded: recorded, last: lastFailure) }
        return recorded
    }

    /// Works out and records one user's reminders for `today`, unless that day is already done.
    func remind(userId: Int64, today: CalendarDay, leadDays: Int, nudge: (frequency: String, weekday: Int),
                quiet: QuietHours?, now: Date) async throws -> Int {
        guard let user = try await database.user(id: userId) else { return 0 }
        let store = database.for(userId: userId)
        var rules = ReminderRules(user: user, today: today, leadDays: leadDays)
        rules.nudgeFrequency = nudge.frequency
        rules.weekday = nudge.weekday
        let lastMonth = today.monthValue.previous
        var reminders = try await store.walletDue(rules)
            + rules.nudge(try await store.stashSummaries(month: today.monthValue, today: today))
        if today.day <= ReminderRules.summaryCatchUpDays {
            reminders += rules.summary(lastMonth: try await store.monthTotals(month: lastMonth),
                                      badges: try await store.earnedBadgeTotals(period: .month(lastMonth)))
        }
        let due = reminders
        let channels = try await store.pushChannels().map(\.kind)
        let pushAt = quiet?.pushTime(for: now) ?? now
        let day = today.description
        let oldest = now.addingTimeInterval(-Double(Self.keptDays) * 86_400)
        return try await database.write { db in
            let done = try String.fetchOne(db, sql: "SELECT day FROM reminderDay WHERE userId = ?", arguments: [userId])
            guard done != day else { return 0 }
            var recorded = 0
            // One prepared statement for every row: the record's own insert encodes each row anew.
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO notification (userId, kind, subject, dueOn, title, body, path, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for reminder in due {
                try insert.execute(arguments: [userId, reminder.kind.rawValue, reminder.subject, reminder.dueOn,
                                               reminder.title, reminder.body, reminder.path, now])
                guard db.changesCount > 0 else { continue }
                recorded += 1
                let notificationId = db.lastInsertedRowID
                for channel in channels {
                    try PushDelivery(id: nil, userId: userId, notificationId: notificationId, channel: channel,
                                     nextAttemptAt: pushAt).insert(db, onConflict: .ignore)
                }
            }
            try db.execute(sql: """
                INSERT INTO reminderDay (userId, day) VALUES (?, ?) ON CONFLICT (userId) DO UPDATE SET day = excluded.day
                """, arguments: [userId, day])
            try db.execute(sql: "DELETE FROM notification WHERE userId = ? AND createdAt < ?", arguments: [userId, oldest])
            return recorded
        }
    }

    /// Some accounts' reminders couldn't be worked out (the others' were recorded).
    struct TickFailure: Error, CustomStringConvertible {
        let failed: Int
        let recorded: Int
        let last: any Error
        var description: String { "\(failed) accounts failed (\(recorded) reminders recorded for the rest): \(last)" }
    }

    /// `HH:MM` as minutes after midnight (09:00 if it doesn't read).
    static func minutes(_ time: String) -> Int {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else { return 9 * 60 }
        return parts[0] * 60 + parts[1]
    }
}

/// Runs the reminder engine beside the HTTP server, and sends what is due to push: a look at start, then one a
/// minute, until the server stops.
struct ReminderService: Service {
    let engine: ReminderEngine
    let deliverer: PushDeliverer
    let logger: Logger
    var interval: Duration = .seconds(60)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let recorded = try await engine.tick()
                    if recorded > 0 { logger.info("Recorded \(recorded) reminders") }
                } catch {
                    logger.error("Working out reminders failed: \(error)")
                }
                do {
                    let pushed = try await deliverer.deliverDue()
                    if pushed > 0 { logger.info("Pushed \(pushed) reminders") }
                } catch {
                    logger.error("Pushing reminders failed: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}

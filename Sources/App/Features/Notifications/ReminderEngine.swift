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
package struct ReminderEngine: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// Every language's words: each member's reminders are recorded in their own language.
    let catalogue: Catalogue

    init(database: AppDatabase, now: @escaping @Sendable () -> Date, catalogue: Catalogue) {
        self.database = database
        self.now = now
        self.catalogue = catalogue
    }

    // Package-wide, as the reminder benchmark drives the engine from its own target: with no catalogue, its
    // reminders read as their keys.
    package init(database: AppDatabase, now: @escaping @Sendable () -> Date) {
        self.init(database: database, now: now, catalogue: Catalogue(entries: [:]))
    }

    /// Notifications older than this are removed.
    static let keptDays = 90
    /// Users worked out in one read and recorded in one write: a transaction per user cost more than the work.
    static let batchSize = 50

    /// A user whose reminder time has come today, with their settings.
    struct DueUser: Sendable {
        let userId: Int64
        let today: CalendarDay
        let leadDays: Int
        let nudge: (frequency: String, weekday: Int)
        let quiet: QuietHours?
        /// When the user's next day may be due: kept in `user.nextReminderAt` once this one is done, so looks
        /// before then don't read the user.
        let nextLook: Date
    }

    /// One user's reminders worked out, and the kinds of push channel they go to (and to every browser the user
    /// has notifications on in when they are recorded).
    struct Worked: Sendable {
        let user: DueUser
        let due: [Reminder]
        let channels: [PushChannel.Kind]
    }

    /// One look at every user: those whose reminder time has come today and whose day isn't done yet get their
    /// reminders. Returns how many it recorded.
    @discardableResult
    package func tick() async throws -> Int {
        let now = now()
        let users = try dueUsers(now: now)
        var recorded = 0
        var failures = 0
        var lastFailure: (any Error)?
        for start in stride(from: 0, to: users.count, by: Self.batchSize) {
            let batch = Array(users[start..<min(start + Self.batchSize, users.count)])
            // One account's trouble never holds back the others; its day stays open for the next look.
            do {
                let worked = try database.read { [catalogue] db in
                    batch.map { user in Result { try Self.work(db, user, catalogue: catalogue) } }
                }
                let outcome = try await database.write { db in try Self.record(db, worked, now: now) }
                recorded += outcome.recorded
                failures += outcome.failures.count
                lastFailure = outcome.failures.last ?? lastFailure
            } catch {
                failures += batch.count
                lastFailure = error
            }
        }
        if let lastFailure { throw TickFailure(failed: failures, recorded: recorded, last: lastFailure) }
        return recorded
    }

    /// Users whose reminders are on, whose reminder time has come where they are, and whose day isn't done. Only
    /// users whose `nextReminderAt` has come are read, through its index: it is empty until a first day is done,
    /// and emptied (by triggers) when the reminder time or the time zone changes or reminders are turned on.
    private func dueUsers(now: Date) throws -> [DueUser] {
        try database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT u.id, u.timeZone, COALESCE(w.notificationsEnabled, 1) AS enabled,
                           COALESCE(w.reminderTime, '09:00') AS reminderTime, COALESCE(w.leadDays, 7) AS leadDays,
                           COALESCE(w.frequency, 'weekly') AS frequency, COALESCE(w.weekday, 1) AS weekday,
                           COALESCE(w.quietEnabled, 0) AS quietEnabled, COALESCE(w.quietFrom, '22:00') AS quietFrom,
                           COALESCE(w.quietTo, '08:00') AS quietTo, r.day
                    FROM user u LEFT JOIN walletSettings w ON w.userId = u.id LEFT JOIN reminderDay r ON r.userId = u.id
                    WHERE (u.nextReminderAt IS NULL OR u.nextReminderAt <= ?) AND COALESCE(w.notificationsEnabled, 1)
                    """,
                arguments: [now]
            )
            var zones: [String: TimeZone] = [:]
            return rows.compactMap { row in
                let identifier: String = row["timeZone"]
                let zone = zones[identifier] ?? TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
                zones[identifier] = zone
                let today = CalendarDay.today(in: zone, now: now)
                let reminderMinute = Self.minutes(row["reminderTime"])
                guard row["enabled"] as Bool, (row["day"] as String?) != today.description,
                    Calendar.minute(of: now, in: zone) >= reminderMinute
                else { return nil }
                let quiet =
                    (row["quietEnabled"] as Bool)
                    ? QuietHours(from: Self.minutes(row["quietFrom"]), to: Self.minutes(row["quietTo"]), timeZone: zone)
                    : nil
                return DueUser(
                    userId: row["id"],
                    today: today,
                    leadDays: row["leadDays"],
                    nudge: (row["frequency"], row["weekday"]),
                    quiet: quiet,
                    nextLook: Self.nextLook(after: today, in: zone, minute: reminderMinute)
                )
            }
        }
    }

    /// What is due for the user on their day (wallet, stashes behind pace, last month's summary in the month's
    /// first days) and the kinds of push channel they set up; nil when the account is gone.
    static func work(_ db: Database, _ due: DueUser, catalogue: Catalogue) throws -> Worked? {
        let userId = due.userId
        let member = MemberDatabase(db: db, userId: userId)
        guard
            let user = try User.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM user WHERE id = ?"),
                arguments: [userId]
            )
        else { return nil }
        let today = due.today
        let words = Words(.named(user.language), region: .named(user.region), catalogue: catalogue)
        var rules = ReminderRules(user: user, today: today, leadDays: due.leadDays, t: words)
        rules.nudgeFrequency = due.nudge.frequency
        rules.weekday = due.nudge.weekday
        var reminders =
            try MemberStore.walletDue(member, rules: rules)
            + rules.nudge(try MemberStore.stashSummaries(member, month: today.monthValue, today: today))
        if today.day <= ReminderRules.summaryCatchUpDays {
            let lastMonth = today.monthValue.previous
            reminders += rules.summary(
                lastMonth: try MemberStore.monthTotals(member, month: lastMonth),
                badges: try MemberStore.earnedBadgeTotals(member, period: .month(lastMonth))
            )
        }
        let channels = try String.fetchAll(
            db.cachedStatement(sql: "SELECT kind FROM pushChannel WHERE userId = ? AND enabled ORDER BY kind"),
            arguments: [userId]
        ).compactMap(PushChannel.Kind.init(rawValue:))
        return Worked(user: due, due: reminders, channels: channels)
    }

    /// Records each worked-out user's reminders and marks their day done, each user in a savepoint of its own: one
    /// that fails is rolled back alone and counted.
    static func record(
        _ db: Database,
        _ worked: [Result<Worked?, any Error>],
        now: Date
    )
        throws -> (recorded: Int, failures: [any Error])
    {
        let createdAt = now.databaseValue
        let oldest = now.addingTimeInterval(-Double(keptDays) * 86_400).databaseValue
        var recorded = 0
        var failures: [any Error] = []
        for result in worked {
            do {
                guard let work = try result.get() else { continue }
                try db.inSavepoint {
                    recorded += try record(db, work, createdAt: createdAt, oldest: oldest, now: now)
                    return .commit
                }
            } catch {
                failures.append(error)
            }
        }
        return (recorded, failures)
    }

    /// One user's reminders, unless their day is already done (by another look since they were worked out).
    private static func record(
        _ db: Database,
        _ work: Worked,
        createdAt: DatabaseValue,
        oldest: DatabaseValue,
        now: Date
    ) throws -> Int {
        let userId = work.user.userId
        let day = work.user.today.description
        let done = try String.fetchOne(
            db.cachedStatement(sql: "SELECT day FROM reminderDay WHERE userId = ?"),
            arguments: [userId]
        )
        guard done != day else { return 0 }
        var recorded = 0
        let insert = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO notification (userId, kind, subject, dueOn, title, body, path, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        )
        let pushAt = work.user.quiet?.pushTime(for: now) ?? now
        // The browsers are read in this write: one removed since the reminders were worked out gets nothing.
        let devices = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT id FROM pushDevice WHERE userId = ? ORDER BY id"),
            arguments: [userId]
        )
        for reminder in work.due {
            try insert.execute(arguments: [
                userId, reminder.kind.rawValue, reminder.subject, reminder.dueOn,
                reminder.title, reminder.body, reminder.path, createdAt,
            ])
            guard db.changesCount > 0 else { continue }
            recorded += 1
            let notificationId = db.lastInsertedRowID
            for channel in work.channels {
                try PushDelivery(
                    id: nil,
                    userId: userId,
                    notificationId: notificationId,
                    channel: channel,
                    nextAttemptAt: pushAt
                ).insert(db, onConflict: .ignore)
            }
            for device in devices {
                try PushDelivery(
                    id: nil,
                    userId: userId,
                    notificationId: notificationId,
                    channel: .webPush,
                    deviceId: device,
                    nextAttemptAt: pushAt
                ).insert(db, onConflict: .ignore)
            }
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO reminderDay (userId, day) VALUES (?, ?) ON CONFLICT (userId) DO UPDATE SET day = excluded.day
                """
        ).execute(arguments: [userId, day])
        try db.cachedStatement(sql: "UPDATE user SET nextReminderAt = ? WHERE id = ?")
            .execute(arguments: [work.user.nextLook, userId])
        try db.cachedStatement(sql: "DELETE FROM notification WHERE userId = ? AND createdAt < ?")
            .execute(arguments: [userId, oldest])
        return recorded
    }

    /// Some accounts' reminders couldn't be worked out (the others' were recorded).
    struct TickFailure: Error, CustomStringConvertible {
        let failed: Int
        let recorded: Int
        let last: any Error
        var description: String { "\(failed) accounts failed (\(recorded) reminders recorded for the rest): \(last)" }
    }

    /// No later than the user's reminder time on the day after `today`, where they are: two hours before it, so a
    /// clock change that night (at most an hour, anywhere) never makes it late. A look before the reminder time
    /// still finds the user not due.
    static func nextLook(after today: CalendarDay, in zone: TimeZone, minute: Int) -> Date {
        today.adding(days: 1).start(in: zone).addingTimeInterval(TimeInterval(minute * 60) - 2 * 3_600)
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
    /// Schedules post their occurrences on the same looks.
    let schedules: ScheduleEngine
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
                    let handled = try await schedules.tick()
                    if handled > 0 { logger.info("Posted or queued \(handled) scheduled occurrences") }
                } catch {
                    logger.error("Posting schedules failed: \(error)")
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

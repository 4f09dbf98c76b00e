import App
import Foundation
import GRDB

/// Measures the reminder engine and the calendar feed on many demo accounts (`bench-reminders`, run by
/// `Benchmarks/reminders.sh`): one engine look over every user at their reminder time, in CPU seconds, and the
/// median time to build one user's feed.
enum ReminderBenchmark {
    static func run(users: Int, entries: Int, folder: String) async throws -> String {
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let now = Date()
        // An earlier run's accounts are reused, so two builds can be compared on the same data; a folder with any
        // other account is refused, as every round below rewrites reminder settings and removes notifications.
        let pattern = "reminders%@example.com"
        if let email = try database.read({ db in
            try String.fetchOne(db, sql: "SELECT email FROM user WHERE email NOT LIKE ? LIMIT 1", arguments: [pattern])
        }) {
            throw NotABenchmarkFolder(email: email)
        }
        let existing =
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE email LIKE ?", arguments: [pattern])
            } ?? 0
        let filled = Date()
        if existing < users {
            // Demo accounts share one (never used) password hash: hashing 1,000 passwords isn't what is measured.
            let hash = try await PasswordHasher(cost: 4).hash("benchmark-only")
            for index in (existing + 1)...users {
                _ = try await DemoData.fill(
                    database: database,
                    email: "reminders\(index)@example.com",
                    passwordHash: { hash },
                    years: 1,
                    entries: entries,
                    now: now
                )
            }
        }
        let fillSeconds = Date().timeIntervalSince(filled)
        // Each round: everyone's reminder time has come, and no day is done yet. The median round is reported.
        var rounds: [(cpu: Double, wall: Double, recorded: Int)] = []
        for _ in 0..<5 {
            try await database.write { db in
                try db.execute(sql: "UPDATE walletSettings SET reminderTime = '00:00'")
                try db.execute(sql: "DELETE FROM reminderDay")
                try db.execute(sql: "UPDATE user SET nextReminderAt = NULL")
                try db.execute(sql: "DELETE FROM notification")
            }
            let engine = ReminderEngine(database: database, now: { now })
            let cpuBefore = cpuSeconds()
            let wallBefore = Date()
            let recorded = try await engine.tick()
            rounds.append((cpuSeconds() - cpuBefore, Date().timeIntervalSince(wallBefore), recorded))
        }
        let (tickCPU, tickWall, recorded) = rounds.sorted { $0.cpu < $1.cpu }[rounds.count / 2]
        // The day after, as on most days: yesterday's reminders are recorded, and only what comes within reach is new.
        let tomorrow = now.addingTimeInterval(86_400)
        var nextDay: [(cpu: Double, recorded: Int)] = []
        for _ in 0..<3 {
            try await database.write { db in
                try db.execute(sql: "DELETE FROM notification WHERE createdAt = ?", arguments: [tomorrow])
                try db.execute(sql: "DELETE FROM reminderDay")
                try db.execute(sql: "UPDATE user SET nextReminderAt = NULL")
            }
            let cpuBefore = cpuSeconds()
            let recorded = try await ReminderEngine(database: database, now: { tomorrow }).tick()
            nextDay.append((cpuSeconds() - cpuBefore, recorded))
        }
        let (nextCPU, nextRecorded) = nextDay.sorted { $0.cpu < $1.cpu }[nextDay.count / 2]

        // Most looks find nothing due: every day's reminders are recorded and no schedule's day has come. A look is
        // both engines, as the service runs them each minute.
        // A first look posts whatever schedule's day the demo data left due on the day measured.
        try await ScheduleEngine(database: database, now: { tomorrow }).tick()
        var idle: [(reminders: Double, schedules: Double)] = []
        for _ in 0..<20 {
            let reminderBefore = cpuSeconds()
            let recordedNow = try await ReminderEngine(database: database, now: { tomorrow }).tick()
            let scheduleBefore = cpuSeconds()
            let postedNow = try await ScheduleEngine(database: database, now: { tomorrow }).tick()
            let after = cpuSeconds()
            guard recordedNow == 0, postedNow == 0 else { throw NothingIdle(recorded: recordedNow, posted: postedNow) }
            idle.append((scheduleBefore - reminderBefore, after - scheduleBefore))
        }
        let idleReminders = idle.map(\.reminders).sorted()[idle.count / 2]
        let idleSchedules = idle.map(\.schedules).sorted()[idle.count / 2]
        let schedules =
            try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM schedule") } ?? 0

        let userId = try database.read { db in try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM user") } ?? 1
        var times: [Double] = []
        var size = 0
        for _ in 0..<200 {
            let start = Date()
            size =
                try CalendarFeedController.calendar(database: database, userId: userId, now: now)?.utf8.count ?? 0
            times.append(Date().timeIntervalSince(start) * 1_000)
        }
        times.sort()
        return """
            \(users) demo accounts (\(entries) entries each) filled in \(String(format: "%.1f", fillSeconds)) s.
            Engine look (median of \(rounds.count)): \(recorded) reminders for \(users) users in \(String(format: "%.3f", tickCPU)) s of CPU \
            (\(String(format: "%.3f", tickWall)) s wall); target under 1 s of CPU. \
            Rounds: \(rounds.map { String(format: "%.3f", $0.cpu) }.joined(separator: ", ")) s.
            The next day's look: \(nextRecorded) new reminders in \(String(format: "%.3f", nextCPU)) s of CPU.
            A look with nothing due (median of \(idle.count); \(schedules) schedules): reminders \
            \(String(format: "%.1f", idleReminders * 1_000)) ms, schedules \(String(format: "%.1f", idleSchedules * 1_000)) ms \
            of CPU; target 20 ms for both.
            Calendar feed of one account (\(size) bytes): median \(String(format: "%.2f", times[times.count / 2])) ms, \
            p99 \(String(format: "%.2f", times[times.count * 99 / 100])) ms; target under 10 ms.
            """
    }

    /// A look meant to find nothing due found something.
    struct NothingIdle: Error {
        let recorded: Int
        let posted: Int
    }

    /// The folder's database has an account the benchmark didn't make.
    struct NotABenchmarkFolder: Error {
        let email: String
    }

    /// CPU time this process has used, user and system.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}

import Foundation
import GRDB

/// Measures the reminder engine and the calendar feed on many demo accounts (`stashify bench-reminders`, run by
/// `Benchmarks/reminders.sh`): one engine look over every user at their reminder time, in CPU seconds, and the
/// median time to build one user's feed.
public enum ReminderBenchmark {
    public static func run(users: Int, entries: Int, folder: String) async throws -> String {
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let now = Date()
        // Demo accounts share one (never used) password hash: hashing 1,000 passwords isn't what is measured.
        let hash = try await PasswordHasher(cost: 4).hash("benchmark-only")
        let filled = Date()
        for index in 1...users {
            _ = try await DemoData.fill(database: database, email: "reminders\(index)@example.com",
                                        passwordHash: { hash }, years: 1, entries: entries, now: now)
        }
        let fillSeconds = Date().timeIntervalSince(filled)
        // Everyone's reminder time has come, and no day is done yet.
        try await database.write { db in
            try db.execute(sql: "UPDATE walletSettings SET reminderTime = '00:00'")
            try db.execute(sql: "DELETE FROM reminderDay")
            try db.execute(sql: "DELETE FROM notification")
        }
        let engine = ReminderEngine(database: database, now: { now })
        let cpuBefore = cpuSeconds()
        let wallBefore = Date()
        let recorded = try await engine.tick()
        let tickCPU = cpuSeconds() - cpuBefore
        let tickWall = Date().timeIntervalSince(wallBefore)

        let userId = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT MIN(id) FROM user") } ?? 1
        var times: [Double] = []
        var size = 0
        for _ in 0..<200 {
            let start = Date()
            size = try await CalendarFeedController.calendar(database: database, userId: userId, now: now)?.utf8.count ?? 0
            times.append(Date().timeIntervalSince(start) * 1_000)
        }
        times.sort()
        return """
            \(users) demo accounts (\(entries) entries each) filled in \(String(format: "%.1f", fillSeconds)) s.
            Engine look: \(recorded) reminders for \(users) users in \(String(format: "%.3f", tickCPU)) s of CPU \
            (\(String(format: "%.3f", tickWall)) s wall); target under 1 s of CPU.
            Calendar feed of one account (\(size) bytes): median \(String(format: "%.2f", times[times.count / 2])) ms, \
            p99 \(String(format: "%.2f", times[times.count * 99 / 100])) ms; target under 10 ms.
            """
    }

    /// CPU time this process has used, user and system.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}

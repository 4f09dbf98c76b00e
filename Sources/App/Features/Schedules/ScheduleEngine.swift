import Foundation
import GRDB

/// Posts what members' schedules have due, in each member's own time zone, beside the reminders (`ReminderService`
/// runs both). A look reads only the schedules whose next day is near (an index on `nextOn`) and occurrences planned
/// for such a day, keeps the members whose day has come where they live, then handles each of them in one write
/// (`MemberStore.postDue`).
package struct ScheduleEngine: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date

    // Package-wide, as the reminder benchmark drives the engine from its own target.
    package init(database: AppDatabase, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    /// One look at every member with something due. Returns how many occurrences it posted or put in "To confirm".
    @discardableResult
    package func tick() async throws -> Int {
        let now = now()
        let members = try dueMembers(now: now)
        var handled = 0
        var lastFailure: (any Error)?
        for (memberId, today) in members {
            // One member's trouble never holds back the others; their days stay due for the next look.
            do {
                let outcome = try await database.write { db in
                    try MemberStore.postDue(MemberDatabase(db: db, userId: memberId), today: today, now: now)
                }
                handled += outcome.posted + outcome.pending
            } catch {
                lastFailure = error
            }
        }
        if let lastFailure { throw lastFailure }
        return handled
    }

    /// The members with a day that has come where they live, and their today: read from the schedules whose next
    /// day is at most the latest "today" on Earth (UTC+14) plus two days (a weekend day moved to the Friday before),
    /// and the occurrences planned for such a day, through their indexes. Members whose day hasn't come yet where
    /// they live aren't written to.
    private func dueMembers(now: Date) throws -> [(Int64, CalendarDay)] {
        let utc = CalendarDay.utc(of: now)
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.userId, u.timeZone, s.nextOn AS day, s.weekend FROM schedule s JOIN user u ON u.id = s.userId
                    WHERE s.nextOn <= ?
                    UNION ALL
                    SELECT o.userId, u.timeZone, o.postOn AS day, 'keep' FROM occurrence o JOIN user u ON u.id = o.userId
                    WHERE o.state = 'planned' AND o.postOn <= ?
                    """,
                arguments: [utc.adding(days: 3).description, utc.adding(days: 1).description]
            ).map {
                (
                    userId: $0["userId"] as Int64, timeZone: $0["timeZone"] as String, day: $0["day"] as String,
                    weekend: $0["weekend"] as String
                )
            }
        }
        var zones: [String: CalendarDay] = [:]
        var due: [Int64: CalendarDay] = [:]
        for row in rows where due[row.userId] == nil {
            let today =
                zones[row.timeZone]
                ?? CalendarDay.today(in: TimeZone(identifier: row.timeZone) ?? TimeZone(identifier: "UTC")!, now: now)
            zones[row.timeZone] = today
            guard let day = CalendarDay(row.day) else { continue }
            if (WeekendShift(rawValue: row.weekend) ?? .keep).apply(to: day) <= today { due[row.userId] = today }
        }
        return due.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

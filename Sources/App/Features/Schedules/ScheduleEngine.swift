import Foundation
import GRDB

/// Posts what members' schedules have due, in each member's own time zone, beside the reminders (`ReminderService`
/// runs both). A look reads, through an index, only the members whose `nextScheduleAt` has come (or is empty: their
/// schedules or time zone changed since), handles each of them in one write (`MemberStore.postDue`), and sets when
/// their next day may come.
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
        let members = try database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, timeZone FROM user WHERE nextScheduleAt IS NULL OR nextScheduleAt <= ? ORDER BY id",
                arguments: [now]
            ).map { (id: $0["id"] as Int64, timeZone: $0["timeZone"] as String) }
        }
        var zones: [String: TimeZone] = [:]
        var handled = 0
        var lastFailure: (any Error)?
        for member in members {
            let zone = zones[member.timeZone] ?? TimeZone(identifier: member.timeZone) ?? TimeZone(identifier: "UTC")!
            zones[member.timeZone] = zone
            let today = CalendarDay.today(in: zone, now: now)
            // One member's trouble never holds back the others; their days stay due for the next look.
            do {
                let outcome = try await database.write { db in
                    let member = MemberDatabase(db: db, userId: member.id)
                    let outcome = try MemberStore.postDue(member, today: today, now: now)
                    try db.execute(
                        sql: "UPDATE user SET nextScheduleAt = ? WHERE id = ?",
                        arguments: [try Self.nextLook(member, today: today, zone: zone, now: now), member.userId]
                    )
                    return outcome
                }
                handled += outcome.posted + outcome.pending
            } catch {
                lastFailure = error
            }
        }
        if let lastFailure { throw lastFailure }
        return handled
    }

    /// When the member's next schedule day or moved occurrence may come, after a look that handled all that was
    /// due by `today`: the start of that day where they live (never sooner than a minute from now, so a day that
    /// starts inside a clock change can't have them read at every look); the end of time when nothing is ahead.
    static func nextLook(_ member: MemberDatabase, today: CalendarDay, zone: TimeZone, now: Date) throws -> Date {
        let rows = try Row.fetchAll(
            member.db,
            sql: """
                SELECT nextOn AS day, weekend FROM schedule WHERE userId = ? AND nextOn IS NOT NULL
                UNION ALL
                SELECT MIN(postOn), 'keep' FROM occurrence WHERE userId = ? AND state = 'planned'
                """,
            arguments: [member.userId, member.userId]
        )
        let days = rows.compactMap { row -> CalendarDay? in
            guard let text = row["day"] as String?, let day = CalendarDay(text) else { return nil }
            return (WeekendShift(rawValue: row["weekend"]) ?? .keep).apply(to: day)
        }
        guard let first = days.min() else { return endOfTime }
        // Never before tomorrow: what today held was handled by this look.
        return max(max(first, today.adding(days: 1)).start(in: zone), now.addingTimeInterval(60))
    }

    /// Nothing ahead: a member with no schedule day to come is read again only when their schedules change.
    static let endOfTime = Date(timeIntervalSince1970: 253_402_214_400)
}

import Foundation
import GRDB

/// Posts what members' schedules have due, in each member's own time zone, beside the reminders (`ReminderService`
/// runs both). A look reads only the schedules whose next day has come somewhere on Earth (an index on `nextOn`) and
/// occurrences planned for a day that has come, then handles each of their members in one write
/// (`MemberStore.postDue`).
struct ScheduleEngine: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date

    /// One look at every member with something due. Returns how many occurrences it posted or put in "To confirm".
    @discardableResult
    func tick() async throws -> Int {
        let now = now()
        // The latest "today" anywhere (UTC+14), and two days more for weekend days that move earlier.
        let latest = CalendarDay.utc(of: now).adding(days: 3).description
        let members = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT user.id, user.timeZone FROM user WHERE user.id IN (
                        SELECT userId FROM schedule WHERE nextOn <= ?
                        UNION SELECT userId FROM occurrence WHERE state = 'planned' AND postOn <= ?
                    )
                    """,
                arguments: [latest, latest]
            ).map { (id: $0["id"] as Int64, timeZone: $0["timeZone"] as String) }
        }
        var handled = 0
        var lastFailure: (any Error)?
        for member in members {
            let zone = TimeZone(identifier: member.timeZone) ?? TimeZone(identifier: "UTC")!
            let today = CalendarDay.today(in: zone, now: now)
            // One member's trouble never holds back the others; their days stay due for the next look.
            do {
                let outcome = try await database.write { db in
                    try MemberStore.postDue(MemberDatabase(db: db, userId: member.id), today: today, now: now)
                }
                handled += outcome.posted + outcome.pending
            } catch {
                lastFailure = error
            }
        }
        if let lastFailure { throw lastFailure }
        return handled
    }
}

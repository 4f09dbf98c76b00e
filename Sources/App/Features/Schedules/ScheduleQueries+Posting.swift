import Foundation
import GRDB

/// Posting schedules' occurrences: each rule day handled once, in the same transaction as the ledger row it writes.
///
/// A schedule keeps `nextOn`, the first rule day not yet handled, so a look reads only the schedules that are due.
/// Handling a day writes its `occurrence` row (unique per schedule and day) with the ledger row it posts, or marks it
/// as waiting in "To confirm"; then `nextOn` moves past it — all in one write, so a crash leaves the day either
/// wholly done or not at all, and two looks at once are serialised by the database. After downtime one look
/// handles every day missed, not only the first.
extension MemberStore {
    /// What one look at a member's schedules did.
    struct PostingOutcome: Sendable, Equatable {
        var posted = 0
        var pending = 0
        var newBadgeIds: [Int64] = []
    }

    /// Rule days handled per batch of a schedule's days (a year of a daily schedule).
    static let postingBatch = 370

    /// Handles every occurrence of the member's schedules due on or before `today`: a schedule that posts by itself
    /// posts it, one that waits for a tap puts it in "To confirm", one that only expects money passes it. An
    /// occurrence planned differently (moved, or another amount) posts on its own day.
    static func postDue(_ member: MemberDatabase, today: CalendarDay, now: Date) throws -> PostingOutcome {
        let (db, userId) = (member.db, member.userId)
        var outcome = PostingOutcome()
        // A weekend day can move up to two days earlier, so a rule day two days ahead may be due today.
        let schedules = try Schedule.fetchAll(
            db,
            sql: "SELECT * FROM schedule WHERE userId = ? AND nextOn <= ? ORDER BY id",
            arguments: [userId, today.adding(days: 2).description]
        )
        for var schedule in schedules {
            guard let recurrence = schedule.recurrence, let start = schedule.start,
                var next = schedule.nextOn.flatMap(CalendarDay.init)
            else { continue }
            var upcoming: CalendarDay? = next
            handling: while true {
                let days = recurrence.occurrences(start: start, from: next, limit: postingBatch)
                upcoming = nil
                for day in days {
                    guard schedule.weekend.apply(to: day) <= today else {
                        upcoming = day
                        break handling
                    }
                    try handle(member, schedule: schedule, day: day, today: today, now: now, outcome: &outcome)
                }
                guard days.count == postingBatch, let last = days.last else { break }
                next = last.adding(days: 1)
            }
            schedule.nextOn = upcoming?.description
            try db.execute(
                sql: "UPDATE schedule SET nextOn = ? WHERE id = ?",
                arguments: [schedule.nextOn, schedule.id]
            )
        }
        // Occurrences planned differently post on their own day, whenever their rule day was handled.
        let planned = try Occurrence.fetchAll(
            db,
            sql: "SELECT * FROM occurrence WHERE userId = ? AND state = 'planned' AND postOn <= ? ORDER BY postOn, id",
            arguments: [userId, today.description]
        )
        for var occurrence in planned {
            guard
                let schedule = try Schedule.filter(Column("id") == occurrence.scheduleId && Column("userId") == userId)
                    .fetchOne(db)
            else { continue }
            try act(member, schedule: schedule, occurrence: &occurrence, today: today, now: now, outcome: &outcome)
            try occurrence.update(db)
        }
        return outcome
    }

    /// One rule day of `schedule` whose time has come: a day with a row of its own (moved, changed, skipped, done)
    /// is left to it; any other gets its row now.
    private static func handle(
        _ member: MemberDatabase,
        schedule: Schedule,
        day: CalendarDay,
        today: CalendarDay,
        now: Date,
        outcome: inout PostingOutcome
    ) throws {
        guard schedule.posting != .expect, let scheduleId = schedule.id else { return }
        let exists = try Bool.fetchOne(
            member.db,
            sql: "SELECT EXISTS (SELECT 1 FROM occurrence WHERE scheduleId = ? AND dueOn = ?)",
            arguments: [scheduleId, day.description]
        )
        guard exists == false else { return }
        var occurrence = Occurrence.unhandled(schedule, scheduleId: scheduleId, day: day, seenAt: nil, now: now)
        try act(member, schedule: schedule, occurrence: &occurrence, today: today, now: now, outcome: &outcome)
        try occurrence.insert(member.db)
    }

    /// Does what the schedule says with an occurrence whose day has come: posts it, or puts it in "To confirm".
    private static func act(
        _ member: MemberDatabase,
        schedule: Schedule,
        occurrence: inout Occurrence,
        today: CalendarDay,
        now: Date,
        outcome: inout PostingOutcome
    ) throws {
        switch schedule.posting {
        case .auto:
            let (row, badges) = try post(member, schedule: schedule, occurrence: occurrence, today: today, now: now)
            occurrence.state = .posted
            occurrence.ledgerId = row.id
            outcome.posted += 1
            outcome.newBadgeIds += badges
        case .confirm:
            occurrence.state = .pending
            outcome.pending += 1
        case .expect:
            occurrence.state = .skipped
        }
    }

    /// Writes the ledger row an occurrence makes, on its day, with its amount (or the schedule's), and judges the
    /// stash month it goes to. Returns the row and the badges it earned.
    static func post(
        _ member: MemberDatabase,
        schedule: Schedule,
        occurrence: Occurrence,
        amountCents: Int64? = nil,
        today: CalendarDay,
        now: Date
    ) throws -> (LedgerEntry, [Int64]) {
        let db = member.db
        let stash = try schedule.stashId.flatMap { id in
            try Stash.filter(Column("id") == id && Column("userId") == member.userId).fetchOne(db)
        }
        var categoryId = stash?.categoryId ?? schedule.categoryId
        if let id = categoryId,
            try !Category.filter(Column("id") == id && Column("userId") == member.userId).isEmpty(db)
        {
            categoryId = id
        } else {
            let kind: Category.Kind =
                switch schedule.kind {
                case .income: .income
                case .saving: .savings
                case .expense, .transfer, .transferIn: .wants
                }
            categoryId = try otherCategoryId(member, kind: kind, now: now)
        }
        var row = LedgerEntry.blank(userId: member.userId, kind: schedule.kind, stash: stash, now: now)
        row.date = occurrence.postOn
        row.amountCents = amountCents ?? occurrence.amountCents ?? schedule.typicalCents
        row.note = schedule.note
        row.payee = schedule.name
        row.categoryId = categoryId
        row.accountId = schedule.accountId
        row = try row.inserted(db)
        let outcome = try judgeStashMonths(db, [row], userId: member.userId, today: today, now: now)
        return (row, outcome.newBadgeIds)
    }
}

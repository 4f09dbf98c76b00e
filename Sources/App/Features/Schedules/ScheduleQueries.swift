import Foundation
import GRDB

/// An occurrence waiting in "To confirm", with what the list shows of its schedule.
struct PendingOccurrence: Sendable, Equatable, Decodable, FetchableRecord {
    let occurrence: Occurrence
    let name: String
    let kind: LedgerEntry.Kind
    let scheduleAmountCents: Int64
    let maxCents: Int64?
    let accountId: Int64?
    let stashId: Int64?

    static let selectSQL = """
        SELECT occurrence.*, schedule.name AS name, schedule.kind AS kind, schedule.amountCents AS scheduleAmountCents,
               schedule.maxCents AS maxCents, schedule.accountId AS accountId, schedule.stashId AS stashId
        FROM occurrence JOIN schedule ON schedule.id = occurrence.scheduleId
        """

    enum CodingKeys: String, CodingKey {
        case name, kind, scheduleAmountCents, maxCents, accountId, stashId
    }

    init(from decoder: any Decoder) throws {
        occurrence = try Occurrence(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(LedgerEntry.Kind.self, forKey: .kind)
        scheduleAmountCents = try container.decode(Int64.self, forKey: .scheduleAmountCents)
        maxCents = try container.decodeIfPresent(Int64.self, forKey: .maxCents)
        accountId = try container.decodeIfPresent(Int64.self, forKey: .accountId)
        stashId = try container.decodeIfPresent(Int64.self, forKey: .stashId)
    }

    /// What the confirm form starts from: a changed amount, or the schedule's typical one.
    var amountCents: Int64 {
        occurrence.amountCents ?? Schedule.typicalCents(scheduleAmountCents, upTo: maxCents)
    }
}

/// What the service did while the member was away, not yet said on Home.
struct AwaySummary: Sendable, Equatable {
    var posted = 0
    var pending = 0
    var isEmpty: Bool { posted == 0 && pending == 0 }
}

/// Reads and writes of the member's schedules and their occurrences.
extension MemberStore {
    /// The member's schedules by name.
    func schedules() throws -> [Schedule] {
        try read { member in try Self.schedules(member) }
    }

    static func schedules(_ member: MemberDatabase) throws -> [Schedule] {
        try Schedule.filter(Schedule.Columns.userId == member.userId).order(sql: "name COLLATE NOCASE, id")
            .fetchAll(member.db)
    }

    func schedule(id: Int64) throws -> Schedule? {
        try record(Schedule.self, id: id)
    }

    /// Occurrences waiting in "To confirm", oldest first.
    func pendingOccurrences() throws -> [PendingOccurrence] {
        try read { member in try Self.pendingOccurrences(member) }
    }

    static func pendingOccurrences(_ member: MemberDatabase) throws -> [PendingOccurrence] {
        try PendingOccurrence.fetchAll(
            member.db,
            sql: PendingOccurrence.selectSQL
                + " WHERE occurrence.userId = ? AND occurrence.state = 'pending' ORDER BY occurrence.postOn, occurrence.id",
            arguments: [member.userId]
        )
    }

    func pendingOccurrence(id: Int64) throws -> PendingOccurrence? {
        try read { db in
            try PendingOccurrence.fetchOne(
                db,
                sql: PendingOccurrence.selectSQL
                    + " WHERE occurrence.id = ? AND occurrence.userId = ? AND occurrence.state = 'pending'",
                arguments: [id, userId]
            )
        }
    }

    /// Saves a schedule (new or edited) and handles at once what is due today, as the service would; its rule days
    /// before today are never posted. What it posts or queues now is seen (the member is here).
    func saveSchedule(_ schedule: Schedule, today: CalendarDay, now: Date) async throws -> (Schedule, PostingOutcome) {
        try await write { member in
            try Self.store(member, own(schedule, in: member.db), today: today, now: now)
        }
    }

    /// `saveSchedule` in the caller's transaction.
    static func store(
        _ member: MemberDatabase,
        _ schedule: Schedule,
        today: CalendarDay,
        now: Date
    ) throws -> (Schedule, PostingOutcome) {
        var schedule = schedule
        let from = max(schedule.start ?? today, today)
        schedule.nextOn = schedule.nextRuleDay(onOrAfter: from)?.description
        schedule.updatedAt = now
        if schedule.id == nil {
            schedule.createdAt = now
            schedule = try schedule.inserted(member.db)
        } else {
            try schedule.update(member.db)
        }
        let outcome = try postDue(member, today: today, now: now)
        try markSeen(member, now: now)
        return (schedule, outcome)
    }

    /// Deletes a schedule; what it posted stays in the ledger.
    func deleteSchedule(_ schedule: Schedule) async throws {
        try await write { db in _ = try own(schedule, in: db).delete(db) }
    }

    /// Posts an occurrence waiting in "To confirm", with the amount the member confirmed.
    func confirmOccurrence(
        _ pending: PendingOccurrence,
        amountCents: Int64,
        today: CalendarDay,
        now: Date
    ) async throws -> PostingOutcome {
        try await write { member in
            var occurrence = try own(pending.occurrence, in: member.db)
            guard occurrence.state == .pending,
                let schedule = try Schedule.filter(
                    Column("id") == occurrence.scheduleId && Column("userId") == member.userId
                ).fetchOne(member.db)
            else { return PostingOutcome() }
            let (row, badges) = try Self.post(
                member,
                schedule: schedule,
                occurrence: occurrence,
                amountCents: amountCents,
                today: today,
                now: now
            )
            occurrence.state = .posted
            occurrence.ledgerId = row.id
            occurrence.amountCents = amountCents
            occurrence.seenAt = occurrence.seenAt ?? now
            try occurrence.update(member.db)
            return PostingOutcome(posted: 1, pending: 0, newBadgeIds: badges)
        }
    }

    /// Skips an occurrence waiting in "To confirm": nothing is posted for it.
    func skipOccurrence(_ pending: PendingOccurrence, now: Date) async throws {
        try await write { db in
            var occurrence = try own(pending.occurrence, in: db)
            guard occurrence.state == .pending else { return }
            occurrence.state = .skipped
            occurrence.seenAt = occurrence.seenAt ?? now
            try occurrence.update(db)
        }
    }

    /// What the service posted or queued that Home hasn't said yet; saying it marks it seen.
    func takeAwaySummary(now: Date) async throws -> AwaySummary {
        let unseen = try read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM occurrence WHERE userId = ? AND seenAt IS NULL",
                arguments: [userId]
            )
        }
        guard unseen ?? 0 > 0 else { return AwaySummary() }
        return try await write { member in
            let rows = try Row.fetchAll(
                member.db,
                sql:
                    "SELECT state, COUNT(*) AS count FROM occurrence WHERE userId = ? AND seenAt IS NULL GROUP BY state",
                arguments: [member.userId]
            )
            var summary = AwaySummary()
            for row in rows {
                switch row["state"] as String {
                case "posted": summary.posted += row["count"] as Int
                case "pending": summary.pending += row["count"] as Int
                default: break
                }
            }
            try Self.markSeen(member, now: now)
            return summary
        }
    }

    static func markSeen(_ member: MemberDatabase, now: Date) throws {
        try member.db.execute(
            sql: "UPDATE occurrence SET seenAt = ? WHERE userId = ? AND seenAt IS NULL",
            arguments: [now, member.userId]
        )
    }
}

/// One of a schedule's coming occurrences, as planned: its rule day, the day it posts, its amount, and whether it is
/// planned differently or skipped.
struct UpcomingOccurrence: Sendable, Equatable {
    let dueOn: CalendarDay
    let postOn: CalendarDay
    /// A changed amount; nil for the schedule's.
    let amountCents: Int64?
    let state: Occurrence.State?
}

/// What the member changes about one coming occurrence.
enum OccurrencePlan: Sendable, Equatable {
    /// Posts on `postOn` with `amountCents` (nil: the schedule's amount).
    case change(postOn: CalendarDay, amountCents: Int64?)
    case skip
    /// Back to what the schedule says.
    case restore
}

extension MemberStore {
    /// The schedule's next `limit` rule days from its first unhandled one, each as planned, and any occurrence moved
    /// past its rule day that hasn't posted yet.
    func upcomingOccurrences(of schedule: Schedule, limit: Int) throws -> [UpcomingOccurrence] {
        guard let scheduleId = schedule.id else { return [] }
        let rows = try read { member in try Self.upcomingRows(member, scheduleId: scheduleId)[scheduleId] ?? [] }
        return Self.upcoming(schedule, rows: rows, limit: limit)
    }

    /// `schedule`'s next `limit` rule days from `nextOn` (none after `through`), with what its occurrence rows (`rows`: the planned ones,
    /// and the skipped ones from `nextOn` on) change about them, by the day they post.
    static func upcoming(
        _ schedule: Schedule,
        rows: [Occurrence],
        through: CalendarDay? = nil,
        limit: Int
    ) -> [UpcomingOccurrence] {
        guard let recurrence = schedule.recurrence, let start = schedule.start else { return [] }
        let days =
            schedule.nextOn.flatMap(CalendarDay.init).map {
                recurrence.occurrences(start: start, from: $0, through: through, limit: limit)
            } ?? []
        let byDay = Dictionary(rows.map { ($0.dueOn, $0) }, uniquingKeysWith: { first, _ in first })
        let moved = rows.filter { row in row.state == .planned && !days.contains { $0.description == row.dueOn } }
        let planned = days.map { day in
            let row = byDay[day.description]
            return UpcomingOccurrence(
                dueOn: day,
                postOn: row.flatMap { CalendarDay($0.postOn) } ?? schedule.weekend.apply(to: day),
                amountCents: row?.amountCents,
                state: row?.state
            )
        }
        let earlier = moved.compactMap { row -> UpcomingOccurrence? in
            guard let due = CalendarDay(row.dueOn), let post = CalendarDay(row.postOn) else { return nil }
            return UpcomingOccurrence(dueOn: due, postOn: post, amountCents: row.amountCents, state: .planned)
        }
        return (earlier + planned).sorted { $0.postOn < $1.postOn }
    }

    /// Changes, skips or restores one coming occurrence of `schedule` (its rule day `day`), leaving the rest of the
    /// series as it is. False when `day` isn't a coming day of the schedule (or has posted, or waits in "To
    /// confirm").
    func planOccurrence(
        _ schedule: Schedule,
        day: CalendarDay,
        plan: OccurrencePlan,
        today: CalendarDay,
        now: Date
    ) async throws -> Bool {
        try await write { member in
            let schedule = try own(schedule, in: member.db)
            guard let scheduleId = schedule.id, let recurrence = schedule.recurrence, let start = schedule.start,
                recurrence.next(start: start, onOrAfter: day) == day
            else { return false }
            let existing = try Occurrence.filter(
                Column("scheduleId") == scheduleId && Column("dueOn") == day.description
            )
            .fetchOne(member.db)
            if let existing, existing.state == .posted || existing.state == .pending { return false }
            // A day not yet reached by the series, or one moved past it that hasn't posted.
            guard existing != nil || (schedule.nextOn.map { $0 <= day.description } ?? false) else { return false }
            var row =
                existing ?? Occurrence.unhandled(schedule, scheduleId: scheduleId, day: day, seenAt: now, now: now)
            switch plan {
            case .restore:
                _ = try existing?.delete(member.db)
                return true
            case .skip:
                row.state = .skipped
            case .change(let postOn, let amountCents):
                row.state = .planned
                row.postOn = postOn.description
                row.amountCents = amountCents
            }
            if row.id == nil { try row.insert(member.db) } else { try row.update(member.db) }
            _ = try Self.postDue(member, today: today, now: now)
            try Self.markSeen(member, now: now)
            return true
        }
    }

    /// Edits the series from `from` on: the schedule ends the day before, and `edited` carries on from `from` as a
    /// schedule of its own. Days the old one already handled on or after `from` are not posted again; what was
    /// planned for its days from `from` on is dropped.
    func splitSchedule(
        _ old: Schedule,
        edited: Schedule,
        from: CalendarDay,
        today: CalendarDay,
        now: Date
    ) async throws -> (Schedule, PostingOutcome) {
        try await write { member in
            let db = member.db
            var old = try own(old, in: db)
            guard let oldId = old.id, var rule = old.recurrence, let start = old.start else {
                throw NotTheMembersRecord()
            }
            rule.count = nil
            rule.until = from.adding(days: -1)
            old.rule = rule.text
            // The days before `from` are done with: they no longer move with pay days.
            old.paydayOf = nil
            old.nextOn =
                old.nextOn.flatMap(CalendarDay.init).flatMap { rule.next(start: start, onOrAfter: $0) }?
                .description
            old.updatedAt = now
            try old.update(db)
            try db.execute(
                sql: "DELETE FROM occurrence WHERE scheduleId = ? AND state IN ('planned', 'skipped') AND dueOn >= ?",
                arguments: [oldId, from.description]
            )
            let handled = try String.fetchOne(
                db,
                sql: "SELECT MAX(dueOn) FROM occurrence WHERE scheduleId = ? AND dueOn >= ?",
                arguments: [oldId, from.description]
            ).flatMap(CalendarDay.init)
            var next = max(from, today)
            if let handled, handled >= next { next = handled.adding(days: 1) }
            var schedule = edited
            schedule.id = nil
            schedule.userId = member.userId
            // Pay days every other week keep their weeks: such a part starts on its first pay day.
            let first = schedule.paydayOf == nil ? from : (edited.nextRuleDay(onOrAfter: from) ?? from)
            schedule.startsOn = first.description
            schedule.createdAt = now
            schedule.updatedAt = now
            schedule.nextOn = schedule.nextRuleDay(onOrAfter: next)?.description
            schedule = try schedule.inserted(db)
            let outcome = try Self.postDue(member, today: today, now: now)
            try Self.markSeen(member, now: now)
            return (schedule, outcome)
        }
    }
}

/// A schedule's occurrence still to come, as lists show it.
struct ComingOccurrence: Sendable, Equatable {
    let scheduleId: Int64
    let name: String
    let kind: LedgerEntry.Kind
    /// The day it posts on.
    let day: CalendarDay
    let amountCents: Int64
    let posting: Schedule.Posting
    /// The account it posts from (or into, for income) and the stash it goes into, if any.
    var accountId: Int64? = nil
    var stashId: Int64? = nil

    /// The amount as lists show it: money out with "−", money in or saved with "+".
    func signedAmount(_ user: User) -> String {
        (kind == .expense ? "−" : "+") + user.money(amountCents)
    }
}

extension MemberStore {
    /// Every schedule's occurrences posting from `first` through `last` (skipped ones left out), by day: two queries,
    /// whatever the number of schedules.
    func coming(from first: CalendarDay, through last: CalendarDay) throws -> [ComingOccurrence] {
        try read { member in try Self.coming(member, from: first, through: last) }
    }

    /// The occurrence rows `upcoming` reads, of each of the member's schedules that goes on (or of the one
    /// `scheduleId`): the planned ones, and the skipped ones from the schedule's next day. One query, by schedule.
    static func upcomingRows(_ member: MemberDatabase, scheduleId: Int64? = nil) throws -> [Int64: [Occurrence]] {
        Dictionary(
            grouping: try Occurrence.fetchAll(
                member.db,
                sql: """
                    SELECT occurrence.* FROM occurrence JOIN schedule ON schedule.id = occurrence.scheduleId
                    WHERE schedule.userId = ? AND schedule.nextOn IS NOT NULL AND occurrence.userId = schedule.userId
                    AND (occurrence.state = 'planned' OR (occurrence.state = 'skipped' AND occurrence.dueOn >= schedule.nextOn))
                    """ + (scheduleId == nil ? "" : " AND schedule.id = ?") + " ORDER BY occurrence.dueOn",
                arguments: StatementArguments([member.userId] + (scheduleId.map { [$0] } ?? []))
            ),
            by: \.scheduleId
        )
    }

    static func coming(
        _ member: MemberDatabase,
        from first: CalendarDay,
        through last: CalendarDay
    ) throws -> [ComingOccurrence] {
        let schedules = try Schedule.fetchAll(
            member.db,
            sql: "SELECT * FROM schedule WHERE userId = ? AND nextOn IS NOT NULL AND nextOn <= ? ORDER BY id",
            arguments: [member.userId, last.adding(days: 2).description]
        )
        let bySchedule = try upcomingRows(member)
        let span = first.distance(to: last) + 3
        // Days before `first` can't post in it (a weekend moves one by two days at most): a schedule the service
        // hasn't caught up with yet counts from there.
        let earliest = first.adding(days: -2)
        return schedules.flatMap { schedule -> [ComingOccurrence] in
            var schedule = schedule
            if let next = schedule.nextOn.flatMap(CalendarDay.init), next < earliest {
                schedule.nextOn = earliest.description
            }
            // A weekend moves a rule day by two days at most, so none after `last` + 2 can post in the stretch.
            let rows = bySchedule[schedule.id ?? 0] ?? []
            return upcoming(schedule, rows: rows, through: last.adding(days: 2), limit: span).compactMap {
                next -> ComingOccurrence? in
                guard next.state != .skipped, next.postOn >= first, next.postOn <= last else { return nil }
                return ComingOccurrence(
                    scheduleId: schedule.id ?? 0,
                    name: schedule.name,
                    kind: schedule.kind,
                    day: next.postOn,
                    amountCents: next.amountCents ?? schedule.typicalCents,
                    posting: schedule.posting,
                    accountId: schedule.accountId,
                    stashId: schedule.stashId
                )
            }
        }
        .sorted { ($0.day, $0.name) < ($1.day, $1.name) }
    }
}

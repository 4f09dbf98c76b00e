import Foundation
import GRDB

extension RenewalFrequency {
    /// The rule of renewals from `start`: weekly on its weekday; monthly, quarterly or yearly on its day of the month
    /// (that day, or the month's last day when the month is shorter), as renewals have always rolled.
    func recurrence(from start: CalendarDay) -> Recurrence {
        var choice = RepeatChoice()
        choice.monthDay = start.day
        choice.month = start.month
        choice.weekdays = [start.weekday]
        switch self {
        case .weekly: choice.frequency = .weekly
        case .monthly: choice.frequency = .monthly
        case .quarterly:
            choice.frequency = .monthly
            choice.interval = 3
        case .yearly: choice.frequency = .yearly
        }
        return choice.recurrence
    }
}

extension IncomeSource.Frequency {
    /// Pay days from `start`: every other week on its weekday (bi-weekly), else each month on its day.
    func recurrence(from start: CalendarDay) -> Recurrence {
        var choice = RepeatChoice()
        choice.monthDay = start.day
        choice.weekdays = [start.weekday]
        if self == .biweekly {
            choice.frequency = .weekly
            choice.interval = 2
        }
        return choice.recurrence
    }
}

/// What keeps a schedule when it isn't the member's own: a subscription or an income source, whose form edits it.
enum ScheduleOwner: Sendable, Equatable {
    case subscription(Int64)
    case income(Int64)

    /// The form that edits the schedule.
    var editPath: String {
        switch self {
        case .subscription(let id): WalletPaths.editSubscription(id)
        case .income(let id): BudgetPaths.editIncome(id)
        }
    }
}

/// Subscriptions and income sources repeat as schedules: saving one saves its schedule in the same transaction, so
/// forecasts, safe to spend, the calendar and posting all read one model.
extension MemberStore {
    /// Who keeps each of the member's schedules that a subscription or an income source keeps, by schedule id.
    func scheduleOwners() throws -> [Int64: ScheduleOwner] {
        try read { member in try Self.scheduleOwners(member) }
    }

    static func scheduleOwners(_ member: MemberDatabase) throws -> [Int64: ScheduleOwner] {
        try owners(member, sql: "scheduleId IS NOT NULL", arguments: [])
    }

    /// Who keeps the schedule `id`, if a subscription or an income source does.
    func scheduleOwner(of id: Int64) throws -> ScheduleOwner? {
        try read { member in try Self.owners(member, sql: "scheduleId = ?", arguments: [id])[id] }
    }

    /// The owners of the member's schedules whose `scheduleId` passes `sql`, through the scheduleId indexes.
    private static func owners(
        _ member: MemberDatabase,
        sql: String,
        arguments: [any DatabaseValueConvertible]
    ) throws -> [Int64: ScheduleOwner] {
        var owners: [Int64: ScheduleOwner] = [:]
        for row in try Row.fetchAll(
            member.db,
            sql: """
                SELECT 's' AS kind, id, scheduleId FROM subscription WHERE userId = ? AND \(sql)
                UNION ALL
                SELECT 'i', id, scheduleId FROM incomeSource WHERE userId = ? AND \(sql)
                """,
            arguments: StatementArguments([member.userId] + arguments + [member.userId] + arguments)
        ) {
            let id: Int64 = row["id"]
            owners[row["scheduleId"]] = (row["kind"] as String) == "s" ? .subscription(id) : .income(id)
        }
        return owners
    }

    /// The member's income sources with pay days still to come, the largest first, with their schedules.
    func paydays() throws -> [Payday] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT incomeSource.id AS sourceId, incomeSource.name AS sourceName, schedule.*
                    FROM incomeSource JOIN schedule ON schedule.id = incomeSource.scheduleId
                    WHERE incomeSource.userId = ? AND schedule.userId = incomeSource.userId AND schedule.nextOn IS NOT NULL
                    ORDER BY incomeSource.amountCents DESC, incomeSource.id
                    """,
                arguments: [userId]
            ).map { Payday(sourceId: $0["sourceId"], name: $0["sourceName"], schedule: try Schedule(row: $0)) }
        }
    }

    /// The member's largest income source with pay days, if any.
    func payday() throws -> Payday? {
        try paydays().first
    }

    /// Saves a subscription and the schedule it repeats as.
    @discardableResult
    func saveSubscription(_ subscription: Subscription, today: CalendarDay, now: Date) async throws -> Subscription {
        try await write { member in
            var subscription = try own(subscription, in: member.db)
            try Self.keepSchedule(member, for: &subscription, today: today, now: now)
            return subscription
        }
    }

    /// Saves an income source and the schedule it repeats as.
    @discardableResult
    func saveIncomeSource(_ source: IncomeSource, today: CalendarDay, now: Date) async throws -> IncomeSource {
        try await write { member in
            var source = try own(source, in: member.db)
            try Self.keepSchedule(member, for: &source, today: today, now: now)
            return source
        }
    }

    /// Writes `subscription` (new or changed) and its schedule: its name, amount and renewals, posting its charge by
    /// itself when it says so, else only expected.
    static func keepSchedule(
        _ member: MemberDatabase,
        for subscription: inout Subscription,
        today: CalendarDay,
        now: Date
    ) throws {
        if subscription.id == nil { subscription = try subscription.inserted(member.db) }
        if let recurrence = subscription.recurrence {
            subscription.scheduleId = try keep(
                member,
                id: subscription.scheduleId,
                name: subscription.name,
                rule: recurrence,
                startsOn: subscription.renewsOn,
                kind: .expense,
                category: (.wants, "Subscriptions"),
                amountCents: subscription.amountCents,
                posting: subscription.postsCharge ? .auto : .expect,
                today: today,
                now: now
            )
        }
        try subscription.update(member.db)
    }

    /// Writes `source` (new or changed) and its schedule: pay days from its pay day, recording the income by itself
    /// when it says so, else only expected.
    static func keepSchedule(
        _ member: MemberDatabase,
        for source: inout IncomeSource,
        today: CalendarDay,
        now: Date
    ) throws {
        if source.id == nil { source = try source.inserted(member.db) }
        if source.paidOn == nil, let scheduleId = source.scheduleId {
            // No pay days any more: its schedule goes; what it recorded stays, and schedules that kept to its pay
            // days keep the last ones.
            try member.db.execute(
                sql: "DELETE FROM schedule WHERE id = ? AND userId = ?",
                arguments: [scheduleId, member.userId]
            )
            try member.db.execute(
                sql: "UPDATE schedule SET paydayOf = NULL WHERE paydayOf = ? AND userId = ?",
                arguments: [source.id, member.userId]
            )
            source.scheduleId = nil
        }
        if let paid = source.paidOn.flatMap(CalendarDay.init) {
            source.scheduleId = try keep(
                member,
                id: source.scheduleId,
                name: source.name,
                rule: source.frequency.recurrence(from: paid),
                startsOn: paid.description,
                kind: .income,
                category: (.income, "Salary"),
                amountCents: source.amountCents,
                posting: source.postsIncome ? .auto : .expect,
                today: today,
                now: now
            )
            try followPaydays(member, of: source, from: paid, today: today, now: now)
        }
        try source.update(member.db)
    }

    /// Moves the schedules that keep to `source`'s pay days onto its pay days from `paid`: each keeps its own end,
    /// and goes on from its first new pay day after today (or after its own start, if later).
    private static func followPaydays(
        _ member: MemberDatabase,
        of source: IncomeSource,
        from paid: CalendarDay,
        today: CalendarDay,
        now: Date
    ) throws {
        let pays = source.frequency.recurrence(from: paid)
        let followers = try Schedule.fetchAll(
            member.db,
            sql: "SELECT * FROM schedule WHERE paydayOf = ? AND userId = ? ORDER BY id",
            arguments: [source.id, member.userId]
        )
        for var schedule in followers {
            guard let old = schedule.recurrence, let start = schedule.start else { continue }
            var rule = pays
            (rule.until, rule.count) = (old.until, old.count)
            let after = max(start, today.adding(days: 1))
            let first = rule.next(start: paid, onOrAfter: after) ?? start
            // The same rule on the same days (pay days every other week may move by a week with the same rule).
            guard rule.text != old.text || schedule.nextRuleDay(onOrAfter: after) != first else { continue }
            schedule.rule = rule.text
            // A rule with a count counts from its own first day, which stays; any other goes on from its first new day.
            if rule.count == nil { schedule.startsOn = first.description }
            schedule.updatedAt = now
            _ = try store(member, schedule, today: today, now: now)
        }
    }

    /// Creates or updates the schedule `id` (a new one when it is nil or gone). A new one goes to the category named
    /// `category` of its kind, else that kind's "Other"; an existing one keeps its category.
    private static func keep(
        _ member: MemberDatabase,
        id: Int64?,
        name: String,
        rule: Recurrence,
        startsOn: String,
        kind: LedgerEntry.Kind,
        category: (kind: Category.Kind, name: String),
        amountCents: Int64,
        posting: Schedule.Posting,
        today: CalendarDay,
        now: Date
    ) throws -> Int64? {
        let existing = try id.flatMap {
            try Schedule.filter(Column("id") == $0 && Column("userId") == member.userId).fetchOne(member.db)
        }
        var schedule =
            try existing
            ?? Schedule(
                id: nil,
                userId: member.userId,
                name: name,
                rule: "",
                startsOn: startsOn,
                weekend: .keep,
                kind: kind,
                categoryId: Int64.fetchOne(
                    member.db,
                    sql: """
                        SELECT id FROM category WHERE userId = ? AND kind = ? AND name IN (?, 'Other')
                        ORDER BY name = 'Other', id LIMIT 1
                        """,
                    arguments: [member.userId, category.kind.rawValue, category.name]
                ),
                accountId: nil,
                stashId: nil,
                amountCents: amountCents,
                maxCents: nil,
                note: "",
                posting: posting,
                nextOn: nil,
                createdAt: now,
                updatedAt: now
            )
        // Days already handled stay handled: `store` goes on from today, and an occurrence is unique by its day.
        schedule.rule = rule.text
        schedule.startsOn = startsOn
        schedule.name = name
        schedule.amountCents = amountCents
        schedule.posting = posting
        return try store(member, schedule, today: today, now: now).0.id
    }

    /// Gives every subscription and income source without a schedule its own (demo data writes them directly).
    static func linkSchedules(_ member: MemberDatabase, today: CalendarDay, now: Date) throws {
        for var subscription in try Subscription.fetchAll(
            member.db,
            sql: "SELECT * FROM subscription WHERE userId = ? AND scheduleId IS NULL",
            arguments: [member.userId]
        ) {
            try keepSchedule(member, for: &subscription, today: today, now: now)
        }
        for var source in try IncomeSource.fetchAll(
            member.db,
            sql: "SELECT * FROM incomeSource WHERE userId = ? AND scheduleId IS NULL AND paidOn IS NOT NULL",
            arguments: [member.userId]
        ) {
            try keepSchedule(member, for: &source, today: today, now: now)
        }
    }
}

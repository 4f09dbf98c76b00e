import Foundation

/// The schedule form as typed.
struct ScheduleInput: Decodable, Sendable {
    var name: String?
    var amount: String?
    /// The most an amount that varies comes to (empty: a fixed amount).
    var maxAmount: String?
    /// A category id, or `stash-<id>` for a stash (`SplitPart.value`).
    var target: String?
    var account: String?
    var frequency: String?
    var interval: String?
    /// Weekly: the weekdays (1 = Monday … 7 = Sunday), from `weekdays[]`.
    var weekdays: [String]?
    /// Monthly and yearly: `day` (of the month), `last` (day) or `weekday` (the nth weekday).
    var monthMode: String?
    var monthDay: String?
    var ordinal: String?
    var weekday: String?
    /// Yearly: the month (1–12).
    var month: String?
    var starts: String?
    /// `never`, `on` (`until`) or `after` (`count` times).
    var ends: String?
    var until: String?
    var count: String?
    var weekend: String?
    var posting: String?
    var note: String?
    /// Editing: the day the changes start (empty: every day to come).
    var from: String?
    /// The income source whose pay days it repeats on (empty: the repeat fields say when).
    var payday: String?
}

/// One coming occurrence's form: its rule `day`, and what to do (`change`, `skip`, `restore`) with a new date and
/// amount.
struct OccurrenceInput: Decodable, Sendable {
    var day: String?
    var action: String?
    var date: String?
    var amount: String?
}

/// How often a schedule repeats, as the form puts it, and the recurrence rule it makes (and reads back).
struct RepeatChoice: Sendable, Equatable {
    enum MonthMode: String, Sendable, CaseIterable {
        case day, last, weekday
    }

    enum End: String, Sendable, CaseIterable {
        case never, on, after
    }

    var frequency: Recurrence.Frequency = .monthly
    var interval = 1
    var weekdays: [Int] = []
    var monthMode: MonthMode = .day
    var monthDay = 1
    /// The weekday's place in the month: 1–4, or −1 for the last.
    var ordinal = 1
    var weekday = 1
    var month = 1
    var end: End = .never
    var until: CalendarDay?
    var count: Int?

    static let ordinals = [1, 2, 3, 4, -1]

    /// The rule. A day past the 28th is "that day, or the month's last day when it is shorter".
    var recurrence: Recurrence {
        var rule = Recurrence(frequency, interval: interval)
        switch frequency {
        case .daily: break
        case .weekly: rule.byDay = weekdays.sorted().map { Recurrence.Weekday($0) }
        case .monthly, .yearly:
            if frequency == .yearly { rule.byMonth = [month] }
            switch monthMode {
            case .day where monthDay > 28:
                rule.byMonthDay = Array(28...monthDay)
                rule.bySetPos = [-1]
            case .day: rule.byMonthDay = [monthDay]
            case .last: rule.byMonthDay = [-1]
            case .weekday: rule.byDay = [Recurrence.Weekday(weekday, ordinal: ordinal)]
            }
        }
        switch end {
        case .never: break
        case .on: rule.until = until
        case .after: rule.count = count
        }
        return rule
    }

    init() {}

    /// The choice a rule the form made reads back as (a rule it can't show comes back as monthly on `start`'s day).
    init(_ rule: Recurrence, start: CalendarDay) {
        frequency = rule.frequency
        interval = rule.interval
        monthDay = start.day
        weekday = start.weekday
        month = rule.byMonth.first ?? start.month
        weekdays = rule.frequency == .weekly ? rule.byDay.map(\.weekday) : []
        if let place = rule.byDay.first, let ordinal = place.ordinal {
            monthMode = .weekday
            self.ordinal = ordinal
            weekday = place.weekday
        } else if rule.byMonthDay == [-1] {
            monthMode = .last
        } else if rule.bySetPos == [-1], let last = rule.byMonthDay.last {
            monthDay = last
        } else if let day = rule.byMonthDay.first {
            monthDay = day
        }
        if let until = rule.until {
            end = .on
            self.until = until
        } else if let count = rule.count {
            end = .after
            self.count = count
        }
    }
}

/// A valid schedule form.
struct ScheduleDraft: Sendable {
    let name: String
    let cents: Int64
    let maxCents: Int64?
    let kind: LedgerEntry.Kind
    let categoryId: Int64?
    let stashId: Int64?
    let accountId: Int64?
    let repeatChoice: RepeatChoice
    let start: CalendarDay
    let weekend: WeekendShift
    let posting: Schedule.Posting
    let note: String
    /// Editing: the changes start that day, the days before keep the old way (nil: the whole series).
    var from: CalendarDay? = nil
    /// The income source whose pay days it repeats on.
    var paydayOf: Int64? = nil

    func apply(to schedule: inout Schedule) {
        schedule.name = name
        schedule.amountCents = cents
        schedule.maxCents = maxCents
        schedule.kind = kind
        schedule.categoryId = categoryId
        schedule.stashId = stashId
        schedule.accountId = accountId
        schedule.rule = repeatChoice.recurrence.text
        schedule.startsOn = start.description
        schedule.weekend = weekend
        schedule.posting = posting
        schedule.note = note
        schedule.paydayOf = paydayOf
    }
}

/// What the schedule form offers: the member's categories, stashes and accounts, and the income sources with pay
/// days to repeat on.
struct ScheduleChoices: Sendable {
    let categories: [Category]
    let stashes: [Stash]
    let accounts: [MoneyAccount]
    var paydays: [Payday] = []
}

/// An income source with pay days, and the schedule they are.
struct Payday: Sendable {
    let sourceId: Int64
    let name: String
    let schedule: Schedule
}

/// Validation and fields of the schedule form.
enum ScheduleRules {
    static func validate(
        _ input: ScheduleInput,
        choices: ScheduleChoices,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        editingFrom: CalendarDay? = nil,
        t: Words
    ) -> Validated<ScheduleDraft> {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["schedules.errors.name"], max: 60)
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let maxCents = errors.amount(
            input.maxAmount,
            field: "maxAmount",
            currency: currency,
            grammar: grammar,
            required: false
        )
        if let cents, let maxCents, maxCents <= cents { errors.add("maxAmount", t["schedules.errors.range"]) }
        // What each occurrence makes: a category's transaction, or a stash's entry (the stash's category).
        var kind: LedgerEntry.Kind?
        var categoryId: Int64?
        var stashId: Int64?
        let target = input.target ?? ""
        if let id = SplitPart.stashId(target), let stash = choices.stashes.first(where: { $0.id == id }) {
            (kind, categoryId, stashId) = (stash.kind.entryKind, stash.categoryId, stash.id)
        } else if let category = choices.categories.first(where: { String($0.id ?? 0) == target && !$0.isHidden }) {
            (kind, categoryId) = (category.kind.transactionKind, category.id)
        } else {
            errors.add("target", t["schedules.errors.target"])
        }
        var accountId: Int64?
        if let text = input.account, !text.isEmpty {
            accountId = choices.accounts.first { String($0.id ?? 0) == text }?.id
            if accountId == nil { errors.add("account", t["budget.errors.choose_account"]) }
        }
        let note = errors.text(input.note, field: "note", max: 200)
        var choice = RepeatChoice()
        choice.frequency =
            errors.choice(
                input.frequency,
                field: "frequency",
                as: Recurrence.Frequency.self,
                message: t["schedules.errors.frequency"]
            ) ?? .monthly
        choice.interval =
            errors.wholeNumber(
                input.interval,
                field: "interval",
                range: 1...99,
                message: t["schedules.errors.interval"]
            )
            ?? 1
        var start = errors.date(input.starts, field: "starts", today: today, window: .planning)
        if choice.frequency == .weekly {
            let days = (input.weekdays ?? []).map { Int($0) }
            if days.contains(where: { !(1...7).contains($0 ?? 0) }) {
                errors.add("weekdays", t["schedules.errors.weekdays"])
            }
            choice.weekdays = Array(Set(days.compactMap { $0 })).sorted()
            if choice.weekdays.isEmpty, let start { choice.weekdays = [start.weekday] }
        }
        if choice.frequency == .monthly || choice.frequency == .yearly {
            choice.monthMode =
                errors.choice(
                    input.monthMode,
                    field: "monthMode",
                    as: RepeatChoice.MonthMode.self,
                    message: t["schedules.errors.month_mode"]
                ) ?? .day
            switch choice.monthMode {
            case .day:
                choice.monthDay =
                    errors.wholeNumber(
                        input.monthDay,
                        field: "monthDay",
                        range: 1...31,
                        message: t["schedules.errors.month_day"]
                    ) ?? start?.day ?? 1
            case .last: break
            case .weekday:
                choice.ordinal = Int(input.ordinal ?? "").flatMap { RepeatChoice.ordinals.contains($0) ? $0 : nil } ?? 1
                choice.weekday = Int(input.weekday ?? "").flatMap { (1...7).contains($0) ? $0 : nil } ?? 1
            }
            if choice.frequency == .yearly {
                choice.month =
                    errors.wholeNumber(input.month, field: "month", range: 1...12, message: t["schedules.errors.month"])
                    ?? start?.month ?? 1
            }
        }
        choice.end =
            errors.choice(input.ends, field: "ends", as: RepeatChoice.End.self, message: t["schedules.errors.ends"])
            ?? .never
        switch choice.end {
        case .never: break
        case .on:
            choice.until = errors.date(input.until, field: "until", today: today, window: .planning)
            if let until = choice.until, let start, until < start {
                errors.add("until", t["schedules.errors.until_before_start"])
            }
        case .after:
            choice.count = errors.wholeNumber(
                input.count,
                field: "count",
                range: 1...999,
                message: t["schedules.errors.count"]
            )
            if choice.count == nil, errors["count"] == nil { errors.add("count", t["schedules.errors.count"]) }
        }
        let weekend =
            errors.choice(
                input.weekend,
                field: "weekend",
                as: WeekendShift.self,
                message: t["schedules.errors.weekend"]
            )
            ?? .keep
        let posting =
            errors.choice(
                input.posting,
                field: "posting",
                as: Schedule.Posting.self,
                message: t["schedules.errors.posting"]
            )
            ?? .confirm
        if posting == .auto, maxCents != nil, errors["maxAmount"] == nil {
            errors.add("posting", t["schedules.errors.auto_range"])
        }
        // Keeping to an income source's pay days: its rule (with the end typed here), from its first pay day on or
        // after the day typed, so a rule every other week keeps its weeks.
        var paydayOf: Int64?
        if let text = input.payday, !text.isEmpty {
            if let payday = choices.paydays.first(where: { String($0.sourceId) == text }),
                let rule = payday.schedule.recurrence, let payStart = payday.schedule.start
            {
                var followed = RepeatChoice(rule, start: payStart)
                (followed.end, followed.until, followed.count) = (choice.end, choice.until, choice.count)
                choice = followed
                paydayOf = payday.sourceId
                start = start.map { payday.schedule.nextRuleDay(onOrAfter: $0) ?? $0 }
            } else {
                errors.add("payday", t["schedules.errors.payday"])
            }
        }
        // Changing the series from a day on: a day after its start (on or before it, the whole series changes).
        let from = editingFrom.flatMap { editStart in
            errors.date(input.from, field: "from", today: today, required: false, window: .planning).flatMap {
                $0 > editStart ? $0 : nil
            }
        }
        // A rule with no day between its start and its end never comes.
        if errors.isEmpty, let start, choice.recurrence.next(start: start, onOrAfter: start) == nil {
            errors.add("starts", t["schedules.errors.never"])
        }
        guard errors.isEmpty, let cents, let kind, let start else { return .invalid(errors) }
        return .valid(
            ScheduleDraft(
                name: name,
                cents: cents,
                maxCents: maxCents,
                kind: kind,
                categoryId: categoryId,
                stashId: stashId,
                accountId: accountId,
                repeatChoice: choice,
                start: start,
                weekend: weekend,
                posting: posting,
                note: note,
                from: from,
                paydayOf: paydayOf
            )
        )
    }

    /// The form as a schedule fills it in.
    static func input(_ schedule: Schedule, user: User) -> ScheduleInput {
        let start = schedule.start ?? CalendarDay(year: 2026, month: 1, day: 1)!
        let choice = schedule.recurrence.map { RepeatChoice($0, start: start) } ?? RepeatChoice()
        return ScheduleInput(
            name: schedule.name,
            amount: user.amountValue(schedule.amountCents),
            maxAmount: schedule.maxCents.map { user.amountValue($0) } ?? "",
            target: schedule.stashId.map { SplitPart.value(stashId: $0) } ?? schedule.categoryId.map(String.init),
            account: schedule.accountId.map(String.init) ?? "",
            frequency: choice.frequency.rawValue,
            interval: String(choice.interval),
            weekdays: choice.weekdays.map(String.init),
            monthMode: choice.monthMode.rawValue,
            monthDay: String(choice.monthDay),
            ordinal: String(choice.ordinal),
            weekday: String(choice.weekday),
            month: String(choice.month),
            starts: schedule.startsOn,
            ends: choice.end.rawValue,
            until: choice.until?.description ?? "",
            count: choice.count.map(String.init) ?? "",
            weekend: schedule.weekend.rawValue,
            posting: schedule.posting.rawValue,
            note: schedule.note,
            payday: schedule.paydayOf.map(String.init) ?? ""
        )
    }

    /// A new schedule's form: monthly on today's day, from today, waiting for a tap.
    static func blank(today: CalendarDay) -> ScheduleInput {
        ScheduleInput(
            frequency: Recurrence.Frequency.monthly.rawValue,
            interval: "1",
            weekdays: [String(today.weekday)],
            monthMode: RepeatChoice.MonthMode.day.rawValue,
            monthDay: String(today.day),
            ordinal: "1",
            weekday: String(today.weekday),
            month: String(today.month),
            starts: today.description,
            ends: RepeatChoice.End.never.rawValue,
            weekend: WeekendShift.keep.rawValue,
            posting: Schedule.Posting.confirm.rawValue
        )
    }
}

import Foundation

/// The schedule form's fields, and a schedule's rule in words.
extension ScheduleRules {
    /// Every field, in the order a person fills them in: what, how much, how often, from when, and what happens.
    /// Without JavaScript every field shows; the hints say which frequency a field is for.
    static func fields(
        _ input: ScheduleInput,
        errors: FieldErrors,
        choices: ScheduleChoices,
        editing: Bool = false,
        t: Words
    ) -> [FormField] {
        let target = input.target ?? ""
        let groups: [(label: String, options: [(value: String, label: String)])] =
            [("", [("", t["schedules.form.choose_target"])])]
            + TransactionRules.kinds.map { kind in
                (
                    kind.label(t),
                    choices.categories.filter { $0.kind == kind && !$0.isHidden }.map { (String($0.id ?? 0), $0.name) }
                )
            }
            + [
                (
                    t["budget.split.stashes"],
                    choices.stashes.map {
                        (SplitPart.value(stashId: $0.id ?? 0), t["budget.split.stash_option", ["name": $0.name]])
                    }
                )
            ]
        let dates = t.dates
        let weekdays = Array(1...7)
        let account = AccountFields.from(input.account, accounts: choices.accounts, errors: errors, t: t)
        let fields: [FormField?] = [
            .input(
                "name",
                label: t["schedules.form.name"],
                value: input.name ?? "",
                error: errors["name"],
                hint: t["schedules.form.name_hint"],
                autocomplete: "off",
                required: true,
                autofocus: true
            ),
            .input(
                "amount",
                label: t["schedules.form.amount"],
                value: input.amount ?? "",
                error: errors["amount"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true
            ),
            .input(
                "maxAmount",
                label: t["schedules.form.max_amount"],
                value: input.maxAmount ?? "",
                error: errors["maxAmount"],
                hint: t["schedules.form.max_amount_hint"],
                autocomplete: "off",
                inputmode: "decimal"
            ),
            .select(
                "target",
                label: t["schedules.form.target"],
                value: target,
                groups: groups.filter { !$0.options.isEmpty },
                error: errors["target"],
                hint: t["schedules.form.target_hint"]
            ),
            account,
            choices.paydays.isEmpty
                ? nil
                : .select(
                    "payday",
                    label: t["schedules.form.payday"],
                    value: input.payday ?? "",
                    options: [("", t["schedules.form.payday_none"])]
                        + choices.paydays.map {
                            (String($0.sourceId), t["schedules.form.payday_option", ["name": $0.name]])
                        },
                    error: errors["payday"],
                    hint: t["schedules.form.payday_hint"]
                ),
            .radio(
                "frequency",
                label: t["schedules.form.frequency"],
                value: input.frequency ?? "",
                options: Recurrence.Frequency.allCases.map { ($0.rawValue, frequencyLabel($0, t: t)) },
                error: errors["frequency"]
            ),
            .input(
                "interval",
                label: t["schedules.form.interval"],
                value: input.interval ?? "1",
                type: "number",
                error: errors["interval"],
                hint: t["schedules.form.interval_hint"],
                inputmode: "numeric"
            ),
            .checkboxes(
                "weekdays",
                label: t["schedules.form.weekdays"],
                options: weekdays.map {
                    Choice(
                        value: String($0),
                        label: dates.weekdayName($0),
                        checked: (input.weekdays ?? []).contains(String($0))
                    )
                },
                error: errors["weekdays"],
                hint: t["schedules.form.weekdays_hint"]
            ),
            .radio(
                "monthMode",
                label: t["schedules.form.month_mode"],
                value: input.monthMode ?? "",
                options: [
                    (RepeatChoice.MonthMode.day.rawValue, t["schedules.form.mode_day"]),
                    (RepeatChoice.MonthMode.last.rawValue, t["schedules.form.mode_last"]),
                    (RepeatChoice.MonthMode.weekday.rawValue, t["schedules.form.mode_weekday"]),
                ],
                error: errors["monthMode"]
            ),
            .input(
                "monthDay",
                label: t["schedules.form.month_day"],
                value: input.monthDay ?? "",
                type: "number",
                error: errors["monthDay"],
                hint: t["schedules.form.month_day_hint"],
                inputmode: "numeric"
            ),
            .select(
                "ordinal",
                label: t["schedules.form.ordinal"],
                value: input.ordinal ?? "1",
                options: RepeatChoice.ordinals.map { (String($0), ordinalLabel($0, t: t)) }
            ),
            .select(
                "weekday",
                label: t["schedules.form.weekday"],
                value: input.weekday ?? "1",
                options: weekdays.map { (String($0), dates.weekdayName($0)) }
            ),
            .select(
                "month",
                label: t["schedules.form.month"],
                value: input.month ?? "1",
                options: (1...12).map { (String($0), dates.monthName($0)) },
                error: errors["month"]
            ),
            .input(
                "starts",
                label: t["schedules.form.starts"],
                value: input.starts ?? "",
                type: "date",
                error: errors["starts"],
                hint: t["schedules.form.starts_hint"],
                required: true
            ),
            editing
                ? .input(
                    "from",
                    label: t["schedules.form.from"],
                    value: input.from ?? "",
                    type: "date",
                    error: errors["from"],
                    hint: t["schedules.form.from_hint"]
                ) : nil,
            .radio(
                "ends",
                label: t["schedules.form.ends"],
                value: input.ends ?? "",
                options: [
                    (RepeatChoice.End.never.rawValue, t["schedules.form.ends_never"]),
                    (RepeatChoice.End.on.rawValue, t["schedules.form.ends_on"]),
                    (RepeatChoice.End.after.rawValue, t["schedules.form.ends_after"]),
                ],
                error: errors["ends"]
            ),
            .input(
                "until",
                label: t["schedules.form.until"],
                value: input.until ?? "",
                type: "date",
                error: errors["until"]
            ),
            .input(
                "count",
                label: t["schedules.form.count"],
                value: input.count ?? "",
                type: "number",
                error: errors["count"],
                inputmode: "numeric"
            ),
            .select(
                "weekend",
                label: t["schedules.form.weekend"],
                value: input.weekend ?? "",
                options: WeekendShift.allCases.map { ($0.rawValue, weekendLabel($0, t: t)) },
                error: errors["weekend"]
            ),
            .radio(
                "posting",
                label: t["schedules.form.posting"],
                value: input.posting ?? "",
                options: Schedule.Posting.allCases.map { ($0.rawValue, postingLabel($0, t: t)) },
                error: errors["posting"]
            ),
            .input(
                "note",
                label: t["schedules.form.note"],
                value: input.note ?? "",
                error: errors["note"],
                autocomplete: "off"
            ),
        ]
        return fields.compactMap { $0 }
    }

    static func frequencyLabel(_ frequency: Recurrence.Frequency, t: Words) -> String {
        switch frequency {
        case .daily: t["schedules.frequency.daily"]
        case .weekly: t["schedules.frequency.weekly"]
        case .monthly: t["schedules.frequency.monthly"]
        case .yearly: t["schedules.frequency.yearly"]
        }
    }

    /// "every month", "every 2 weeks"… of a suggestion.
    static func rhythm(_ frequency: Recurrence.Frequency, interval: Int, t: Words) -> String {
        switch (frequency, interval) {
        case (.weekly, 2): t["schedules.suggestions.rhythm.biweekly"]
        case (.weekly, _): t["schedules.suggestions.rhythm.weekly"]
        case (.monthly, 3): t["schedules.suggestions.rhythm.quarterly"]
        case (.monthly, _): t["schedules.suggestions.rhythm.monthly"]
        case (.yearly, _), (.daily, _): t["schedules.suggestions.rhythm.yearly"]
        }
    }

    static func ordinalLabel(_ ordinal: Int, t: Words) -> String {
        switch ordinal {
        case 1: t["schedules.ordinal.first"]
        case 2: t["schedules.ordinal.second"]
        case 3: t["schedules.ordinal.third"]
        case 4: t["schedules.ordinal.fourth"]
        default: t["schedules.ordinal.last"]
        }
    }

    static func weekendLabel(_ shift: WeekendShift, t: Words) -> String {
        switch shift {
        case .keep: t["schedules.weekend.keep"]
        case .before: t["schedules.weekend.before"]
        case .after: t["schedules.weekend.after"]
        }
    }

    static func postingLabel(_ posting: Schedule.Posting, t: Words) -> String {
        switch posting {
        case .auto: t["schedules.posting.auto"]
        case .confirm: t["schedules.posting.confirm"]
        case .expect: t["schedules.posting.expect"]
        }
    }

    /// The rule in words: "Every month on day 15", "Every 2 weeks on Monday, Thursday", "Every year on the last
    /// Friday of November"… A rule the form didn't make reads as its RRULE text.
    static func words(_ schedule: Schedule, t: Words) -> String {
        guard let rule = schedule.recurrence, let start = schedule.start else { return schedule.rule }
        let choice = RepeatChoice(rule, start: start)
        guard choice.recurrence.text == rule.text else { return rule.text }
        let dates = t.dates
        let count = choice.interval
        let on: String =
            switch choice.monthMode {
            case .day: t["schedules.rule.on_day", ["day": String(choice.monthDay)]]
            case .last: t["schedules.rule.on_last_day"]
            case .weekday:
                t[
                    "schedules.rule.on_weekday",
                    ["nth": ordinalLabel(choice.ordinal, t: t), "weekday": dates.weekdayName(choice.weekday)]
                ]
            }
        switch choice.frequency {
        case .daily:
            return t.plural("schedules.rule.daily", count: count)
        case .weekly:
            return t.plural(
                "schedules.rule.weekly",
                count: count,
                ["days": choice.weekdays.map { dates.weekdayName($0) }.joined(separator: ", ")]
            )
        case .monthly:
            return t.plural("schedules.rule.monthly", count: count, ["on": on])
        case .yearly:
            return t.plural("schedules.rule.yearly", count: count, ["on": on, "month": dates.monthName(choice.month)])
        }
    }
}

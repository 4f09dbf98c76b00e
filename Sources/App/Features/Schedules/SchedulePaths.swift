/// The paths of schedules and their occurrences: routes are registered with these, and links fill them in.
enum SchedulePaths {
    static let index = "/schedules"
    static let new = "/schedules/new"
    static let edit = PathPattern("/schedules/:id/edit")
    static let delete = PathPattern("/schedules/:id/delete")
    static let occurrences = PathPattern("/schedules/:id/occurrences")
    static let confirm = PathPattern("/occurrences/:id/confirm")
    static let skip = PathPattern("/occurrences/:id/skip")
    static let dismissSuggestion = "/schedules/suggestions/dismiss"

    /// The new-schedule form filled in from a suggestion: it repeats as the expenses did, from today.
    static func new(_ suggestion: ScheduleSuggestion, amount: String) -> String {
        let day = suggestion.lastDay
        var query: [(String, String)] = [
            ("name", suggestion.name), ("amount", amount), ("frequency", suggestion.frequency.rawValue),
            ("interval", String(suggestion.interval)), ("monthDay", String(day.day)), ("month", String(day.month)),
            ("weekday", String(day.weekday)),
        ]
        if let category = suggestion.categoryId { query.append(("target", String(category))) }
        if let account = suggestion.accountId { query.append(("account", String(account))) }
        return new(query)
    }

    /// The new-schedule form filled in to put money into `stash` on each of `payday`'s days, from its next one, and
    /// to keep to them when they change.
    static func new(into stash: Stash, payday: Payday, today: CalendarDay) -> String {
        guard let rule = payday.schedule.recurrence, let start = payday.schedule.start else { return new }
        let choice = RepeatChoice(rule, start: start)
        let first = payday.schedule.nextRuleDay(onOrAfter: today) ?? today
        return new([
            ("name", stash.name), ("target", SplitPart.value(stashId: stash.id ?? 0)),
            ("payday", String(payday.sourceId)),
            ("frequency", choice.frequency.rawValue), ("interval", String(choice.interval)),
            ("monthDay", String(choice.monthDay)), ("month", String(choice.month)),
            ("weekday", String(choice.weekdays.first ?? choice.weekday)), ("starts", first.description),
        ])
    }

    private static func new(_ query: [(String, String)]) -> String {
        new + "?"
            + query.compactMap { name, value in Paths.queryValue(value).map { "\(name)=\($0)" } }
            .joined(separator: "&")
    }
}

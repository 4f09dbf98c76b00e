import Hummingbird

/// Which stashes the performance list shows: all, those still in progress, or those completed in the period.
enum StatisticsStatus: String, Sendable, CaseIterable {
    case all
    case inProgress = "in-progress"
    case completed

    func label(_ t: Words) -> String {
        switch self {
        case .all: t["statistics.status.all"]
        case .inProgress: t["statistics.status.in_progress"]
        case .completed: t["statistics.status.completed"]
        }
    }

    func includes(_ performance: StashPerformance) -> Bool {
        switch self {
        case .all: true
        case .inProgress: !performance.completed
        case .completed: performance.completed
        }
    }
}

/// Everything a Statistics view is chosen by, read from and written back to the query string, so any view
/// can be bookmarked: `?view=monthly&period=2026-11&filter=saving&status=completed`.
struct StatisticsQuery: Sendable, Equatable {
    var period: StatisticsPeriod
    var filter: StatisticsFilter = .all
    var status: StatisticsStatus = .all

    var unit: StatisticsPeriod.Unit { period.unit }

    /// Reads the query; a missing value takes its default (this month, all, all), a wrong one is a 400 that says
    /// what was expected, in `t`'s words.
    static func parse(_ parameters: Parameters, today: CalendarDay, t: Words) throws -> StatisticsQuery {
        var unit = StatisticsPeriod.Unit.monthly
        if let text = nonEmpty(parameters["view"]) {
            guard let parsed = StatisticsPeriod.Unit(rawValue: text) else {
                throw HTTPError(.badRequest, message: t["statistics.errors.view", ["value": String(shown(text))]])
            }
            unit = parsed
        }
        var period = StatisticsPeriod.containing(today, unit: unit)
        if let text = nonEmpty(parameters["period"]) {
            guard let parsed = StatisticsPeriod.parse(text, unit: unit) else {
                let value = String(shown(text))
                let message =
                    switch unit {
                    case .daily:
                        t["statistics.errors.period.daily", ["value": value, "example": today.description]]
                    case .monthly:
                        t[
                            "statistics.errors.period.monthly",
                            ["value": value, "example": today.monthValue.description]
                        ]
                    case .yearly:
                        t["statistics.errors.period.yearly", ["value": value, "example": String(today.year)]]
                    }
                throw HTTPError(.badRequest, message: message)
            }
            period = parsed
        }
        var query = StatisticsQuery(period: period)
        if let text = nonEmpty(parameters["filter"]) {
            guard let filter = StatisticsFilter(rawValue: text) else {
                throw HTTPError(.badRequest, message: t["statistics.errors.filter", ["value": String(shown(text))]])
            }
            query.filter = filter
        }
        if let text = nonEmpty(parameters["status"]) {
            guard let status = StatisticsStatus(rawValue: text) else {
                throw HTTPError(.badRequest, message: t["statistics.errors.status", ["value": String(shown(text))]])
            }
            query.status = status
        }
        return query
    }

    /// The value without surrounding spaces, or nil if nothing is left. The whole value is parsed, never a prefix.
    private static func nonEmpty(_ value: Substring?) -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// A wrong value as an error message quotes it: at most 40 characters.
    private static func shown(_ text: String) -> Substring {
        text.prefix(40)
    }

    /// The query string of this view (defaults left out), starting with `?`.
    var queryString: String {
        var parts = ["view=\(unit.rawValue)", "period=\(period.value)"]
        if filter != .all { parts.append("filter=\(filter.rawValue)") }
        if status != .all { parts.append("status=\(status.rawValue)") }
        return "?" + parts.joined(separator: "&")
    }

    var path: String { StatisticsPaths.index + queryString }

    func with(period: StatisticsPeriod) -> StatisticsQuery {
        var copy = self
        copy.period = period
        return copy
    }

    func with(filter: StatisticsFilter) -> StatisticsQuery {
        var copy = self
        copy.filter = filter
        return copy
    }

    func with(status: StatisticsStatus) -> StatisticsQuery {
        var copy = self
        copy.status = status
        return copy
    }
}

/// The time frame a Statistics view covers: one day, one month or one year, with its neighbours.
struct StatisticsPeriod: Sendable, Equatable {
    enum Unit: String, Sendable, CaseIterable {
        case daily, monthly, yearly

        /// The tab's label: "Daily", "Monthly", "Yearly".
        func label(_ t: Words) -> String {
            switch self {
            case .daily: t["statistics.unit.daily"]
            case .monthly: t["statistics.unit.monthly"]
            case .yearly: t["statistics.unit.yearly"]
            }
        }
    }

    let unit: Unit
    let first: CalendarDay
    let last: CalendarDay

    /// Years a period may name: wide enough for any real ledger, narrow enough that neighbours always exist.
    static let years = 1000...9998

    static func day(_ day: CalendarDay) -> StatisticsPeriod {
        StatisticsPeriod(unit: .daily, first: day, last: day)
    }

    static func month(_ month: Month) -> StatisticsPeriod {
        StatisticsPeriod(unit: .monthly, first: month.firstDay, last: month.lastDay)
    }

    static func year(_ year: Int) -> StatisticsPeriod {
        StatisticsPeriod(
            unit: .yearly,
            first: CalendarDay(year: year, month: 1, day: 1)!,
            last: CalendarDay(year: year, month: 12, day: 31)!
        )
    }

    /// The period of `unit` that contains `day`.
    static func containing(_ day: CalendarDay, unit: Unit) -> StatisticsPeriod {
        switch unit {
        case .daily: .day(day)
        case .monthly: .month(day.monthValue)
        case .yearly: .year(day.year)
        }
    }

    /// Parses the `period` query value for `unit`: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. Nil if it doesn't fit.
    static func parse(_ text: String, unit: Unit) -> StatisticsPeriod? {
        switch unit {
        case .daily:
            guard let day = CalendarDay(text), years.contains(day.year) else { return nil }
            return .day(day)
        case .monthly:
            guard let month = Month(text), years.contains(month.year) else { return nil }
            return .month(month)
        case .yearly:
            guard text.count == 4, text.allSatisfy(\.isASCIIDigit), let year = Int(text), years.contains(year) else {
                return nil
            }
            return .year(year)
        }
    }

    var month: Month { first.monthValue }

    /// The month a period's monthly summary and month comparison are about: its own month, or for a year its last
    /// complete month (December of a past year; the month before this one in the current year, January at the least).
    func summaryMonth(today: CalendarDay) -> Month {
        guard unit == .yearly else { return month }
        let december = Month(year: year, month: 12)
        let lastComplete = today.monthValue.previous
        guard lastComplete < december else { return december }
        return max(lastComplete, Month(year: year, month: 1))
    }
    var year: Int { first.year }

    /// The query value: `2026-11-22`, `2026-11` or `2026`.
    var value: String {
        switch unit {
        case .daily: first.description
        case .monthly: month.description
        case .yearly: zeroPadded(year, 4)
        }
    }

    /// "Sat, 21 Nov 2026", "November 2026", "2026". A sentence that needs "on" or "in" before it picks its whole
    /// wording by `unit`, since word order differs by language.
    func title(_ t: Words) -> String {
        switch unit {
        case .daily: t.weekdayDate(first)
        case .monthly: t.month(month)
        case .yearly: String(year)
        }
    }

    var previous: StatisticsPeriod {
        switch unit {
        case .daily: .day(first.adding(days: -1))
        case .monthly: .month(month.previous)
        case .yearly: .year(year - 1)
        }
    }

    var next: StatisticsPeriod {
        switch unit {
        case .daily: .day(first.adding(days: 1))
        case .monthly: .month(month.next)
        case .yearly: .year(year + 1)
        }
    }

    /// The months the period touches, in order (one for a day or a month, twelve for a year).
    var months: [Month] {
        var result: [Month] = []
        var month = first.monthValue
        while month <= last.monthValue {
            result.append(month)
            month = month.next
        }
        return result
    }

    /// How the previous period is named in a sentence: "the day before", "last month", "last year".
    func previousName(_ t: Words) -> String {
        switch unit {
        case .daily: t["statistics.period.previous.daily"]
        case .monthly: t["statistics.period.previous.monthly"]
        case .yearly: t["statistics.period.previous.yearly"]
        }
    }

    /// How this period is named in a sentence: "that day", "this month", "this year".
    func thisName(_ t: Words) -> String {
        switch unit {
        case .daily: t["statistics.period.this.daily"]
        case .monthly: t["statistics.period.this.monthly"]
        case .yearly: t["statistics.period.this.yearly"]
        }
    }
}

import Foundation

/// How often a card benefit resets. Pure calendar arithmetic on `CalendarDay`s in the user's time zone, so the
/// state of every benefit rolls over by itself when a new period starts.
public enum BenefitPeriod: String, Sendable, CaseIterable, Codable {
    case monthly, quarterly, semiannual, annual, anniversary

    public var label: String {
        switch self {
        case .monthly: "Monthly"
        case .quarterly: "Quarterly"
        case .semiannual: "Semi-annual"
        case .annual: "Annual (calendar year)"
        case .anniversary: "Annual (card year)"
        }
    }

    /// "month", "quarter"… as in "$15 / month".
    public var unit: String {
        switch self {
        case .monthly: "month"
        case .quarterly: "quarter"
        case .semiannual: "half-year"
        case .annual: "year"
        case .anniversary: "card year"
        }
    }

    /// How many periods make a year (for a benefit's annual value).
    public var perYear: Int64 {
        switch self {
        case .monthly: 12
        case .quarterly: 4
        case .semiannual: 2
        case .annual, .anniversary: 1
        }
    }

    /// The period that contains `day`. `anniversary` is the card's anniversary (its month and day count); without
    /// one, a card-year benefit follows the calendar year.
    public func window(containing day: CalendarDay, anniversary: CalendarDay? = nil) -> PeriodWindow {
        switch self {
        case .monthly:
            return PeriodWindow(start: day.monthValue.firstDay, end: day.monthValue.lastDay)
        case .quarterly:
            let first = (day.month - 1) / 3 * 3 + 1
            return PeriodWindow(start: Month(year: day.year, month: first).firstDay,
                                end: Month(year: day.year, month: first + 2).lastDay)
        case .semiannual:
            let first = day.month <= 6 ? 1 : 7
            return PeriodWindow(start: Month(year: day.year, month: first).firstDay,
                                end: Month(year: day.year, month: first + 5).lastDay)
        case .annual:
            return PeriodWindow(start: Month(year: day.year, month: 1).firstDay, end: Month(year: day.year, month: 12).lastDay)
        case .anniversary:
            guard let anniversary else { return BenefitPeriod.annual.window(containing: day) }
            return CardYear.window(containing: day, anniversary: anniversary)
        }
    }
}

/// A period from `start` to `end`, both days included.
public struct PeriodWindow: Sendable, Hashable {
    public let start: CalendarDay
    public let end: CalendarDay

    /// Days from `today` to the last day of the period (0 on the last day).
    public func daysLeft(from today: CalendarDay) -> Int { today.distance(to: end) }

    /// The period just before this one, of the same kind.
    public func previous(_ period: BenefitPeriod, anniversary: CalendarDay? = nil) -> PeriodWindow {
        period.window(containing: start.adding(days: -1), anniversary: anniversary)
    }
}

/// The card year: from one anniversary (the day the annual fee is charged) to the day before the next.
public enum CardYear {
    /// The anniversary's month and day in `year`; 29 February becomes 28 February in common years.
    public static func occurrence(of anniversary: CalendarDay, in year: Int) -> CalendarDay {
        CalendarDay(year: year, month: anniversary.month, day: min(anniversary.day, Month(year: year, month: anniversary.month).dayCount))!
    }

    public static func window(containing day: CalendarDay, anniversary: CalendarDay) -> PeriodWindow {
        let thisYear = occurrence(of: anniversary, in: day.year)
        let start = thisYear <= day ? thisYear : occurrence(of: anniversary, in: day.year - 1)
        let next = occurrence(of: anniversary, in: start.year + 1)
        return PeriodWindow(start: start, end: next.adding(days: -1))
    }

    /// The next anniversary on or after `today` (when the next annual fee is due).
    public static func nextOccurrence(of anniversary: CalendarDay, onOrAfter today: CalendarDay) -> CalendarDay {
        let thisYear = occurrence(of: anniversary, in: today.year)
        return thisYear >= today ? thisYear : occurrence(of: anniversary, in: today.year + 1)
    }
}

/// How pressing something with a deadline is (CouponTracker seed): 8+ days standard, 4–7 warning, 1–3 urgent,
/// 0 (today) critical.
public enum Urgency: String, Sendable, Comparable {
    case standard, warning, urgent, critical

    public init(daysLeft: Int) {
        switch daysLeft {
        case ..<1: self = .critical
        case 1...3: self = .urgent
        case 4...7: self = .warning
        default: self = .standard
        }
    }

    private var rank: Int {
        switch self {
        case .standard: 0
        case .warning: 1
        case .urgent: 2
        case .critical: 3
        }
    }

    public static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rank < rhs.rank }
}

/// Where a benefit stands in its current period.
public enum BenefitStatus: String, Sendable {
    case available, expiringSoon = "expiring", used, expired

    /// Days left of at most this many make an available benefit "expiring soon".
    public static let soonDays = 7

    /// The status of a benefit in `window` on `today`, given whether it was used in that window.
    public static func of(window: PeriodWindow, today: CalendarDay, used: Bool) -> BenefitStatus {
        if used { return .used }
        let left = window.daysLeft(from: today)
        if left < 0 { return .expired }
        return left <= soonDays ? .expiringSoon : .available
    }

    public var label: String {
        switch self {
        case .available: "Available"
        case .expiringSoon: "Expiring soon"
        case .used: "Used"
        case .expired: "Expired"
        }
    }
}

/// Snooze: a benefit leaves "expiring soon" lists until the day `until` (exclusive end of the snooze).
public enum Snooze {
    public static let choices: [(days: Int, label: String)] = [(1, "1 day"), (3, "3 days"), (7, "1 week")]

    public static func isSnoozed(until: CalendarDay?, today: CalendarDay) -> Bool {
        guard let until else { return false }
        return today < until
    }
}

/// Text for days left: "Expires today", "1 day left", "5 days left".
public func daysLeftText(_ days: Int, verb: String = "Expires") -> String {
    switch days {
    case ..<0: "Expired"
    case 0: "\(verb) today"
    case 1: "\(verb) tomorrow"
    default: "\(days) days left"
    }
}

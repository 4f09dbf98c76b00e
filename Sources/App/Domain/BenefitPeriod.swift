import Foundation

/// How often a card benefit resets. Pure calendar arithmetic on `CalendarDay`s in the user's time zone, so the
/// state of every benefit rolls over by itself when a new period starts.
public enum BenefitPeriod: String, Sendable, CaseIterable, Codable {
    case monthly, quarterly, semiannual, annual, anniversary
    /// Once in four years, like a Global Entry or TSA PreCheck credit. See `fourYears` for the window.
    case everyFourYears = "quadrennial"

    /// The English label, as tests name a period; pages use `label(_:)`.
    public var label: String {
        switch self {
        case .monthly: "Monthly"
        case .quarterly: "Quarterly"
        case .semiannual: "Semi-annual"
        case .annual: "Annual (calendar year)"
        case .anniversary: "Annual (card year)"
        case .everyFourYears: "Once every four years"
        }
    }

    /// "Monthly", "Annual (card year)"… in the member's language, as the forms' choices show it.
    func label(_ t: Words) -> String {
        switch self {
        case .monthly: t["wallet.period.label.monthly"]
        case .quarterly: t["wallet.period.label.quarterly"]
        case .semiannual: t["wallet.period.label.semiannual"]
        case .annual: t["wallet.period.label.annual"]
        case .anniversary: t["wallet.period.label.anniversary"]
        case .everyFourYears: t["wallet.period.label.quadrennial"]
        }
    }

    /// "month", "quarter"… as in "$15 / month", in the member's language.
    func unit(_ t: Words) -> String {
        switch self {
        case .monthly: t["wallet.period.unit.monthly"]
        case .quarterly: t["wallet.period.unit.quarterly"]
        case .semiannual: t["wallet.period.unit.semiannual"]
        case .annual: t["wallet.period.unit.annual"]
        case .anniversary: t["wallet.period.unit.anniversary"]
        case .everyFourYears: t["wallet.period.unit.quadrennial"]
        }
    }

    /// `amount` (already written) for each period: "$15 a month".
    func each(_ amount: String, _ t: Words) -> String {
        switch self {
        case .monthly: t["wallet.period.each.monthly", ["amount": amount]]
        case .quarterly: t["wallet.period.each.quarterly", ["amount": amount]]
        case .semiannual: t["wallet.period.each.semiannual", ["amount": amount]]
        case .annual: t["wallet.period.each.annual", ["amount": amount]]
        case .anniversary: t["wallet.period.each.anniversary", ["amount": amount]]
        case .everyFourYears: t["wallet.period.each.quadrennial", ["amount": amount]]
        }
    }

    /// What a benefit worth `cents` a period is worth in a year: a four-yearly credit counts a quarter of its value
    /// (rounded down to the cent) in each year.
    public func annualCents(_ cents: Int64) -> Int64 {
        switch self {
        case .monthly: cents * 12
        case .quarterly: cents * 4
        case .semiannual: cents * 2
        case .annual, .anniversary: cents
        case .everyFourYears: cents / 4
        }
    }

    /// The period that contains `day`. `anniversary` is the card's anniversary (its month and day count); without
    /// one, a card-year benefit follows the calendar year. `added` is the day the benefit was added, where the user
    /// is: the four-yearly windows count from it.
    public func window(
        containing day: CalendarDay,
        anniversary: CalendarDay? = nil,
        added: CalendarDay? = nil
    ) -> PeriodWindow {
        switch self {
        case .monthly:
            return PeriodWindow(start: day.monthValue.firstDay, end: day.monthValue.lastDay)
        case .quarterly:
            let first = (day.month - 1) / 3 * 3 + 1
            return PeriodWindow(
                start: Month(year: day.year, month: first).firstDay,
                end: Month(year: day.year, month: first + 2).lastDay
            )
        case .semiannual:
            let first = day.month <= 6 ? 1 : 7
            return PeriodWindow(
                start: Month(year: day.year, month: first).firstDay,
                end: Month(year: day.year, month: first + 5).lastDay
            )
        case .annual:
            return PeriodWindow(
                start: Month(year: day.year, month: 1).firstDay,
                end: Month(year: day.year, month: 12).lastDay
            )
        case .anniversary:
            guard let anniversary else { return BenefitPeriod.annual.window(containing: day) }
            return CardYear.window(containing: day, anniversary: anniversary)
        case .everyFourYears:
            return Self.fourYears(containing: day, anniversary: anniversary, added: added)
        }
    }

    /// Issuers grant these credits once in four years. Here the four years are four card years (calendar years
    /// without an anniversary) counted from the one the benefit was added in, so a new card's credit is open for
    /// four full years and each card year lies in exactly one window: the fee's return counts a quarter of the credit
    /// in each. Without the day it was added, the windows follow a fixed cycle starting in 2024.
    static func fourYears(containing day: CalendarDay, anniversary: CalendarDay?, added: CalendarDay?) -> PeriodWindow {
        func cardYear(_ day: CalendarDay) -> Int {
            BenefitPeriod.anniversary.window(containing: day, anniversary: anniversary).start.year
        }
        let year = cardYear(day)
        let base = added.map(cardYear) ?? 2024
        let offset = year - base
        let first = base + (offset >= 0 ? offset / 4 : -((3 - offset) / 4)) * 4
        func yearStart(_ year: Int) -> CalendarDay {
            anniversary.map { CardYear.occurrence(of: $0, in: year) } ?? Month(year: year, month: 1).firstDay
        }
        return PeriodWindow(start: yearStart(first), end: yearStart(first + 4).adding(days: -1))
    }
}

/// A period from `start` to `end`, both days included.
public struct PeriodWindow: Sendable, Hashable {
    public let start: CalendarDay
    public let end: CalendarDay

    /// Days from `today` to the last day of the period (0 on the last day).
    public func daysLeft(from today: CalendarDay) -> Int { today.distance(to: end) }

    /// The period just before this one, of the same kind.
    public func previous(
        _ period: BenefitPeriod,
        anniversary: CalendarDay? = nil,
        added: CalendarDay? = nil
    ) -> PeriodWindow {
        period.window(containing: start.adding(days: -1), anniversary: anniversary, added: added)
    }
}

/// The card year: from one anniversary (the day the annual fee is charged) to the day before the next.
public enum CardYear {
    /// The anniversary's month and day in `year`; 29 February becomes 28 February in common years.
    public static func occurrence(of anniversary: CalendarDay, in year: Int) -> CalendarDay {
        CalendarDay(
            year: year,
            month: anniversary.month,
            day: min(anniversary.day, Month(year: year, month: anniversary.month).dayCount)
        )!
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
    case available
    case expiringSoon = "expiring"
    case used, expired

    /// Days left of at most this many make an available benefit "expiring soon".
    public static let soonDays = 7

    /// The status of a benefit in `window` on `today`, given whether it was used in that window.
    public static func of(window: PeriodWindow, today: CalendarDay, used: Bool) -> BenefitStatus {
        if used { return .used }
        let left = window.daysLeft(from: today)
        if left < 0 { return .expired }
        return left <= soonDays ? .expiringSoon : .available
    }

    /// The status in the member's language (read out before a benefit's dates).
    func label(_ t: Words) -> String {
        switch self {
        case .available: t["wallet.benefit.status.available"]
        case .expiringSoon: t["wallet.benefit.status.expiring"]
        case .used: t["wallet.benefit.status.used"]
        case .expired: t["wallet.benefit.status.expired"]
        }
    }
}

/// Snooze: a benefit leaves "expiring soon" lists until the day `until` (exclusive end of the snooze).
public enum Snooze {
    /// The snooze lengths offered, in days.
    public static let days = [1, 3, 7]

    /// The choices with their labels in the member's language: "Snooze 1 day", "Snooze 3 days", "Snooze 1 week".
    static func choices(_ t: Words) -> [(days: Int, label: String)] {
        days.map { days in
            (days, days == 7 ? t["wallet.benefit.snooze.week"] : t.plural("wallet.benefit.snooze.days", count: days))
        }
    }

    public static func isSnoozed(until: CalendarDay?, today: CalendarDay) -> Bool {
        guard let until else { return false }
        return today < until
    }
}

/// Text for days left, in the member's language: "Expires today", "Expires tomorrow", "5 days left".
func daysLeftText(_ days: Int, _ t: Words) -> String {
    switch days {
    case ..<0: t["wallet.days_left.expired"]
    case 0: t["wallet.days_left.today"]
    case 1: t["wallet.days_left.tomorrow"]
    default: t.plural("wallet.days_left.days", count: days)
    }
}

import Foundation

/// A repeating date: the part of an RFC 5545 recurrence rule (RRULE) that money schedules need, kept as the rule's
/// text. Every N days, weeks (on chosen weekdays), months (on days of the month, counted from the end too, or the nth
/// weekday) or years (in chosen months), with BYSETPOS to pick among a period's days, and an end by COUNT or UNTIL.
///
/// Occurrences follow the RFC as python-dateutil reads it: a day the rule names that a month lacks (the 31st in
/// April) is skipped, and the start day is the first occurrence only when the rule names it. "The 31st, or the last
/// day of a shorter month" is `BYMONTHDAY=28,29,30,31;BYSETPOS=-1`.
public struct Recurrence: Sendable, Hashable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"
    }

    /// A weekday (1 = Monday … 7 = Sunday), with its place in the month when it has one (2 = second, −1 = last).
    public struct Weekday: Sendable, Hashable {
        public var ordinal: Int?
        public var weekday: Int

        public init(_ weekday: Int, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        static let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

        var text: String { (ordinal.map(String.init) ?? "") + Self.codes[weekday - 1] }

        init?(text: Substring) {
            guard text.count >= 2, let weekday = Self.codes.firstIndex(of: String(text.suffix(2))) else { return nil }
            let number = text.dropLast(2)
            if number.isEmpty {
                ordinal = nil
            } else {
                guard let value = Int(number), value != 0, (-5...5).contains(value) else { return nil }
                ordinal = value
            }
            self.weekday = weekday + 1
        }
    }

    public var frequency: Frequency
    public var interval = 1
    public var byMonth: [Int] = []
    public var byMonthDay: [Int] = []
    public var byDay: [Weekday] = []
    public var bySetPos: [Int] = []
    public var count: Int?
    public var until: CalendarDay?

    public init(
        _ frequency: Frequency,
        interval: Int = 1,
        byMonth: [Int] = [],
        byMonthDay: [Int] = [],
        byDay: [Weekday] = [],
        bySetPos: [Int] = [],
        count: Int? = nil,
        until: CalendarDay? = nil
    ) {
        self.frequency = frequency
        self.interval = interval
        self.byMonth = byMonth
        self.byMonthDay = byMonthDay
        self.byDay = byDay
        self.bySetPos = bySetPos
        self.count = count
        self.until = until
    }

    // MARK: - Text

    /// Reads a rule such as `FREQ=MONTHLY;BYDAY=-1FR;COUNT=12`. Nil for anything outside the subset: another part,
    /// a value out of range, a part given twice, both COUNT and UNTIL, a weekday's place outside a month or year
    /// rule, or a year rule that names days without naming its months.
    public init?(rule text: String) {
        var parts: [String: Substring] = [:]
        for part in text.uppercased().split(separator: ";", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[1].isEmpty else { return nil }
            let key = pair[0].uppercased()
            guard parts[key] == nil else { return nil }
            parts[key] = pair[1]
        }
        guard let frequencyText = parts.removeValue(forKey: "FREQ"),
            let frequency = Frequency(rawValue: frequencyText.uppercased())
        else { return nil }
        self.frequency = frequency
        func numbers(_ key: String, _ range: ClosedRange<Int>) -> [Int]?? {
            guard let value = parts.removeValue(forKey: key) else { return .some(nil) }
            let list = value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard list.allSatisfy({ $0.map { range.contains($0) && $0 != 0 } ?? false }) else { return nil }
            return .some(list.compactMap { $0 })
        }
        guard let interval = numbers("INTERVAL", 1...999), let byMonth = numbers("BYMONTH", 1...12),
            let byMonthDay = numbers("BYMONTHDAY", -31...31), let bySetPos = numbers("BYSETPOS", -366...366),
            let count = numbers("COUNT", 1...9_999)
        else { return nil }
        guard (interval ?? [1]).count == 1, (count ?? [1]).count == 1 else { return nil }
        self.interval = interval?.first ?? 1
        self.byMonth = Array(Set(byMonth ?? [])).sorted()
        self.byMonthDay = Array(Set(byMonthDay ?? [])).sorted()
        self.bySetPos = Array(Set(bySetPos ?? [])).sorted()
        self.count = count?.first
        if let days = parts.removeValue(forKey: "BYDAY") {
            let list = days.split(separator: ",", omittingEmptySubsequences: false).map { Weekday(text: $0) }
            guard list.allSatisfy({ $0 != nil }) else { return nil }
            byDay = Array(Set(list.compactMap { $0 })).sorted {
                ($0.ordinal ?? 0, $0.weekday) < ($1.ordinal ?? 0, $1.weekday)
            }
        }
        if let untilText = parts.removeValue(forKey: "UNTIL") {
            guard untilText.count == 8, untilText.allSatisfy(\.isASCII),
                let day = CalendarDay(
                    "\(untilText.prefix(4))-\(untilText.dropFirst(4).prefix(2))-\(untilText.suffix(2))"
                )
            else { return nil }
            until = day
        }
        guard parts.isEmpty, count == nil || until == nil else { return nil }
        // A weekday's place means something only within a month (or a year's chosen months).
        let placed = byDay.contains { $0.ordinal != nil }
        guard !placed || frequency == .monthly || (frequency == .yearly && !self.byMonth.isEmpty) else { return nil }
        guard frequency != .yearly || !self.byMonth.isEmpty || (self.byMonthDay.isEmpty && byDay.isEmpty) else {
            return nil
        }
        // A list of weekdays either all have a place or none has (the RFC and its readers differ on a mix).
        guard !placed || byDay.allSatisfy({ $0.ordinal != nil }) else { return nil }
        // A week names its days by weekday only.
        guard frequency != .weekly || self.byMonthDay.isEmpty else { return nil }
    }

    /// The rule as RRULE text, its parts in a fixed order (INTERVAL left out when it is 1).
    public var text: String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.text).joined(separator: ",")) }
        if !bySetPos.isEmpty { parts.append("BYSETPOS=" + bySetPos.map(String.init).joined(separator: ",")) }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=" + until.description.replacingOccurrences(of: "-", with: "")) }
        return parts.joined(separator: ";")
    }

    // MARK: - Occurrences

    /// How far the rule looks for its next day: a rule with nothing in one Gregorian cycle of 400 years never occurs
    /// again.
    static let horizonYears = 400

    /// The rule's days from `start`, in order: those on or after `from` (the start when nil) and not after `through`,
    /// at most `limit`.
    public func occurrences(
        start: CalendarDay,
        from: CalendarDay? = nil,
        through: CalendarDay? = nil,
        limit: Int
    ) -> [CalendarDay] {
        var result: [CalendarDay] = []
        guard limit > 0 else { return result }
        var seen = 0
        // Without COUNT no day before `from` matters: the search begins at the period before the one `from` is in.
        var period = count == nil ? from.map { firstPeriod(start: start, from: $0) } ?? 0 : 0
        // The search ends a cycle after the latest day found (or where it began).
        let began = period == 0 ? start : from ?? start
        var last = CalendarDay(year: began.year + Self.horizonYears, month: 12, day: 31)!
        while true {
            guard let days = candidates(period: period, start: start, last: last) else { return result }
            period += 1
            for day in days where day >= start {
                if let until, day > until { return result }
                if let through, day > through { return result }
                if let count, seen >= count { return result }
                seen += 1
                last = CalendarDay(year: day.year + Self.horizonYears, month: 12, day: 31)!
                if let from, day < from { continue }
                result.append(day)
                if result.count == limit { return result }
            }
        }
    }

    /// The period before the one that holds `from` (0 when that is the start's): a period's days all lie in it, so
    /// none before it can be on or after `from`.
    private func firstPeriod(start: CalendarDay, from: CalendarDay) -> Int {
        let units: Int
        switch frequency {
        case .daily: units = start.distance(to: from)
        case .weekly: units = start.adding(days: 1 - start.weekday).distance(to: from) / 7
        case .monthly: units = (from.year - start.year) * 12 + from.month - start.month
        case .yearly: units = from.year - start.year
        }
        return max(0, units / interval - 1)
    }

    /// The first day of the rule on or after `day`, if it has one.
    public func next(start: CalendarDay, onOrAfter day: CalendarDay) -> CalendarDay? {
        occurrences(start: start, from: day, limit: 1).first
    }

    /// The days of the `period`-th period after the start's (sorted, BYSETPOS applied); nil once past `last`.
    private func candidates(period: Int, start: CalendarDay, last: CalendarDay) -> [CalendarDay]? {
        let steps = period * interval
        var days: [CalendarDay]
        switch frequency {
        case .daily:
            let day = start.adding(days: steps)
            guard day <= last else { return nil }
            days = matchesLimits(day) ? [day] : []
        case .weekly:
            // Weeks start on Monday (RFC 5545's default WKST).
            let weekStart = start.adding(days: 1 - start.weekday + steps * 7)
            guard weekStart <= last else { return nil }
            let weekdays = byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)
            days = Set(weekdays).sorted().map { weekStart.adding(days: $0 - 1) }
                .filter { byMonth.isEmpty || byMonth.contains($0.month) }
        case .monthly:
            let index = start.year * 12 + start.month - 1 + steps
            let month = Month(year: index / 12, month: index % 12 + 1)
            guard month.firstDay <= last else { return nil }
            days = byMonth.isEmpty || byMonth.contains(month.month) ? monthDays(month, start: start) : []
        case .yearly:
            let year = start.year + steps
            guard year <= last.year else { return nil }
            let months = byMonth.isEmpty ? [start.month] : byMonth
            days = months.flatMap { monthDays(Month(year: year, month: $0), start: start) }
        }
        return setPositions(days)
    }

    /// A month's days by BYMONTHDAY and BYDAY (both: the days in each), or the start's day of the month.
    private func monthDays(_ month: Month, start: CalendarDay) -> [CalendarDay] {
        let count = month.dayCount
        let byNumber: Set<Int>? =
            byMonthDay.isEmpty
            ? nil
            : Set(
                byMonthDay.compactMap { value in
                    let day = value > 0 ? value : count + 1 + value
                    return (1...count).contains(day) ? day : nil
                }
            )
        var byWeekday: Set<Int>?
        if !byDay.isEmpty {
            var days = Set<Int>()
            let firstWeekday = month.firstDay.weekday
            for rule in byDay {
                let first = (rule.weekday - firstWeekday + 7) % 7 + 1
                let all = Array(stride(from: first, through: count, by: 7))
                if let ordinal = rule.ordinal {
                    let index = ordinal > 0 ? ordinal - 1 : all.count + ordinal
                    if all.indices.contains(index) { days.insert(all[index]) }
                } else {
                    days.formUnion(all)
                }
            }
            byWeekday = days
        }
        let chosen: Set<Int> =
            switch (byNumber, byWeekday) {
            case (let numbers?, let weekdays?): numbers.intersection(weekdays)
            case (let numbers?, nil): numbers
            case (nil, let weekdays?): weekdays
            case (nil, nil): start.day <= count ? [start.day] : []
            }
        return chosen.sorted().map { CalendarDay(year: month.year, month: month.month, day: $0)! }
    }

    /// Whether a day of a daily rule passes its BYMONTH, BYMONTHDAY and BYDAY.
    private func matchesLimits(_ day: CalendarDay) -> Bool {
        if !byMonth.isEmpty, !byMonth.contains(day.month) { return false }
        if !byMonthDay.isEmpty {
            let count = day.monthValue.dayCount
            guard byMonthDay.contains(where: { ($0 > 0 ? $0 : count + 1 + $0) == day.day }) else { return false }
        }
        if !byDay.isEmpty, !byDay.contains(where: { $0.weekday == day.weekday }) { return false }
        return true
    }

    /// BYSETPOS: the period's days at those places (1 = first, −1 = last), in order.
    private func setPositions(_ days: [CalendarDay]) -> [CalendarDay] {
        guard !bySetPos.isEmpty else { return days }
        let picked = bySetPos.compactMap { position -> CalendarDay? in
            let index = position > 0 ? position - 1 : days.count + position
            return days.indices.contains(index) ? days[index] : nil
        }
        return Array(Set(picked)).sorted()
    }
}

/// What a schedule does with an occurrence that falls on a Saturday or Sunday.
public enum WeekendShift: String, Sendable, CaseIterable, Codable {
    /// Keeps the day.
    case keep
    /// Moves to the Friday before.
    case before
    /// Moves to the Monday after.
    case after

    public func apply(to day: CalendarDay) -> CalendarDay {
        guard day.weekday >= 6 else { return day }
        switch self {
        case .keep: return day
        case .before: return day.adding(days: 5 - day.weekday)
        case .after: return day.adding(days: 8 - day.weekday)
        }
    }
}

import Foundation

/// A calendar date (`YYYY-MM-DD`) in the user's time zone, with no time of day.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Month(year: year, month: month).dayCount).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (what `<input type="date">` sends); anything else, or a date that doesn't
    /// exist (31 April, 29 February in a common year), is nil.
    public init?(_ text: String) {
        // Read as bytes: dates are parsed for every row of some pages, and this is several times faster than
        // trimming and splitting the string.
        var bytes = Substring(text).utf8[...]
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            bytes = bytes.dropFirst()
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes = bytes.dropLast()
        }
        guard bytes.count == 10 else { return nil }
        var digits: [Int] = []
        digits.reserveCapacity(8)
        for (offset, byte) in bytes.enumerated() {
            if offset == 4 || offset == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                digits.append(Int(byte - UInt8(ascii: "0")))
            }
        }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        self.init(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
    }

    /// Today where the user is.
    public static func today(in timeZone: TimeZone, now: Date) -> CalendarDay {
        // The zone's offset at that instant, then civil arithmetic: building a `Calendar` for every request was a
        // measurable share of a page.
        utc(of: now.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: now))))
    }

    public var description: String {
        // Built by hand: `String(format:)` goes through Foundation's formatter and showed up in page profiles.
        zeroPadded(year, 4) + "-" + zeroPadded(month, 2) + "-" + zeroPadded(day, 2)
    }

    /// The calendar day of `instant` in UTC, without building a `Calendar` (days since 1970-01-01 to a civil date).
    public static func utc(of instant: Date) -> CalendarDay {
        let days = Int((instant.timeIntervalSince1970 / 86_400).rounded(.down))
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return CalendarDay(year: year, month: month, day: day) ?? CalendarDay(year: 1970, month: 1, day: 1)!
    }

    /// 1970-01-01, the first day of Unix time.
    static let epoch = CalendarDay(year: 1970, month: 1, day: 1)!

    /// The instant the day begins in `timeZone`: its midnight in UTC, less the zone's offset at that moment (guessed
    /// from the same wall time in UTC, then taken at the guess, so a clock change that day is counted).
    func start(in timeZone: TimeZone) -> Date {
        let utcMidnight = Date(timeIntervalSince1970: TimeInterval(Self.epoch.distance(to: self)) * 86_400)
        let guess = utcMidnight.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utcMidnight)))
        return utcMidnight.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
    }

    public var monthValue: Month { Month(year: year, month: month) }

    /// 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        // Zeller-style: days since a known Monday (0001-01-01 is a Monday in the proleptic Gregorian calendar).
        let days = ordinal
        return (days % 7) + 1
    }

    /// Days since 0001-01-01.
    var ordinal: Int {
        let y = year - 1
        var days = y * 365 + y / 4 - y / 100 + y / 400
        for m in 1..<month { days += Month(year: year, month: m).dayCount }
        return days + day - 1
    }

    public func adding(days: Int) -> CalendarDay {
        var result = self
        var remaining = days
        while remaining > 0 {
            let last = result.monthValue.dayCount
            if result.day + remaining <= last {
                return CalendarDay(year: result.year, month: result.month, day: result.day + remaining)!
            }
            remaining -= last - result.day + 1
            result = result.monthValue.next.firstDay
        }
        while remaining < 0 {
            if result.day + remaining >= 1 {
                return CalendarDay(year: result.year, month: result.month, day: result.day + remaining)!
            }
            remaining += result.day
            result = result.monthValue.previous.lastDay
        }
        return result
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A calendar month (`YYYY-MM`).
public struct Month: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses exactly `YYYY-MM`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), (1...9999).contains(year), (1...12).contains(month)
        else { return nil }
        self.init(year: year, month: month)
    }

    public var description: String { zeroPadded(year, 4) + "-" + zeroPadded(month, 2) }

    public var isLeapYear: Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public var dayCount: Int {
        switch month {
        case 2: isLeapYear ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public var firstDay: CalendarDay { CalendarDay(year: year, month: month, day: 1)! }
    public var lastDay: CalendarDay { CalendarDay(year: year, month: month, day: dayCount)! }
    /// Every day of the month, in order.
    public var days: [CalendarDay] { (1...dayCount).map { CalendarDay(year: year, month: month, day: $0)! } }
    public var next: Month { month == 12 ? Month(year: year + 1, month: 1) : Month(year: year, month: month + 1) }
    public var previous: Month { month == 1 ? Month(year: year - 1, month: 12) : Month(year: year, month: month - 1) }

    public static let names = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]

    public static func < (lhs: Month, rhs: Month) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

extension CalendarDay {
    /// Whole days from this day to `other`.
    func distance(to other: CalendarDay) -> Int {
        other.ordinal - ordinal
    }
}

/// `value` in decimal with leading zeros to `width` digits (for non-negative values).
func zeroPadded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

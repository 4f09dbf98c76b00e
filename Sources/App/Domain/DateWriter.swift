import Foundation
import Synchronization

/// How one language in one region writes dates, months and weekdays, from Foundation's CLDR patterns
/// (`Date.FormatStyle` with the skeletons `yMMMd`, `MMMd`, `yMMMEd`, `yMMMM`, `yMMM`).
///
/// Dates are calendar days, never instants, so each pattern is learnt once per month (and weekday) when the writer
/// is made, with the day and year left as slots; writing a date then fills the slots without calling into ICU,
/// which costs microseconds a date. `DateWriterTests` checks every day of several years against Foundation, and
/// the main locales against Babel.
struct DateWriter: Sendable {
    /// The locale dates are written in: the language with the region's country (`en-DE`, `fr-CH`).
    let locale: Locale
    /// The first day of the week where the region is (`CalendarDay.weekday` counts: 1 = Monday … 7 = Sunday).
    let firstWeekday: Int
    private let dates: [Template]
    private let dayMonths: [Template]
    /// By month, then by weekday (Monday first).
    private let weekdayDates: [[Template]]
    private let months: [Template]
    private let shortMonths: [Template]
    private let monthNames: [String]
    private let weekdayNames: [String]

    init(language: Language, region: Region) {
        let country = region.identifier.split(separator: "-").last.map(String.init) ?? "US"
        let locale = Locale(identifier: "\(language.rawValue)-\(country)")
        self.locale = locale
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Foundation counts 1 = Sunday; days here count 1 = Monday.
        firstWeekday = (calendar.firstWeekday + 5) % 7 + 1
        let base = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
            calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        }
        func learn(_ style: Date.FormatStyle, month: Int, day: Int = 23) -> Template {
            Template(noon(Template.probeYear, month, day).formatted(style), day: day)
        }
        let dateStyle = base.year().month(.abbreviated).day()
        let dayMonthStyle = base.month(.abbreviated).day()
        let weekdayDateStyle = base.weekday(.abbreviated).year().month(.abbreviated).day()
        dates = (1...12).map { learn(dateStyle, month: $0) }
        dayMonths = (1...12).map { learn(dayMonthStyle, month: $0) }
        months = (1...12).map { learn(base.year().month(.wide), month: $0) }
        shortMonths = (1...12).map { learn(base.year().month(.abbreviated), month: $0) }
        weekdayDates = (1...12).map { month in
            (1...7).map { weekday in
                // The day of this month in the probe year (from the 10th, so it has two digits) on that weekday.
                let day = (10...16).first {
                    CalendarDay(year: Template.probeYear, month: month, day: $0)!.weekday == weekday
                }!
                return learn(weekdayDateStyle, month: month, day: day)
            }
        }
        monthNames = (1...12).map { noon(Template.probeYear, $0, 1).formatted(base.month(.wide)) }
        // 2026-11-23 is a Monday.
        weekdayNames = (0..<7).map { noon(2026, 11, 23 + $0).formatted(base.weekday(.abbreviated)) }
    }

    /// The writer for `language` in `region`, made at its first use and kept for the life of the process.
    static func of(_ language: Language, _ region: Region) -> DateWriter {
        let key = language.rawValue + "|" + region.identifier
        if let known = made.withLock({ $0[key] }) { return known }
        let writer = DateWriter(language: language, region: region)
        return made.withLock { made in
            if let known = made[key] { return known }
            made[key] = writer
            return writer
        }
    }

    private static let made = Mutex<[String: DateWriter]>([:])

    /// "Nov 23, 2026", "23. Nov. 2026", "23 nov. 2026", "23 nov 2026".
    func date(_ day: CalendarDay) -> String { dates[day.month - 1].fill(day: day.day, year: day.year) }
    /// "Nov 23", "23. Nov.", "23 nov.".
    func dayMonth(_ day: CalendarDay) -> String { dayMonths[day.month - 1].fill(day: day.day, year: day.year) }
    /// "Mon, Nov 23, 2026".
    func weekdayDate(_ day: CalendarDay) -> String {
        weekdayDates[day.month - 1][day.weekday - 1].fill(day: day.day, year: day.year)
    }
    /// "November 2026", "noviembre de 2026".
    func month(_ month: Month) -> String { months[month.month - 1].fill(day: 1, year: month.year) }
    /// "Nov 2026".
    func monthShort(_ month: Month) -> String { shortMonths[month.month - 1].fill(day: 1, year: month.year) }
    /// A month's name (1 = January) as it stands alone: "November", "novembre".
    func monthName(_ number: Int) -> String { monthNames[number - 1] }
    /// A weekday's short name (1 = Monday … 7 = Sunday).
    func weekdayShort(_ weekday: Int) -> String { weekdayNames[weekday - 1] }

    /// A date as Foundation writes it, with the probe's year and day as slots.
    private struct Template: Sendable {
        static let probeYear = 2026

        private enum Piece: Sendable {
            case text(String)
            case day, year
        }

        private let pieces: [Piece]

        /// `text` is a date of `probeYear` on `day` (two digits): its runs of digits are the year and the day.
        init(_ text: String, day: Int) {
            var pieces: [Piece] = []
            var literal = ""
            var digits = ""
            func flushDigits() {
                guard !digits.isEmpty else { return }
                if digits == String(Self.probeYear) {
                    pieces.append(.year)
                } else if digits == String(day) {
                    pieces.append(.day)
                } else {
                    literal += digits
                }
                digits = ""
            }
            for character in text {
                if character.isASCII && character.isNumber {
                    if digits.isEmpty && !literal.isEmpty {
                        pieces.append(.text(literal))
                        literal = ""
                    }
                    digits.append(character)
                } else {
                    if !digits.isEmpty {
                        flushDigits()
                    }
                    literal.append(character)
                }
            }
            flushDigits()
            if !literal.isEmpty { pieces.append(.text(literal)) }
            self.pieces = pieces
        }

        func fill(day: Int, year: Int) -> String {
            var result = ""
            result.reserveCapacity(24)
            for piece in pieces {
                switch piece {
                case .text(let text): result += text
                case .day: result += String(day)
                case .year: result += String(year)
                }
            }
            return result
        }
    }
}

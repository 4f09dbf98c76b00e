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
    private let monthAbbreviations: [String]
    private let monthInitials: [String]
    private let weekdayNames: [String]
    private let weekdayFullNames: [String]

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
        monthAbbreviations = (1...12).map { noon(Template.probeYear, $0, 1).formatted(base.month(.abbreviated)) }
        monthInitials = (1...12).map { noon(Template.probeYear, $0, 1).formatted(base.month(.narrow)) }
        // 2026-11-23 is a Monday.
        weekdayNames = (0..<7).map { noon(2026, 11, 23 + $0).formatted(base.weekday(.abbreviated)) }
        weekdayFullNames = (0..<7).map { noon(2026, 11, 23 + $0).formatted(base.weekday(.wide)) }
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
    /// A month's short name as it stands alone: "Nov", "nov.", "juil.".
    func monthShortName(_ number: Int) -> String { monthAbbreviations[number - 1] }
    /// A month's initial, for a narrow axis: "N".
    func monthInitial(_ number: Int) -> String { monthInitials[number - 1] }
    /// A weekday's short name (1 = Monday … 7 = Sunday).
    func weekdayShort(_ weekday: Int) -> String { weekdayNames[weekday - 1] }
    /// A weekday's full name (1 = Monday … 7 = Sunday): "Monday", "lundi".
    func weekdayName(_ weekday: Int) -> String { weekdayFullNames[weekday - 1] }

    /// The weekdays in the order a week runs where the region is, its first day first.
    var week: [Int] { (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 } }

    /// How many days of its week come before `day` where the region is: 0 for the week's first day.
    func column(of day: CalendarDay) -> Int { (day.weekday - firstWeekday + 7) % 7 }

    /// A day written the way this writer (or English) writes dates, for a browser that offers a text box instead
    /// of a date picker: "23. Nov. 2026", "Nov 23, 2026", "lun. 23 nov. 2026", "23 November 2026". The month must
    /// be a word (a number alone can't say which of day and month comes first); a weekday is ignored. Nil for
    /// anything else.
    func day(from text: String) -> CalendarDay? {
        var numbers: [Substring] = []
        var words: [String] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first.isNumber {
                let run = rest.prefix(while: \.isNumber)
                numbers.append(run)
                rest = rest.dropFirst(run.count)
            } else if first.isLetter {
                let run = rest.prefix(while: \.isLetter)
                words.append(Self.folded(run))
                rest = rest.dropFirst(run.count)
            } else {
                rest = rest.dropFirst()
            }
        }
        guard numbers.count == 2 else { return nil }
        let (yearText, dayText) = numbers[0].count == 4 ? (numbers[0], numbers[1]) : (numbers[1], numbers[0])
        guard yearText.count == 4, dayText.count <= 2, let year = Int(yearText), let dayNumber = Int(dayText) else {
            return nil
        }
        // A weekday's short name can read as a month too ("mar." is mardi and mars): then the month is the word
        // that isn't a weekday, or the later one when both are ("mar, 3 mar 2026").
        var months = words.compactMap(month(named:))
        if months.count > 1 {
            let named = words.filter { !isWeekday($0) }.compactMap(month(named:))
            months = named.isEmpty ? [months[months.count - 1]] : named
        }
        guard months.count == 1 else { return nil }
        return CalendarDay(year: year, month: months[0], day: dayNumber)
    }

    private static let englishWeekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Whether a word is a weekday's name, whole or shortened, in this language or English.
    private func isWeekday(_ word: String) -> Bool {
        (weekdayFullNames.map { Self.folded($0[...]) } + Self.englishWeekdays).contains { $0.hasPrefix(word) }
    }

    /// The month (1…12) a word names, whole or shortened to three letters or more, in this language or English.
    private func month(named word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        for names in [monthNames, Month.names] {
            let matches = names.indices.filter { Self.folded(names[$0][...]).hasPrefix(word) }
            if matches.count == 1 { return matches[0] + 1 }
        }
        return nil
    }

    private static func folded(_ text: Substring) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

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

import Foundation
import Testing

@testable import App

@Suite("Date writer")
struct DateWriterTests {
    static let pairs: [(Language, Region)] =
        Language.allCases.flatMap { language in
            ["en-US", "en-GB", "de-DE", "de-CH", "fr-FR", "fr-CA", "es-ES", "es-MX"].compactMap(Region.init).map {
                (language, $0)
            }
        }

    @Test("every day of four years is written as Foundation writes it, in every language and several regions")
    func matchesFoundation() {
        for (language, region) in Self.pairs {
            let writer = DateWriter(language: language, region: region)
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = writer.locale
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let base = Date.FormatStyle(locale: writer.locale, calendar: calendar, timeZone: calendar.timeZone)
            var day = CalendarDay(year: 2024, month: 1, day: 1)!
            while day.year < 2028 {
                let date = calendar.date(
                    from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)
                )!
                let tag = "\(writer.locale.identifier) \(day)"
                #expect(writer.date(day) == date.formatted(base.year().month(.abbreviated).day()), "\(tag)")
                #expect(writer.dayMonth(day) == date.formatted(base.month(.abbreviated).day()), "\(tag)")
                #expect(
                    writer.weekdayDate(day)
                        == date.formatted(base.weekday(.abbreviated).year().month(.abbreviated).day()),
                    "\(tag)"
                )
                if day.day == 1 {
                    #expect(writer.month(day.monthValue) == date.formatted(base.year().month(.wide)), "\(tag)")
                    #expect(
                        writer.monthShort(day.monthValue) == date.formatted(base.year().month(.abbreviated)),
                        "\(tag)"
                    )
                }
                day = day.adding(days: 1)
            }
        }
    }

    @Test("dates, months and the first weekday agree with Babel in the United States, Germany, France and Spain")
    func matchesBabel() throws {
        var cases: [[String: Any]] = []
        var ours: [String] = []
        let days = ["2026-01-05", "2026-03-23", "2026-05-09", "2026-11-23", "2027-12-31"].compactMap(CalendarDay.init)
        for identifier in ["en-US", "de-DE", "fr-FR", "es-ES"] {
            let region = Region(identifier)!
            let language = Language(rawValue: String(identifier.prefix(2)))!
            let writer = DateWriter(language: language, region: region)
            for day in days {
                for (skeleton, text) in [
                    ("yMMMd", writer.date(day)), ("MMMd", writer.dayMonth(day)),
                    ("yMMMM", writer.month(day.monthValue)), ("yMMM", writer.monthShort(day.monthValue)),
                ] {
                    cases.append(["kind": "date", "locale": identifier, "skeleton": skeleton, "date": "\(day)"])
                    ours.append(text)
                }
            }
            cases.append(["kind": "firstWeekday", "locale": identifier])
            // Babel answers as Foundation counts (1 = Sunday).
            ours.append(String(writer.firstWeekday % 7 + 1))
        }
        let theirs = try RegionFormatTests.babel(cases).map { RegionFormatTests.spaces("\($0)") }
        for (index, text) in ours.enumerated() {
            #expect(RegionFormatTests.spaces(text) == theirs[index], "\(cases[index])")
        }
    }

    @Test("the week starts on Monday in Germany, France and Spain, and on Sunday in the United States")
    func firstWeekday() {
        #expect(DateWriter(language: .en, region: .unitedStates).firstWeekday == 7)
        #expect(DateWriter(language: .de, region: Region("de-DE")!).firstWeekday == 1)
        #expect(DateWriter(language: .en, region: Region("fr-FR")!).firstWeekday == 1)
        #expect(DateWriter(language: .es, region: Region("es-ES")!).firstWeekday == 1)
    }

    @Test("examples: 23. Nov. 2026 in Germany, Nov 23, 2026 in the United States, month names in the language")
    func examples() {
        let day = CalendarDay(year: 2026, month: 11, day: 23)!
        #expect(DateWriter(language: .de, region: Region("de-DE")!).date(day) == "23. Nov. 2026")
        #expect(DateWriter(language: .en, region: .unitedStates).date(day) == "Nov 23, 2026")
        #expect(DateWriter(language: .fr, region: Region("fr-FR")!).month(day.monthValue) == "novembre 2026")
        #expect(DateWriter(language: .es, region: Region("es-ES")!).month(day.monthValue) == "noviembre de 2026")
    }

    @Test("a week runs from the region's first day, and each day sits in its column")
    func weekOrder() {
        let american = DateWriter(language: .en, region: .unitedStates)
        let german = DateWriter(language: .de, region: Region("de-DE")!)
        #expect(american.week == [7, 1, 2, 3, 4, 5, 6])
        #expect(german.week == [1, 2, 3, 4, 5, 6, 7])
        let sunday = CalendarDay(year: 2026, month: 11, day: 1)!
        let monday = CalendarDay(year: 2026, month: 11, day: 2)!
        #expect(american.column(of: sunday) == 0 && american.column(of: monday) == 1)
        #expect(german.column(of: sunday) == 6 && german.column(of: monday) == 0)
        #expect(german.weekdayName(1) == "Montag" && american.weekdayName(7) == "Sunday")
        #expect(german.weekdayShort(german.week[0]) == "Mo")
    }

    @Test("every date the writer prints, with or without its weekday, reads back as the same day")
    func readsBack() {
        for (language, region) in Self.pairs {
            let writer = DateWriter.of(language, region)
            var day = CalendarDay(year: 2025, month: 1, day: 1)!
            while day.year < 2027 {
                #expect(writer.day(from: writer.date(day)) == day, "\(writer.locale.identifier) \(writer.date(day))")
                #expect(
                    writer.day(from: writer.weekdayDate(day)) == day,
                    "\(writer.locale.identifier) \(writer.weekdayDate(day))"
                )
                day = day.adding(days: 1)
            }
        }
    }

    @Test("typed dates: English is read in any language, month names whole or short; numbers alone are not")
    func readsTyped() {
        let german = DateWriter.of(.de, Region("de-DE")!)
        let french = DateWriter.of(.fr, Region("fr-FR")!)
        let day = CalendarDay(year: 2026, month: 3, day: 5)!
        #expect(german.day(from: "5. März 2026") == day)
        #expect(german.day(from: "5 Mar 2026") == day)
        #expect(german.day(from: "March 5, 2026") == day)
        #expect(french.day(from: "jeudi 5 mars 2026") == day)
        #expect(french.day(from: "5 MARS 2026") == day)
        #expect(french.day(from: "juil 5 2026") == CalendarDay(year: 2026, month: 7, day: 5))
        #expect(french.day(from: "ju 5 2026") == nil, "too short to tell June from July")
        #expect(german.day(from: "5.3.2026") == nil)
        #expect(german.day(from: "30. Feb. 2026") == nil)
        #expect(german.day(from: "5. Mrz 2026") == nil)
        #expect(german.day(from: "5. März") == nil)
    }
}

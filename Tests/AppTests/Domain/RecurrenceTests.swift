import Foundation
import Testing

@testable import App

@Suite("Recurrence rules: the RRULE subset schedules keep, and the days they give")
struct RecurrenceTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    static func days(_ rule: String, start: String, limit: Int = 6) -> [String] {
        Recurrence(rule: rule)!.occurrences(start: day(start), limit: limit).map(\.description)
    }

    @Test("month ends: the 31st skips shorter months, the last day and the clamped 31st don't")
    func monthEnds() {
        #expect(
            Self.days("FREQ=MONTHLY;BYMONTHDAY=31", start: "2026-01-31", limit: 4)
                == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]
        )
        #expect(
            Self.days("FREQ=MONTHLY;BYMONTHDAY=-1", start: "2026-01-15", limit: 3)
                == ["2026-01-31", "2026-02-28", "2026-03-31"]
        )
        #expect(
            Self.days("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", start: "2027-12-31", limit: 4)
                == ["2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31"]
        )
    }

    @Test("weekdays: the last Friday, the second Tuesday, the last working day, every other Monday and Thursday")
    func weekdays() {
        #expect(
            Self.days("FREQ=MONTHLY;BYDAY=-1FR", start: "2026-11-01", limit: 3)
                == ["2026-11-27", "2026-12-25", "2027-01-29"]
        )
        #expect(
            Self.days("FREQ=MONTHLY;BYDAY=2TU", start: "2026-11-11", limit: 2) == ["2026-12-08", "2027-01-12"]
        )
        #expect(
            Self.days("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", start: "2026-01-01", limit: 3)
                == ["2026-01-30", "2026-02-27", "2026-03-31"]
        )
        #expect(
            Self.days("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", start: "2026-11-26", limit: 4)
                == ["2026-11-26", "2026-12-07", "2026-12-10", "2026-12-21"]
        )
        #expect(
            Self.days("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", start: "2026-01-01", limit: 2) == [
                "2026-11-26", "2027-11-25",
            ]
        )
    }

    @Test("29 February comes only in leap years; COUNT and UNTIL end a rule; a rule that never occurs gives nothing")
    func leapYearsAndEnds() {
        #expect(
            Self.days("FREQ=YEARLY", start: "2024-02-29", limit: 3) == ["2024-02-29", "2028-02-29", "2032-02-29"]
        )
        #expect(
            Self.days("FREQ=DAILY;INTERVAL=10;COUNT=3", start: "2026-12-25") == [
                "2026-12-25", "2027-01-04", "2027-01-14",
            ]
        )
        #expect(
            Self.days("FREQ=WEEKLY;UNTIL=20261215", start: "2026-11-24")
                == ["2026-11-24", "2026-12-01", "2026-12-08", "2026-12-15"]
        )
        #expect(Self.days("FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29", start: "2025-01-01").isEmpty)
        #expect(Self.days("FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30", start: "2026-01-01").isEmpty)
        // From a day on: the days before it still count toward COUNT
        let rule = Recurrence(rule: "FREQ=MONTHLY;COUNT=3")!
        #expect(
            rule.occurrences(start: Self.day("2026-01-10"), from: Self.day("2026-02-11"), limit: 5).map(\.description)
                == ["2026-03-10"]
        )
        #expect(rule.next(start: Self.day("2026-01-10"), onOrAfter: Self.day("2026-03-11")) == nil)
    }

    @Test("the text reads back as the same rule; anything outside the subset is refused")
    func text() {
        for rule in [
            "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12",
            "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
            "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
        ] {
            #expect(Recurrence(rule: rule)?.text == rule)
        }
        #expect(Recurrence(rule: "freq=weekly;byday=fr,mo")?.text == "FREQ=WEEKLY;BYDAY=MO,FR")
        for bad in [
            "", "FREQ=HOURLY", "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;COUNT=2;UNTIL=20270101", "FREQ=DAILY;FREQ=DAILY",
            "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=MONTHLY;BYMONTHDAY=0", "FREQ=WEEKLY;BYDAY=2MO", "FREQ=MONTHLY;BYDAY=XX",
            "FREQ=MONTHLY;BYDAY=1MO,TU", "FREQ=YEARLY;BYMONTHDAY=1", "FREQ=WEEKLY;BYMONTHDAY=1", "FREQ=DAILY;WKST=SU",
            "FREQ=DAILY;UNTIL=2027-01-01", "FREQ=DAILY;COUNT=", "FREQ=MONTHLY;BYMONTH=13",
        ] {
            #expect(Recurrence(rule: bad) == nil, "\(bad)")
        }
    }

    @Test("a weekend day moves to the Friday before or the Monday after, or stays")
    func weekendShift() {
        let saturday = Self.day("2026-11-28")
        let sunday = Self.day("2026-11-29")
        #expect(WeekendShift.before.apply(to: saturday) == Self.day("2026-11-27"))
        #expect(WeekendShift.before.apply(to: sunday) == Self.day("2026-11-27"))
        #expect(WeekendShift.after.apply(to: saturday) == Self.day("2026-11-30"))
        #expect(WeekendShift.after.apply(to: sunday) == Self.day("2026-11-30"))
        #expect(WeekendShift.keep.apply(to: sunday) == sunday)
        #expect(WeekendShift.after.apply(to: Self.day("2026-11-27")) == Self.day("2026-11-27"))
    }

    // MARK: - Against python-dateutil

    /// A small deterministic generator, so every run checks the same rules.
    struct Dice {
        var state: UInt64

        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return range.lowerBound + Int(z % UInt64(range.count))
        }

        mutating func pick<T>(_ values: [T]) -> T { values[next(0...values.count - 1)] }
    }

    /// 200 rules of every shape schedules use, with their starts: the 31st, 29 February, the last day, the nth and
    /// last weekday, weekdays of the week, BYSETPOS, and COUNT or UNTIL on many of them.
    static func generatedRules() -> [(rule: String, start: CalendarDay)] {
        var dice = Dice(state: 2026_11_28)
        let codes = Recurrence.Weekday.codes
        return (0..<200).map { index in
            var start = CalendarDay(year: dice.next(2020...2030), month: dice.next(1...12), day: dice.next(1...28))!
            if index % 7 == 0 { start = dice.pick(["2024-02-29", "2026-01-31", "2027-12-31", "2028-02-29"].map(day)) }
            let interval = dice.pick([1, 1, 1, 2, 3, 4])
            var parts: [String]
            switch index % 10 {
            case 0:
                parts = ["FREQ=DAILY", "INTERVAL=\(dice.next(1...10))"]
                if dice.next(0...1) == 0 {
                    parts.append("BYDAY=" + [codes[0], codes[2], codes[4]].joined(separator: ","))
                }
            case 1:
                let days = Set((0..<dice.next(1...3)).map { _ in dice.next(0...6) }).sorted().map { codes[$0] }
                parts = ["FREQ=WEEKLY", "INTERVAL=\(interval)", "BYDAY=" + days.joined(separator: ",")]
            case 2:
                parts = [
                    "FREQ=MONTHLY", "INTERVAL=\(interval)", "BYMONTHDAY=\(dice.pick([29, 30, 31, dice.next(1...28)]))",
                ]
            case 3: parts = ["FREQ=MONTHLY", "BYMONTHDAY=\(-dice.next(1...3))"]
            case 4:
                parts = [
                    "FREQ=MONTHLY", "INTERVAL=\(interval)",
                    "BYDAY=\(dice.pick([1, 2, 3, 4, -1, -2]))\(dice.pick(codes))",
                ]
            case 5:
                let last = dice.next(29...31)
                parts = [
                    "FREQ=MONTHLY", "BYMONTHDAY=" + (28...last).map(String.init).joined(separator: ","), "BYSETPOS=-1",
                ]
            case 6: parts = ["FREQ=YEARLY", "INTERVAL=\(dice.pick([1, 4]))", "BYMONTH=2", "BYMONTHDAY=29"]
            case 7: parts = ["FREQ=YEARLY", "INTERVAL=\(interval)"]
            case 8:
                parts = [
                    "FREQ=YEARLY", "BYMONTH=\(dice.next(1...12))",
                    "BYDAY=\(dice.pick([1, 2, 4, -1]))\(dice.pick(codes))",
                ]
            default: parts = ["FREQ=MONTHLY", "BYDAY=MO,TU,WE,TH,FR", "BYSETPOS=\(dice.pick([1, -1]))"]
            }
            switch dice.next(0...3) {
            case 0: parts.append("COUNT=\(dice.next(1...150))")
            case 1:
                let until = start.adding(days: dice.next(0...4_000)).description.replacingOccurrences(of: "-", with: "")
                parts.append("UNTIL=" + until)
            default: break
            }
            return (parts.joined(separator: ";"), start)
        }
    }

    @Test("200 generated rules give exactly the days python-dateutil gives, the next 100 of each")
    func matchesDateutil() throws {
        let rules = Self.generatedRules()
        let answers = try Oracle.answers(
            "rrule.py",
            rules.map { ["rule": $0.rule, "start": $0.start.description, "limit": 100] }
        )
        #expect(answers.count == rules.count)
        var checked = 0
        for (case_, answer) in zip(rules, answers) {
            let recurrence = try #require(Recurrence(rule: case_.rule), "\(case_.rule)")
            let days = recurrence.occurrences(start: case_.start, limit: 100).map(\.description)
            #expect(days == answer as? [String], "\(case_.rule) from \(case_.start)")
            #expect(Recurrence(rule: recurrence.text) == recurrence)
            // From a day well into the series (two days before its 41st), and no later than its 61st
            if let answer = answer as? [String], answer.count > 60,
                let from = CalendarDay(answer[40])?.adding(days: -2), let through = CalendarDay(answer[60])
            {
                let later = recurrence.occurrences(start: case_.start, from: from, through: through, limit: 100)
                #expect(
                    later.map(\.description) == answer.filter { $0 >= from.description && $0 <= answer[60] },
                    "\(case_.rule) from \(case_.start), asked from \(from)"
                )
            }
            checked += days.count
        }
        #expect(checked > 10_000)
    }
}

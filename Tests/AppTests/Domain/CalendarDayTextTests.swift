import Foundation
import Testing

@testable import App

@Suite("Calendar days in UTC and as text")
struct CalendarDayTextTests {
    @Test("today and the hour in a time zone match Foundation's calendar, across offsets and daylight-saving changes")
    func zonedDayAndHour() throws {
        for zone in [
            "UTC", "Asia/Tokyo", "America/Los_Angeles", "Europe/Berlin", "Asia/Kolkata", "Pacific/Chatham",
            "America/St_Johns", "Pacific/Kiritimati", "Pacific/Pago_Pago",
        ] {
            let timeZone = try #require(TimeZone(identifier: zone))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            // Every 37 minutes through 2026, which crosses both daylight-saving changes of the zones that have them.
            let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC
            for step in stride(from: 0, to: 86_400 * 366, by: 37 * 60) {
                let instant = start.addingTimeInterval(TimeInterval(step))
                let parts = calendar.dateComponents([.year, .month, .day, .hour], from: instant)
                let expected = try #require(
                    CalendarDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
                )
                #expect(CalendarDay.today(in: timeZone, now: instant) == expected, "\(zone) \(instant)")
                #expect(Calendar.hour(of: instant, in: timeZone) == parts.hour, "\(zone) \(instant)")
            }
        }
    }

    @Test("a UTC instant's day matches Foundation's calendar, across leap days, years and 1970")
    func utcDay() throws {
        // Given
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = Date(timeIntervalSince1970: -86_400 * 800)  // 1967
        // When / Then: every 13 hours for about 65 years
        for step in stride(from: 0, to: 86_400 * 365 * 65, by: 13 * 3_600) {
            let instant = start.addingTimeInterval(TimeInterval(step))
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let expected = try #require(
                CalendarDay(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
            )
            #expect(CalendarDay.utc(of: instant) == expected, "\(instant)")
        }
    }

    @Test("only YYYY-MM-DD parses, with spaces around it allowed")
    func parsing() {
        #expect(CalendarDay(" 2026-11-05 ")?.description == "2026-11-05")
        #expect(CalendarDay("2026-11-05x") == nil)
        #expect(CalendarDay("2026/11/05") == nil)
        #expect(CalendarDay("0000-01-01") == nil)
        #expect(CalendarDay("2026-00-10") == nil)
        #expect(CalendarDay("2026-11-0٥") == nil, "only ASCII digits")
        #expect(CalendarDay("") == nil)
    }

    @Test("days and months print with leading zeros")
    func descriptions() throws {
        #expect(try #require(CalendarDay(year: 2028, month: 2, day: 9)).description == "2028-02-09")
        #expect(try #require(CalendarDay(year: 987, month: 12, day: 31)).description == "0987-12-31")
        #expect(Month(year: 2026, month: 1).description == "2026-01")
        #expect(Month(year: 2026, month: 11).description == "2026-11")
    }
}

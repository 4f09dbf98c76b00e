import Foundation
import GRDB
import Testing

@testable import App

@Suite("Coming occurrences: greyed in Transactions, on Home's calendar, and in the calendar feed with their rule")
struct UpcomingTests {
    static let email = ScheduleTests.email

    @Test("the next 30 days of schedules show in Transactions and on Home's calendar; a skipped day doesn't")
    func transactionsAndHome() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/schedules/new")
            try await browser.post("/schedules", ScheduleTests.form(target: rent, ["monthDay": "1"]))
            try await browser.post(
                "/schedules",
                ScheduleTests.form(
                    target: rent,
                    ["name": "Gym", "amount": "25", "frequency": "WEEKLY", "posting": "confirm"]
                ) + [("weekdays[]", "1")]
            )
            try await browser.post(
                "/schedules",
                ScheduleTests.form(
                    target: rent,
                    ["name": "Insurance", "frequency": "YEARLY", "month": "6", "monthDay": "1"]
                )
            )
            let gym = try #require(try ScheduleTests.schedules(database).first { $0.name == "Gym" }?.id)
            try await browser.get("/schedules/\(gym)/edit")
            try await browser.post("/schedules/\(gym)/occurrences", [("day", "2026-11-30"), ("action", "skip")])

            let page = try await browser.get("/transactions").html
            let start = try #require(page.range(of: "id=\"coming-up\""))
            let list = String(page[start.lowerBound...].prefix { $0 != "§" }.split(separator: "</section>")[0])
            #expect(list.contains("Coming up in the next 30 days"))
            #expect(list.contains("ledger-item--upcoming"))
            #expect(list.contains("Rent") && list.contains("Dec 1, 2026 · Post it by itself"))
            #expect(list.contains("Gym") && list.contains("Dec 7, 2026 · Ask me first"))
            #expect(list.contains("−$1,200.00"))
            #expect(!list.contains("Nov 30, 2026"))
            #expect(!list.contains("Insurance"))
            // Filtered lists show only what was asked for
            #expect(!(try await browser.get("/transactions?kind=income").html.contains("Coming up")))

            try await browser.createStash(name: "Trip", target: "100")
            try await browser.get("/")
            try await browser.post("/home/view", [("view", "calendar")])
            let calendar = try await browser.get("/").html
            #expect(calendar.contains("dot dot--scheduled"))
            let day = try await browser.get("/?day=2026-11-23").html
            #expect(day.contains("Gym"))
            #expect(day.contains("entry-list__item--upcoming"))
        }
    }

    @Test("the calendar feed carries each schedule as one event with its rule, skipped and moved days set aside")
    func feed() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/schedules/new")
            try await browser.post(
                "/schedules",
                ScheduleTests.form(target: rent, ["monthDay": "1", "starts": "2026-12-01"])
            )
            let id = try #require(try ScheduleTests.schedules(database).first?.id)
            try await browser.get("/schedules/\(id)/edit")
            try await browser.post("/schedules/\(id)/occurrences", [("day", "2027-01-01"), ("action", "skip")])
            try await browser.post(
                "/schedules/\(id)/occurrences",
                [("day", "2027-02-01"), ("action", "change"), ("date", "2027-02-03"), ("amount", "1,200")]
            )
            let userId = try await LedgerFixture.userId(database, email: Self.email)
            let feed = try #require(
                try CalendarFeedController.calendar(
                    database: database,
                    userId: userId,
                    now: TestClock.date("2026-11-22T10:00:00Z"),
                    catalogue: TestApp.catalogue
                )
            ).replacingOccurrences(of: "\r\n ", with: "")
            #expect(feed.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=1\r\n"))
            #expect(feed.contains("DTSTART;VALUE=DATE:20261201\r\n"))
            #expect(feed.contains("EXDATE;VALUE=DATE:20270101,20270201\r\n"))
            #expect(feed.contains("DTSTART;VALUE=DATE:20270203\r\n"))
            #expect(feed.contains("SUMMARY:Rent: $1\\,200.00"))
        }
    }
}

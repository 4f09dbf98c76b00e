import Foundation
import GRDB
import Testing

@testable import App

@Suite("Statistics")
struct StatisticsTests {
    /// The visible text of a page: tags dropped, entities for quotes decoded.
    static func text(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }

    @Test("the monthly view totals the month, draws its charts and compares stashes with last month")
    func monthly() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let vacation = try await browser.createStash(name: "Vacation Fund", target: "500", category: "Travel")
            let dining = try await browser.createStash(
                name: "Dining Out",
                kind: "spend",
                target: "200",
                category: "Entertainment"
            )
            try await browser.addEntry(stash: vacation, amount: "100", date: "2026-10-05")
            try await browser.addEntry(stash: vacation, amount: "120", date: "2026-11-01")
            try await browser.addEntry(stash: vacation, amount: "255", date: "2026-11-30")
            try await browser.addEntry(stash: dining, amount: "100", date: "2026-10-12")
            try await browser.addEntry(stash: dining, amount: "85", date: "2026-11-12")
            try await browser.addEntry(stash: vacation, amount: "999", date: "2026-12-01")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-03",
                cents: 300_000,
                kind: .income,
                category: "Salary"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-04",
                cents: 120_000,
                kind: .expense,
                category: "Rent/Mortgage"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-10-31",
                cents: 5_000,
                kind: .expense,
                category: "Groceries"
            )

            // When
            let page = try await browser.get("/statistics?view=monthly&period=2026-11")

            // Then
            #expect(page.status == .ok)
            let text = Self.text(page.html)
            #expect(text.contains("November 2026"))
            #expect(text.contains("Saved $375.00"))
            #expect(text.contains("Spent $1,285.00"))
            #expect(text.contains("Income $3,000.00"))
            #expect(text.contains("Entries 5"))
            #expect(page.html.contains("<svg class=\"chart chart--bars\""))
            #expect(page.html.contains("Income vs expenses, November 2026"))
            #expect(page.html.contains("Spending by category, November 2026"))
            #expect(text.contains("Rent/Mortgage $1,200.00 93%"))
            #expect(text.contains("Entertainment $85.00 7%"))
            #expect(text.contains("You saved 275% more than last month in Vacation Fund."))
            #expect(text.contains("You spent 15% less than last month on Dining Out."))
            #expect(text.contains("Dining Out stayed 58% under its allowance."))
            #expect(text.contains("$375.00 saved of $500.00"))
            #expect(text.contains("You're at 75% of your Vacation Fund target."))
            #expect(page.html.contains("href=\"/statistics?view=monthly&amp;period=2026-10\""))
            #expect(page.html.contains("href=\"/statistics?view=monthly&amp;period=2026-12\""))
            // The table alternative of the bar chart lists each active day.
            #expect(text.contains("Nov 30 $255.00 $0.00"))
        }
    }

    @Test("the SQL layer sums days, months and years on their boundaries, in the user's time zone")
    func totalsOnBoundaries() async throws {
        let clock = TestClock(TestClock.date("2028-12-31T23:30:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: the user lives in Tokyo, where it is already 1 January 2029
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET timeZone = 'Asia/Tokyo' WHERE id = ?", arguments: [userId])
            }
            let fund = try await browser.createStash(name: "Fund", target: "100")
            for (amount, date) in [
                ("10", "2027-12-31"), ("20", "2028-01-01"), ("30", "2028-02-28"), ("40", "2028-02-29"),
                ("50", "2028-03-01"), ("60", "2028-12-31"), ("70", "2029-01-01"),
            ] {
                let result = try await browser.addEntry(stash: fund, amount: amount, date: date)
                #expect(result.status == .seeOther, "\(date)")
            }

            // When / Then: the SQL aggregates
            let store = database.for(userId: userId)
            let leapDay = try store.ledgerTotalsByDay(
                from: CalendarDay("2028-02-29")!,
                to: CalendarDay("2028-02-29")!,
                filter: .all
            )
            #expect(leapDay.mapValues(\.savedCents) == ["2028-02-29": 4_000])
            let february = try store.ledgerTotalsByDay(
                from: Month(year: 2028, month: 2).firstDay,
                to: Month(year: 2028, month: 2).lastDay,
                filter: .all
            )
            #expect(february.keys.sorted() == ["2028-02-28", "2028-02-29"])
            let year = try store.ledgerTotalsByDay(
                from: StatisticsPeriod.year(2028).first,
                to: StatisticsPeriod.year(2028).last,
                filter: .all
            )
            let byMonth = Dictionary(year.map { (String($0.key.prefix(7)), $0.value.savedCents) }, uniquingKeysWith: +)
            #expect(byMonth == ["2028-01": 2_000, "2028-02": 7_000, "2028-03": 5_000, "2028-12": 6_000])
            let empty = try store.ledgerTotalsByDay(
                from: CalendarDay("2028-06-01")!,
                to: CalendarDay("2028-06-30")!,
                filter: .all
            )
            #expect(empty.isEmpty)

            // The default view is the user's month: January 2029 in Tokyo
            let page = try await browser.get("/statistics")
            #expect(Self.text(page.html).contains("January 2029"))
            #expect(Self.text(page.html).contains("Saved $70.00"))
            let yearly = try await browser.get("/statistics?view=yearly&period=2028")
            #expect(Self.text(yearly.html).contains("Saved $200.00"))
            #expect(yearly.html.contains("Tue, Feb 29, 2028: 1 entry, $40.00"))
            #expect(yearly.html.contains("chart--heatmap"))
            let daily = try await browser.get("/statistics?view=daily&period=2028-02-29")
            #expect(Self.text(daily.html).contains("Saved $40.00"))
            #expect(Self.text(daily.html).contains("Stashes updated 1"))
            #expect(daily.html.contains("chart--spark"))
            #expect(daily.html.contains("href=\"/statistics?view=daily&amp;period=2028-03-01\""))
            #expect(daily.html.contains("href=\"/statistics?view=daily&amp;period=2028-02-28\""))
            let june = try await browser.get("/statistics?view=monthly&period=2028-06")
            #expect(june.status == .ok)
            #expect(Self.text(june.html).contains("Nothing recorded in June 2028"))
            #expect(!june.html.contains("chart--bars"))
        }
    }

    @Test("filters and status toggles narrow figures and the stash list; the choice stays in every link")
    func filtersAndStatus() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let done = try await browser.createStash(name: "Done Fund", target: "50")
            let open = try await browser.createStash(name: "Open Fund", target: "500")
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "60")
            try await browser.addEntry(stash: done, amount: "50", date: "2026-11-02")
            try await browser.addEntry(stash: open, amount: "20", date: "2026-11-02")
            try await browser.addEntry(stash: coffee, amount: "4.50", date: "2026-11-03")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-03",
                cents: 9_900,
                kind: .expense,
                category: "Groceries"
            )
            try await browser.get("/")

            let saving = try await browser.get("/statistics?view=monthly&period=2026-11&filter=saving")
            let savingText = Self.text(saving.html)
            #expect(savingText.contains("Saved $70.00"))
            #expect(!savingText.contains("Spent $"))
            #expect(!savingText.contains("Coffee"))
            #expect(!saving.html.contains("Spending by category"))

            let spending = try await browser.get("/statistics?view=monthly&period=2026-11&filter=spending")
            let spendingText = Self.text(spending.html)
            #expect(spendingText.contains("Spent $103.50"))
            #expect(!spendingText.contains("Done Fund"))
            #expect(spendingText.contains("Groceries $99.00 96%"))

            let completed = try await browser.get(
                "/statistics?view=monthly&period=2026-11&filter=saving&status=completed"
            )
            #expect(completed.html.contains("Done Fund"))
            #expect(!completed.html.contains("Open Fund</a>"))
            #expect(
                completed.html.contains(
                    "href=\"/statistics?view=monthly&amp;period=2026-10&amp;filter=saving&amp;status=completed\""
                )
            )
            #expect(Self.text(completed.html).contains("You completed 1 stash in November 2026, earning 10 points."))

            let inProgress = try await browser.get("/statistics?view=monthly&period=2026-11&status=in-progress")
            #expect(inProgress.html.contains("Open Fund"))
            #expect(inProgress.html.contains("Coffee"))
            #expect(!inProgress.html.contains("Done Fund</a>"))
        }
    }

    @Test("the category breakdown is one GROUP BY that sums to the month's spending")
    func categoryBreakdown() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let trip = try await browser.createStash(name: "Trip", kind: "spend", target: "300", category: "Travel")
            try await browser.addEntry(stash: trip, amount: "80", date: "2026-11-05")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-06",
                cents: 4_550,
                kind: .expense,
                category: "Groceries"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-07",
                cents: 1_000,
                kind: .expense,
                category: "Groceries"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-08",
                cents: 2_500,
                kind: .expense,
                category: "Nope"
            )

            let store = database.for(userId: userId)
            let rows = try store.spendingByCategory(
                from: CalendarDay("2026-11-01")!,
                to: CalendarDay("2026-11-30")!
            )
            #expect(
                rows == [
                    LabelledAmount(label: "Travel", cents: 8_000), LabelledAmount(label: "Groceries", cents: 5_550),
                    LabelledAmount(label: "Other", cents: 2_500),
                ]
            )
            let totals = try store.ledgerTotalsByDay(
                from: CalendarDay("2026-11-01")!,
                to: CalendarDay("2026-11-30")!,
                filter: .all
            )
            .values.reduce(LedgerTotals(), +)
            #expect(rows.reduce(0) { $0 + $1.cents } == totals.spentCents)

            // Months come from the month totals, days from their entries: a year, one day, and the 1st alone agree
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-01",
                cents: 700,
                kind: .expense,
                category: "Groceries"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-12-01",
                cents: 900,
                kind: .expense,
                category: "Groceries"
            )
            let year = try store.spendingByCategory(
                from: CalendarDay("2026-01-01")!,
                to: CalendarDay("2026-12-31")!
            )
            #expect(
                year == [
                    LabelledAmount(label: "Travel", cents: 8_000), LabelledAmount(label: "Groceries", cents: 7_150),
                    LabelledAmount(label: "Other", cents: 2_500),
                ]
            )
            let first = try store.spendingByCategory(
                from: CalendarDay("2026-11-01")!,
                to: CalendarDay("2026-11-01")!
            )
            #expect(first == [LabelledAmount(label: "Groceries", cents: 700)])
            let sixth = try store.spendingByCategory(
                from: CalendarDay("2026-11-06")!,
                to: CalendarDay("2026-11-06")!
            )
            #expect(sixth == [LabelledAmount(label: "Groceries", cents: 4_550)])
        }
    }

    @Test("a year offers its own PDF summary and compares its last complete month; a month's PDF names its month")
    func yearlyLinks() async throws {
        // The rule, on its edges
        let november = try #require(CalendarDay("2026-11-22"))
        let january = try #require(CalendarDay("2027-01-05"))
        #expect(StatisticsPeriod.year(2026).summaryMonth(today: november) == Month(year: 2026, month: 10))
        #expect(StatisticsPeriod.year(2025).summaryMonth(today: november) == Month(year: 2025, month: 12))
        #expect(StatisticsPeriod.year(2027).summaryMonth(today: november) == Month(year: 2027, month: 1))
        #expect(StatisticsPeriod.year(2027).summaryMonth(today: january) == Month(year: 2027, month: 1))
        #expect(StatisticsPeriod.year(2026).summaryMonth(today: january) == Month(year: 2026, month: 12))
        #expect(
            StatisticsPeriod.month(Month(year: 2026, month: 11)).summaryMonth(today: november)
                == Month(year: 2026, month: 11)
        )

        // And on the page (today is 22 November 2026)
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let stash = try await browser.createStash(name: "Fund", target: "100")
            try await browser.addEntry(stash: stash, amount: "10", date: "2026-10-03")
            let thisYear = try await browser.get("/statistics?view=yearly&period=2026")
            #expect(
                thisYear.html.contains(
                    "href=\"/statistics/summary.pdf?view=yearly&amp;period=2026\">Yearly summary (PDF)"
                )
            )
            #expect(!thisYear.html.contains("Monthly summary"))
            #expect(
                thisYear.html.contains("href=\"/statistics/compare?month=2026-09&amp;month=2026-10\">Compare months")
            )
            let lastYear = try await browser.get("/statistics?view=yearly&period=2025")
            #expect(
                lastYear.html.contains(
                    "href=\"/statistics/summary.pdf?view=yearly&amp;period=2025\">Yearly summary (PDF)"
                )
            )
            let month = try await browser.get("/statistics?view=monthly&period=2026-11")
            #expect(
                month.html.contains(
                    "href=\"/statistics/summary.pdf?period=2026-11\">Monthly summary, November 2026 (PDF)"
                )
            )
            let day = try await browser.get("/statistics?view=daily&period=2026-10-03")
            #expect(
                day.html.contains("href=\"/statistics/summary.pdf?period=2026-10\">Monthly summary, October 2026 (PDF)")
            )
        }
    }

    @Test("wrong query values get a 400 page that says what was expected")
    func invalidQueries() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            for (path, message) in [
                ("/statistics?view=weekly", "isn&#39;t a view. Use daily, monthly or yearly."),
                (
                    "/statistics?view=monthly&period=2026-13",
                    "isn&#39;t a period for the monthly view. Use a month like 2026-11."
                ),
                ("/statistics?view=daily&period=2026-02-30", "Use a day like 2026-11-22."),
                ("/statistics?view=yearly&period=0000", "Use a year like 2026."),
                ("/statistics?filter=%3Cscript%3E", "isn&#39;t a filter"),
                ("/statistics?status=done", "isn&#39;t a status"),
                ("/statistics/compare?month=2026-1", "isn&#39;t a month"),
                ("/statistics/export.csv?period=nope", "isn&#39;t a period"),
                ("/statistics/summary.pdf?view=daily", "The PDF summary covers a month or a year"),
                // The whole value is read, not a prefix: a valid day followed by padding and junk is wrong.
                (
                    "/statistics?view=daily&period=2026-11-21" + String(repeating: "%20", count: 30) + "junk",
                    "isn&#39;t a period for the daily view"
                ),
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .badRequest, "\(path)")
                #expect(page.html.contains(message), "\(path)")
                #expect(!page.html.contains("<script>"))
            }
            let padded = try await browser.get(
                "/statistics?view=daily&period=2026-11-21" + String(repeating: "%20", count: 30) + "junk"
            )
            #expect(padded.html.contains("“2026-11-21" + String(repeating: " ", count: 30)))
            let empty = try await browser.get("/statistics?view=&period=&filter=")
            #expect(empty.status == .ok)
        }
    }

    @Test("compare puts two or more months side by side, per category")
    func compare() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let fund = try await browser.createStash(name: "Fund", target: "100")
            try await browser.addEntry(stash: fund, amount: "40", date: "2026-09-10")
            try await browser.addEntry(stash: fund, amount: "60", date: "2026-10-10")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-10-02",
                cents: 250_000,
                kind: .income,
                category: "Salary"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-09-15",
                cents: 7_500,
                kind: .expense,
                category: "Groceries"
            )

            let one = try await browser.get("/statistics/compare?month=2026-10")
            #expect(one.status == .ok)
            #expect(one.html.contains("Pick two or more months"))

            let page = try await browser.get("/statistics/compare?month=2026-10&month=2026-09")
            #expect(page.status == .ok)
            let text = Self.text(page.html)
            #expect(text.contains("Sep 2026 Oct 2026"))
            #expect(text.contains("Saved $40.00 $60.00"))
            #expect(text.contains("Spent $75.00 $0.00"))
            #expect(text.contains("Income $0.00 $2,500.00"))
            #expect(text.contains("Groceries $75.00 $0.00"))
            #expect(page.html.contains("value=\"2026-09\" checked"))
            #expect(page.html.contains("Saved, spent and income: Sep 2026, Oct 2026"))
            #expect(page.html.contains("<td role=\"cell\" data-month=\"Sep 2026\">$40.00</td>"), "a phone's label")

            // Any month with data is offered, however old, and the same month a year ago; newest first, by year.
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2024-03-05",
                cents: 1_234,
                kind: .expense,
                category: "Groceries"
            )
            let picker = try await browser.get("/statistics/compare").html
            #expect(picker.contains("value=\"2024-03\""))
            #expect(picker.contains("value=\"2025-11\""), "a year before this month")
            #expect(!picker.contains("value=\"2025-10\""), "no data and older than a year")
            #expect(!picker.contains("value=\"2024-04\""))
            let years = ["<legend>2026</legend>", "<legend>2025</legend>", "<legend>2024</legend>"].map {
                picker.range(of: $0)?.lowerBound
            }
            #expect(years.allSatisfy { $0 != nil } && years == years.sorted { $0! < $1! })
            #expect(picker.contains("value=\"2024-03\"> Mar</label>"))
            let old = try await browser.get("/statistics/compare?month=2024-03&month=2026-09")
            #expect(Self.text(old.html).contains("Groceries $12.34 $75.00"))
        }
    }

    @Test("another user's data never appears in any view, chart or export")
    func isolation() async throws {
        try await TestApp.run { browser, database in
            // Given: Sam has data
            try await browser.signUp(email: "sam@example.com")
            let samId = try await LedgerFixture.userId(database, email: "sam@example.com")
            let secret = try await browser.createStash(name: "Sam Secret Stash", target: "100")
            try await browser.addEntry(stash: secret, amount: "77.77", date: "2026-11-10", note: "sam-only")
            try await LedgerFixture.add(
                database,
                userId: samId,
                date: "2026-11-10",
                cents: 123_456,
                kind: .expense,
                category: "Shopping",
                note: "sam-only"
            )
            try await browser.logOut()

            // When: Alex looks at every view
            try await browser.signUp(email: "alex@example.com")
            for path in [
                "/statistics", "/statistics?view=daily&period=2026-11-10", "/statistics?view=yearly&period=2026",
                "/statistics/compare?month=2026-10&month=2026-11", "/statistics/export.csv?view=yearly&period=2026",
                "/statistics/summary.pdf?period=2026-11",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                for leak in ["Sam Secret", "77.77", "1,234.56", "1234.56", "sam-only", "Shopping"] {
                    #expect(!page.html.contains(leak), "\(path) shows \(leak)")
                }
            }
            let alex = try await browser.get("/statistics")
            #expect(Self.text(alex.html).contains("No statistics yet"))
        }
    }
}

@Suite("Statistics over time")
struct StatisticsHistoryTests {
    @Test("a past month keeps the target it had; the year compares with last year")
    func targetHistoryAndYear() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, _ in
            // Given: a 400 target in November, raised to 1,000 in December
            try await browser.signUp(email: "alex@example.com")
            let fund = try await browser.createStash(name: "Vacation Fund", target: "400", category: "Travel")
            try await browser.addEntry(stash: fund, amount: "100", date: "2025-06-01")
            try await browser.addEntry(stash: fund, amount: "300", date: "2026-11-05")
            clock.advance(by: 10 * 86_400)
            try await browser.get("/stashes/\(fund)/edit")
            let edited = try await browser.post(
                "/stashes/\(fund)/edit",
                [
                    ("name", "Vacation Fund"), ("kind", "save"), ("target", "1000"), ("goal", ""), ("reward", ""),
                    ("category", "Travel"), ("newCategory", ""), ("reminder", "off"),
                ]
            )
            #expect(edited.status == .seeOther)
            try await browser.addEntry(stash: fund, amount: "500", date: "2026-12-01")

            // When / Then
            let november = StatisticsTests.text(try await browser.get("/statistics?view=monthly&period=2026-11").html)
            #expect(november.contains("$300.00 saved of $400.00"))
            #expect(november.contains("Vacation Fund 75%"))
            let december = StatisticsTests.text(try await browser.get("/statistics?view=monthly&period=2026-12").html)
            #expect(december.contains("$500.00 saved of $1,000.00"))
            #expect(december.contains("You saved 67% more than last month in Vacation Fund."))
            #expect(december.contains("You're at 50% of your Vacation Fund target."))
            let year = try await browser.get("/statistics?view=yearly&period=2026")
            let yearText = StatisticsTests.text(year.html)
            #expect(yearText.contains("You saved 700% more than last year in Vacation Fund."))
            #expect(yearText.contains("$800.00 saved · completed 0 of 2 months"))
            #expect(year.html.contains("Completed stashes per month, 2026"))
            #expect(year.html.contains("No stashes completed in 2026 yet."))
            // The activity calendar's table: each month with entries, its active days and entries
            #expect(yearText.contains("Month Active days Entries November 2026 1 1 December 2026 1 1"))
            let lastYear = StatisticsTests.text(try await browser.get("/statistics?view=yearly&period=2025").html)
            #expect(lastYear.contains("No previous data for Vacation Fund yet: $100.00 saved this year."))
        }
    }

    @Test("the daily view lists the day's entries and what each stash did that day")
    func daily() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "60")
            try await browser.addEntry(stash: coffee, amount: "4", date: "2026-11-20", note: "Flat white")
            try await browser.addEntry(stash: coffee, amount: "3", date: "2026-11-21")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-21",
                cents: 50_000,
                kind: .income,
                category: "Freelance",
                note: "Invoice 12"
            )

            let page = try await browser.get("/statistics?view=daily&period=2026-11-21")
            let text = StatisticsTests.text(page.html)
            #expect(text.contains("Sat, Nov 21, 2026"))
            #expect(text.contains("Spent $3.00"))
            #expect(text.contains("Income $500.00"))
            #expect(text.contains("Stashes updated 1"))
            #expect(text.contains("Freelance Income Invoice 12 +$500.00"))
            #expect(text.contains("Coffee Spent −$3.00"))
            #expect(text.contains("You spent 25% less than the day before on Coffee."))
            #expect(text.contains("No stashes completed on Sat, Nov 21, 2026 yet."))
            #expect(page.html.contains("Sat, Nov 21, 2026 within November 2026"))
        }
    }

    @Test("the daily view's stash count follows the filter")
    func dailyStashCountFiltered() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "60")
            let fund = try await browser.createStash(name: "Fund", target: "100")
            try await browser.addEntry(stash: coffee, amount: "3", date: "2026-11-21")
            try await browser.addEntry(stash: fund, amount: "10", date: "2026-11-21")

            let all = StatisticsTests.text(try await browser.get("/statistics?view=daily&period=2026-11-21").html)
            #expect(all.contains("Stashes updated 2"))
            let saving = StatisticsTests.text(
                try await browser.get("/statistics?view=daily&period=2026-11-21&filter=saving").html
            )
            #expect(saving.contains("Saved $10.00"))
            #expect(saving.contains("Stashes updated 1"))
        }
    }

    @Test("a year is complete only when every counted month was: one completed month of two is in progress")
    func yearlyCompletion() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, _ in
            // Given: created in November, complete in October (an earlier entry), not yet in November
            try await browser.signUp(email: "alex@example.com")
            let fund = try await browser.createStash(name: "Half Fund", target: "100")
            try await browser.addEntry(stash: fund, amount: "100", date: "2026-10-05")
            try await browser.addEntry(stash: fund, amount: "20", date: "2026-11-02")

            // When
            let all = try await browser.get("/statistics?view=yearly&period=2026")
            let inProgress = try await browser.get("/statistics?view=yearly&period=2026&status=in-progress")
            let completed = try await browser.get("/statistics?view=yearly&period=2026&status=completed")

            // Then: the card, the status filter and the empty text agree
            let allText = StatisticsTests.text(all.html)
            #expect(allText.contains("$120.00 saved · completed 1 of 2 months"))
            #expect(!all.html.contains("stash-card--complete"))
            #expect(!all.html.contains("✓ Completed"))
            #expect(inProgress.html.contains("Half Fund</a>"))
            #expect(!completed.html.contains("Half Fund</a>"))
            #expect(StatisticsTests.text(completed.html).contains("No stash completed in 2026 yet."))

            // And once every counted month is complete, the year is
            try await browser.addEntry(stash: fund, amount: "80", date: "2026-11-03")
            let done = try await browser.get("/statistics?view=yearly&period=2026&status=completed")
            #expect(done.html.contains("Half Fund</a>"))
            #expect(done.html.contains("stash-card--complete"))
            #expect(StatisticsTests.text(done.html).contains("completed 2 of 2 months"))
        }
    }

    @Test("names typed by the user are escaped inside charts and tables")
    func escaping() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let fun = try await browser.createStash(
                name: "<i>Fun</i>",
                kind: "spend",
                target: "50",
                category: "<b>Fun & \"Games\"</b>"
            )
            try await browser.addEntry(stash: fun, amount: "5", date: "2026-11-02")
            let page = try await browser.get("/statistics?view=monthly&period=2026-11")
            #expect(page.status == .ok)
            #expect(!page.html.contains("<b>Fun"))
            #expect(!page.html.contains("<i>Fun"))
            #expect(page.html.contains("<title>&lt;b&gt;Fun &amp; &quot;Games&quot;&lt;/b&gt;</title>"))
        }
    }

    @Test("a quote followed by a combining mark is escaped inside chart labels")
    func escapingCombiningMarks() async throws {
        try await TestApp.run { browser, _ in
            let name = "Fun \"\u{301}Games"
            try await browser.signUp(email: "alex@example.com")
            let fun = try await browser.createStash(name: name, kind: "spend", target: "50", category: name)
            try await browser.addEntry(stash: fun, amount: "5", date: "2026-11-02")
            let page = try await browser.get("/statistics?view=monthly&period=2026-11")
            #expect(page.status == .ok)
            // Compared as bytes: Swift compares strings by canonical equivalence.
            let bytes = Data(page.html.utf8)
            #expect(bytes.range(of: Data("<title>Fun &quot;\u{301}Games".utf8)) != nil)
            #expect(bytes.range(of: Data("\"\u{301}".utf8)) == nil)
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Monthly expense report and past reports")
struct BudgetReportTests {
    static let email = "ann@example.com"

    /// The ids of the three starter categories the reports fill in: Rent/Mortgage, Groceries and Entertainment.
    static func reportCategories(_ database: AppDatabase) async throws -> (Int64, Int64, Int64) {
        (
            try await database.categoryId("Rent/Mortgage", kind: .needs, email: email),
            try await database.categoryId("Groceries", kind: .needs, email: email),
            try await database.categoryId("Entertainment", kind: .wants, email: email)
        )
    }

    @Test("the report creates one expense per filled category, dated the month's last day, noted Monthly report")
    func reportCreatesTransactions() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let (rent, groceries, fun) = try await Self.reportCategories(database)
            let form = try await browser.get("/budget/report?month=2026-10")
            #expect(form.html.contains("Rent/Mortgage"))
            #expect(form.html.contains("Dining Out"))
            let saved = try await browser.post(
                "/budget/report",
                [
                    ("month", "2026-10"), ("c\(rent)", "1,200"), ("c\(groceries)", "310.40"), ("c\(fun)", "45"),
                    ("c\(rent + 100)", "9"),
                ]
            )
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/budget/reports/2026-10")
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { $0.date == "2026-10-31" && $0.note == "Monthly report" && $0.kind == .expense })
            #expect(Set(rows.map(\.categoryId)) == Set([rent, groceries, fun]))
            let month = try await browser.get("/budget/reports/2026-10")
            #expect(month.html.contains("$1,555.40"))
            #expect(month.html.contains("$1,510.40"))  // needs
            // The current month's report is dated today.
            try await browser.get("/budget/report")
            try await browser.post("/budget/report", [("month", "2026-11"), ("c\(groceries)", "20")])
            #expect(try await database.ledgerRows(email: Self.email).last?.date == "2026-11-22")
            let past = try await browser.get("/budget/reports")
            let november = try #require(past.html.range(of: "November 2026"))
            let october = try #require(past.html.range(of: "October 2026"))
            #expect(november.lowerBound < october.lowerBound)
            #expect(!past.html.contains("Earlier years"), "nothing before this year")

            // Past reports go a year at a time.
            try await browser.get("/budget/report")
            let march = try await browser.post("/budget/report", [("month", "2025-03"), ("c\(groceries)", "77")])
            try await browser.get(try #require(march.location))  // shows (and clears) the "saved" message
            let thisYear = try await browser.get("/budget/reports")
            #expect(!thisYear.html.contains("March 2025"))
            #expect(thisYear.html.contains("href=\"/budget/reports?year=2025\""))
            let lastYear = try await browser.get("/budget/reports?year=2025")
            #expect(lastYear.html.contains("March 2025") && lastYear.html.contains("$77.00"))
            #expect(!lastYear.html.contains("October 2026"))
            #expect(lastYear.html.contains("href=\"/budget/reports\""), "back to this year")
            #expect(try await browser.get("/budget/reports?year=2027").status == .badRequest)
            #expect(try await browser.get("/budget/reports?year=abc").status == .badRequest)
        }
    }

    @Test(
        "a past month's report shows its categories as a pie with the same figures as a table; an empty month has none"
    )
    func reportPie() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let (rent, groceries, fun) = try await Self.reportCategories(database)
            try await browser.get("/budget/report?month=2026-10")
            try await browser.post(
                "/budget/report",
                [("month", "2026-10"), ("c\(rent)", "1,200"), ("c\(groceries)", "310.40"), ("c\(fun)", "45")]
            )
            let html = try await browser.get("/budget/reports/2026-10").html
            let pie = try #require(
                html.range(of: "<figure class=\"card chart-card\" aria-labelledby=\"chart-report-heading\">")
            )
            let list = try #require(html.range(of: "<ul class=\"category-rows\">"))
            #expect(pie.lowerBound < list.lowerBound, "the pie comes before the list")
            #expect(html.contains("<h2 class=\"card__title\" id=\"chart-report-heading\">Spending by category</h2>"))
            #expect(html.contains("class=\"chart chart--donut\""))
            #expect(html.contains(">$1.6K</text>"), "the month's total in the middle")
            #expect(html.contains("<tr><td>Rent/Mortgage</td><td>$1,200.00</td><td>77%</td></tr>"))
            #expect(html.contains("<tr><td>Groceries</td><td>$310.40</td><td>20%</td></tr>"))
            #expect(html.contains("<tr><td>Entertainment</td><td>$45.00</td><td>3%</td></tr>"))
            #expect(html.contains("<title>Rent/Mortgage</title>"), "each slice is named")

            let empty = try await browser.get("/budget/reports/2026-09")
            #expect(empty.status == .ok)
            #expect(!empty.html.contains("chart-report"))
            #expect(empty.html.contains("No expenses"))
        }
    }

    @Test("bad report amounts get field errors and keep what was typed; nothing is saved")
    func reportValidation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await browser.get("/budget/report")
            let page = try await browser.post(
                "/budget/report",
                [("month", "2026-11"), ("c\(rent)", "12,00"), ("c\(groceries)", "50")]
            )
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("c\(rent)") == "Write amounts like 12.50 or 1,234.56 here: “.” marks the decimals.")
            #expect(page.fieldValue("c\(rent)") == "12,00")
            #expect(page.fieldValue("c\(groceries)") == "50")
            let future = try await browser.post("/budget/report", [("month", "2027-01"), ("c\(rent)", "5")])
            #expect(future.status == .unprocessableContent)
            #expect(future.html.contains("Choose this month or an earlier one."))
            let empty = try await browser.post("/budget/report", [("month", "2026-11")])
            #expect(empty.html.contains("Enter at least one amount."))
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
        }
    }
}

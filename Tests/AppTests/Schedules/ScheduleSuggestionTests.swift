import Foundation
import GRDB
import Testing

@testable import App

@Suite("Repeating expenses are offered as schedules; nothing is made without a tap, and Not recurring is kept")
struct ScheduleSuggestionTests {
    static let email = ScheduleTests.email

    static func expense(
        _ database: AppDatabase,
        userId: Int64,
        _ date: String,
        _ cents: Int64,
        payee: String = "",
        note: String = ""
    ) async throws {
        try await LedgerFixture.add(
            database,
            userId: userId,
            date: date,
            cents: cents,
            kind: .expense,
            category: "Subscriptions",
            note: note
        )
        if !payee.isEmpty {
            try await database.write { db in
                try db.execute(
                    sql: "UPDATE ledger SET payee = ? WHERE id = (SELECT MAX(id) FROM ledger WHERE userId = ?)",
                    arguments: [payee, userId]
                )
            }
        }
    }

    @Test("the same description at a regular interval within 15 % is suggested; irregular days or amounts are not")
    func detection() {
        let day = { (text: String) in CalendarDay(text)! }
        func rows(
            _ days: [String],
            _ cents: [Int64]
        ) -> [(day: CalendarDay, cents: Int64, name: String, categoryId: Int64?, accountId: Int64?)] {
            zip(days, cents).map { (day($0), $1, "Netflix", 7, nil) }
        }
        let monthly = ScheduleSuggestion.detect(
            key: "netflix",
            rows: rows(["2026-08-31", "2026-09-30", "2026-10-31"], [1_599, 1_599, 1_699])
        )
        #expect(monthly?.frequency == .monthly && monthly?.interval == 1 && monthly?.amountCents == 1_699)
        #expect(
            ScheduleSuggestion.detect(
                key: "gym",
                rows: rows(["2026-10-05", "2026-10-12", "2026-10-19"], [900, 900, 950])
            )?
            .frequency == .weekly
        )
        #expect(
            ScheduleSuggestion.detect(
                key: "x",
                rows: rows(["2025-01-10", "2026-01-09", "2027-01-11"], [5_000, 5_000, 5_000])
            )?
            .frequency == .yearly
        )
        // Irregular days, an amount 20 % off, two only
        #expect(
            ScheduleSuggestion.detect(
                key: "x",
                rows: rows(["2026-08-01", "2026-08-20", "2026-10-01"], [100, 100, 100])
            ) == nil
        )
        #expect(
            ScheduleSuggestion.detect(
                key: "x",
                rows: rows(["2026-08-01", "2026-09-01", "2026-10-01"], [1_000, 1_000, 1_200])
            ) == nil
        )
        #expect(ScheduleSuggestion.detect(key: "x", rows: rows(["2026-09-01", "2026-10-01"], [100, 100])) == nil)
        #expect(ScheduleSuggestion.key("NETFLIX.COM 4421 ") == "netflix com")
    }

    @Test("the schedules page offers it; Add it opens the form filled in; Not recurring hides it for good")
    func offerAndDismiss() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let userId = try await LedgerFixture.userId(database, email: Self.email)
            for (date, cents) in [("2026-08-05", Int64(1_599)), ("2026-09-05", 1_599), ("2026-10-05", 1_649)] {
                try await Self.expense(database, userId: userId, date, cents, payee: "Netflix")
            }
            for date in ["2026-08-02", "2026-08-19", "2026-10-30"] {
                try await Self.expense(database, userId: userId, date, 2_000, note: "Lunch")
            }
            let page = try await browser.get("/schedules").html
            #expect(page.contains("Looks like Netflix every month — add it?"))
            #expect(!page.contains("Lunch"))
            let add = try #require(page.firstMatch(of: /href="(\/schedules\/new\?[^"]+)"/).map { String($0.output.1) })
            let form = try await browser.get(add.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(form.fieldValue("name") == "Netflix")
            #expect(form.fieldValue("amount") == "16.49")
            #expect(form.fieldValue("monthDay") == "5")
            #expect(form.html.contains("value=\"MONTHLY\" checked"))
            #expect(try ScheduleTests.schedules(database).isEmpty, "nothing is made without a tap")

            let dismissed = try await browser.post("/schedules/suggestions/dismiss", [("key", "netflix")])
            #expect(dismissed.status == .seeOther)
            #expect(!(try await browser.get("/schedules").html.contains("Looks like Netflix")))
            try await Self.expense(database, userId: userId, "2026-11-05", 1_649, payee: "Netflix")
            #expect(!(try await browser.get("/schedules").html.contains("Looks like Netflix")), "kept for good")
            // Once a schedule carries the name, it isn't offered either
            for (date, cents) in [("2026-09-01", Int64(4_000)), ("2026-10-01", 4_000), ("2026-11-01", 4_000)] {
                try await Self.expense(database, userId: userId, date, cents, payee: "Phone")
            }
            #expect(try await browser.get("/schedules").html.contains("Looks like Phone every month"))
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/schedules/new")
            try await browser.post("/schedules", ScheduleTests.form(target: rent, ["name": "phone", "monthDay": "1"]))
            #expect(!(try await browser.get("/schedules").html.contains("Looks like Phone")))
        }
    }
}

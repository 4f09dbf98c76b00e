import Foundation
import GRDB
import Testing

@testable import App

/// Income, Spent, Saved and Remaining mean one number each: the same on Home, Budget, every Statistics view, the
/// comparison, the PDF and the CSV, and equal to the ledger's own sum.
@Suite("Named figures")
struct NamedFiguresTests {
    /// The amount printed right after `label` in the page's text ("Spent $1,234.56"), as cents.
    static func figure(_ html: String, _ label: String) -> Int64? {
        let text = StatisticsTests.text(html)
        let pattern = NSRegularExpression.escapedPattern(for: label) + " ([−-]?)\\$([0-9,]+)\\.([0-9]{2})\\b"
        guard let match = text.range(of: pattern, options: .regularExpression) else { return nil }
        return cents(String(text[match].dropFirst(label.count + 1)))
    }

    /// "$1,234.56" or "-$5.00" as cents.
    static func cents(_ money: String) -> Int64? {
        let negative = money.hasPrefix("−") || money.hasPrefix("-")
        let digits = money.filter(\.isNumber)
        guard let value = Int64(digits) else { return nil }
        return negative ? -value : value
    }

    /// The ledger's own sums for `first…last`, straight from its rows.
    static func ledgerSums(
        _ database: AppDatabase,
        userId: Int64,
        from first: String,
        to last: String
    ) async throws -> LedgerTotals {
        try database.read { db in
            var totals = LedgerTotals()
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT kind, SUM(amountCents) AS total, COUNT(*) AS count FROM ledger
                    WHERE userId = ? AND date BETWEEN ? AND ? GROUP BY kind
                    """,
                arguments: [userId, first, last]
            ) {
                totals.add(kind: LedgerEntry.Kind(rawValue: row["kind"]), cents: row["total"], count: row["count"])
            }
            return totals
        }
    }

    @Test("every screen, the PDF and the CSV show the ledger's own Income, Spent, Saved and Remaining")
    func sameEverywhere() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given: a demo household with two years of history, today 22 November 2026
            try await browser.signUp(email: "alex@example.com")
            _ = try await DemoData.fill(
                database: database,
                email: "alex@example.com",
                passwordHash: { "unused" },
                years: 2,
                entries: 2_000,
                now: clock.now
            )
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let october = try await Self.ledgerSums(database, userId: userId, from: "2026-10-01", to: "2026-10-31")
            let year = try await Self.ledgerSums(database, userId: userId, from: "2026-01-01", to: "2026-12-31")
            #expect(october.incomeCents > 0 && october.spentCents > 0 && october.savedCents > 0)
            // Savings outside stashes exist, so stashes' savings alone would differ from Saved.
            let stashSaved = try database.read { db in
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT COALESCE(SUM(amountCents), 0) FROM ledger WHERE userId = ? AND kind = 'saving'
                        AND stashId IS NOT NULL AND date BETWEEN '2026-10-01' AND '2026-10-31'
                        """,
                    arguments: [userId]
                ) ?? 0
            }
            #expect(stashSaved != october.savedCents)

            // Home's cards
            let home = try await browser.get("/?month=2026-10")
            #expect(Self.figure(home.html, "Income Oct 2026") == october.incomeCents)
            #expect(Self.figure(home.html, "Spent Oct 2026") == october.spentCents)
            #expect(Self.figure(home.html, "Remaining") == october.remainingCents)
            // and its stash figures say they are about stashes
            #expect(Self.figure(home.html, "Saved in your stashes") == stashSaved)
            #expect(Self.figure(home.html, "Saved") == nil)

            // Budget
            let budget = try await browser.get("/budget?month=2026-10")
            #expect(Self.figure(budget.html, "Income") == october.incomeCents)
            #expect(Self.figure(budget.html, "Spent") == october.spentCents)
            #expect(Self.figure(budget.html, "Saved") == october.savedCents)
            let remaining = StatisticsTests.text(budget.html)
            #expect(remaining.contains("\(Self.money(october.remainingCents)) remaining in October 2026"))

            // Statistics: the month, the year, and every day of the month adding up to the month
            let monthly = try await browser.get("/statistics?view=monthly&period=2026-10")
            for (label, cents) in [
                ("Saved", october.savedCents), ("Spent", october.spentCents), ("Income", october.incomeCents),
            ] {
                #expect(Self.figure(monthly.html, label) == cents, "monthly \(label)")
            }
            let yearly = try await browser.get("/statistics?view=yearly&period=2026")
            for (label, cents) in [
                ("Saved", year.savedCents), ("Spent", year.spentCents), ("Income", year.incomeCents),
            ] {
                #expect(Self.figure(yearly.html, label) == cents, "yearly \(label)")
            }
            var days = LedgerTotals()
            for day in 1...31 {
                let page = try await browser.get("/statistics?view=daily&period=2026-10-\(String(format: "%02d", day))")
                days.savedCents += Self.figure(page.html, "Saved") ?? 0
                days.spentCents += Self.figure(page.html, "Spent") ?? 0
                days.incomeCents += Self.figure(page.html, "Income") ?? 0
            }
            #expect(days.savedCents == october.savedCents)
            #expect(days.spentCents == october.spentCents)
            #expect(days.incomeCents == october.incomeCents)

            // The comparison's October column, its first
            let compare = try await browser.get("/statistics/compare?month=2026-10&month=2026-11")
            #expect(Self.figure(compare.html, "Saved") == october.savedCents)
            #expect(Self.figure(compare.html, "Spent") == october.spentCents)
            #expect(Self.figure(compare.html, "Income") == october.incomeCents)

            // The CSV's rows add up to the same
            let csv = try await browser.get("/statistics/export.csv?view=monthly&period=2026-10")
            var fromCSV = LedgerTotals()
            for row in ExportTests.parseCSV(csv.html).dropFirst() {
                let cents = try #require(Self.cents(row[2]))
                fromCSV.add(kind: LedgerEntry.Kind(rawValue: row[1]), cents: cents, count: 1)
            }
            #expect(fromCSV == october)

            // The PDF prints the three
            let pdf = try await browser.get("/statistics/summary.pdf?period=2026-10")
            if let text = try ExportTests.pdfText(pdf.bytes) {
                for cents in [october.savedCents, october.spentCents, october.incomeCents] {
                    #expect(text.contains(Self.money(cents)))
                }
            } else {
                for cents in [october.savedCents, october.spentCents, october.incomeCents] {
                    #expect(String(decoding: pdf.bytes, as: UTF8.self).contains("(\(Self.money(cents)))"))
                }
            }
        }
    }

    @Test("a transfer, a split, a saving into an account and a reconcile leave every figure where a hand count puts it")
    func transfersAndReconcile() async throws {
        try await TestApp.run { browser, database in
            // Given: Checking $1,000, Savings $0, Visa −$200; in November: pay $2,000 and rent $300 from Checking,
            // $45.50 on the Visa split into groceries $30 and utilities $15.50, $250 saved from Checking into Savings,
            // $150 paid from Checking to the Visa
            let email = TransfersTests.email
            let (checking, savings, visa) = try await TransfersTests.threeAccounts(browser)
            let salary = try await database.categoryId("Salary", kind: .income, email: email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: email)
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: email)
            let utilities = try await database.categoryId("Utilities", kind: .needs, email: email)
            try await browser.addTransaction(
                amount: "2,000",
                kind: "income",
                category: salary,
                date: "2026-11-01",
                account: String(checking)
            )
            try await browser.addTransaction(
                amount: "300",
                kind: "needs",
                category: rent,
                date: "2026-11-02",
                account: String(checking)
            )
            try await browser.get("/transactions/new?kind=needs")
            try await browser.post(
                "/transactions",
                [
                    ("amount", "45.50"), ("kind", "needs"), ("date", "2026-11-03"), ("account", String(visa)),
                    ("partCategory[]", String(groceries)), ("partAmount[]", "30"),
                    ("partCategory[]", String(utilities)), ("partAmount[]", "15.50"),
                ]
            )
            try await browser.get("/transactions/new?kind=savings")
            try await browser.post(
                "/transactions",
                [
                    ("amount", "250"), ("kind", "savings"), ("category", String(vacation)), ("date", "2026-11-04"),
                    ("account", String(checking)), ("into", String(savings)),
                ]
            )
            try await TransfersTests.transfer(browser, from: checking, to: visa, amount: "150", date: "2026-11-05")

            // Then, by hand: Income 2,000.00 · Spent 345.50 · Saved 250.00 · Remaining 1,654.50; Checking 2,300.00,
            // Savings 250.00, Visa −95.50, total 2,454.50 (what the accounts held, plus income, less spending)
            func expectFigures() async throws {
                let home = try await browser.get("/")
                #expect(Self.figure(home.html, "Total balance") == 245_450)
                #expect(Self.figure(home.html, "Income this month") == 200_000)
                #expect(Self.figure(home.html, "Spent this month") == 34_550)
                #expect(Self.figure(home.html, "Remaining") == 165_450)
                let budget = try await browser.get("/budget")
                #expect(Self.figure(budget.html, "Income") == 200_000)
                #expect(Self.figure(budget.html, "Spent") == 34_550)
                #expect(Self.figure(budget.html, "Saved") == 25_000)
                let monthly = try await browser.get("/statistics?view=monthly&period=2026-11")
                #expect(Self.figure(monthly.html, "Saved") == 25_000)
                #expect(Self.figure(monthly.html, "Spent") == 34_550)
                #expect(Self.figure(monthly.html, "Income") == 200_000)
                let accounts = try await browser.get("/accounts").html
                #expect(Self.figure(accounts, "Total balance") == 245_450)
                #expect(accounts.contains("<td>November 2026</td><td>$2,454.50</td>"))
                #expect(
                    Self.figure(try await browser.get("/accounts/\(checking)").html, "Checking · balance") == 230_000
                )
                #expect(Self.figure(try await browser.get("/accounts/\(savings)").html, "Savings · balance") == 25_000)
                #expect(Self.figure(try await browser.get("/accounts/\(visa)").html, "Credit card · balance") == -9_550)
                // The CSV lists the income, the spending and the saving; the transfer is none of them
                let csv = try await browser.get("/statistics/export.csv?view=monthly&period=2026-11")
                var fromCSV = LedgerTotals()
                let rows = ExportTests.parseCSV(csv.html).dropFirst()
                for row in rows {
                    fromCSV.add(
                        kind: LedgerEntry.Kind(rawValue: row[1]),
                        cents: try #require(Self.cents(row[2])),
                        count: 1
                    )
                }
                #expect(rows.count == 5)
                // each part of the split in its own category
                let groceriesList = try await browser.get("/transactions?category=\(groceries)").html
                #expect(groceriesList.contains("1 transaction · -$30.00"))
                let utilitiesList = try await browser.get("/transactions?category=\(utilities)").html
                #expect(utilitiesList.contains("1 transaction · -$15.50"))
                #expect(fromCSV.incomeCents == 200_000 && fromCSV.spentCents == 34_550 && fromCSV.savedCents == 25_000)
                let pdf = try await browser.get("/statistics/summary.pdf?period=2026-11")
                let text = try ExportTests.pdfText(pdf.bytes) ?? String(decoding: pdf.bytes, as: UTF8.self)
                for money in ["$250.00", "$345.50", "$2,000.00"] { #expect(text.contains(money), "PDF \(money)") }
            }
            try await expectFigures()

            // When: the Checking statement of 5 November is reconciled (its four rows ticked cleared)
            let checkingRows = try await database.ledgerRows(email: email).filter { $0.accountId == checking }
            #expect(checkingRows.count == 4)
            try await browser.get("/accounts/\(checking)")
            for row in checkingRows {
                try await browser.post("/transactions/\(try #require(row.id))/cleared", [("cleared", "1")])
            }
            try await browser.get("/accounts/\(checking)/reconcile")
            let done = try await browser.post(
                "/accounts/\(checking)/reconcile",
                [("balance", "2,300"), ("date", "2026-11-05")]
            )
            #expect(done.status == .seeOther)

            // Then: locked, and every figure stays where it was
            let page = try await browser.get("/accounts/\(checking)").html
            #expect(Self.figure(page, "Cleared balance") == 230_000)
            #expect(try await database.ledgerRows(email: email).filter { $0.clearing == .reconciled }.count == 4)
            try await expectFigures()
        }
    }

    /// Cents as "$1,234.56", the way an American account shows them.
    static func money(_ cents: Int64) -> String {
        RegionFormat.of(.unitedStates).money(cents, .usd)
    }
}

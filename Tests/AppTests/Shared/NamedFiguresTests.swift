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

    /// Cents as "$1,234.56", the way an American account shows them.
    static func money(_ cents: Int64) -> String {
        RegionFormat.of(.unitedStates).money(cents, .usd)
    }
}

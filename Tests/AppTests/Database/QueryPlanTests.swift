import Foundation
import GRDB
import Synchronization
import Testing

@testable import App

/// Every page's reads of the ledger are bounded: by a date range, a stash, an account or a LIMIT. A query that
/// would read the whole of a user's history (as the planner can choose when two indexes start with `userId`)
/// fails here, whichever page runs it.
@Suite("Query plans")
struct QueryPlanTests {
    static let email = "plans@example.com"

    @Test("no page reads a user's whole ledger")
    func pagesReadBoundedRanges() async throws {
        try await TestApp.run { browser, database in
            // Given: a user with stashes, entries, budget transactions, an account and a card
            try await browser.signUp(email: Self.email)
            let save = try await browser.createStash(name: "Vacation", target: "100")
            let spend = try await browser.createStash(name: "Dining", kind: "spend", target: "100")
            try await browser.addEntry(stash: save, amount: "20", date: "2026-11-03")
            try await browser.addEntry(stash: spend, amount: "12", date: "2026-10-05")
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            try await browser.get("/accounts/new")
            try await browser.post("/accounts", [("name", "Checking"), ("kind", "checking"), ("opening", "100")])
            try await browser.addTransaction(
                amount: "30",
                kind: "needs",
                category: groceries,
                date: "2026-11-04",
                account: "1"
            )
            try await browser.addTransaction(amount: "900", kind: "income", category: salary, date: "2026-11-01")
            _ = try await browser.addCatalogueCard("amex-gold")

            // When: every main page is opened while the database records what it runs, and for which page
            let statements = Mutex<[(page: String, sql: String)]>([])
            let current = Mutex("")
            try await database.write { db in
                db.trace(options: .statement) { event in
                    if case .statement(let statement) = event {
                        let page = current.withLock { $0 }
                        statements.withLock { $0.append((page, statement.expandedSQL)) }
                    }
                }
            }
            let pages = [
                "/", "/?day=2026-11-03", "/stashes/\(save)", "/badges", "/badges?tab=all", "/profile",
                "/statistics", "/statistics?view=daily&period=2026-11-03", "/statistics?view=yearly&period=2026",
                "/statistics/compare?month=2026-10&month=2026-11", "/statistics/export.csv?view=monthly&period=2026-11",
                "/statistics/summary.pdf?period=2026-11", "/statistics?view=yearly&period=2026&filter=saving",
                "/statistics?view=daily&period=2026-11-03&filter=spending",
                "/statistics/export.csv?view=monthly&period=2026-11&filter=saving",
                "/budget", "/budget/needs", "/budget/wants", "/budget/savings", "/budget/income", "/budget/categories",
                "/budget/reports", "/budget/categories/\(groceries)?month=2026-11", "/transactions", "/accounts",
                "/accounts/1", "/wallet", "/wallet/tracker",
            ]
            for path in pages {
                current.withLock { $0 = path }
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
            }
            try await database.write { db in db.trace(options: .statement, nil) }

            // Then
            let recorded = statements.withLock { $0 }
            let seen = recorded.map(\.sql)
            let ledgerReads = seen.filter {
                $0.hasPrefix("SELECT") && $0.contains("ledger") && !$0.contains("LIMIT") && !$0.contains("LIKE")
            }
            #expect(ledgerReads.count > 10)
            for sql in Set(ledgerReads) {
                let plan = try database.read { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
                }
                let unbounded = plan.filter {
                    $0.hasPrefix("SCAN ledger") || ($0.contains("ledger USING") && $0.hasSuffix("(userId=?)"))
                }
                #expect(unbounded.isEmpty, "\(sql)\n\(plan.joined(separator: "\n"))")
            }

            // And a page reads at most one day of entries, or a LIMITed list: longer periods (a month's or a
            // year's totals, charts and spending by category) come from the day and month totals, so they cost the
            // same at any density. Only the month's CSV lists every entry of its month: its size is the file's.
            let dateRange = /date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'/
            let readsEntries = /(FROM|JOIN) "?ledger"?\b/
            for (page, sql) in recorded
            where sql.hasPrefix("SELECT") && sql.contains(readsEntries) && !sql.contains("LIMIT") {
                for match in sql.matches(of: dateRange) {
                    let first = try #require(CalendarDay(String(match.1)))
                    let last = try #require(CalendarDay(String(match.2)))
                    let allowed = page.hasPrefix("/statistics/export.csv") ? 30 : 0
                    #expect(first.distance(to: last) <= allowed, "\(page)\n\(sql)")
                }
            }
        }
    }
}

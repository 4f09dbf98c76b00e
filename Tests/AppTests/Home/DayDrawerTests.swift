import Foundation
import Testing

@testable import App

/// Home's day drawer names each row by what it was and opens the form that edits it.
@Suite("Home's day drawer")
struct DayDrawerTests {
    @Test("A budget transaction in the drawer is named by its category and opens the transaction form")
    func budgetTransaction() async throws {
        try await TestApp.run { browser, database in
            // Given: a stash entry and a plain expense on the same day
            let email = "drawer@example.com"
            try await browser.signUp(email: email)
            let stash = try await browser.createStash(name: "Holiday", target: "100")
            try await browser.addEntry(stash: stash, amount: "20", date: "2026-11-05", note: "to the fund.")
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: email)
            try await browser.addTransaction(
                amount: "12.50",
                kind: "needs",
                category: groceries,
                date: "2026-11-05",
                note: "market."
            )
            let rows = try await database.ledgerRows(email: email)
            let entry = try #require(rows.first { $0.stashId != nil }?.id)
            let expense = try #require(rows.first { $0.stashId == nil }?.id)

            // When
            let page = try await browser.get("/?day=2026-11-05")

            // Then: the expense is labelled by its category and links to its own form; the entry to the entry form
            #expect(page.status == .ok)
            #expect(page.document.contains("span", attributes: [:], text: "Groceries"))
            #expect(!page.html.contains("<span>Budget</span>"))
            #expect(page.html.contains("href=\"/transactions/\(expense)/edit?return="))
            #expect(!page.html.contains("href=\"/entries/\(expense)/edit"))
            #expect(page.html.contains("href=\"/entries/\(entry)/edit?return="))

            // And both links open a form, not "Page not found"
            let form = try await browser.get("/transactions/\(expense)/edit")
            #expect(form.status == .ok)
            #expect(form.html.contains("market."))
        }
    }
}

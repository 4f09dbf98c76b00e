import Foundation
import GRDB
import Testing

@testable import App

/// A member's categories (within a kind), stashes, accounts and cards each have a name no other of theirs has, case
/// set aside: "Groceries" and "groceries" can't both be there, and the form says which one is in the way.
@Suite("Distinct names")
struct DistinctNamesTests {
    static let email = "ann@example.com"

    @Test(
        "a name that differs only in case is refused next to the field, keeping what was typed; renaming to itself is fine"
    )
    func caseInsensitive() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let other = Browser(client: browser.client)
            try await other.signUp(name: "Bob", email: "bob@example.com")

            // Categories: within one kind; the same name under another kind is another category
            try await browser.get("/budget/categories/new?kind=needs")
            let category = try await browser.post(
                "/budget/categories",
                [
                    ("name", "  groceries "), ("kind", "needs"), ("icon", "paw"), ("color", "#EA580C"),
                ]
            )
            #expect(category.status == .unprocessableContent)
            #expect(category.html.contains("Needs already has a category called “Groceries”."))
            #expect(category.fieldValue("name") == "  groceries ")
            try await browser.get("/budget/categories/new?kind=wants")
            let wants = try await browser.post(
                "/budget/categories",
                [
                    ("name", "GROCERIES"), ("kind", "wants"), ("icon", "paw"), ("color", "#EA580C"),
                ]
            )
            #expect(wants.status == .seeOther)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await browser.get("/budget/categories/\(groceries)/edit")
            let renamed = try await browser.post(
                "/budget/categories/\(groceries)/edit",
                [
                    ("name", "GROCERIES"), ("icon", "cart"), ("color", "#16A34A"),
                ]
            )
            #expect(renamed.status == .seeOther, "a category may change the case of its own name")

            // Stashes, from the form and when one is renamed to another's name
            let trip = try await browser.createStash(name: "Trip", target: "100")
            let fund = try await browser.createStash(name: "Fund", target: "100")
            try await browser.get("/stashes/new")
            let stash = try await browser.post(
                "/stashes",
                [
                    ("name", "TRIP"), ("kind", "save"), ("target", "50"), ("goal", ""), ("reward", ""),
                    ("category", "Other"),
                    ("newCategory", ""), ("reminder", "off"),
                ]
            )
            #expect(stash.status == .unprocessableContent)
            #expect(stash.html.contains("You already have a stash called “Trip”."))
            try await browser.get("/stashes/\(fund)/edit")
            let rename = try await browser.post(
                "/stashes/\(fund)/edit",
                [
                    ("name", "trip"), ("kind", "save"), ("target", "100"), ("goal", ""), ("reward", ""),
                    ("category", "Other"),
                    ("newCategory", ""), ("reminder", "off"),
                ]
            )
            #expect(rename.status == .unprocessableContent)
            #expect(rename.html.contains("You already have a stash called “Trip”."))
            _ = trip

            // Accounts
            try await browser.get("/accounts/new")
            #expect(
                try await browser.post("/accounts", [("name", "Checking"), ("kind", "checking"), ("opening", "0")])
                    .status
                    == .seeOther
            )
            try await browser.get("/accounts/new")
            let account = try await browser.post(
                "/accounts",
                [("name", "checking"), ("kind", "savings"), ("opening", "0")]
            )
            #expect(account.status == .unprocessableContent)
            #expect(account.html.contains("You already have an account called “Checking”."))

            // Cards: the same name needs a nickname to tell them apart
            let card: [(String, String)] = [
                ("name", "Travel Card"), ("issuer", "My Bank"), ("nickname", ""), ("gradient", "sapphire"),
                ("annualFee", ""),
                ("feeDueOn", ""), ("benefit1Name", "Lounge"), ("benefit1Value", "25"), ("benefit1Period", "monthly"),
            ]
            _ = try await browser.addCustomCard(card)
            try await browser.get("/wallet/cards/custom")
            let twin = try await browser.post(
                "/wallet/cards/custom",
                card.map { $0.0 == "name" ? ("name", "travel card") : $0 }
            )
            #expect(twin.status == .unprocessableContent)
            #expect(twin.html.contains("You already have “Travel Card”. Give this card a nickname to tell them apart."))
            _ = try await browser.addCustomCard(card.map { $0.0 == "nickname" ? ("nickname", "Joint") : $0 })

            // Then: nothing doubled, and another member's names were never in the way
            let counts = try await database.readRow { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT COUNT(*) FROM category WHERE userId = 1 AND name LIKE 'groceries') AS categories,
                               (SELECT COUNT(*) FROM stash WHERE userId = 1 AND name LIKE 'trip') AS stashes,
                               (SELECT COUNT(*) FROM account WHERE userId = 1 AND name LIKE 'checking') AS accounts,
                               (SELECT COUNT(*) FROM walletCard WHERE userId = 1 AND name LIKE 'travel card') AS cards
                        """
                )
            }
            #expect(counts?["categories"] as Int? == 2)
            #expect(counts?["stashes"] as Int? == 1)
            #expect(counts?["accounts"] as Int? == 1)
            #expect(counts?["cards"] as Int? == 2)
            #expect(try await other.createStash(name: "trip", target: "10") > 0)
        }
    }
}

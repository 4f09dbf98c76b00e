import Foundation
import GRDB
import Testing

@testable import App

/// Each card on the Wallet has a quick menu: mark a benefit used, view, edit, reminders off and on, remove.
@Suite("Wallet card menu")
struct WalletCardMenuTests {
    @Test(
        "the menu marks a benefit used, turns the card's reminders off and on, and removes it, each back on the Wallet"
    )
    func quickMenu() async throws {
        // Today is Sunday 2026-11-22 (the test clock)
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let cardId = try await browser.addCustomCard([
                ("name", "Gold"), ("issuer", "Bank"), ("nickname", ""), ("gradient", "midnight"), ("annualFee", ""),
                ("feeDueOn", ""), ("benefit1Name", "Dining credit"), ("benefit1Value", "10"),
                ("benefit1Period", "monthly"),
            ])
            let benefitId = try #require(try await database.benefitIds(cardId: cardId)["Dining credit"])

            // Given the Wallet: the card has its menu, a <details> that needs no script
            let wallet = try await browser.get("/wallet")
            #expect(wallet.status == .ok)
            let html = wallet.html
            #expect(HTMLPage(html).contains("details", attributes: ["class": "menu card-menu"]))
            #expect(html.contains("aria-label=\"Actions for Gold\""))
            #expect(html.contains("action=\"/wallet/benefits/\(benefitId)/use\""))
            #expect(html.contains("Mark used: Dining credit ($10)"))
            #expect(
                HTMLPage(html).contains(
                    "a",
                    attributes: ["class": "menu__item", "href": "/wallet/cards/\(cardId)/edit"],
                    text: "Edit card…"
                )
            )
            #expect(html.contains("Turn reminders off"))
            #expect(html.contains("href=\"/wallet/cards/\(cardId)/delete?return=/wallet\">Remove card…</a>"))
            #expect(HTMLPage(html).contains("script", attributes: ["src": "/js/wallet.js", "defer": ""], text: ""))

            // When Mark used is picked: back on the Wallet, the use recorded at full value today
            let used = try await browser.post("/wallet/benefits/\(benefitId)/use", [("returnTo", "/wallet")])
            #expect(used.status == .seeOther)
            #expect(used.location == "/wallet")
            let uses = try await database.benefitUses(benefitId: benefitId)
            #expect(uses.map(\.usedOn) == ["2026-11-22"])
            #expect(uses.map(\.valueCents) == [1_000])
            #expect(!(try await browser.get("/wallet")).html.contains("Mark used: Dining credit"))

            // Reminders off, back on the Wallet; the menu then offers to turn them on again
            let off = try await browser.post(
                "/wallet/cards/\(cardId)/reminders",
                [("on", "0"), ("returnTo", "/wallet")]
            )
            #expect(off.status == .seeOther)
            #expect(off.location == "/wallet")
            #expect(try await Self.notify(database, cardId) == false)
            let quiet = try await browser.get("/wallet").html
            #expect(quiet.contains("No more reminders for Gold."))
            #expect(quiet.contains("Turn reminders on"))
            let on = try await browser.post(
                "/wallet/cards/\(cardId)/reminders",
                [("on", "1"), ("returnTo", "/wallet")]
            )
            #expect(on.location == "/wallet")
            #expect(try await Self.notify(database, cardId) == true)

            // A return address off the site is ignored
            let away = try await browser.post(
                "/wallet/cards/\(cardId)/reminders",
                [("on", "1"), ("returnTo", "//evil.example")]
            )
            #expect(away.location == "/wallet/cards/\(cardId)")

            // Another member can't turn Ann's reminders off
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            try await sam.get("/wallet")
            let theirs = try await sam.post(
                "/wallet/cards/\(cardId)/reminders",
                [("on", "0"), ("returnTo", "/wallet")]
            )
            #expect(theirs.status == .notFound)
            #expect(try await Self.notify(database, cardId) == true)

            // Remove asks first, and its Cancel comes back to the Wallet
            let confirm = try await browser.get("/wallet/cards/\(cardId)/delete?return=/wallet")
            #expect(confirm.status == .ok)
            #expect(confirm.html.contains("Remove Gold?"))
            #expect(confirm.html.contains("href=\"/wallet\""))
            let removed = try await browser.post("/wallet/cards/\(cardId)/delete")
            #expect(removed.location == "/wallet")
            let left = try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM walletCard WHERE userId = ?", arguments: [ann]) ?? -1
            }
            #expect(left == 0)
        }
    }

    static func notify(_ database: AppDatabase, _ cardId: Int64) async throws -> Bool? {
        try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT notify FROM walletCard WHERE id = ?", arguments: [cardId])
        }
    }
}

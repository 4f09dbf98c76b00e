import Foundation
import GRDB
import Testing

@testable import App

/// A benefit can be edited like it was added: name, value, period and details.
@Suite("Wallet: editing benefits")
struct WalletEditTests {
    /// Ann's custom card with a $25 monthly "Lounge" benefit, used today: the card's and the benefit's ids.
    static func usedLounge(_ browser: Browser, _ database: AppDatabase) async throws -> (Int64, Int64) {
        try await browser.signUp(email: "ann@example.com")
        let card = try await browser.addCustomCard([
            ("name", "Travel Card"), ("issuer", "My Bank"), ("gradient", "sapphire"), ("annualFee", "100"),
            ("feeDueOn", ""), ("benefit1Name", "Lounge"), ("benefit1Value", "25"), ("benefit1Period", "monthly"),
        ])
        let lounge = try #require(try await database.benefitIds(cardId: card)["Lounge"])
        try await browser.get("/wallet/cards/\(card)")
        try await browser.post("/wallet/benefits/\(lounge)/use")
        return (card, lounge)
    }

    @Test(
        "a benefit's edit form saves name, value and period; its recorded use keeps its amount and day and moves to the new period"
    )
    func editBenefit() async throws {
        let clock = TestClock(TestClock.date("2026-11-27T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: a card with a monthly benefit used today
            let (card, lounge) = try await Self.usedLounge(browser, database)
            let detail = try await browser.get("/wallet/cards/\(card)")
            #expect(
                detail.document.contains(
                    "a",
                    attributes: ["class": "menu__item", "href": "/wallet/benefits/\(lounge)/edit"],
                    text: "Edit benefit…"
                )
            )

            // When: the form opens with what the benefit has
            let form = try await browser.get("/wallet/benefits/\(lounge)/edit")
            #expect(form.status == .ok)
            #expect(form.html.contains("Edit benefit"))
            #expect(form.fieldValue("name") == "Lounge")
            #expect(form.fieldValue("value") == "25.00")
            #expect(form.fieldValue("period") == "monthly")
            #expect(
                form.document.contains("option", attributes: ["value": "quadrennial"], text: "Once every four years")
            )

            // Then: bad input is refused next to each field and what was typed stays
            let bad = try await browser.post(
                "/wallet/benefits/\(lounge)/edit",
                [
                    ("name", " "), ("value", "abc"), ("period", "weekly"), ("details", "Airport lounges"),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("name") == "Enter a name.")
            #expect(bad.fieldError("value") == "Enter an amount like 12.50 or 1,234.56.")
            #expect(bad.fieldError("period") == "Choose how often it resets.")
            #expect(bad.fieldValue("value") == "abc")
            #expect(bad.fieldValue("details") == "Airport lounges")
            #expect(try database.read { db in try CardBenefit.fetchOne(db, key: lounge) }?.name == "Lounge")

            // When: a good edit changes value and period
            let saved = try await browser.post(
                "/wallet/benefits/\(lounge)/edit",
                [
                    ("name", "Lounge pass"), ("value", "30"), ("period", "quarterly"), ("details", "Airport lounges"),
                ]
            )

            // Then: saved, and the use keeps its $25 and its day, now in the quarter that holds that day
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/wallet/cards/\(card)")
            let benefit = try #require(try database.read { db in try CardBenefit.fetchOne(db, key: lounge) })
            #expect(benefit.name == "Lounge pass")
            #expect(benefit.valueCents == 3_000)
            #expect(benefit.period == .quarterly)
            #expect(benefit.details == "Airport lounges")
            let uses = try await database.benefitUses(benefitId: lounge)
            #expect(uses.map(\.valueCents) == [2_500])
            #expect(uses.map(\.usedOn) == ["2026-11-27"])
            #expect(uses.map(\.periodStart) == ["2026-10-01"])
            let after = try await browser.get("/wallet/cards/\(card)")
            #expect(after.html.contains("Saved “Lounge pass”."))
            #expect(after.html.contains("Used this period"))
            #expect(after.html.contains("Used Nov 27, 2026 · $25.00 redeemed"))
            #expect(after.html.contains("$30 / quarter · Airport lounges"))

            // Another member can neither open nor save it
            let other = Browser(client: browser.client)
            try await other.signUp(name: "Bob", email: "bob@example.com")
            #expect(try await other.get("/wallet/benefits/\(lounge)/edit").status == .notFound)
            try await other.get("/wallet")
            let stolen = try await other.post(
                "/wallet/benefits/\(lounge)/edit",
                [("name", "Mine"), ("value", "1"), ("period", "monthly")]
            )
            #expect(stolen.status == .notFound)
            #expect(try database.read { db in try CardBenefit.fetchOne(db, key: lounge) }?.name == "Lounge pass")
        }
    }

    @Test("two uses that fall in one new period: the first moves, the other keeps its own, and none is lost")
    func periodChangeKeepsEveryUse() async throws {
        let clock = TestClock(TestClock.date("2026-10-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let (card, lounge) = try await Self.usedLounge(browser, database)
            clock.advance(by: 20 * 86_400)
            try await browser.get("/wallet/cards/\(card)")
            try await browser.post("/wallet/benefits/\(lounge)/use")

            try await browser.get("/wallet/benefits/\(lounge)/edit")
            let saved = try await browser.post(
                "/wallet/benefits/\(lounge)/edit",
                [
                    ("name", "Lounge"), ("value", "25"), ("period", "annual"), ("details", ""),
                ]
            )
            #expect(saved.status == .seeOther)
            let uses = try await database.benefitUses(benefitId: lounge)
            #expect(uses.map(\.usedOn) == ["2026-10-20", "2026-11-09"])
            #expect(Set(uses.map(\.periodStart)) == ["2026-01-01", "2026-11-01"])
            let page = try await browser.get("/wallet/cards/\(card)")
            #expect(page.html.contains("Annual fee ROI"))
            #expect(page.html.contains("Redeem $50 more to break even"))
        }
    }
}

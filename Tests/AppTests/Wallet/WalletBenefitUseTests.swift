import Foundation
import GRDB
import Testing

@testable import App

/// "Done" records what was really redeemed: the amount and the day, so the annual fee's return is true.
@Suite("Wallet: marking a benefit done with an amount and a day")
struct WalletBenefitUseTests {
    @Test(
        "the form starts at the full value and today where the user is, checks both, and the return counts the amount"
    )
    func amountAndDay() async throws {
        // 05:00 UTC on 27 November is still 26 November in Los Angeles.
        let clock = TestClock(TestClock.date("2026-11-27T05:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: a $550 card with a $200 airline credit a calendar year
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/signup/details")
            try await browser.post("/signup/details", [("currency", "USD"), ("timeZone", "America/Los_Angeles")])
            let card = try await browser.addCustomCard([
                ("name", "Premium"), ("issuer", "Bank"), ("gradient", "gold"), ("annualFee", "550"), ("feeDueOn", ""),
                ("benefit1Name", "Airline"), ("benefit1Value", "200"), ("benefit1Period", "annual"),
            ])
            let airline = try #require(try await database.benefitIds(cardId: card)["Airline"])
            let detail = try await browser.get("/wallet/cards/\(card)")
            #expect(
                detail.document.contains(
                    "a",
                    attributes: ["class": "menu__item", "href": "/wallet/benefits/\(airline)/use"],
                    text: "Done: other amount or day…"
                )
            )
            #expect(detail.html.contains("aria-label=\"Mark Airline as done: full value, today\">✓ Done</button>"))

            // When: the form opens
            let form = try await browser.get("/wallet/benefits/\(airline)/use")

            // Then: the full value and the user's today
            #expect(form.status == .ok)
            #expect(form.fieldValue("amount") == "200.00")
            #expect(form.fieldValue("usedOn") == "2026-11-26")
            #expect(
                form.html.contains("Up to $200.00, the benefit&#39;s value.")
                    || form.html.contains("Up to $200.00, the benefit's value.")
            )

            // Then: more than the value, a day ahead, or a day before last period are refused, and what was typed stays
            for (amount, day, field, message) in [
                ("250", "2026-11-20", "amount", "Enter at most $200.00, the benefit's value."),
                ("0", "2026-11-20", "amount", "Enter an amount above zero."),
                ("80", "2026-11-27", "usedOn", "Enter today or an earlier day."),
                ("80", "2024-12-31", "usedOn", "Enter a day in this period or the one before, from Jan 1, 2025."),
                ("80", "2026-02-30", "usedOn", "Enter a real date, like Nov 26, 2026."),
            ] {
                let page = try await browser.post(
                    "/wallet/benefits/\(airline)/use",
                    [("amount", amount), ("usedOn", day)]
                )
                #expect(page.status == .unprocessableContent, "\(amount) \(day)")
                let shown = page.fieldError(field)?.replacingOccurrences(of: "&#39;", with: "'")
                #expect(shown == message, "\(amount) \(day)")
                #expect(page.fieldValue("amount") == amount)
                #expect(page.fieldValue("usedOn") == day)
            }
            #expect(try await database.benefitUses(benefitId: airline).isEmpty)

            // When: $80 on 3 November
            let done = try await browser.post(
                "/wallet/benefits/\(airline)/use",
                [("amount", "80"), ("usedOn", "2026-11-03")]
            )

            // Then: recorded as typed, for this year's period, and the return counts $80
            #expect(done.status == .seeOther)
            #expect(done.location == "/wallet/cards/\(card)")
            let uses = try await database.benefitUses(benefitId: airline)
            #expect(uses.map(\.valueCents) == [8_000])
            #expect(uses.map(\.usedOn) == ["2026-11-03"])
            #expect(uses.map(\.periodStart) == ["2026-01-01"])
            let page = try await browser.get("/wallet/cards/\(card)")
            #expect(page.html.contains("Marked “Airline” as done — $80.00 redeemed on Nov 3, 2026."))
            #expect(page.html.contains("Used Nov 3, 2026 · $80.00 redeemed"))
            #expect(RedeemedFigure.of(page).contains("$80"))
            #expect(page.html.contains("Redeem $470 more to break even"))

            // A second use in the same period is refused on the form
            try await browser.get("/wallet/benefits/\(airline)/use")
            let twice = try await browser.post(
                "/wallet/benefits/\(airline)/use",
                [("amount", "20"), ("usedOn", "2026-11-10")]
            )
            #expect(twice.status == .unprocessableContent)
            #expect(
                twice.fieldError("usedOn")?.contains("already done for the period of that day (used Nov 3, 2026)")
                    == true
            )
            #expect(try await database.benefitUses(benefitId: airline).count == 1)

            // Last year's period can still be recorded late
            let late = try await browser.post(
                "/wallet/benefits/\(airline)/use",
                [("amount", "200"), ("usedOn", "2025-06-15")]
            )
            #expect(late.status == .seeOther)
            #expect(
                try await database.benefitUses(benefitId: airline).map(\.periodStart) == ["2025-01-01", "2026-01-01"]
            )

            // Another member can't open or post the form
            let other = Browser(client: browser.client)
            try await other.signUp(name: "Bob", email: "bob@example.com")
            #expect(try await other.get("/wallet/benefits/\(airline)/use").status == .notFound)
            try await other.get("/wallet")
            #expect(
                try await other.post("/wallet/benefits/\(airline)/use", [("amount", "1"), ("usedOn", "2026-11-26")])
                    .status == .notFound
            )
            #expect(try await database.benefitUses(benefitId: airline).count == 2)
        }
    }
}

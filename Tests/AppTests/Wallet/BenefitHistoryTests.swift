import Foundation
import Testing

@testable import App

/// A benefit's page lists each recorded use with its amount and day, grouped by card year.
@Suite("Benefit history")
struct BenefitHistoryTests {
    @Test("uses are grouped by card year, newest first, with the amount and day of each and each year's total")
    func historyByCardYear() async throws {
        // Today is Sunday 2026-11-22 (the test clock); the card's year starts on 10 March
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let store = database.for(userId: ann)
            let cardId = try await browser.addCustomCard([
                ("name", "Gold"), ("issuer", "Bank"), ("nickname", ""), ("gradient", "midnight"), ("annualFee", "95"),
                ("feeDueOn", "2027-03-10"), ("benefit1Name", "Dining credit"), ("benefit1Value", "10"),
                ("benefit1Period", "monthly"),
            ])
            let benefitId = try #require(try await database.benefitIds(cardId: cardId)["Dining credit"])
            let (benefit, _) = try #require(try store.cardBenefit(id: benefitId))

            // Nothing recorded yet
            let empty = try await browser.get("/wallet/benefits/\(benefitId)")
            #expect(empty.status == .ok)
            #expect(empty.html.contains("No use recorded yet."))

            // Three uses over two card years
            for (start, day, cents) in [
                ("2026-02-01", "2026-02-14", Int64(750)), ("2026-04-01", "2026-04-03", 1_000),
                ("2026-11-01", "2026-11-05", 1_000),
            ] {
                try await store.markBenefitUsed(
                    benefit,
                    periodStart: CalendarDay(start)!,
                    on: CalendarDay(day)!,
                    cents: cents,
                    now: Date()
                )
            }
            let page = try await browser.get("/wallet/benefits/\(benefitId)")
            #expect(page.status == .ok)
            let html = page.html
            let current = try #require(html.range(of: "Card year Mar 10, 2026 – Mar 9, 2027"))
            let previous = try #require(html.range(of: "Card year Mar 10, 2025 – Mar 9, 2026"))
            #expect(current.lowerBound < previous.lowerBound)
            #expect(html.contains("2 uses, $20.00 redeemed"))
            #expect(html.contains("1 use, $7.50 redeemed"))
            let nov = try #require(
                html.range(of: "<span>Nov 5, 2026</span><span class=\"benefit-history__amount\">$10.00</span>")
            )
            let apr = try #require(
                html.range(of: "<span>Apr 3, 2026</span><span class=\"benefit-history__amount\">$10.00</span>")
            )
            let feb = try #require(
                html.range(of: "<span>Feb 14, 2026</span><span class=\"benefit-history__amount\">$7.50</span>")
            )
            #expect(
                nov.lowerBound < apr.lowerBound && apr.lowerBound < previous.lowerBound
                    && previous.lowerBound < feb.lowerBound
            )

            // The card's page links the benefit to it
            let card = try await browser.get("/wallet/cards/\(cardId)").html
            #expect(
                HTMLPage(card).contains(
                    "a",
                    attributes: ["class": "benefit__link", "href": "/wallet/benefits/\(benefitId)"],
                    text: "Dining credit"
                )
            )
            #expect(card.contains("href=\"/wallet/benefits/\(benefitId)\">View history</a>"))

            // Another member gets a 404
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            #expect(try await sam.get("/wallet/benefits/\(benefitId)").status == .notFound)
        }
    }

    @Test("a card without a fee due date groups its uses by calendar year")
    func historyByCalendarYear() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let cardId = try await browser.addCustomCard([
                ("name", "Blue"), ("issuer", "Bank"), ("nickname", ""), ("gradient", "sapphire"), ("annualFee", ""),
                ("feeDueOn", ""), ("benefit1Name", "Streaming"), ("benefit1Value", "7"), ("benefit1Period", "monthly"),
            ])
            let benefitId = try #require(try await database.benefitIds(cardId: cardId)["Streaming"])
            try await browser.get("/wallet/cards/\(cardId)")
            let done = try await browser.post("/wallet/benefits/\(benefitId)/use")
            #expect(done.status == .seeOther)
            let uses = try database.for(userId: ann).benefitUses(benefitId: benefitId)
            #expect(uses.map(\.usedOn) == ["2026-11-22"])
            let html = try await browser.get("/wallet/benefits/\(benefitId)").html
            #expect(
                HTMLPage(html).elements("h3", attributes: ["class": "benefit-history__year"]).contains { year in
                    guard year.children.count == 2, case .text("2026 ") = year.children[0],
                        let span = year.first("span")
                    else { return false }
                    return span.isLastChild
                        && span.matches("span", attributes: ["class": "muted small"], text: "· 1 use, $7.00 redeemed")
                }
            )
            #expect(HTMLPage(html).contains("span", attributes: [:], text: "Nov 22, 2026"))
        }
    }
}

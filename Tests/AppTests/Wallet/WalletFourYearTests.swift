import Foundation
import GRDB
import Testing

@testable import App

/// Global Entry / TSA PreCheck credits come once every four years: four card years (calendar years without an
/// anniversary) from the one the benefit was added in, worth a quarter of their value a year.
@Suite("Wallet: benefits once every four years")
struct WalletFourYearTests {
    func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test("the window is four calendar years from the year it was added, or four card years with an anniversary")
    func windows() {
        let period = BenefitPeriod.everyFourYears
        #expect(period.label == "Once every four years")
        #expect(
            period.window(containing: day("2026-11-22"), added: day("2026-11-22"))
                == PeriodWindow(start: day("2026-01-01"), end: day("2029-12-31"))
        )
        #expect(period.window(containing: day("2029-12-31"), added: day("2026-11-22")).start == day("2026-01-01"))
        #expect(
            period.window(containing: day("2030-01-01"), added: day("2026-11-22"))
                == PeriodWindow(start: day("2030-01-01"), end: day("2033-12-31"))
        )
        #expect(
            period.window(containing: day("2030-01-01"), added: day("2026-11-22")).previous(
                period,
                added: day("2026-11-22")
            )
            .start == day("2026-01-01")
        )
        #expect(period.window(containing: day("2025-06-01"), added: day("2026-11-22")).start == day("2022-01-01"))
        // Card years from 1 March: added in the card year that began on 1 March 2026
        #expect(
            period.window(containing: day("2026-11-22"), anniversary: day("2027-03-01"), added: day("2026-11-22"))
                == PeriodWindow(start: day("2026-03-01"), end: day("2030-02-28"))
        )
        #expect(
            period.window(containing: day("2026-02-27"), anniversary: day("2027-03-01"), added: day("2026-11-22"))
                == PeriodWindow(start: day("2022-03-01"), end: day("2026-02-28"))
        )
        // 29 February in a leap year, 28 February otherwise
        #expect(
            period.window(containing: day("2028-03-10"), anniversary: day("2028-02-29"), added: day("2024-03-01"))
                == PeriodWindow(start: day("2028-02-29"), end: day("2032-02-28"))
        )
        #expect(period.annualCents(12_000) == 3_000)
        #expect(BenefitPeriod.monthly.annualCents(1_500) == 18_000)
    }

    @Test(
        "a Global Entry credit: $30 a year in the catalogue, used once in four years, a quarter in each year's return"
    )
    func globalEntry() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "ann@example.com")
            let preview = try await browser.get("/wallet/catalogue/capital-one-venture")
            #expect(preview.html.contains("+ $30 Global Entry / TSA PreCheck a year ($120 once every four years)"))
            #expect(preview.html.contains("Total annual value: $30"))
            let card = try await browser.addCatalogueCard("capital-one-venture")
            let credit = try #require(try await database.benefitIds(cardId: card)["Global Entry / TSA PreCheck"])
            #expect(
                try database.read { db in try CardBenefit.fetchOne(db, key: credit) }?.period == .everyFourYears
            )
            let page = try await browser.get("/wallet/cards/\(card)")
            #expect(page.html.contains("$120 / four years"))
            #expect(page.html.contains("Expires Dec 31, 2029"))

            // When: used
            try await browser.post("/wallet/benefits/\(credit)/use")

            // Then: a quarter of it counts this year, and next year, and it stays used until its four years end
            #expect(try await database.benefitUses(benefitId: credit).map(\.periodStart) == ["2026-01-01"])
            let used = try await browser.get("/wallet/cards/\(card)")
            #expect(RedeemedFigure.of(used).contains("$30"))
            #expect(used.html.contains("Redeem $65 more to break even"))
            clock.advance(by: 200 * 86_400)
            try await browser.logIn(email: "ann@example.com")
            let nextYear = try await browser.get("/wallet/cards/\(card)")
            #expect(nextYear.html.contains("Used this period"))
            #expect(RedeemedFigure.of(nextYear).contains("$30"))
            #expect(!(try await browser.get("/wallet/expiring").html.contains("Global Entry")))
            clock.advance(by: 1_200 * 86_400)  // September 2030: a new four years
            try await browser.logIn(email: "ann@example.com")
            let later = try await browser.get("/wallet/cards/\(card)")
            #expect(!later.html.contains("Used this period"))
            #expect(later.html.contains("Expires Dec 31, 2033"))
            #expect(RedeemedFigure.of(later).contains("$0"))
        }
    }

    @Test("with a fee due date the four years are card years, and the last week brings it into Expiring soon")
    func cardYears() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let card = try await browser.addCatalogueCard("chase-sapphire-reserve", feeDueOn: "2027-03-01")
            let page = try await browser.get("/wallet/cards/\(card)")
            #expect(page.html.contains("Expires Feb 28, 2030"))
            clock.advance(by: 1_193 * 86_400)  // 2030-02-27, a day before the four card years end
            try await browser.logIn(email: "ann@example.com")
            let expiring = try await browser.get("/wallet/expiring")
            #expect(expiring.html.contains("Use your Global Entry / TSA PreCheck"))
            #expect(expiring.html.contains("$120.00 on Sapphire Reserve"))
        }
    }
}

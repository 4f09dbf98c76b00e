import Foundation
import Testing

@testable import App

/// Home's "Recently used": the latest three benefit uses and coupons used, each linking to its page.
@Suite("Recently used on Home")
struct RecentlyUsedTests {
    @Test("shows the latest three uses, latest first, linking to them; nothing while nothing was used")
    func recentlyUsed() async throws {
        // Today is Sunday 2026-11-22 (the test clock)
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let store = database.for(userId: ann)
            let cardId = try await browser.addCustomCard([
                ("name", "Gold"), ("issuer", "Bank"), ("nickname", "Personal"), ("gradient", "midnight"),
                ("annualFee", ""),
                ("feeDueOn", ""), ("benefit1Name", "Dining credit"), ("benefit1Value", "10"),
                ("benefit1Period", "monthly"),
                ("benefit2Name", "Uber credit"), ("benefit2Value", "15"), ("benefit2Period", "monthly"),
            ])
            let ids = try await database.benefitIds(cardId: cardId)
            let dining = try #require(ids["Dining credit"])
            let uber = try #require(ids["Uber credit"])

            // Cards but nothing used: no section
            let before = try await browser.get("/")
            #expect(before.status == .ok)
            #expect(!before.html.contains("Recently used"))

            // Three benefit uses on three days and a coupon used today
            let (diningBenefit, _) = try #require(try store.cardBenefit(id: dining))
            try await store.markBenefitUsed(
                diningBenefit,
                periodStart: CalendarDay("2026-10-01")!,
                on: CalendarDay("2026-10-03")!,
                cents: 1_000,
                now: Date()
            )
            try await store.markBenefitUsed(
                diningBenefit,
                periodStart: CalendarDay("2026-11-01")!,
                on: CalendarDay("2026-11-20")!,
                cents: 800,
                now: Date()
            )
            try await browser.get("/wallet/cards/\(cardId)")
            #expect(try await browser.post("/wallet/benefits/\(uber)/use", [("returnTo", "/")]).location == "/")
            let coupon = try await store.addCoupon(
                Coupon(
                    id: nil,
                    userId: ann,
                    name: "Pizza 2-for-1",
                    details: "",
                    expiresOn: "2026-12-01",
                    category: "Food",
                    valueCents: 1_200,
                    code: "",
                    usedOn: nil,
                    createdAt: Date()
                )
            )
            try await store.markCouponUsed(id: try #require(coupon.id), on: CalendarDay("2026-11-21"))

            let html = try await browser.get("/").html
            #expect(
                HTMLPage(html).contains(
                    "h2",
                    attributes: ["class": "card__title", "id": "recent-title"],
                    text: "Recently used"
                )
            )
            let uberRow = try #require(
                html.range(
                    of:
                        "<a class=\"track__name\" href=\"/wallet/benefits/\(uber)\">$15 Uber credit</a> <span class=\"track__when\">Used Nov 22</span>"
                )
            )
            let couponRow = try #require(
                html.range(
                    of:
                        "<a class=\"track__name\" href=\"/wallet/tracker?tab=coupons\">$12 Pizza 2-for-1</a> <span class=\"track__when\">Used Nov 21</span>"
                )
            )
            let diningRow = try #require(
                html.range(
                    of:
                        "<a class=\"track__name\" href=\"/wallet/benefits/\(dining)\">$8 Dining credit</a> <span class=\"track__when\">Used Nov 20</span>"
                )
            )
            #expect(uberRow.lowerBound < couponRow.lowerBound && couponRow.lowerBound < diningRow.lowerBound)
            #expect(HTMLPage(html).contains("p", attributes: ["class": "track__meta"], text: "Gold · Personal"))
            #expect(HTMLPage(html).contains("p", attributes: ["class": "track__meta"], text: "Coupon · Food"))
            // Only three: October's use is left out
            #expect(!html.contains("Used Oct 3"))

            // Another member sees none of it
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            #expect(!(try await sam.get("/")).html.contains("Recently used"))
        }
    }
}

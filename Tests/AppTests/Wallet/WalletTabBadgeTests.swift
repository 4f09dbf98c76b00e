import Foundation
import Testing

@testable import App

/// The Wallet tab's badge: how many of the wallet's items expire within three days, on every page.
@Suite("Wallet tab badge")
struct WalletTabBadgeTests {
    static func badge(_ count: Int) -> String {
        "aria-label=\"Wallet, \(count) expiring within 3 days\""
    }

    @Test("counts benefits, coupons, renewals and fees due within three days, follows the day and the wallet's writes")
    func countsWhatExpiresSoon() async throws {
        // Today is Sunday 2026-11-22 (the test clock)
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let store = database.for(userId: ann)
            let now = Date()

            // Nothing in the wallet: no badge
            let empty = try await browser.get("/")
            #expect(empty.status == .ok)
            #expect(!empty.html.contains("nav__badge"))
            #expect(
                empty.document.elements("span", attributes: ["class": "nav__label"], text: "Wallet")
                    .contains { $0.isLastChild && $0.parent?.name == "a" }
            )

            // A monthly benefit with 8 days left and a fee due in 4 days are not yet within three days
            let cards = try await store.addCards([
                (
                    card: WalletCard(
                        id: nil,
                        userId: ann,
                        catalogueId: nil,
                        name: "Gold",
                        issuer: "Bank",
                        nickname: "",
                        gradientStart: "#000000",
                        gradientEnd: "#333333",
                        annualFeeCents: 9_500,
                        feeDueOn: "2025-11-26",
                        createdAt: now,
                        updatedAt: now
                    ),
                    benefits: [
                        CardBenefit(
                            id: nil,
                            cardId: 0,
                            userId: ann,
                            name: "Dining credit",
                            details: "",
                            valueCents: 1_000,
                            period: .monthly,
                            sortOrder: 0,
                            snoozedUntil: nil,
                            createdAt: now
                        )
                    ]
                )
            ])
            let cardId = try #require(cards.first?.id)
            #expect(!(try await browser.get("/wallet")).html.contains("nav__badge"))

            // A coupon expiring in 2 days and a renewal in 3 days: 2, on every page
            _ = try await store.addCoupon(
                Coupon(
                    id: nil,
                    userId: ann,
                    name: "Pizza",
                    details: "",
                    expiresOn: "2026-11-24",
                    category: "Food",
                    valueCents: 500,
                    code: "",
                    usedOn: nil,
                    createdAt: now
                )
            )
            _ = try await store.saveSubscription(
                Subscription(
                    id: nil,
                    userId: ann,
                    name: "Gym",
                    amountCents: 4_000,
                    frequency: .monthly,
                    renewsOn: "2026-10-25",
                    cardId: cardId,
                    category: "Health",
                    icon: "heart",
                    createdAt: now,
                    updatedAt: now
                ),
                today: CalendarDay("2026-11-22")!,
                now: now
            )
            for path in ["/", "/wallet", "/badges", "/profile"] {
                let page = try await browser.get(path)
                #expect(page.html.contains(Self.badge(2)), "\(path)")
                #expect(
                    page.document.contains(
                        "span",
                        attributes: ["class": "nav__badge", "aria-hidden": "true"],
                        text: "2"
                    ),
                    "\(path)"
                )
            }

            // Using the coupon takes it off at once
            let couponId = try #require(try store.openCoupons(today: CalendarDay("2026-11-22")!).first?.id)
            let used = try await browser.post("/wallet/coupons/\(couponId)/use", [("returnTo", "/wallet/expiring")])
            #expect(used.status == .seeOther)
            #expect(try await browser.get("/wallet").html.contains(Self.badge(1)))

            // Five days later, with no write: the renewal and fee are past, the benefit has 3 days left
            clock.advance(by: 5 * 86_400)
            let later = try await browser.get("/wallet").html
            #expect(later.contains(Self.badge(1)))

            // A card with its reminders off counts for nothing, as on Expiring soon
            _ = try await store.setCardReminders(id: cardId, on: false)
            #expect(!(try await browser.get("/wallet")).html.contains("nav__badge"))

            // Another member sees no badge of Ann's
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            #expect(!(try await sam.get("/wallet")).html.contains("nav__badge"))
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// "Expiring soon": benefits, coupons, renewals and fees due within the user's lead time, most urgent first, with
/// Mark used and Snooze in place.
@Suite("Expiring soon")
struct ExpiringTests {
    @Test("lists what is due within the lead time, most urgent first, and Mark used and Snooze come back to it")
    func expiringSoon() async throws {
        // Today is Sunday 2026-11-22 (the test clock)
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let store = database.for(userId: ann)
            let now = Date()
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
            for (name, expires) in [("Pizza", "2026-11-24"), ("Far away", "2026-12-20")] {
                _ = try await store.addCoupon(
                    Coupon(
                        id: nil,
                        userId: ann,
                        name: name,
                        details: "",
                        expiresOn: expires,
                        category: "Food",
                        valueCents: 500,
                        code: "",
                        usedOn: nil,
                        createdAt: now
                    )
                )
            }
            _ = try await store.saveSubscription(
                Subscription(
                    id: nil,
                    userId: ann,
                    name: "Gym",
                    amountCents: 4_000,
                    frequency: .monthly,
                    renewsOn: "2026-10-27",
                    cardId: cardId,
                    category: "Health",
                    icon: "heart",
                    createdAt: now,
                    updatedAt: now
                ),
                today: CalendarDay("2026-11-22")!,
                now: now
            )

            // With the default 7-day lead: the coupon (2 days), the fee (4 days), the renewal (5 days); the
            // benefit (8 days left) and the far coupon are not due yet
            let page = try await browser.get("/wallet/expiring")
            #expect(page.status == .ok)
            let html = page.html
            let order = ["Coupon expiring: Pizza", "Annual fee for Gold", "Gym renews"].map {
                html.range(of: $0)?.lowerBound
            }
            #expect(order.allSatisfy { $0 != nil })
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
            #expect(!html.contains("Far away"))
            #expect(!html.contains("Dining credit"))
            #expect(html.contains("Due within 7 days"))

            // A 14-day lead brings the benefit in, with Snooze
            var settings = try store.walletSettings()
            settings.leadDays = 14
            try await store.saveWalletSettings(settings)
            let longer = try await browser.get("/wallet/expiring").html
            #expect(longer.contains("Use your Dining credit"))
            #expect(longer.contains("Snooze 1 day"))

            // Mark used on the coupon comes back here, without it
            let couponId = try #require(
                try store.openCoupons(today: CalendarDay("2026-11-22")!).first { $0.name == "Pizza" }?.id
            )
            let used = try await browser.post("/wallet/coupons/\(couponId)/use", [("returnTo", "/wallet/expiring")])
            #expect(used.location == "/wallet/expiring")
            #expect(!(try await browser.get("/wallet/expiring")).html.contains("Coupon expiring: Pizza"))

            // Snoozing the benefit takes it off the list
            let benefitId = try #require(try await database.benefitIds(cardId: cardId)["Dining credit"])
            let snoozed = try await browser.post(
                "/wallet/benefits/\(benefitId)/snooze",
                [("days", "3"), ("returnTo", "/wallet/expiring")]
            )
            #expect(snoozed.location == "/wallet/expiring")
            #expect(!(try await browser.get("/wallet/expiring")).html.contains("Use your Dining credit"))

            // A second user sees none of it
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            let samsPage = try await sam.get("/wallet/expiring").html
            #expect(samsPage.contains("Nothing is expiring soon"))
            #expect(!samsPage.contains("Gym"))
        }
    }
}

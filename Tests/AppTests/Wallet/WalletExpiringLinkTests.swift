import Foundation
import Testing

@testable import App

/// "Expiring soon" is reached from the Wallet itself: its summary's count and its tabs.
@Suite("Wallet links to Expiring soon")
struct WalletExpiringLinkTests {
    @Test("the summary's expiring count and the Wallet's tabs link to Expiring soon, which marks its tab current")
    func linksFromWallet() async throws {
        // Today is Sunday 2026-11-22 (the test clock): a monthly benefit has 8 days left, a quarterly one too
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let now = Date()
            _ = try await database.for(userId: ann).addCards([
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
                        annualFeeCents: 0,
                        feeDueOn: nil,
                        createdAt: now,
                        updatedAt: now
                    ),
                    benefits: [
                        CardBenefit(
                            id: nil,
                            cardId: 0,
                            userId: ann,
                            name: "Uber credit",
                            details: "",
                            valueCents: 1_500,
                            period: .monthly,
                            sortOrder: 0,
                            snoozedUntil: nil,
                            createdAt: now
                        )
                    ]
                )
            ])

            // Nothing within 7 days yet: the tab is there, the summary names no count
            let calm = try await browser.get("/wallet")
            #expect(calm.status == .ok)
            #expect(
                calm.document.contains(
                    "a",
                    attributes: ["class": "tabs__item", "href": "/wallet/expiring"],
                    text: "Expiring soon"
                )
            )
            #expect(!calm.html.contains("class=\"wallet-summary__expiring\""))

            // Two days later the benefit expires within 7 days: the summary's count links to the list
            clock.advance(by: 2 * 86_400)
            let wallet = try await browser.get("/wallet")
            #expect(
                wallet.html.contains(
                    "<a class=\"wallet-summary__expiring\" href=\"/wallet/expiring\">1 benefit expires within 7 days</a>"
                )
            )

            // The list marks its own tab, and the others lead back
            let list = try await browser.get("/wallet/expiring")
            #expect(list.status == .ok)
            #expect(list.html.contains("href=\"/wallet/expiring\" aria-current=\"page\">Expiring soon</a>"))
            #expect(list.document.contains("a", attributes: ["class": "tabs__item", "href": "/wallet"], text: "Cards"))

            // The Tracker and Settings tabs link there too
            for path in ["/wallet/tracker", "/wallet/settings"] {
                #expect(try await browser.get(path).html.contains("href=\"/wallet/expiring\">Expiring soon</a>"))
            }
        }
    }
}

import Foundation
import Testing

@testable import App

/// Layout the server decides: the catalogue preview's benefits beside its "Add to wallet" panel, and long card
/// names that neither widen a card nor push the header's bell and avatar down.
@Suite("Wallet layout")
struct WalletLayoutTests {
    @Test("the catalogue preview puts its benefits in their own column, apart from the sticky Add to wallet panel")
    func previewBenefitsBesidePanel() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "ann@example.com")
            let page = try await browser.get("/wallet/catalogue/chase-sapphire-reserve")
            #expect(page.status == .ok)
            let html = page.html
            let benefits = try #require(html.range(of: "<div class=\"preview-sheet__benefits\">"))
            let add = try #require(html.range(of: "<div class=\"preview-sheet__add\">"))
            let form = try #require(html.range(of: "<form class=\"preview-sheet__cta\""))
            #expect(benefits.lowerBound < add.lowerBound && add.lowerBound < form.lowerBound)
            // The list isn't inside the panel that sticks to the bottom
            let list = try #require(html.range(of: "<ul class=\"preview-benefits\">"))
            #expect(list.lowerBound > benefits.lowerBound && list.lowerBound < add.lowerBound)

            let css = try await browser.get("/css/app.css").html
            #expect(css.contains("grid-template-areas: \"head benefits\" \"add benefits\""))
        }
    }

    @Test("a 60-character card name is clamped on the card with its full title, and cut to two lines in the header")
    func longCardName() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "ann@example.com")
            let name = String(repeating: "W", count: 60)
            let id = try await browser.addCustomCard([
                ("name", name), ("issuer", "Bank"), ("nickname", ""), ("gradient", "midnight"), ("annualFee", ""),
                ("feeDueOn", ""),
            ])
            let wallet = try await browser.get("/wallet").html
            #expect(
                HTMLPage(wallet).elements("p", attributes: ["class": "wallet-card__name", "title": name]).contains {
                    line in
                    line.children.count == 1
                        && line.first("a")?.matches(
                            "a",
                            attributes: [
                                "class": "wallet-card__link",
                                "href": "/wallet/cards/\(id)",
                            ],
                            text: name
                        ) == true
                }
            )
            let detail = try await browser.get("/wallet/cards/\(id)")
            #expect(detail.status == .ok)
            #expect(
                detail.document.contains(
                    "h1",
                    attributes: ["class": "topbar__title topbar__title--name", "title": "\(name)"],
                    text: "\(name)"
                )
            )
            #expect(detail.document.contains("div", attributes: ["class": "card-detail__head"]))

            let css = try await browser.get("/css/app.css").html
            #expect(css.contains("-webkit-line-clamp: 2; line-clamp: 2; overflow: hidden;"))
        }
    }
}

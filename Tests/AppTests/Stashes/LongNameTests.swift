import Foundation
import Testing

@testable import App

/// A stash's name may be 60 characters with no space: the page's header cuts it, whole in a tooltip, and the entry
/// form's preview speaks of a spend stash's allowance in money.
@Suite("Long names and the entry preview")
struct LongNameTests {
    static let longName = String(("Supercalifragilisticexpialidocious" + "SavingsFundForTheLongestRunOfAll").prefix(60))

    @Test("a page named after a long unbroken name cuts its header title, whole in the tooltip; a short one doesn't")
    func longTitle() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "ann@example.com")
            let long = try await browser.createStash(name: Self.longName, target: "10")
            let short = try await browser.createStash(name: "Holiday fund", target: "10")

            // When
            let longPage = try await browser.get("/stashes/\(long)")
            let shortPage = try await browser.get("/stashes/\(short)")

            // Then
            #expect(
                longPage.html.contains(
                    "<h1 class=\"topbar__title topbar__title--name\" title=\"\(Self.longName)\">\(Self.longName)</h1>"
                )
            )
            #expect(shortPage.document.contains("h1", attributes: ["class": "topbar__title"], text: "Holiday fund"))
        }
    }

    @Test("the entry form tells the preview the stash's kind and the currency's symbol")
    func previewData() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "ann@example.com")
            let spend = try await browser.createStash(name: "Cinema", kind: "spend", target: "100")
            let save = try await browser.createStash(name: "Holiday", target: "100")

            // When
            let spendForm = try await browser.get("/stashes/\(spend)/entries/new")
            let saveForm = try await browser.get("/stashes/\(save)/entries/new")

            // Then
            #expect(spendForm.html.contains("data-target=\"10000\""))
            #expect(spendForm.html.contains("data-currency=\"USD\" data-locale=\"en-US\""))
            #expect(spendForm.html.contains("data-decimal=\".\" data-group=\",\" data-kind=\"spend\""))
            #expect(saveForm.html.contains("data-group=\",\" data-kind=\"save\""))
        }
    }
}

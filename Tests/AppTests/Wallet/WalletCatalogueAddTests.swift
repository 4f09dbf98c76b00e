import Foundation
import GRDB
import Testing

@testable import App

/// A catalogue card whose benefits count by card year is added only with its fee due date (the anniversary).
@Suite("Wallet: adding catalogue cards with their fee due date")
struct WalletCatalogueAddTests {
    @Test("the preview asks for the fee due date of a card with card-year benefits and refuses to add it without one")
    func preview() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let preview = try await browser.get("/wallet/catalogue/chase-sapphire-reserve")
            #expect(
                preview.document.contains(
                    "label",
                    attributes: ["class": "field__label", "for": "field-feeDueOn"],
                    text: "Fee due date"
                )
            )
            #expect(preview.html.contains("name=\"feeDueOn\" type=\"date\" value=\"\" required"))

            // Missing, then not a date: refused next to the field, what was typed kept, nothing added
            let missing = try await browser.post("/wallet/catalogue/chase-sapphire-reserve/add", [("feeDueOn", "")])
            #expect(missing.status == .unprocessableContent)
            #expect(
                missing.fieldError("feeDueOn")?.replacingOccurrences(of: "&#39;", with: "'")
                    == "Enter the fee due date: this card's card-year benefits count from it."
            )
            #expect(missing.html.contains("Sapphire Reserve"))
            let wrong = try await browser.post(
                "/wallet/catalogue/chase-sapphire-reserve/add",
                [("feeDueOn", "2027-02-30")]
            )
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("feeDueOn")?.hasPrefix("Enter a real date") == true)
            #expect(wrong.fieldValue("feeDueOn") == "2027-02-30")
            // A form without the field at all is refused the same way
            #expect(
                try await browser.post("/wallet/catalogue/chase-sapphire-reserve/add").status == .unprocessableContent
            )
            #expect(try database.read { db in try WalletCard.fetchCount(db) } == 0)

            // With the date: added, and its card year counts from it
            let added = try await browser.post(
                "/wallet/catalogue/chase-sapphire-reserve/add",
                [("feeDueOn", "2027-03-01")]
            )
            #expect(added.status == .seeOther)
            let card = try #require(try database.read { db in try WalletCard.fetchOne(db) })
            #expect(card.feeDueOn == "2027-03-01")
            #expect(added.location == "/wallet/cards/\(card.id ?? 0)")
            #expect(
                try await browser.get("/wallet/cards/\(card.id ?? 0)").html.contains(
                    "Card year Mar 1, 2026 – Feb 28, 2027"
                )
            )

            // A card without card-year benefits doesn't need one
            let platinum = try await browser.get("/wallet/catalogue/amex-platinum")
            #expect(platinum.html.contains("Fee due date (optional)"))
            #expect(try await browser.post("/wallet/catalogue/amex-platinum/add").status == .seeOther)
        }
    }

    @Test(
        "onboarding asks for the fee due date of each ticked card that needs one, and keeps the picks when it is missing"
    )
    func onboarding() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let first = try await browser.get("/wallet")
            #expect(first.html.contains("name=\"feeDueOn[chase-sapphire-reserve]\" type=\"date\""))
            #expect(!first.html.contains("name=\"feeDueOn[amex-platinum]\""))
            // The server checks the dates: a browser's own check would stop Continue over the hidden field of a card
            // not ticked, and Skip too
            #expect(
                first.document.contains(
                    "form",
                    attributes: [
                        "class": "onboarding", "method": "post", "action": "/wallet/onboarding", "novalidate": "",
                        "data-search": "Search cards", "data-search-placeholder": "Search cards…",
                    ]
                )
            )

            let refused = try await browser.post(
                "/wallet/onboarding",
                [
                    ("cards[]", "amex-platinum"), ("cards[]", "chase-sapphire-reserve"),
                    ("feeDueOn[chase-sapphire-reserve]", ""),
                ]
            )
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.fieldError("feeDueOn[chase-sapphire-reserve]")?.replacingOccurrences(of: "&#39;", with: "'")
                    == "Enter the fee due date: this card's card-year benefits count from it."
            )
            #expect(refused.html.contains("name=\"cards[]\" value=\"amex-platinum\" checked"))
            #expect(refused.html.contains("name=\"cards[]\" value=\"chase-sapphire-reserve\" checked"))
            #expect(refused.html.contains("name=\"cards[]\" value=\"amex-gold\">"))
            #expect(try database.read { db in try WalletCard.fetchCount(db) } == 0)

            let done = try await browser.post(
                "/wallet/onboarding",
                [
                    ("cards[]", "amex-platinum"), ("cards[]", "chase-sapphire-reserve"),
                    ("feeDueOn[chase-sapphire-reserve]", "2027-03-01"), ("feeDueOn[amex-platinum]", ""),
                ]
            )
            #expect(done.status == .seeOther)
            let dates = try database.read { db in
                try Row.fetchAll(db, sql: "SELECT catalogueId, feeDueOn FROM walletCard ORDER BY catalogueId")
                    .map { "\($0["catalogueId"] as String) \(($0["feeDueOn"] as String?) ?? "-")" }
            }
            #expect(dates == ["amex-platinum -", "chase-sapphire-reserve 2027-03-01"])
        }
    }
}

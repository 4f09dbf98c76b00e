import Foundation
import GRDB
import Testing

@testable import App

/// The card form's colour: one picker of the eight gradients as radio swatches, with a preview of the card.
@Suite("Card colour picker")
struct CardColourPickerTests {
    static func radios(_ page: HTMLPage) -> Int {
        page.fields(named: "gradient").filter { $0.type == "radio" }.count
    }

    /// The swatch input of `gradient`: a radio button first in its `<label class="swatch">`.
    static func swatch(_ page: HTMLPage, _ gradient: String) -> HTMLPage.Element? {
        page.all("input[name=gradient]").first { input in
            input["value"] == gradient && input["type"] == "radio" && input.isFirstChild
                && input.parent?.name == "label" && input.parent?.classes == ["swatch"]
        }
    }

    /// The gradients whose swatch is checked.
    static func checked(_ page: HTMLPage) -> [String] {
        page.fields(named: "gradient").filter(\.isChecked).compactMap(\.value)
    }

    /// The card preview's name.
    static func previewName(_ page: HTMLPage) -> [String] {
        page.all("p").filter { $0.classes == ["wallet-card__name", "card-preview__name"] }.map(\.rawText)
    }

    @Test("the custom card form's swatches are the colour's radio inputs, with a preview that follows them")
    func customCardPicker() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let form = try await browser.get("/wallet/cards/custom")
            #expect(form.status == .ok)
            let html = form.html
            let page = form.document
            // One picker: eight swatches, each a radio input drawn as its gradient; the display-only list is gone
            #expect(Self.radios(page) == 8)
            #expect(!html.contains("aria-label=\"Colour presets\""))
            #expect(page.all("label.choice input[name=gradient]").isEmpty)
            let midnight = try #require(Self.swatch(page, "midnight"))
            #expect(midnight.classes == ["swatch__input"])
            #expect(midnight["checked"] != nil)
            #expect(midnight.next?.name == "svg" && midnight.next?.classes == ["swatch__art"])
            let platinum = try #require(Self.swatch(page, "platinum"))
            #expect(platinum.classes == ["swatch__input", "swatch__input--light"])
            #expect(platinum["checked"] == nil)
            #expect(platinum.next?.name == "svg")
            #expect(page.all("span").contains { $0.classes == ["swatch__label"] && $0.rawText == "Rose Gold" })
            // The preview has each gradient, the checked one shown first
            #expect(html.contains("card-preview__art card-preview__art--midnight card-preview__art--initial"))
            for gradient in CardGradient.allCases {
                #expect(html.contains("card-preview__art--\(gradient.rawValue)"))
            }
            #expect(Self.previewName(page).contains("Your card"))

            // The stylesheet shows each gradient's preview when its swatch is checked
            let css = try await browser.get("/css/app.css").html
            for key in CardGradient.allCases.map(\.rawValue) + ["original"] {
                #expect(
                    css.contains(".card-form:has(.swatch__input[value=\"\(key)\"]:checked) .card-preview__art--\(key)")
                )
            }

            // Sent back with an error, the picker keeps the colour and name typed
            let bad = try await browser.post(
                "/wallet/cards/custom",
                [
                    ("name", "Everyday"), ("issuer", ""), ("nickname", ""), ("gradient", "ruby"), ("annualFee", ""),
                    ("feeDueOn", ""),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(Self.checked(bad.document).contains("ruby"))
            #expect(!Self.checked(bad.document).contains("midnight"))
            #expect(bad.html.contains("card-preview__art--ruby card-preview__art--initial"))
            #expect(Self.previewName(bad.document).contains("Everyday"))

            // No colour at all: the message is next to the picker, which points to it
            let none = try await browser.post(
                "/wallet/cards/custom",
                [
                    ("name", "Everyday"), ("issuer", "Bank"), ("nickname", ""), ("annualFee", ""), ("feeDueOn", ""),
                ]
            )
            #expect(none.status == .unprocessableContent)
            #expect(none.fieldError("gradient") == "Choose a colour.")
            #expect(none.html.contains("swatch-picker field--invalid\" aria-describedby=\"field-gradient-error\""))

            // Picking a swatch saves its gradient
            let id = try await browser.addCustomCard([
                ("name", "Everyday"), ("issuer", "Bank"), ("nickname", ""), ("gradient", "emerald"), ("annualFee", ""),
                ("feeDueOn", ""),
            ])
            let card = try #require(try database.read { db in try WalletCard.fetchOne(db, key: id) })
            #expect(card.gradientStart == "#1d4e4d")
            #expect(card.gradientEnd == "#43aa8b")

            // The edit form has the same picker, with the card's original colours first
            let edit = try await browser.get("/wallet/cards/\(id)/edit").document
            #expect(Self.radios(edit) == 9)
            let original = try #require(edit.all("input[value=original]").first)
            #expect(original["checked"] == nil)
            #expect(original.next?.name == "svg" && original.next?.classes == ["swatch__art"])
            #expect(Self.checked(edit).contains("emerald"))
        }
    }
}

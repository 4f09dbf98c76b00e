import Foundation
import GRDB
import Testing
@testable import App

/// The card form's colour: one picker of the eight gradients as radio swatches, with a preview of the card.
@Suite("Card colour picker")
struct CardColourPickerTests {
    static func radios(_ html: String) -> Int {
        html.components(separatedBy: "type=\"radio\" name=\"gradient\"").count - 1
    }

    @Test("the custom card form's swatches are the colour's radio inputs, with a preview that follows them")
    func customCardPicker() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let form = try await browser.get("/wallet/cards/custom")
            #expect(form.status == .ok)
            let html = form.html
            // One picker: eight swatches, each a radio input drawn as its gradient; the display-only list is gone
            #expect(Self.radios(html) == 8)
            #expect(!html.contains("aria-label=\"Colour presets\""))
            #expect(!html.contains("<label class=\"choice\"><input type=\"radio\" name=\"gradient\""))
            #expect(html.contains("<label class=\"swatch\"><input class=\"swatch__input\" type=\"radio\" name=\"gradient\" value=\"midnight\" checked><svg class=\"swatch__art\""))
            #expect(html.contains("<label class=\"swatch\"><input class=\"swatch__input swatch__input--light\" type=\"radio\" name=\"gradient\" value=\"platinum\"><svg"))
            #expect(html.contains("<span class=\"swatch__label\">Rose Gold</span>"))
            // The preview has each gradient, the checked one shown first
            #expect(html.contains("card-preview__art card-preview__art--midnight card-preview__art--initial"))
            for gradient in CardGradient.allCases {
                #expect(html.contains("card-preview__art--\(gradient.rawValue)"))
            }
            #expect(html.contains("<p class=\"wallet-card__name card-preview__name\">Your card</p>"))

            // The stylesheet shows each gradient's preview when its swatch is checked
            let css = try await browser.get("/css/app.css").html
            for key in CardGradient.allCases.map(\.rawValue) + ["original"] {
                #expect(css.contains(".card-form:has(.swatch__input[value=\"\(key)\"]:checked) .card-preview__art--\(key)"))
            }

            // Sent back with an error, the picker keeps the colour and name typed
            let bad = try await browser.post("/wallet/cards/custom", [
                ("name", "Everyday"), ("issuer", ""), ("nickname", ""), ("gradient", "ruby"), ("annualFee", ""), ("feeDueOn", ""),
            ])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.html.contains("value=\"ruby\" checked>"))
            #expect(!bad.html.contains("value=\"midnight\" checked>"))
            #expect(bad.html.contains("card-preview__art--ruby card-preview__art--initial"))
            #expect(bad.html.contains("<p class=\"wallet-card__name card-preview__name\">Everyday</p>"))

            // No colour at all: the message is next to the picker, which points to it
            let none = try await browser.post("/wallet/cards/custom", [
                ("name", "Everyday"), ("issuer", "Bank"), ("nickname", ""), ("annualFee", ""), ("feeDueOn", ""),
            ])
            #expect(none.status == .unprocessableContent)
            #expect(none.fieldError("gradient") == "Choose a colour.")
            #expect(none.html.contains("swatch-picker field--invalid\" aria-describedby=\"field-gradient-error\""))

            // Picking a swatch saves its gradient
            let id = try await browser.addCustomCard([
                ("name", "Everyday"), ("issuer", "Bank"), ("nickname", ""), ("gradient", "emerald"), ("annualFee", ""),
                ("feeDueOn", ""),
            ])
            let card = try #require(try await database.read { db in try WalletCard.fetchOne(db, key: id) })
            #expect(card.gradientStart == "#1d4e4d")
            #expect(card.gradientEnd == "#43aa8b")

            // The edit form has the same picker, with the card's original colours first
            let edit = try await browser.get("/wallet/cards/\(id)/edit").html
            #expect(Self.radios(edit) == 9)
            #expect(edit.contains("value=\"original\"><svg class=\"swatch__art\""))
            #expect(edit.contains("value=\"emerald\" checked>"))
        }
    }
}

import Foundation
import Testing

@testable import App

/// A card's name, issuer and nickname read at 4.5:1 on every part of its gradient: dark text on light cards, white
/// text on the rest, with black laid over the gradient where white alone wouldn't.
@Suite("Card text contrast")
struct CardTextContrastTests {
    static func worstContrast(_ start: String, _ end: String) -> Double {
        let (dark, scrim) = CardFace.text(start, end)
        let text = Contrast.luminance(dark ? CardFace.darkText : "#FFFFFF")
        return [start, end].map { Contrast.ratio(text, Contrast.luminance($0, scale: 1 - scrim)) }.min() ?? 0
    }

    @Test("every catalogue card and every preset")
    func everyGradient() throws {
        let catalogue = try CardCatalogue.load(path: TestApp.root + "/Resources/card-catalogue.json")
        let gradients =
            catalogue.cards.map { ($0.name, $0.gradient.start, $0.gradient.end) }
            + CardGradient.allCases.map { ($0.rawValue, $0.colours.start, $0.colours.end) }
        #expect(gradients.count > 20)
        for (name, start, end) in gradients {
            #expect(Self.worstContrast(start, end) >= 4.5, "\(name): \(start) → \(end)")
        }
    }

    @Test("a light gradient takes dark text and no scrim, a dark one white text and none, a mid one white over a scrim")
    func rule() {
        #expect(CardFace.text("#f5f5f5", "#e0e0e0") == (true, 0))
        #expect(CardFace.text("#1a1a2e", "#4a4e69") == (false, 0))
        let mid = CardFace.text("#1b6ca8", "#7fb3e0")
        #expect(!mid.dark)
        #expect(mid.scrim > 0 && mid.scrim <= 0.6)
    }
}

import Foundation
import Testing

@testable import App

/// The stylesheet's colour tokens meet WCAG 2.2 AA in both themes: text 4.5:1 on the page and its cards, white text
/// 4.5:1 on every fill, chart marks 3:1 on the card.
@Suite("Colour contrast of the design tokens")
struct ColourContrastTests {
    static let css = (try? String(contentsOfFile: TestApp.root + "/Public/css/app.css", encoding: .utf8)) ?? ""

    /// A token's light and dark values, from `--name: light-dark(#light, #dark);` or `--name: #both;`.
    static func token(_ name: String) -> (light: String, dark: String)? {
        guard let start = css.range(of: "--\(name): ") else { return nil }
        let value = css[start.upperBound...].prefix { $0 != ";" }
        let colours = value.matches(of: /#[0-9A-Fa-f]{6}/).map { String($0.output) }
        guard let first = colours.first else { return nil }
        return (first, colours.count > 1 ? colours[1] : first)
    }

    /// The contrast of two colours, by the app's own WCAG formula (`Contrast`).
    static func ratio(_ a: String, _ b: String) -> Double {
        Contrast.ratio(Contrast.luminance(a), Contrast.luminance(b))
    }

    @Test(
        "text colours are 4.5:1 on the page and its cards, in light and dark",
        arguments: [
            "text", "text-secondary", "text-tertiary", "accent", "destructive", "positive", "warning", "income",
            "expense", "error-text", "focus",
        ]
    )
    func text(name: String) throws {
        let colour = try #require(Self.token(name), "--\(name) is defined")
        let (bg, surface) = (try #require(Self.token("bg")), try #require(Self.token("surface")))
        #expect(Self.ratio(colour.light, bg.light) >= 4.5, "\(name) \(colour.light) on \(bg.light)")
        #expect(Self.ratio(colour.light, surface.light) >= 4.5, "\(name) \(colour.light) on \(surface.light)")
        #expect(Self.ratio(colour.dark, bg.dark) >= 4.5, "\(name) \(colour.dark) on \(bg.dark)")
        #expect(Self.ratio(colour.dark, surface.dark) >= 4.5, "\(name) \(colour.dark) on \(surface.dark)")
    }

    @Test(
        "white text is 4.5:1 on every fill",
        arguments: ["accent-fill", "positive-fill", "destructive-fill", "warning-fill"]
    )
    func fill(name: String) throws {
        let colour = try #require(Self.token(name))
        #expect(Self.ratio("#FFFFFF", colour.light) >= 4.5)
        #expect(Self.ratio("#FFFFFF", colour.dark) >= 4.5)
    }

    @Test("chart marks are 3:1 on their card", arguments: 1...8)
    func chart(index: Int) throws {
        let colour = try #require(Self.token("chart-\(index)"))
        let surface = try #require(Self.token("surface"))
        #expect(Self.ratio(colour.light, surface.light) >= 3, "chart-\(index) \(colour.light)")
        #expect(Self.ratio(colour.dark, surface.dark) >= 3, "chart-\(index) \(colour.dark)")
    }
}

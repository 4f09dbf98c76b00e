import Foundation

/// Where a member writes numbers, money and dates the local way: a CLDR locale such as `de-CH`. The region is a
/// setting of its own, apart from the language of the words, so a Swiss member can read German with `1’234.56`.
struct Region: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The BCP 47 identifier, `language-COUNTRY`.
    let identifier: String

    init?(_ identifier: String) {
        guard Self.offered.contains(where: { $0.identifier == identifier }) else { return nil }
        self.identifier = identifier
    }

    private init(offered identifier: String) {
        self.identifier = identifier
    }

    var description: String { identifier }

    /// The regions a member can choose, grouped by language, the usual one of each language first.
    static let offered: [Region] = [
        "en-US", "en-GB", "en-AU", "en-CA", "en-IE", "en-IN", "en-NZ",
        "de-DE", "de-AT", "de-CH",
        "fr-FR", "fr-BE", "fr-CA", "fr-CH",
        "es-ES", "es-AR", "es-CO", "es-MX", "es-US",
    ].map(Region.init(offered:))

    static let unitedStates = Region(offered: "en-US")

    /// The region a stored identifier names, or the United States for one the app no longer offers.
    static func named(_ identifier: String) -> Region {
        Region(identifier) ?? .unitedStates
    }

    /// The region a browser's `Accept-Language` header (RFC 9110 §12.5.4) asks for: the first language range by
    /// weight that names an offered region (`de-CH`), or failing that, whose language has one (`fr` → France);
    /// the United States when nothing in it is offered.
    init(acceptLanguage header: String?) {
        for range in AcceptLanguage.ranges(header) {
            let parts = range.split(separator: "-")
            guard let language = parts.first?.lowercased() else { continue }
            if let country = parts.dropFirst().last(where: { $0.count == 2 }),
                let region = Region("\(language)-\(country.uppercased())")
            {
                self = region
                return
            }
            if let usual = Self.offered.first(where: { $0.identifier.hasPrefix(language + "-") }) {
                self = usual
                return
            }
        }
        self = .unitedStates
    }

    /// The currency the region's country uses, if the app offers it (US dollars otherwise).
    var usualCurrency: Currency {
        Locale(identifier: identifier).currency.flatMap { Currency.find($0.identifier) } ?? .usd
    }

    /// The region's name in English, as Foundation's CLDR data has it: "German (Switzerland)".
    var name: String {
        Locale(identifier: "en").localizedString(forIdentifier: identifier) ?? identifier
    }
}

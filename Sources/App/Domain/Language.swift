import Foundation

/// A language the app's words are written in. English is the fallback for a word a catalogue lacks.
enum Language: String, Sendable, CaseIterable, Codable {
    case en, de, fr, es

    /// The language a stored code names, or English for one the app doesn't speak.
    static func named(_ code: String) -> Language {
        Language(rawValue: code) ?? .en
    }

    /// The language's name in itself, as a language menu shows it.
    var nativeName: String {
        switch self {
        case .en: "English"
        case .de: "Deutsch"
        case .fr: "Français"
        case .es: "Español"
        }
    }

    /// Where the language is spoken when nothing says more.
    var defaultRegion: String {
        switch self {
        case .en: "en-US"
        case .de: "de-DE"
        case .fr: "fr-FR"
        case .es: "es-ES"
        }
    }

    /// The writing direction for `<html dir>`: every language offered today runs left to right.
    var direction: String { "ltr" }

    /// The language a browser's `Accept-Language` header asks for first among the ones the app speaks; English
    /// when it names none of them.
    init(acceptLanguage header: String?) {
        for range in AcceptLanguage.ranges(header) {
            if let prefix = range.split(separator: "-").first, let language = Language(rawValue: prefix.lowercased()) {
                self = language
                return
            }
        }
        self = .en
    }

    /// The CLDR plural category of a whole count in this language (CLDR's `plurals.xml` for integers): English and
    /// German say "1 badge" and "0 badges"; French counts 0 and 1 as singular; French and Spanish use `many` for
    /// whole millions ("1 000 000 de …").
    func pluralCategory(_ count: Int) -> PluralCategory {
        let n = count.magnitude
        switch self {
        case .en, .de:
            return n == 1 ? .one : .other
        case .fr:
            if n <= 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case .es:
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        }
    }
}

/// CLDR's plural categories; a catalogue entry names the forms its language uses.
enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// The language ranges of an `Accept-Language` header (RFC 9110 §12.5.4).
enum AcceptLanguage {
    /// The header's ranges, most wanted first; equal weights keep the browser's order, and refused ranges
    /// (weight 0) and `*` are left out.
    static func ranges(_ header: String?) -> [String] {
        let weighted = (header ?? "").split(separator: ",").enumerated().compactMap {
            index,
            item -> (tag: String, weight: Double, index: Int)? in
            let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, !tag.isEmpty, tag != "*" else { return nil }
            var weight = 1.0
            for parameter in fields.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            return weight > 0 ? (tag, weight, index) : nil
        }
        return weighted.sorted { ($0.weight, -$0.index) > ($1.weight, -$1.index) }.map(\.tag)
    }
}

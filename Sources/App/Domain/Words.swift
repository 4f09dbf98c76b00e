import HTML

/// The words and formats one request speaks in: the member's language (the catalogue's entries for it, English
/// where it lacks one) and region (`format`). Chosen once per request and handed to every page, message and file
/// that speaks; views call it `t`.
///
/// Keys are string literals at the call site, so `CatalogueTests` can read them from the
/// sources and check each exists in every language.
///
/// A class: every view and partial keeps the request's words, and a copy of a reference is one retain where a
/// struct of formats and tables would be dozens.
final class Words: Sendable {
    let language: Language
    /// How the member's region writes numbers and money.
    let format: RegionFormat
    /// How the member's language writes dates in their region, and where their week starts.
    let dates: DateWriter
    private let entries: [String: Catalogue.Entry]
    private let fallback: [String: Catalogue.Entry]

    /// Words before a request's language is known: every key shows as itself, so a page that speaks before
    /// `LanguageMiddleware` chose its words stands out.
    static let unset = Words(.en, region: .unitedStates, catalogue: Catalogue(entries: [:]), chosen: false)
    /// False for `unset`.
    let chosen: Bool

    init(_ language: Language, region: Region, catalogue: Catalogue, chosen: Bool = true) {
        self.language = language
        self.chosen = chosen
        format = .of(region)
        dates = .of(language, region)
        entries = catalogue.entries[language] ?? [:]
        fallback = catalogue.entries[.en] ?? [:]
    }

    /// The text for `key`.
    subscript(_ key: String) -> String {
        text(key, category: .other)
    }

    /// The text for `key` with its `%{name}` placeholders filled in.
    subscript(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        Self.fill(text(key, category: .other)) { name in values.first(where: { $0.key == name })?.value }
    }

    /// The form of `key` for `count` by the language's CLDR plural rules, with `%{count}` written as the region
    /// writes numbers and any other placeholders filled in.
    func plural(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let form = text(key, category: language.pluralCategory(count))
        return Self.fill(form) { name in
            name == "count" ? format.number(count) : values.first(where: { $0.key == name })?.value
        }
    }

    /// The text for `key` as markup: the text escaped, and each placeholder replaced by its (already safe) markup,
    /// for a sentence with a link or emphasis inside it.
    func html(_ key: String, _ values: KeyValuePairs<String, HTML>) -> HTML {
        var result = HTML.empty
        Self.scan(text(key, category: .other)) { literal in
            result.append(HTML(text: String(literal)))
        } placeholder: { name, whole in
            result.append(values.first(where: { $0.key == name })?.value ?? HTML(text: String(whole)))
        }
        return result
    }

    private func text(_ key: String, category: PluralCategory) -> String {
        switch entries[key] ?? fallback[key] {
        case .text(let text): text
        case .plural(let forms): forms[category] ?? forms[.other] ?? key
        case nil: "⟪\(key)⟫"
        }
    }

    static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
        fill(text) { name in values.first(where: { $0.key == name })?.value }
    }

    /// `text` with each `%{name}` replaced by `value(name)`, or kept as it is where that is nil.
    private static func fill(_ text: String, _ value: (Substring) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        scan(text) { literal in
            result += literal
        } placeholder: { name, whole in
            if let value = value(name) {
                result += value
            } else {
                result += whole
            }
        }
        return result
    }

    /// Walks `text` as literal runs and `%{name}` placeholders (with the placeholder's whole text, kept as it is
    /// when no value is given). Reads the UTF-8 bytes in place: `%`, `{` and `}` are ASCII, so every offset it cuts
    /// at is a character boundary, and no call goes through Foundation's locale-aware string search.
    private static func scan(
        _ text: String,
        literal: (Substring) -> Void,
        placeholder: (_ name: Substring, _ whole: Substring) -> Void
    ) {
        let utf8 = text.utf8
        func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let scanned: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            var index = 0
            while index + 1 < bytes.count {
                guard bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "{"),
                    let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}"))
                else {
                    index += 1
                    continue
                }
                if start < index { literal(text[at(start)..<at(index)]) }
                placeholder(text[at(index + 2)..<at(close)], text[at(index)..<at(close + 1)])
                index = close + 1
                start = index
            }
            if start < bytes.count { literal(text[at(start)...]) }
        }
        if scanned == nil {
            // A string bridged from Foundation: read a native copy.
            var native = text
            native.makeContiguousUTF8()
            scan(native, literal: literal, placeholder: placeholder)
        }
    }
}

// MARK: - Dates

extension Words {
    /// A day with its month and year: "Nov 30, 2026", "30. Nov. 2026".
    func date(_ day: CalendarDay) -> String { dates.date(day) }
    /// A day and its month: "Nov 30", "30. Nov.".
    func dayMonth(_ day: CalendarDay) -> String { dates.dayMonth(day) }
    /// A day with its weekday: "Sun, Nov 22, 2026", "So., 22. Nov. 2026".
    func weekdayDate(_ day: CalendarDay) -> String { dates.weekdayDate(day) }
    /// A month and its year: "November 2026", "noviembre de 2026".
    func month(_ month: Month) -> String { dates.month(month) }
    /// A month and its year, short: "Nov 2026".
    func monthShort(_ month: Month) -> String { dates.monthShort(month) }
    /// A month's name alone (1 = January): "November".
    func monthName(_ number: Int) -> String { dates.monthName(number) }
    /// A weekday's short name (1 = Monday … 7 = Sunday, as `CalendarDay.weekday` counts): "Mon".
    func weekdayShort(_ weekday: Int) -> String { dates.weekdayShort(weekday) }
}

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
        phrase(key, category: .other).text
    }

    /// The text for `key` with its `%{name}` placeholders filled in.
    subscript(_ key: String, _ values: KeyValuePairs<String, String>) -> String {
        phrase(key, category: .other).fill(values)
    }

    /// The form of `key` for `count` by the language's CLDR plural rules, with `%{count}` written as the region
    /// writes numbers and any other placeholders filled in.
    func plural(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let number = format.number(count)
        return phrase(key, category: language.pluralCategory(count)).fill { name in
            name == "count" ? number : values.first(where: { $0.key == name })?.value
        }
    }

    /// The text for `key` as markup: the text escaped, and each placeholder replaced by its (already safe) markup,
    /// for a sentence with a link or emphasis inside it.
    func html(_ key: String, _ values: KeyValuePairs<String, HTML>) -> HTML {
        var result = HTML.empty
        for part in phrase(key, category: .other).parts {
            switch part {
            case .literal(let literal): result.append(HTML(text: literal))
            case .placeholder(let name):
                result.append(values.first(where: { $0.key == name })?.value ?? HTML(text: "%{" + name + "}"))
            }
        }
        return result
    }

    /// The phrase for `key`, for a page that fills the same sentence in many times (a chart's tooltips).
    func phrase(_ key: String) -> Catalogue.Phrase {
        phrase(key, category: .other)
    }

    private func phrase(_ key: String, category: PluralCategory) -> Catalogue.Phrase {
        switch entries[key] ?? fallback[key] {
        case .text(let phrase): phrase
        case .plural(let forms): forms[category] ?? forms[.other] ?? Catalogue.Phrase(key)
        case nil: Catalogue.Phrase("⟪\(key)⟫")
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

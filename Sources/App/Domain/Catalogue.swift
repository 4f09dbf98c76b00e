import Foundation
import Yams

/// The app's words in every language, read once at start from `Resources/Locales/<language>/*.yml`.
///
/// The files are Rails-style YAML, which Weblate and Poedit open: the language code at the root, keys nested beneath
/// it, `%{name}` placeholders, and a plural as a mapping of CLDR categories (`one`, `other`, and `many` in French
/// and Spanish). A comment above a key is the translators' note. Each area of the app has its own file, named the
/// same in every language.
struct Catalogue: Sendable {
    /// A word or sentence, or its plural forms.
    enum Entry: Sendable, Equatable {
        case text(Phrase)
        case plural([PluralCategory: Phrase])

        /// Every form's text.
        var forms: [String] {
            switch self {
            case .text(let phrase): [phrase.text]
            case .plural(let forms): PluralCategory.allCases.compactMap { forms[$0]?.text }
            }
        }
    }

    /// One text of the catalogue, cut once when the catalogue loads into literal runs and `%{name}` placeholders,
    /// so filling it in is appending strings, never searching one.
    struct Phrase: Sendable, Equatable {
        enum Part: Sendable, Equatable {
            case literal(String)
            case placeholder(String)
        }

        /// The text as written, placeholders and all.
        let text: String
        let parts: [Part]

        init(_ text: String) {
            self.text = text
            var parts: [Part] = []
            var rest = Substring(text)
            while let open = rest.range(of: "%{"), let close = rest[open.upperBound...].firstIndex(of: "}") {
                if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
                parts.append(.placeholder(String(rest[open.upperBound..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { parts.append(.literal(String(rest))) }
            self.parts = parts
        }

        /// The text with each placeholder replaced by `value(name)`, or kept as it is where that is nil.
        func fill(_ value: (String) -> String?) -> String {
            var result = ""
            result.reserveCapacity(text.utf8.count + 32)
            for part in parts {
                switch part {
                case .literal(let literal): result += literal
                case .placeholder(let name): result += value(name) ?? "%{" + name + "}"
                }
            }
            return result
        }

        /// The text with its placeholders filled in from `values`.
        func fill(_ values: KeyValuePairs<String, String>) -> String {
            fill { name in values.first(where: { $0.key == name })?.value }
        }
    }

    /// Every language's entries, by dotted key (`income.total`).
    let entries: [Language: [String: Entry]]

    enum LoadError: Error, CustomStringConvertible {
        case missingFolder(String)
        case malformed(String, String)

        var description: String {
            switch self {
            case .missingFolder(let path): "The language folder \(path) is missing."
            case .malformed(let path, let why): "The language file \(path) can't be read: \(why)"
            }
        }
    }

    /// The folder holding one folder of YAML files per language.
    static func folder(resourcesDirectory: String) -> String {
        resourcesDirectory + "/Resources/Locales"
    }

    /// Reads every language's files from `folder`. With `pseudo`, every language speaks the pseudo-language
    /// (`Catalogue.pseudo`) made from English, for the test that finds words written in code.
    static func load(folder: String, pseudo: Bool = false) throws -> Catalogue {
        var entries: [Language: [String: Entry]] = [:]
        for language in Language.allCases {
            let languageFolder = folder + "/" + language.rawValue
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: languageFolder) else {
                throw LoadError.missingFolder(languageFolder)
            }
            var merged: [String: Entry] = [:]
            for name in names.sorted() where name.hasSuffix(".yml") {
                let path = languageFolder + "/" + name
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw LoadError.malformed(path, "it can't be opened.")
                }
                let parsed = try parse(String(decoding: data, as: UTF8.self), language: language, path: path)
                for (key, entry) in parsed {
                    guard merged.updateValue(entry, forKey: key) == nil else {
                        throw LoadError.malformed(path, "the key \(key) is also in another file.")
                    }
                }
            }
            entries[language] = merged
        }
        if pseudo {
            let english = (entries[.en] ?? [:]).mapValues(Self.pseudo)
            for language in Language.allCases { entries[language] = english }
        }
        return Catalogue(entries: entries)
    }

    /// The entries of one YAML file.
    static func parse(_ text: String, language: Language, path: String) throws -> [String: Entry] {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw LoadError.malformed(path, "\(error)")
        }
        guard let root = node?.mapping, let top = root[language.rawValue]?.mapping, root.count == 1 else {
            throw LoadError.malformed(path, "its root must be the one key \(language.rawValue).")
        }
        var entries: [String: Entry] = [:]
        try flatten(top, prefix: "", into: &entries, path: path)
        return entries
    }

    private static func flatten(
        _ mapping: Node.Mapping,
        prefix: String,
        into entries: inout [String: Entry],
        path: String
    )
        throws
    {
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw LoadError.malformed(path, "a key under \(prefix) isn't text.") }
            let full = prefix.isEmpty ? key : prefix + "." + key
            switch value {
            case .scalar(let scalar):
                entries[full] = .text(Phrase(scalar.string))
            case .mapping(let inner):
                let names = inner.keys.compactMap(\.string)
                if !names.isEmpty && names.allSatisfy({ PluralCategory(rawValue: $0) != nil }) {
                    var forms: [PluralCategory: Phrase] = [:]
                    for (category, form) in inner {
                        guard let name = category.string, let plural = PluralCategory(rawValue: name),
                            let text = form.scalar?.string
                        else { throw LoadError.malformed(path, "the plural \(full) has a form that isn't text.") }
                        forms[plural] = Phrase(text)
                    }
                    guard forms[.other] != nil else {
                        throw LoadError.malformed(path, "the plural \(full) has no `other` form.")
                    }
                    entries[full] = .plural(forms)
                } else {
                    try flatten(inner, prefix: full, into: &entries, path: path)
                }
            case .sequence, .alias:
                throw LoadError.malformed(path, "\(full) must be text or a mapping.")
            }
        }
    }

    /// What is missing or different in each language compared with English: keys it lacks, and keys whose
    /// placeholders differ. Empty when every language is complete.
    var problems: [String] {
        let english = entries[.en] ?? [:]
        var found: [String] = []
        for language in Language.allCases where language != .en {
            let own = entries[language] ?? [:]
            for key in english.keys.sorted() {
                guard let entry = own[key] else {
                    found.append("\(language.rawValue): \(key) is missing")
                    continue
                }
                let expected = Self.placeholders(english[key]!)
                let isPlural = if case .plural = entry { true } else { false }
                for form in entry.forms {
                    var names = Self.placeholders(form)
                    if isPlural { names.remove("count") }
                    if names != expected {
                        found.append("\(language.rawValue): \(key) has placeholders \(names.sorted())")
                    }
                }
            }
            for key in own.keys.sorted() where english[key] == nil {
                found.append("\(language.rawValue): \(key) is not in English")
            }
        }
        return found
    }

    /// The `%{name}` placeholders of every form of `entry`, with `count` dropped from plurals (a form such as
    /// French "one" may write the word instead of the number).
    static func placeholders(_ entry: Entry) -> Set<String> {
        switch entry {
        case .text(let phrase): placeholders(phrase.text)
        case .plural(let forms): placeholders(forms[.other]?.text ?? "").subtracting(["count"])
        }
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(
            Phrase(text).parts.compactMap {
                if case .placeholder(let name) = $0 { name } else { nil }
            }
        )
    }

    /// `⟦Šàvéd⟧`: every letter outside placeholders accented and the whole wrapped, still readable, so a page in
    /// the pseudo-language shows at a glance (and to a test) which words came from the catalogue.
    static func pseudo(_ entry: Entry) -> Entry {
        switch entry {
        case .text(let phrase): .text(Phrase(pseudo(phrase.text)))
        case .plural(let forms): .plural(forms.mapValues { Phrase(pseudo($0.text)) })
        }
    }

    static func pseudo(_ text: String) -> String {
        let accents: [Character: Character] = [
            "a": "à", "e": "é", "i": "î", "o": "ö", "u": "ü", "A": "Å", "E": "É", "I": "Î", "O": "Ö", "U": "Ü",
            "c": "ç", "n": "ñ", "s": "š", "y": "ý", "S": "Š", "C": "Ç", "N": "Ñ", "Y": "Ý",
        ]
        var result = "⟦"
        var inPlaceholder = false
        for character in text {
            if character == "{" { inPlaceholder = true }
            result.append(inPlaceholder ? character : accents[character] ?? character)
            if character == "}" { inPlaceholder = false }
        }
        return result + "⟧"
    }
}

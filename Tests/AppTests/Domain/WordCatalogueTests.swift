import Foundation
import Testing

@testable import App

@Suite("Word catalogue")
struct WordCatalogueTests {
    /// The keys the code asks for: the literal first argument of `t[…]`, `t.plural(…)`, `t.html(…)` and `t.phrase(…)` in the app's
    /// sources and views (`errors.t[…]` too).
    static let usedKeys: [String: String] = {
        let root = URL(fileURLWithPath: TestApp.root)
        let pattern = try! Regex(#"(?:^|[^A-Za-z0-9_])t(?:\[|\.plural\(|\.html\(|\.phrase\()\s*"([^"\\]+)""#)
        var keys: [String: String] = [:]
        for folder in ["Sources/App", "Views"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appending(path: folder).path)
            while let name = enumerator?.nextObject() as? String {
                guard name.hasSuffix(".swift") else { continue }
                let text = (try? String(contentsOf: root.appending(path: folder + "/" + name), encoding: .utf8)) ?? ""
                for match in text.matches(of: pattern) {
                    if let key = match.output[1].substring { keys[String(key)] = folder + "/" + name }
                }
            }
        }
        return keys
    }()

    @Test("every key the code asks for is in the English catalogue")
    func everyUsedKeyExists() {
        let english = TestApp.catalogue.entries[.en] ?? [:]
        let missing = Self.usedKeys.filter { english[$0.key] == nil }.map { "\($0.key) (\($0.value))" }.sorted()
        #expect(missing.isEmpty, "missing keys: \(missing)")
        #expect(Self.usedKeys.count > 0)
    }

    @Test("every key in the catalogue is used by the code")
    func noUnusedKeys() {
        let english = TestApp.catalogue.entries[.en] ?? [:]
        let unused = english.keys.filter { Self.usedKeys[$0] == nil }.sorted()
        #expect(unused.isEmpty, "unused keys: \(unused)")
    }

    @Test("every language has every key, with the same placeholders")
    func everyLanguageIsComplete() {
        let problems = TestApp.catalogue.problems
        #expect(problems.isEmpty, "\(problems.prefix(40).joined(separator: "\n"))")
    }

    @Test("each plural has exactly the forms its language's CLDR rules use for whole numbers")
    func pluralFormsMatchTheLanguage() {
        let forms: [Language: Set<PluralCategory>] = [
            .en: [.one, .other], .de: [.one, .other], .fr: [.one, .many, .other], .es: [.one, .many, .other],
        ]
        for language in Language.allCases {
            for (key, entry) in TestApp.catalogue.entries[language] ?? [:] {
                if case .plural(let plural) = entry {
                    #expect(Set(plural.keys) == forms[language], "\(language.rawValue): \(key)")
                }
            }
        }
    }

    @Test("plural categories agree with Babel for English, German, French and Spanish")
    func pluralCategoriesMatchBabel() throws {
        let counts = [0, 1, 2, 3, 5, 11, 21, 100, 101, 1_000, 1_000_000, 2_000_000, 1_000_001, 12_000_000]
        var cases: [[String: Any]] = []
        var ours: [String] = []
        for language in Language.allCases {
            for count in counts {
                cases.append(["kind": "plural", "locale": language.rawValue, "count": count])
                ours.append(language.pluralCategory(count).rawValue)
            }
        }
        let theirs = try RegionFormatTests.babel(cases).map { "\($0)" }
        #expect(ours == theirs)
    }

    @Test("a missing key shows as itself, a plural picks its form, placeholders fill in and markup stays safe")
    func lookups() {
        let german = TestApp.words(.de)
        #expect(german["no.such.key"] == "⟪no.such.key⟫")
        #expect(german.plural("forms.fix_fields", count: 1) == "Bitte korrigiere das markierte Feld unten.")
        #expect(german.plural("forms.fix_fields", count: 1_234).contains("1.234 markierten"))
        let french = TestApp.words(.fr)
        #expect(french.plural("forms.fix_fields", count: 0).contains("le champ"))
        #expect(Catalogue.Phrase("Hi %{name}, %{other}").fill(["name": "<b>"]) == "Hi <b>, %{other}")
        #expect(Catalogue.Phrase("%{a}%{b} 50 % {a} %{a").fill(["a": "ä", "b": "€"]) == "ä€ 50 % {a} %{a")
        #expect(Catalogue.Phrase("Grüße, %{name}!").fill(["name": "Jürgen"]) == "Grüße, Jürgen!")
        #expect(Catalogue.Phrase("").fill(["a": "x"]).isEmpty)
        #expect(Catalogue.Phrase("%{a} und %{a}").fill(["a": "x"]) == "x und x")
        #expect(Catalogue.Phrase("%{a%{b} }").parts == [.placeholder("a%{b"), .literal(" }")])
    }

    @Test("a language file with a broken plural or a second root is refused at start")
    func malformedFilesAreRefused() {
        #expect(throws: Catalogue.LoadError.self) {
            try Catalogue.parse("en:\n  a:\n    one: x\n", language: .en, path: "a.yml")
        }
        #expect(throws: Catalogue.LoadError.self) {
            try Catalogue.parse("en:\n  a: x\nde:\n  a: y\n", language: .en, path: "a.yml")
        }
        #expect(throws: Catalogue.LoadError.self) {
            try Catalogue.parse("de:\n  a: x\n", language: .en, path: "a.yml")
        }
    }

    @Test("the pseudo-language accents and wraps every word but keeps placeholders")
    func pseudoLanguage() {
        #expect(Catalogue.pseudo("Save %{name} now") == "⟦Šàvé %{name} ñöw⟧")
    }
}

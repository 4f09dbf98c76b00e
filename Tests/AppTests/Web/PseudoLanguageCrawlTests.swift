import Foundation
import GRDB
import Testing

@testable import App

/// Finds words written in code instead of the catalogue: with the pseudo-language every catalogue word shows as
/// `⟦Šàvéd⟧`, so any other visible text that isn't the member's own data, a number, an amount or a date is a word
/// a translator never sees.
@Suite("Pseudo-language crawl", .serialized)
struct PseudoLanguageCrawlTests {
    /// Links not followed: leaving, files, and actions.
    static let skipped = ["/logout", "/export", ".csv", ".pdf", ".ics", ".zip", ".json", "/calendar/", "/photo"]
    /// Forms not sent with made-up values: what destroys, ends or downloads.
    static let unsent = [
        "delete", "logout", "revoke", "restore", "undo", "export", "import", "reset", "sign-out", "end", "leave",
        "remove", "disable", "regenerate", "log-out",
    ]

    @Test("every page a member reaches, and every form's error state, shows only catalogue words besides data")
    func crawl() async throws {
        let clock = TestClock()
        let pseudo: (inout AppConfig) -> Void = { $0.pseudoLanguage = true }
        try await TestApp.run(clock: clock, configure: pseudo) { browser, database in
            // Given: a member with two years of demo data: stashes, entries, budget, wallet, badges
            try await browser.signUp(name: "Alex Doe", email: "alex@example.com")
            _ = try await DemoData.fill(
                database: database,
                email: "alex@example.com",
                passwordHash: { "unused" },
                years: 2,
                entries: 600,
                now: clock.now
            )
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET firstRunDone = 1")
            }
            let data = try Self.memberData(database)

            var findings: [String] = []
            var queue = ["/"]
            var seen: Set<String> = []
            var patterns: [String: Int] = [:]
            var sentForms: Set<String> = []
            var pages = 0
            while let path = queue.first, pages < 400 {
                queue.removeFirst()
                guard seen.insert(path).inserted else { continue }
                let pattern = Self.pattern(path)
                guard patterns[pattern, default: 0] < 2 else { continue }
                patterns[pattern, default: 0] += 1
                let page = try await browser.get(path)
                guard page.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                pages += 1
                let document = page.document
                findings += Self.strays(in: document, data: data).map { "GET \(path): \($0)" }
                for link in document.links {
                    let href = link.href
                    guard href.hasPrefix("/"), !href.hasPrefix("//"), !Self.skipped.contains(where: href.contains)
                    else { continue }
                    let target = String(href.split(separator: "#").first ?? "")
                    if !target.isEmpty && !seen.contains(target) { queue.append(target) }
                }
                // The form's error state: every typed field filled with a value no rule accepts
                for form in document.forms where form.method == "post" {
                    let action = form.action.isEmpty ? path : form.action
                    guard !Self.unsent.contains(where: action.lowercased().contains),
                        form.fields.contains(where: {
                            ["text", "number", "email", "date", "textarea", "time", "month"].contains($0.type)
                        }),
                        sentForms.insert(Self.pattern(action)).inserted
                    else { continue }
                    try await browser.get(path)
                    let again = try await browser.get(path).document.forms.first { $0.action == form.action } ?? form
                    var values: [(String, String)] = []
                    for field in again.fields where !field.name.isEmpty {
                        switch field.type {
                        case "text", "number", "email", "date", "textarea", "time", "month", "search", "tel", "url":
                            values.append((field.name, "x!"))
                        case "checkbox", "radio":
                            if field.isChecked { values.append((field.name, field.value ?? "on")) }
                        case "submit", "button", "file":
                            break
                        default:
                            values.append((field.name, field.value ?? ""))
                        }
                    }
                    let sent = try await browser.post(action, values, csrf: .none)
                    if sent.headers[.contentType]?.hasPrefix("text/html") == true {
                        findings += Self.strays(in: sent.document, data: data).map { "POST \(action): \($0)" }
                    }
                }
            }
            #expect(pages > 40, "the crawl reached only \(pages) pages")
            #expect(
                findings.isEmpty,
                "\(findings.count) texts outside the catalogue:\n\(findings.prefix(80).joined(separator: "\n"))"
            )
        }
    }

    @Test("signed-out pages show only catalogue words")
    func signedOut() async throws {
        let pseudo: (inout AppConfig) -> Void = { $0.pseudoLanguage = true }
        try await TestApp.run(configure: pseudo) { browser, _ in
            var findings: [String] = []
            for path in ["/login", "/signup", "/no-such-page"] {
                let page = try await browser.get(path)
                findings += Self.strays(in: page.document, data: []).map { "GET \(path): \($0)" }
                for form in page.document.forms where form.method == "post" {
                    let values = form.fields.filter { !$0.name.isEmpty && $0.name != "_csrf" }.map { ($0.name, "x!") }
                    let sent = try await browser.post(form.action, values)
                    findings += Self.strays(in: sent.document, data: []).map { "POST \(form.action): \($0)" }
                }
            }
            #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
        }
    }

    @Test("the check finds a word written in code")
    func checkCanFail() {
        let page = HTMLPage("<html><body><main><h1>⟦Hömé⟧</h1><p>Saved this month</p></main></body></html>")
        #expect(Self.strays(in: page, data: []) == ["Saved this month"])
        let nested = HTMLPage("<p>⟦Ýöü šàvéd ⟦làšt möñth⟧ îñ <a href=\"/\">⟦x⟧</a> ⟧ and more</p>")
        #expect(Self.strays(in: nested, data: []) == ["⟧ and more"])
    }

    // MARK: - What counts

    /// The path with numbers and query values generalised, so the crawl visits each kind of page a couple of times.
    static func pattern(_ path: String) -> String {
        let parts = path.split(separator: "?", maxSplits: 1)
        let route = parts[0].replacing(try! Regex("[0-9]+"), with: "N")
        let keys = parts.count > 1 ? parts[1].split(separator: "&").map { $0.split(separator: "=").first ?? "" } : []
        return route + "?" + keys.sorted().joined(separator: "&")
    }

    /// Every text the member wrote or the app filled in for them (names, notes, categories, cards), longest first.
    static func memberData(_ database: AppDatabase) throws -> [String] {
        let texts = try database.read { db -> Set<String> in
            var texts: Set<String> = []
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            for table in tables {
                let columns = try db.columns(in: table).map(\.name)
                guard columns.contains("userId") || table == "user" else { continue }
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
                    for column in columns {
                        let value: DatabaseValue = row[column]
                        if case .string(let text) = value.storage, text.count > 1, text.count < 200 {
                            texts.insert(text)
                        }
                    }
                }
            }
            return texts
        }
        let catalogue = try CardCatalogue.load(path: CardCatalogue.path(resourcesDirectory: TestApp.root))
        var all = texts
        for card in catalogue.cards {
            all.insert(card.name)
            all.insert(card.issuer)
            for benefit in card.benefits { all.insert(benefit.name) }
        }
        return all.sorted { $0.count > $1.count }
    }

    /// `text` without its catalogue words: wrapped pieces, nested ones, and the ends of a wrapped sentence that holds
    /// markup (a link inside it splits it across text nodes).
    static func unwrapped(_ text: String) -> String {
        var rest = text
        while let inner = rest.firstRange(of: try! Regex("⟦[^⟦⟧]*⟧")) {
            rest.replaceSubrange(inner, with: " ")
        }
        if let close = rest.firstIndex(of: "⟧") { rest = String(rest[rest.index(after: close)...]) }
        if let open = rest.lastIndex(of: "⟦") { rest = String(rest[..<open]) }
        return rest
    }

    /// Words that may show outside the catalogue: the brand, and the names Foundation gives months, weekdays,
    /// currencies, regions and time zones.
    static let allowedWords: Set<String> = {
        var words: Set<String> = ["Stashify", "ntfy", "Web", "Push", "x"]
        // The language menu names each language in itself.
        for language in Language.allCases { words.insert(language.nativeName) }
        let writer = DateWriter(language: .en, region: .unitedStates)
        for month in 1...12 {
            let name = writer.monthName(month)
            words.insert(name)
            words.insert(String(name.prefix(3)))
            words.insert(Month.names[month - 1])
            words.insert(String(Month.names[month - 1].prefix(3)))
        }
        for weekday in 1...7 { words.insert(writer.weekdayShort(weekday)) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en-US")
        for name in calendar.weekdaySymbols + calendar.monthSymbols { words.insert(name) }
        for name in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] { words.insert(name) }
        for currency in Currency.all { words.insert(currency.code) }
        return words
    }()

    /// The visible texts of `page` (text nodes and the attributes people read) left with letters once catalogue
    /// words, member data, allowed words, numbers and symbols are taken out.
    static func strays(in page: HTMLPage, data: [String]) -> [String] {
        var texts: [String] = []
        func visit(_ element: HTMLPage.Element) {
            // Scripts, and machine text shown as it is (a two-factor key, a recovery code)
            if ["script", "style", "template", "code"].contains(element.name) { return }
            // Text marked as in a language of its own (the API description's English on its reference page)
            if element.name != "html", element["lang"] != nil { return }
            if element.name == "select",
                ["timeZone", "currency", "region", "language"].contains(element["name"] ?? "")
            {
                return
            }
            for attribute in ["aria-label", "title", "placeholder", "alt"] {
                if let value = element[attribute] { texts.append(value) }
            }
            if element.name == "input", ["submit", "button"].contains(element["type"] ?? "") {
                texts.append(element["value"] ?? "")
            }
            for child in element.children {
                switch child {
                case .element(let inner): visit(inner)
                case .text(let text): texts.append(text)
                }
            }
        }
        visit(page.root)
        var strays: [String] = []
        for text in texts {
            var rest = Self.unwrapped(text)
            for value in data where rest.contains(value) { rest = rest.replacingOccurrences(of: value, with: " ") }
            let words = rest.split { !$0.isLetter }.map(String.init).filter { word in
                // Initials and monograms of the member's own names ("AD", "NY")
                !allowedWords.contains(word) && !(word.count <= 2 && word.allSatisfy(\.isUppercase))
            }
            if !words.isEmpty {
                let shown = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                strays.append(shown)
            }
        }
        return Array(Set(strays)).sorted()
    }
}

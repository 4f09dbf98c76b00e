import Foundation
import Testing
@testable import App

@Suite("Page shell, errors and health")
struct PagesTests {
    @Test("every template selects the byte-wise HTML escaper and is checked at start")
    func pageTemplatesChooseTheEscaper() throws {
        // A template without the pragma would fall back to the library's character-wise escaper; partials don't
        // inherit it from the page that includes them.
        let views = URL(fileURLWithPath: TestApp.root).appendingPathComponent("Views")
        let files = try #require(FileManager.default.enumerator(at: views, includingPropertiesForKeys: nil))
        var templates: [String] = []
        for case let file as URL in files where file.pathExtension == "mustache" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.dropFirst(views.path.count + 1).dropLast(".mustache".count)
            templates.append(String(name))
            #expect(text.hasPrefix("{{% CONTENT_TYPE: HTML}}"), "\(file.lastPathComponent) must start with the pragma")
        }
    }

    @Test("the shell has the navigation, the avatar and a skip link")
    func shell() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(name: "alex doe", email: "alex@example.com")
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.html.contains("<a class=\"skip-link\" href=\"#main\">"))
            for (label, path) in [("Home", "/"), ("Statistics", "/statistics"), ("Badges", "/badges"),
                                  ("Wallet", "/wallet"), ("Budget", "/budget")] {
                #expect(home.html.contains("href=\"\(path)\""), "\(label)")
                #expect(home.html.contains("<span class=\"nav__label\">\(label)</span>"), "\(label)")
            }
            #expect(home.html.contains("href=\"/\" aria-current=\"page\""))
            #expect(home.html.contains("<span aria-hidden=\"true\">AD</span>"))
            #expect(home.html.contains(", alex</p>"))
            #expect(home.html.contains("November 2026"))
        }
    }

    @Test("each section shows its first-run empty state and marks itself current")
    func sectionEmptyStates() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let expectations = [("/statistics", "No statistics yet"), ("/badges", "Nothing in progress"),
                                ("/wallet", "Select your cards"), ("/budget", "Set up your income")]
            for (path, title) in expectations {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.html.contains(title), "\(path)")
                #expect(page.html.contains("href=\"\(path)\" aria-current=\"page\""), "\(path)")
            }
        }
    }

    @Test("Home's month follows the user's time zone")
    func homeUsesUserTimeZone() async throws {
        // 23:30 UTC on 30 November is already 1 December in Tokyo
        let clock = TestClock(TestClock.date("2026-11-30T23:30:00Z"))
        try await TestApp.run(clock: clock) { browser, _ in
            try await browser.signUp(name: "Kei", email: "kei@example.com")
            try await browser.get("/signup/details")
            try await browser.post("/signup/details", [("currency", "JPY"), ("timeZone", "Asia/Tokyo")])
            let home = try await browser.get("/")
            #expect(home.html.contains("December 2026"))
            #expect(home.html.contains("Good morning, Kei"))
        }
    }

    @Test("unknown pages get a 404 page in the shell, not a stack trace")
    func notFound() async throws {
        try await TestApp.run { browser, _ in
            let page = try await browser.get("/no/such/page")
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.html.contains("Page not found"))
            #expect(page.html.contains("<link rel=\"stylesheet\" href=\"/css/app.css\">"))
        }
    }

    @Test("an unexpected failure gets a 500 page in the shell that reveals no internals")
    func serverError() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await database.writer.write { db in try db.execute(sql: "ALTER TABLE user RENAME COLUMN theme TO colourScheme") }
            let page = try await browser.get("/profile")
            #expect(page.status == .internalServerError)
            #expect(page.html.contains("Something went wrong"))
            #expect(!page.html.contains("SQLite"))
            #expect(!page.html.contains("no such column"))
        }
    }

    @Test("a malformed form body gets a 400 page")
    func malformedForm() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")
            let page = try await browser.post("/profile", [("name[", "x")])
            #expect(page.status == .badRequest)
            #expect(page.html.contains("<html"))
        }
    }

    @Test("healthz answers ok when the database does")
    func health() async throws {
        try await TestApp.run { browser, _ in
            let page = try await browser.get("/healthz")
            #expect(page.status == .ok)
            #expect(page.html == "ok")
        }
    }

    @Test("static files are served without a session")
    func staticFiles() async throws {
        try await TestApp.run { browser, _ in
            let css = try await browser.get("/css/app.css")
            #expect(css.status == .ok)
            #expect(css.html.contains("--accent: light-dark(#007AFF, #0A84FF)"))
            #expect(css.setCookie("stashify_session") == nil)
            #expect(try await browser.get("/manifest.webmanifest").status == .ok)
        }
    }
}

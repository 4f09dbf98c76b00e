import Foundation
import HTML
import Testing

@testable import App

@Suite("Page shell, errors and health")
struct PagesTests {
    @Test("a flash's Undo posts only to the paths the app makes, whatever a tampered cookie says")
    func undoPaths() {
        for path in [
            "/trash/12/restore", "/entries/7/delete", "/transactions/import/3/undo", "/transactions/bulk/4/undo",
        ] {
            #expect(Flash.isUndoPath(path), "\(path)")
        }
        for path in [
            "/entries/7/edit", "/entries/x/delete", "/entries//delete", "/profile/delete", "//evil/entries/1/delete",
            "/trash/1/restore?x=1", "https://evil.example/trash/1/restore", "/account/delete", "/entries/1/delete/",
            "/transactions/other/1/undo", "/transactions/bulk/x/undo",
        ] {
            #expect(!Flash.isUndoPath(path), "\(path)")
        }
    }

    @Test("the shell escapes every text it is given and keeps its markup, signed in or not")
    func shellEscapes() {
        // Given: a shell whose every text is hostile
        let hostile = "<script>\"x\" & 'y'</script>"
        let shell = Shell(
            t: TestApp.words(.en),
            title: hostile,
            theme: "dark",
            colorScheme: "dark",
            csrf: CSRF(token: "\"><b>"),
            avatar: Shell.Avatar(initials: hostile, name: hostile, href: "/profile", current: true),
            nav: [Shell.NavItem(key: "home", label: hostile, href: "/?a=1&b=2", current: true)],
            showNav: true,
            flash: Shell.Flash(kind: "error", message: hostile, undoPath: "/trash/1/restore"),
            celebration: Shell.Celebration(
                stashName: hostile,
                monthTitle: "November 2026",
                points: 10,
                reward: hostile,
                badgeId: 1,
                more: 2
            )
        )

        // When
        let html = shell.page("<p>main</p>").description

        // Then
        let escaped = "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
        #expect(!html.contains("<script>"))
        #expect(html.contains("<title>\(escaped) · Stashify</title>"))
        #expect(html.contains("<h1 class=\"topbar__title\">\(escaped)</h1>"))
        #expect(html.contains("<span class=\"flash__message\">\(escaped)</span>"))
        #expect(html.contains("role=\"alert\""))
        #expect(html.contains("<input type=\"hidden\" name=\"_csrf\" value=\"&quot;&gt;&lt;b&gt;\">"))
        #expect(html.contains("href=\"/?a=1&amp;b=2\" aria-current=\"page\""))
        #expect(html.contains("<strong>\(escaped)</strong> for November 2026. <strong>+10 points</strong>"))
        #expect(html.contains("Your reward: \(escaped)"))
        #expect(html.contains("And 2 more badges with it."))
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\" dir=\"ltr\" data-theme=\"dark\">"))
        #expect(html.contains("<main id=\"main\" class=\"main\" tabindex=\"-1\">\n<p>main</p>\n  </main>"))

        // A signed-out shell: the brand bar instead of the navigation, a status flash, no theme
        let plain = Shell(
            t: TestApp.words(.en),
            title: "Log in",
            theme: nil,
            colorScheme: "light dark",
            csrf: CSRF(token: "t"),
            avatar: nil,
            nav: [],
            showNav: false,
            flash: Shell.Flash(kind: "info", message: "Bye", undoPath: nil),
            celebration: nil
        ).page(.empty).description
        #expect(HTMLPage(plain).contains("html", attributes: ["lang": "en", "dir": "ltr"]))
        #expect(HTMLPage(plain).contains("body", attributes: ["class": "without-nav"]))
        #expect(plain.contains("class=\"brandbar\""))
        #expect(!plain.contains("class=\"nav\""))
        #expect(plain.contains("role=\"status\""))
        #expect(!plain.contains("Undo"))
        #expect(!plain.contains("<dialog"))
    }

    @Test("the shell has the navigation, the avatar and a skip link")
    func shell() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(name: "alex doe", email: "alex@example.com")
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            let page = home.document
            #expect(page.all("a").contains { $0.attributes == ["class": "skip-link", "href": "#main"] })
            for (label, path) in [
                ("Home", "/"), ("Statistics", "/statistics"), ("Badges", "/badges"),
                ("Wallet", "/wallet"), ("Budget", "/budget"),
            ] {
                #expect(home.html.contains("href=\"\(path)\""), "\(label)")
                #expect(page.contains("span", attributes: ["class": "nav__label"], text: label), "\(label)")
            }
            #expect(!page.all("[href=/][aria-current=page]").isEmpty)
            #expect(page.contains("span", attributes: ["aria-hidden": "true"], text: "AD"))
            #expect(home.html.contains(", alex</p>"))
            #expect(home.html.contains("November 2026"))
        }
    }

    @Test("each section shows its first-run empty state and marks itself current")
    func sectionEmptyStates() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let expectations = [
                ("/statistics", "No statistics yet"), ("/badges", "Nothing in progress"),
                ("/wallet", "Select your cards"), ("/budget", "Set up your income"),
            ]
            for (path, title) in expectations {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.html.contains(title), "\(path)")
                #expect(page.html.contains("href=\"\(path)\" aria-current=\"page\""), "\(path)")
            }
        }
    }

    @Test("tabs and filters mark the current one as markup, and no page shows escaped markup")
    func currentTabsAreMarkup() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let expectations = [
                ("/budget", "href=\"/budget\" aria-current=\"page\">Expenses</a>"),
                ("/budget/wants", "href=\"/budget/wants\" aria-current=\"page\">Wants</a>"),
                ("/budget/categories?kind=wants", "aria-current=\"page\">Wants</a>"),
                ("/statistics?view=yearly&period=2026", "aria-current=\"page\">Yearly</a>"),
                (
                    "/statistics?view=yearly&period=2026",
                    "class=\"chip\" href=\"/statistics?view=yearly&amp;period=2026\" aria-current=\"page\">All</a>"
                ),
                ("/badges?tab=all", "href=\"/badges?tab=all\" aria-current=\"page\">All-time</a>"),
                ("/wallet/tracker", "href=\"/wallet/tracker\" aria-current=\"page\">Tracker</a>"),
                (
                    "/wallet/tracker?tab=coupons",
                    "class=\"segmented-links__item\" href=\"/wallet/tracker?tab=coupons\" aria-current=\"page\">Coupons</a>"
                ),
                ("/transactions", "<option value=\"\" selected>All kinds</option>"),
            ]
            for (path, markup) in expectations {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.html.contains(markup), "\(path)")
                for escaped in ["=&quot;", "&lt;a ", "&lt;span", "&lt;p", "&quot;&gt;"] {
                    #expect(!page.html.contains(escaped), "\(path): \(escaped)")
                }
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

    @Test("the flash cookie is spotted in any Cookie header, and only by its full name")
    func flashCookieScan() {
        let flash = FlashMiddleware(cookies: CookieSettings(secure: false))
        let name = flash.name
        #expect(flash.mayHoldFlash("\(name)=abc"))
        #expect(flash.mayHoldFlash("a=1; b=2; \(name)=x"))
        #expect(flash.mayHoldFlash("zz\(name)\(name)="))
        #expect(!flash.mayHoldFlash(""))
        #expect(!flash.mayHoldFlash(name))
        #expect(!flash.mayHoldFlash("a=1; \(name.dropLast())=x"))
        #expect(!flash.mayHoldFlash("é\(name.dropFirst())=1; \(name) =2"))
    }

    @Test("unknown pages get a 404 page in the shell, not a stack trace")
    func notFound() async throws {
        try await TestApp.run { browser, _ in
            let page = try await browser.get("/no/such/page")
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.html.contains("Page not found"))
            #expect(page.document.contains("link", attributes: ["rel": "stylesheet", "href": "/css/app.css"]))
        }
    }

    @Test("an unexpected failure gets a 500 page in the shell that reveals no internals")
    func serverError() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await database.write { db in try db.execute(sql: "ALTER TABLE user RENAME COLUMN theme TO colourScheme")
            }
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
            #expect(css.html.contains("--accent: light-dark(#0066CC, #409CFF)"))
            #expect(css.setCookie("stashify_session") == nil)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await browser.get("/manifest.webmanifest").headers[.contentType] == "application/manifest+json")
            #expect(try await browser.get("/js/wallet.js").headers[.contentType] == "text/javascript; charset=utf-8")
        }
    }

    @Test("static files are served from memory with an ETag: the browser revalidates and gets a bodiless 304")
    func staticFilesRevalidate() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let resources = folder + "/resources"
        try FileManager.default.createDirectory(atPath: resources + "/Public/css", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: resources + "/Resources", withIntermediateDirectories: true)
        for file in ["card-catalogue.json", "common-passwords.txt", "Locales", "openapi.yaml"] {
            try FileManager.default.copyItem(
                atPath: TestApp.root + "/Resources/" + file,
                toPath: resources + "/Resources/" + file
            )
        }
        try Data("body { color: red }".utf8).write(to: URL(fileURLWithPath: resources + "/Public/css/app.css"))
        let configure: (inout AppConfig) -> Void = { $0.resourcesDirectory = resources }
        try await TestApp.run(configure: configure) { browser, _ in
            let first = try await browser.get("/css/app.css")
            #expect(first.status == .ok)
            #expect(first.html == "body { color: red }")
            #expect(first.headers[.cacheControl] == "no-cache")
            let etag = try #require(first.headers[.eTag])

            // Read once at start: a change on disk shows only after a restart.
            try Data("body { color: blue }".utf8).write(to: URL(fileURLWithPath: resources + "/Public/css/app.css"))
            #expect(try await browser.get("/css/app.css").html == "body { color: red }")

            await browser.setHeader("If-None-Match", "\"other\", \(etag)")
            let again = try await browser.get("/css/app.css")
            #expect(again.status == .notModified)
            #expect(again.html.isEmpty)
            #expect(again.headers[.eTag] == etag)

            await browser.setHeader("If-None-Match", "\"other\"")
            #expect(try await browser.get("/css/app.css").status == .ok)
            #expect(try await browser.get("/css/nothing.css").status == .notFound)
        }
    }
}

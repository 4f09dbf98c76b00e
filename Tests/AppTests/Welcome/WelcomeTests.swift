import Foundation
import GRDB
import Testing

@testable import App

@Suite("First run")
struct WelcomeTests {
    /// Signs up through both steps, skipping the details.
    @discardableResult
    private func signUp(_ browser: Browser, email: String) async throws -> Page {
        try await browser.signUp(email: email)
        try await browser.get("/signup/details")
        return try await browser.post("/signup/details", [("currency", "USD"), ("timeZone", "UTC")])
    }

    private func firstRunDone(_ database: AppDatabase, _ email: String) async throws -> Bool? {
        try database.user(email: email)?.firstRunDone
    }

    @Test("sign-up leads into the welcome, whose screens each offer Next and Skip")
    func signUpOpensWelcome() async throws {
        try await TestApp.run { browser, database in
            // When
            let details = try await browser.signUp(email: "alex@example.com")
            let form = try await browser.get(try #require(details.location))
            let saved = try await browser.post("/signup/details", [("currency", "USD"), ("timeZone", "UTC")])

            // Then
            #expect(
                form.html.contains("href=\"/welcome\">Skip for now</a>"),
                "skipping the details opens the welcome too"
            )
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/welcome")
            #expect(try await firstRunDone(database, "alex@example.com") == false)
            let first = try await browser.get("/welcome")
            #expect(first.status == .ok)
            #expect(first.html.contains("Welcome to Stashify, Alex!"))
            #expect(first.html.contains("Step 1 of 4"))
            #expect(first.html.contains("Stashes: money with a purpose"))
            #expect(first.html.contains("href=\"/welcome/budget\">Next</a>"))
            #expect(first.html.contains("action=\"/welcome/skip\""))
            #expect(!first.html.contains("nav__list"), "the welcome stands alone, without the tab bar")
            let budget = try await browser.get("/welcome/budget")
            #expect(budget.html.contains("Step 2 of 4"))
            #expect(budget.html.contains("href=\"/welcome/wallet\">Next</a>"))
            let wallet = try await browser.get("/welcome/wallet")
            #expect(wallet.html.contains("Step 3 of 4"))
            #expect(wallet.document.contains("form", attributes: ["method": "post", "action": "/welcome/reminders"]))
        }
    }

    @Test("Skip opens Home and remembers it, so the next log-in goes straight to Home")
    func skipLandsHome() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await signUp(browser, email: "alex@example.com")
            try await browser.get("/welcome/budget")

            // When
            let skipped = try await browser.post("/welcome/skip")

            // Then
            #expect(skipped.status == .seeOther)
            #expect(skipped.location == "/")
            #expect(try await firstRunDone(database, "alex@example.com") == true)
            #expect(try await browser.get("/").status == .ok)
            try await browser.logOut()
            let login = try await browser.logIn(email: "alex@example.com")
            #expect(login.status == .seeOther)
            #expect(login.location == "/")
        }
    }

    @Test("a member who left the welcome unfinished gets it again at the next log-in; others are unaffected")
    func unfinishedComesBack() async throws {
        try await TestApp.run { browser, database in
            // Given: Alex leaves during the welcome; Sam finishes it
            try await signUp(browser, email: "alex@example.com")
            try await browser.logOut()
            let sam = Browser(client: browser.client)
            try await signUp(sam, email: "sam@example.com")
            try await sam.get("/welcome")
            try await sam.post("/welcome/skip")

            // When
            let alex = try await browser.logIn(email: "alex@example.com")
            try await sam.logOut()
            let samAgain = try await sam.logIn(email: "sam@example.com")

            // Then
            #expect(alex.location == "/welcome")
            #expect(samAgain.location == "/")
            #expect(try await firstRunDone(database, "alex@example.com") == false, "Sam's skip is Sam's alone")
            // A log-in on the way to a page still goes there.
            try await browser.logOut()
            #expect(try await browser.logIn(email: "alex@example.com", next: "/badges").location == "/badges")
        }
    }

    @Test("members who signed up before the welcome existed are not sent through it")
    func existingMembersSkipIt() async throws {
        // Given: a database from before the first run, holding Ann
        let queue = try UpgradeFixture.database(upTo: "v28: web push devices")
        let hasher = PasswordHasher(cost: 4, pool: TestApp.hashing)
        let hash = try await hasher.hash("correct horse battery")
        try await queue.write { db in try db.execute(sql: "UPDATE user SET passwordHash = ?", arguments: [hash]) }

        // When
        let database = try AppDatabase(queue)
        try await TestApp.run(database: database) { browser, database in
            let login = try await browser.logIn(email: "ann@example.com")

            // Then
            #expect(try await firstRunDone(database, "ann@example.com") == true)
            #expect(login.status == .seeOther)
            #expect(login.location == "/")
        }
    }

    @Test("Next on the last screen ends the first run and opens the reminders step, with each channel")
    func remindersStep() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await signUp(browser, email: "alex@example.com")
            try await browser.get("/welcome/wallet")

            // When
            let next = try await browser.post("/welcome/reminders")

            // Then
            #expect(next.status == .seeOther)
            #expect(next.location == "/welcome/reminders")
            #expect(try await firstRunDone(database, "alex@example.com") == true)
            let page = try await browser.get("/welcome/reminders")
            #expect(page.status == .ok)
            #expect(page.html.contains("Step 4 of 4"))
            #expect(
                page.document.contains(
                    "h1",
                    attributes: ["class": "auth__title", "id": "welcome-title"],
                    text: "Turn on reminders"
                )
            )
            #expect(page.html.contains("coupons about to expire, subscriptions renewing"))
            // Web Push: the notification settings' own control, shown by /js/push.js where the browser can
            #expect(page.html.contains("action=\"/profile/notifications/devices\" data-push-key=\""))
            #expect(page.html.contains("data-push-enable hidden>Enable notifications on this device</button>"))
            #expect(page.document.contains("script", attributes: ["src": "/js/push.js", "defer": ""], text: ""))
            #expect(page.html.contains("Turning them on needs JavaScript"))
            // ntfy and the calendar feed, set up on the notification settings
            #expect(page.html.contains("href=\"/profile/notifications#push-title\">Set up ntfy</a>"))
            #expect(page.html.contains("action=\"/profile/notifications/calendar\""))
            let feed = try await browser.post("/profile/notifications/calendar")
            #expect(feed.location == "/profile/notifications#calendar-title")
            let again = try await browser.get("/welcome/reminders")
            #expect(again.html.contains("href=\"/profile/notifications#calendar-title\">See your calendar link</a>"))
            // Done (or Skip) opens Home
            let done = try await browser.post("/welcome/skip")
            #expect(done.location == "/")
        }
    }

    @Test("the welcome is for signed-in members")
    func signedOut() async throws {
        try await TestApp.run { browser, _ in
            let welcome = try await browser.get("/welcome")
            let reminders = try await browser.get("/welcome/reminders")
            let skip = try await browser.post("/welcome/skip")
            #expect(welcome.location == "/login?next=/welcome")
            #expect(reminders.location == "/login?next=/welcome/reminders")
            #expect(skip.status.code >= 300)
        }
    }
}

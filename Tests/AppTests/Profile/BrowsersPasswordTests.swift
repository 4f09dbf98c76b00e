import Foundation
import GRDB
import Testing

@testable import App

/// Logging other browsers out, one or all, and turning two-factor sign-in off ask for the password: someone using a
/// borrowed or stolen session can't shut the owner out.
@Suite("Ending other browsers asks for the password")
struct BrowsersPasswordTests {
    static let wrong = "That isn&#39;t your current password."

    /// Alex signed up on `laptop` and logged in on a phone (Safari on iPhone); the phone.
    static func twoBrowsers(_ laptop: Browser) async throws -> Browser {
        try await laptop.signUp(email: "alex@example.com")
        let phone = Browser(client: laptop.client)
        await phone.setHeader("User-Agent", SignedInBrowsersTests.safariOnIPhone)
        try await phone.logIn(email: "alex@example.com")
        return phone
    }

    @Test(
        "log out all other browsers: a wrong or missing password is a 422 next to the field, and no one is logged out"
    )
    func allOthers() async throws {
        try await TestApp.run { laptop, database in
            // Given
            let phone = try await Self.twoBrowsers(laptop)
            let profile = try await laptop.get("/profile")
            #expect(profile.html.contains("name=\"sessionsPassword\" type=\"password\""))

            // When
            let wrong = try await laptop.post("/profile/sessions", [("sessionsPassword", "not my password")])
            let missing = try await laptop.post("/profile/sessions", [("sessionsPassword", "")])

            // Then
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("sessionsPassword") == Self.wrong)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.fieldError("sessionsPassword") == "Enter your current password.")
            #expect(try database.read { db in try SessionRecord.fetchCount(db) } == 2)
            #expect(try await phone.get("/profile").status == .ok)

            // When: the right password
            let ended = try await laptop.post("/profile/sessions", [("sessionsPassword", "correct horse battery")])

            // Then
            #expect(ended.status == .seeOther)
            #expect(ended.location == "/profile")
            #expect(try database.read { db in try SessionRecord.fetchCount(db) } == 1)
            #expect(try await phone.get("/profile").status == .seeOther)
            #expect(try await laptop.get("/profile").html.contains("1 other browser was logged out."))
        }
    }

    @Test("log out one other browser: its Log out opens a page that asks for the password; a wrong one is a 422")
    func oneOther() async throws {
        try await TestApp.run { laptop, database in
            // Given
            let phone = try await Self.twoBrowsers(laptop)
            let phoneKey = try #require(await phone.cookies[SignedInBrowsersTests.session])
            let path = "/profile/sessions/\(SignedInBrowsersTests.handle(ofCookie: phoneKey))/delete"
            let rows = SignedInBrowsersTests.rows(try await laptop.get("/profile"))
            #expect(rows[1].contains("href=\"\(path)\""))

            // When
            let confirm = try await laptop.get(path)
            let wrong = try await laptop.post(path, [("password", "not my password")])

            // Then
            #expect(confirm.status == .ok)
            #expect(confirm.html.contains("Log out Safari on iPhone?"))
            #expect(confirm.html.contains("name=\"password\" type=\"password\""))
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("password") == Self.wrong)
            #expect(wrong.html.contains("action=\"\(path)\""))
            #expect(try await phone.get("/profile").status == .ok)

            // When: the right password
            let ended = try await laptop.post(path, [("password", "correct horse battery")])

            // Then
            #expect(ended.status == .seeOther)
            #expect(ended.location == "/profile")
            #expect(try await phone.get("/profile").status == .seeOther)
            #expect(try await laptop.get("/profile").html.contains("Logged out Safari on iPhone."))
            #expect(try database.read { db in try SessionRecord.fetchCount(db) } == 1)
        }
    }

    @Test("another member's browser, or this one, is a 404 on the page and on its post, password or not")
    func notYours() async throws {
        try await TestApp.run { alex, _ in
            try await alex.signUp(email: "alex@example.com")
            let sam = Browser(client: alex.client)
            try await sam.signUp(email: "sam@example.com")
            let samKey = try #require(await sam.cookies[SignedInBrowsersTests.session])
            let alexKey = try #require(await alex.cookies[SignedInBrowsersTests.session])
            try await alex.get("/profile")
            for key in [samKey, alexKey] {
                let path = "/profile/sessions/\(SignedInBrowsersTests.handle(ofCookie: key))/delete"
                #expect(try await alex.get(path).status == .notFound)
                try await alex.get("/profile")
                #expect(try await alex.post(path, [("password", "correct horse battery")]).status == .notFound)
            }
            #expect(try await sam.get("/profile").status == .ok)
        }
    }

    @Test("wrong passwords there count with the profile's password check: past the limit every one of them is a 429")
    func throttled() async throws {
        try await TestApp.run { laptop, _ in
            let phone = try await Self.twoBrowsers(laptop)
            let phoneKey = try #require(await phone.cookies[SignedInBrowsersTests.session])
            let path = "/profile/sessions/\(SignedInBrowsersTests.handle(ofCookie: phoneKey))/delete"
            try await laptop.get("/profile")
            var refused = 0
            var limited: Page?
            for attempt in 0..<30 {
                let page =
                    attempt % 2 == 0
                    ? try await laptop.post("/profile/sessions", [("sessionsPassword", "guess \(attempt)")])
                    : try await laptop.post(path, [("password", "guess \(attempt)")])
                if page.status == .tooManyRequests {
                    limited = page
                    break
                }
                #expect(page.status == .unprocessableContent)
                refused += 1
            }
            #expect(refused >= 3)
            let page = try #require(limited)
            #expect(page.html.contains("Too many wrong passwords."))
            // The right password is refused as well until the window passes, here and on the password form
            #expect(try await laptop.post(path, [("password", "correct horse battery")]).status == .tooManyRequests)
            #expect(
                try await laptop.post(
                    "/profile/password",
                    [
                        ("currentPassword", "correct horse battery"), ("newPassword", "another long password"),
                        ("confirmPassword", "another long password"),
                    ]
                ).status == .tooManyRequests
            )
            #expect(try await phone.get("/profile").status == .ok)
        }
    }

    @Test("turning two-factor sign-in off takes the password from the field the page shows")
    func twoFactorOff() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            _ = try await TwoFactorTests.turnOn(browser, clock: clock)
            let page = try await browser.get("/profile/two-factor")
            #expect(page.html.contains("name=\"offPassword\" type=\"password\""))
            let wrong = try await browser.post("/profile/two-factor/off", [("offPassword", "not my password")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("offPassword") == Self.wrong)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactor") } == 1)
            let off = try await browser.post("/profile/two-factor/off", [("offPassword", "correct horse battery")])
            #expect(off.status == .seeOther)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactor") } == 0)
        }
    }
}

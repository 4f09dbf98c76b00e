import Foundation
import GRDB
import Testing

@testable import App

/// "Keep me signed in" on the log-in form: unticked, the cookie ends with the browser and the server ends the
/// session after twelve hours unused; ticked, it lasts thirty days as it always did.
@Suite("Keep me signed in")
struct KeepSignedInTests {
    static let session = "stashify_session"

    /// Whether the account's one session is kept signed in, as stored.
    static func kept(_ database: AppDatabase) async throws -> [Bool] {
        try database.read { db in try Bool.fetchAll(db, sql: "SELECT keepSignedIn FROM session") }
    }

    @Test("the log-in form offers it unticked, and keeps the tick when the form comes back with an error")
    func checkbox() async throws {
        try await TestApp.run { browser, _ in
            let page = try await browser.get("/login")
            #expect(page.html.contains("name=\"keep\" type=\"checkbox\" value=\"yes\" aria-describedby"))
            #expect(page.html.contains("Keep me signed in"))
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            let wrong = try await browser.logIn(email: "alex@example.com", password: "wrong password", keep: true)
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.html.contains("name=\"keep\" type=\"checkbox\" value=\"yes\" checked"))
        }
    }

    @Test("unticked: a cookie without an expiry, and the session ends once unused for more than twelve hours")
    func idleEnds() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()

            // When
            let login = try await browser.logIn(email: "alex@example.com", keep: false)

            // Then: the cookie ends with the browser
            let cookie = try #require(login.setCookie(Self.session))
            #expect(!cookie.contains("Expires=") && !cookie.contains("Max-Age="))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            #expect(try await Self.kept(database) == [false])

            // Used now and then over a day, it lasts
            for _ in 0..<3 {
                clock.advance(by: 11 * 3600 + 59 * 60)
                #expect(try await browser.get("/profile").status == .ok)
            }
            // Exactly twelve hours after it was last seen is not yet more than twelve
            clock.advance(by: 12 * 3600)
            #expect(try await browser.get("/profile").status == .ok)

            // When: twelve hours and a second without use
            clock.advance(by: 12 * 3600 + 1)
            let later = try await browser.get("/profile")

            // Then
            #expect(later.status == .seeOther)
            #expect(later.location?.hasPrefix("/login") == true)
            #expect(try await Self.kept(database) == [false], "the row goes at the next sweep")
            try await SQLitePersistDriver(database: database, now: { clock.now }).removeExpired()
            #expect(try await Self.kept(database).isEmpty)
        }
    }

    @Test("unticked: requests every four minutes keep it going, though last seen is written only every five")
    func activeLasts() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            try await browser.logIn(email: "alex@example.com", keep: false)
            let writes = database.writeCount
            for _ in 0..<(13 * 15) {
                clock.advance(by: 4 * 60)
                #expect(try await browser.get("/profile").status == .ok)
            }
            #expect(database.writeCount - writes < 13 * 15, "not every request wrote last seen")
            // Profile's list of browsers leaves it out once it went idle
            let viewer = Browser(client: browser.client)
            try await viewer.logIn(email: "alex@example.com", keep: true)
            #expect(SignedInBrowsersTests.rows(try await viewer.get("/profile")).count == 2)
            clock.advance(by: 12 * 3600 + 1)
            let rows = SignedInBrowsersTests.rows(try await viewer.get("/profile"))
            #expect(rows.count == 1)
            #expect(rows.first?.contains("This browser") == true)
        }
    }

    @Test("ticked: a thirty-day cookie, and the session outlasts any idle time until its thirty days are up")
    func keptLasts() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            let login = try await browser.logIn(email: "alex@example.com", keep: true)
            #expect(login.setCookie(Self.session)?.contains("Expires=") == true)
            #expect(try await Self.kept(database) == [true])
            clock.advance(by: 20 * 86_400)
            #expect(try await browser.get("/profile").status == .ok)
            clock.advance(by: 10 * 86_400 + 1)
            #expect(try await browser.get("/profile").status == .seeOther)
        }
    }

    @Test("two-factor sign-in carries the choice to the session made after the code")
    func twoFactor() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { laptop, database in
            let (totp, _) = try await TwoFactorTests.turnOn(laptop, clock: clock)
            for keep in [false, true] {
                let phone = Browser(client: laptop.client)
                #expect(try await phone.logIn(email: "alex@example.com", keep: keep).location == "/login/code")
                try await phone.get("/login/code")
                clock.advance(by: 30)
                let signedIn = try await phone.post(
                    "/login/code",
                    [("code", totp.code(step: totp.step(at: clock.now)))]
                )
                #expect(signedIn.status == .seeOther)
                let cookie = try #require(signedIn.setCookie(Self.session))
                #expect(cookie.contains("Expires=") == keep)
                let key = try #require(await phone.cookies[Self.session])
                let stored = try database.read { db in
                    try Bool.fetchOne(
                        db,
                        sql: "SELECT keepSignedIn FROM session WHERE id = ?",
                        arguments: [SessionRecord.id(forKey: key)]
                    )
                }
                #expect(stored == keep)
            }
        }
    }

    @Test("the idle limit is a setting: a period of an hour or more")
    func setting() throws {
        func config(_ idle: String?, _ lifetime: String? = nil) throws -> AppConfig {
            try TestApp.config {
                $0.sessionLifetime = lifetime
                $0.sessionIdle = idle
            }
        }
        #expect(try config(nil).sessionIdleLimit == .seconds(12 * 3600))
        #expect(try config(nil).sessionLifetime == .seconds(30 * 86_400))
        #expect(try config("2h").sessionIdleLimit == .seconds(2 * 3600))
        #expect(try config(nil, "7d").sessionLifetime == .seconds(7 * 86_400))
        #expect(throws: StartupError.self) { try config("10m") }
        #expect(throws: StartupError.self) { try config("soon") }
        #expect(throws: StartupError.self) { try config(nil, "30m") }
        let env = try TestApp.config(environment: ["STASHIFY_SESSION_IDLE": "3h"])
        #expect(env.sessionIdleLimit == .seconds(3 * 3600))
    }
}

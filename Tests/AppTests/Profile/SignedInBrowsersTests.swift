import Foundation
import GRDB
import Testing

@testable import App

@Suite("Signed-in browsers")
struct SignedInBrowsersTests {
    static let firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
    static let safariOnIPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let chromeOnAndroid =
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
    static let edgeOnWindows =
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0"
    static let session = "stashify_session"

    @Test("Profile lists each browser with its device, address and times: this one first and marked")
    func listsBrowsers() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T08:30:00Z"))
        try await TestApp.run(clock: clock) { laptop, database in
            // Given: a laptop that signed up two days ago in Berlin, a phone that logged in last night
            await laptop.setHeader("User-Agent", Self.firefoxOnWindows)
            await laptop.setHeader("X-Forwarded-For", "198.51.100.7")
            try await laptop.signUp(email: "alex@example.com")
            try await laptop.get("/signup/details")
            try await laptop.post("/signup/details", [("currency", "EUR"), ("timeZone", "Europe/Berlin")])
            clock.advance(by: 35 * 3600 + 45 * 60)  // 2026-11-21 21:15 in Berlin
            let phone = Browser(client: laptop.client)
            await phone.setHeader("User-Agent", Self.safariOnIPhone)
            await phone.setHeader("X-Forwarded-For", "203.0.113.9")
            try await phone.logIn(email: "alex@example.com")
            clock.advance(by: 13 * 3600 + 45 * 60)  // 2026-11-22 11:00 in Berlin

            // When
            let page = try await laptop.get("/profile")
            let onPhone = try await phone.get("/profile")

            // Then
            #expect(page.status == .ok)
            let rows = Self.rows(page)
            #expect(rows.count == 2)
            #expect(rows[0].contains("Firefox on Windows"))
            #expect(rows[0].contains("This browser"))
            #expect(rows[0].contains("IP address 198.51.100.7"))
            #expect(rows[0].contains("Signed in Nov 20, 2026<"))
            #expect(rows[0].contains("Active now"))
            #expect(!rows[0].contains("<form"), "this browser logs out with the page's own button")
            #expect(rows[1].contains("Safari on iPhone"))
            #expect(!rows[1].contains("This browser"))
            #expect(rows[1].contains("IP address 203.0.113.9"))
            #expect(rows[1].contains("Signed in Yesterday at 21:15<"))
            #expect(rows[1].contains("Last seen Yesterday at 21:15<"))
            #expect(rows[1].contains("Log out<span class=\"visually-hidden\"> Safari on iPhone</span>"))
            #expect(page.html.contains("Log out all other browsers"))

            let phoneRows = Self.rows(onPhone)
            #expect(phoneRows.count == 2)
            #expect(phoneRows[0].contains("Safari on iPhone") && phoneRows[0].contains("This browser"))
            #expect(
                phoneRows[1].contains("Firefox on Windows") && phoneRows[1].contains("Last seen Today at 11:00"),
                "the laptop's visit a moment ago counts as seen"
            )

            // No page carries a session's id: a form names a session by its handle.
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session") }
            #expect(ids.count == 2)
            for id in ids {
                #expect(!page.html.contains(id) && !onPhone.html.contains(id))
            }
            let phoneId = try #require(await phone.cookies[Self.session])
            #expect(rows[1].contains("href=\"/profile/sessions/\(Self.handle(ofCookie: phoneId))/delete\""))
            // The browser and address have columns of their own; the session's JSON stays as small as it was.
            let data = try database.read { db in try Data.fetchAll(db, sql: "SELECT data FROM session") }
            #expect(data.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("Mozilla") })
        }
    }

    @Test("after this browser, the others are listed most recently seen first")
    func orderedByLastSeen() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { laptop, _ in
            // Given: a phone, a tablet and a desktop log in in that order; the desktop and then the phone are used since
            try await laptop.signUp(email: "alex@example.com")
            try await laptop.get("/signup/details")
            try await laptop.post("/signup/details", [("currency", "USD"), ("timeZone", "UTC")])
            var others: [Browser] = []
            for userAgent in [Self.safariOnIPhone, Self.chromeOnAndroid, Self.edgeOnWindows] {
                let other = Browser(client: laptop.client)
                await other.setHeader("User-Agent", userAgent)
                clock.advance(by: 60)
                try await other.logIn(email: "alex@example.com")
                others.append(other)
            }
            clock.advance(by: 11 * 60)
            try await others[2].get("/")
            clock.advance(by: 6 * 60)
            try await others[0].get("/")

            // When
            let rows = Self.rows(try await laptop.get("/profile"))

            // Then
            #expect(rows.count == 4)
            #expect(rows[0].contains("This browser"))
            #expect(rows[1].contains("Safari on iPhone") && rows[1].contains("Last seen Today at 10:20"))
            #expect(rows[2].contains("Edge on Windows") && rows[2].contains("Last seen Today at 10:14"))
            #expect(rows[3].contains("Chrome on Android") && rows[3].contains("Last seen Today at 10:02"))
        }
    }

    @Test("logging out another browser ends its session at once and removes its row")
    func endOneSession() async throws {
        try await TestApp.run { laptop, database in
            // Given: the phone's session was just read, so the session store keeps it
            await laptop.setHeader("User-Agent", Self.firefoxOnWindows)
            try await laptop.signUp(email: "alex@example.com")
            let phone = Browser(client: laptop.client)
            await phone.setHeader("User-Agent", Self.safariOnIPhone)
            try await phone.logIn(email: "alex@example.com")
            let phoneId = try #require(await phone.cookies[Self.session])
            let laptopId = try #require(await laptop.cookies[Self.session])
            try await laptop.get("/profile")
            #expect(try await phone.get("/profile").status == .ok)

            // When
            let ended = try await laptop.post(
                "/profile/sessions/\(Self.handle(ofCookie: phoneId))/delete",
                [("password", "correct horse battery")]
            )

            // Then
            #expect(ended.status == .seeOther)
            #expect(ended.location == "/profile")
            let next = try await phone.get("/profile")
            #expect(next.status == .seeOther)
            #expect(next.location?.hasPrefix("/login") == true)
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session") }
            #expect(ids == [SessionRecord.id(forKey: laptopId)])
            let page = try await laptop.get("/profile")
            #expect(page.html.contains("Logged out Safari on iPhone."))
            #expect(Self.rows(page).count == 1)
            #expect(!page.html.contains("Log out all other browsers"))
        }
    }

    @Test("another user's session, or this one, can't be ended by handle: 404 and the session lives on")
    func endOnlyOwnOtherSessions() async throws {
        try await TestApp.run { alex, database in
            // Given
            try await alex.signUp(email: "alex@example.com")
            let sam = Browser(client: alex.client)
            try await sam.signUp(email: "sam@example.com")
            let samId = try #require(await sam.cookies[Self.session])
            let alexId = try #require(await alex.cookies[Self.session])
            try await alex.get("/profile")

            // When
            let password = [("password", "correct horse battery")]
            let other = try await alex.post("/profile/sessions/\(Self.handle(ofCookie: samId))/delete", password)
            let own = try await alex.post("/profile/sessions/\(Self.handle(ofCookie: alexId))/delete", password)
            let madeUp = try await alex.post("/profile/sessions/0123456789abcdef/delete", password)

            // Then
            #expect(other.status == .notFound)
            #expect(own.status == .notFound)
            #expect(madeUp.status == .notFound)
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session ORDER BY id")
            }
            #expect(ids == [alexId, samId].map(SessionRecord.id(forKey:)).sorted())
            #expect(try await sam.get("/profile").status == .ok)
            #expect(try await alex.get("/profile").status == .ok)
        }
    }

    @Test("last seen is written at most every five minutes: requests in between write nothing")
    func lastSeenThrottled() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let id = try #require(await browser.cookies[Self.session])
            let signedUp = clock.now
            try await browser.get("/")
            clock.advance(by: 60)
            try await browser.get("/")
            let writes = database.writeCount

            // When: two more requests within five minutes of signing up
            clock.advance(by: 2 * 60)
            try await browser.get("/")
            try await browser.get("/profile")

            // Then
            #expect(database.writeCount == writes)
            #expect(try await Self.lastSeen(id, in: database) == signedUp)

            // When: six minutes after signing up
            clock.advance(by: 3 * 60)
            #expect(try await browser.get("/").status == .ok)

            // Then
            #expect(database.writeCount == writes + 1)
            #expect(try await Self.lastSeen(id, in: database) == clock.now)
        }
    }

    @Test("without TLS the address is the proxy's last X-Forwarded-For entry, the one log-in throttling counts")
    func addressBehindProxy() async throws {
        try await TestApp.run { browser, database in
            // Given: a failed try from the browser, counted against its address
            await browser.setHeader("X-Forwarded-For", "10.0.0.1, 198.51.100.7")
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            #expect(
                try await browser.logIn(email: "alex@example.com", password: "wrong password").status
                    == .unprocessableContent
            )
            let counted = try database.read { db in
                try String.fetchOne(db, sql: "SELECT address FROM loginAttempt")
            }

            // When
            try await browser.logIn(email: "alex@example.com")
            let page = try await browser.get("/profile")

            // Then
            #expect(counted == "198.51.100.7")
            #expect(Self.rows(page).first?.contains("IP address 198.51.100.7") == true)
            #expect(!page.html.contains("10.0.0.1"))
        }
    }

    @Test("a sign-in finished with a one-time code records the browser that finished it")
    func twoFactorSignIn() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { laptop, _ in
            // Given
            let (totp, _) = try await TwoFactorTests.turnOn(laptop, clock: clock)
            let phone = Browser(client: laptop.client)
            await phone.setHeader("User-Agent", Self.safariOnIPhone)
            await phone.setHeader("X-Forwarded-For", "203.0.113.9")

            // When
            try await phone.logIn(email: "alex@example.com")
            try await phone.get("/login/code")
            clock.advance(by: 30)
            #expect(
                try await phone.post("/login/code", [("code", totp.code(step: totp.step(at: clock.now)))]).status
                    == .seeOther
            )

            // Then
            let rows = Self.rows(try await phone.get("/profile"))
            #expect(rows.first?.contains("Safari on iPhone") == true)
            #expect(rows.first?.contains("This browser") == true)
            #expect(rows.first?.contains("IP address 203.0.113.9") == true)
        }
    }

    @Test("over TLS X-Forwarded-For is not believed: no address is recorded from it")
    func addressOverTLS() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await TestApp.run(tls: .generated, dataDirectory: folder) { browser, database in
            await browser.setHeader("X-Forwarded-For", "198.51.100.7")
            try await browser.signUp(email: "alex@example.com")
            let page = try await browser.get("/profile")
            #expect(Self.rows(page).first?.contains("IP address —") == true)
            #expect(!page.html.contains("198.51.100.7"))
            let addresses = try database.read { db in try String?.fetchAll(db, sql: "SELECT address FROM session")
            }
            #expect(addresses == [nil])
        }
    }

    @Test("sessions from before the list show as unknown, and expired ones aren't listed")
    func olderAndExpiredSessions() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let user = try #require(try database.user(email: "alex@example.com"))
            try await database.write { db in
                try SessionRecord(
                    id: "older",
                    userId: user.id,
                    data: Data("{}".utf8),
                    expiresAt: clock.now.addingTimeInterval(3600),
                    createdAt: TestClock.date("2026-10-02T09:00:00Z")
                ).insert(db)
                try SessionRecord(
                    id: "expired",
                    userId: user.id,
                    data: Data("{}".utf8),
                    expiresAt: clock.now.addingTimeInterval(-1),
                    createdAt: clock.now.addingTimeInterval(-3600),
                    userAgent: Self.safariOnIPhone,
                    address: "203.0.113.9",
                    lastSeenAt: clock.now.addingTimeInterval(-60)
                ).insert(db)
            }

            // When
            let page = try await browser.get("/profile")

            // Then
            let rows = Self.rows(page)
            #expect(rows.count == 2)
            #expect(rows[0].contains("This browser"))
            #expect(rows[1].contains("Unknown browser"))
            #expect(rows[1].contains("IP address —"))
            #expect(rows[1].contains("Signed in Oct 2, 2026<"))
            #expect(rows[1].contains("Last seen —<"))
            #expect(!page.html.contains("Safari on iPhone"), "an expired session is not listed")
        }
    }

    @Test("dates read as today, yesterday or the day, on the member's clock")
    func momentText() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let now = TestClock.date("2026-11-22T10:00:00Z")
        func text(_ iso: String) -> String {
            ProfilePages.Browser.momentText(TestClock.date(iso), in: berlin, now: now, t: TestApp.words(.en))
        }
        #expect(text("2026-11-22T08:14:00Z") == "Today at 09:14")
        #expect(text("2026-11-21T23:30:00Z") == "Today at 00:30", "already the 22nd in Berlin")
        #expect(text("2026-11-21T22:59:00Z") == "Yesterday at 23:59")
        #expect(text("2026-11-20T22:59:00Z") == "Nov 20, 2026")
        #expect(text("2025-12-31T23:00:00Z") == "Jan 1, 2026")
        let justAfterMidnight = TestClock.date("2026-11-21T23:30:00Z")  // 00:30 on the 22nd in Berlin
        #expect(
            ProfilePages.Browser.momentText(
                TestClock.date("2026-11-21T22:00:00Z"),
                in: berlin,
                now: justAfterMidnight,
                t: TestApp.words(.en)
            )
                == "Yesterday at 23:00"
        )
    }

    // MARK: - Helpers

    /// The rows of the Browsers list, in order.
    static func rows(_ page: Page) -> [String] {
        page.html.components(separatedBy: "<li class=\"session").dropFirst().map { row in
            row.components(separatedBy: "</li>")[0]
        }
    }

    static func lastSeen(_ id: String, in database: AppDatabase) async throws -> Date? {
        try database.read { db in try SessionRecord.fetchOne(db, key: SessionRecord.id(forKey: id))?.lastSeenAt }
    }

    /// The handle pages give the session whose cookie holds `key`.
    static func handle(ofCookie key: String) -> String {
        SessionRecord(id: SessionRecord.id(forKey: key), userId: nil, data: Data(), expiresAt: nil, createdAt: Date())
            .handle
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// What a copy of the database gives away: session ids and calendar feed links are kept as digests, so the copy
/// signs no one in and reads no calendar.
@Suite("Secrets at rest")
struct SecretsAtRestTests {
    @Test("a session is stored under its cookie's digest: the stored id, used as a cookie, signs no one in")
    func sessionDigest() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let cookie = try #require(await browser.cookies["stashify_session"])

            // When: someone with a copy of the database tries the stored id as a cookie
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session") }
            let thief = Browser(client: browser.client)
            await thief.setCookie("stashify_session", try #require(ids.first))
            let page = try await thief.get("/profile")

            // Then
            #expect(ids == [Secrets.digest(cookie)])
            #expect(ids.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
            #expect(page.status == .seeOther)
            #expect(page.location?.hasPrefix("/login") == true)
            #expect(try await browser.get("/profile").status == .ok, "the cookie itself still works")
        }
    }

    @Test(
        "a calendar feed's secret is stored as its digest, and its link is shown only for ten minutes after it is made"
    )
    func calendarDigest() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/profile/notifications")
            try await browser.post("/profile/notifications/calendar")
            let settings = try await browser.get("/profile/notifications").html
            let token = try #require(CalendarFeedTests.feedToken(in: settings))

            // When: someone with a copy of the database tries the stored value
            let stored = try database.read { db in try String.fetchAll(db, sql: "SELECT token FROM calendarFeed")
            }
            let calendarApp = Browser(client: browser.client)

            // Then
            #expect(stored == [Secrets.digest(token)])
            #expect(try await calendarApp.get("/calendar/\(stored[0])").status == .notFound)
            #expect(try await calendarApp.get("/calendar/\(token)").status == .ok)
            #expect(settings.contains("Copy it now"))

            // Another member handed Ann's link in a cookie sees nothing of it
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            await sam.setCookie("stashify_calendar", token)
            let samsPage = try await sam.get("/profile/notifications").html
            #expect(CalendarFeedTests.feedToken(in: samsPage) == nil)
            #expect(samsPage.contains("Make a calendar link"))

            // Ten minutes on, the page can't show it any more, and says so
            clock.advance(by: 9 * 60)
            #expect(CalendarFeedTests.feedToken(in: try await browser.get("/profile/notifications").html) == token)
            clock.advance(by: 60 + 1)
            let later = try await browser.get("/profile/notifications").html
            #expect(CalendarFeedTests.feedToken(in: later) == nil)
            #expect(later.contains("keeps only a fingerprint of the link"))
            #expect(later.contains(">Make a new link</button>"))
            #expect(try await calendarApp.get("/calendar/\(token)").status == .ok, "the link itself still works")
        }
    }

    @Test("an upgrade hashes the sessions, push devices and calendar feeds made before: nobody is logged out")
    func upgrade() async throws {
        // Given: a database from before, with a signed-in session, a push device turned on in it, and a calendar feed
        let queue = try UpgradeFixture.database(upTo: "v30: the first run is shown once")
        let sessionKey = CSRFMiddleware.makeToken()
        let feedToken = CSRFMiddleware.makeToken()
        let now = TestClock().now
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO session (id, userId, data, expiresAt, createdAt, lastSeenAt) VALUES (?, 1, ?, ?, ?, ?);
                    INSERT INTO pushDevice (userId, endpoint, p256dh, auth, name, createdAt, sessionId)
                        VALUES (1, 'https://push.example.net/a', 'key', 'auth', 'Firefox on Windows', ?, ?);
                    INSERT INTO calendarFeed (userId, token, createdAt) VALUES (1, ?, ?);
                    """,
                arguments: [
                    sessionKey, Data(#"{"userId":1,"csrfToken":"\#(CSRFMiddleware.makeToken())"}"#.utf8),
                    now.addingTimeInterval(86_400), now, now, now, sessionKey, feedToken, now,
                ]
            )
        }

        // When
        let database = try AppDatabase(queue)

        // Then: only digests are left
        let (ids, devices, feeds) = try database.read { db in
            (
                try String.fetchAll(db, sql: "SELECT id FROM session"),
                try String.fetchAll(db, sql: "SELECT sessionId FROM pushDevice"),
                try String.fetchAll(db, sql: "SELECT token FROM calendarFeed")
            )
        }
        #expect(ids == [Secrets.digest(sessionKey)])
        #expect(devices == [Secrets.digest(sessionKey)])
        #expect(feeds == [Secrets.digest(feedToken)])

        // and the browser's cookie and the calendar app's link work as they did
        try await TestApp.run(database: database) { browser, _ in
            await browser.setCookie("stashify_session", sessionKey)
            let profile = try await browser.get("/profile")
            #expect(profile.status == .ok)
            #expect(SignedInBrowsersTests.rows(profile).first?.contains("This browser") == true)
            #expect(try await Browser(client: browser.client).get("/calendar/\(feedToken)").status == .ok)
            // Logging out forgets the push device turned on in that session
            try await browser.logOut()
            let left = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pushDevice") }
            #expect(left == 0)
        }
    }
}

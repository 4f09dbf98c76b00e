import Foundation
import GRDB
import Logging
import Testing

@testable import App

@Suite("Log in and out")
struct LoginTests {
    @Test("the session brings its user in the same read, and never stores it")
    func sessionCarriesUser() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(name: "Alex Doe", email: "alex@example.com")
            let stored = try #require(
                try database.read { db in
                    try Data.fetchOne(db, sql: "SELECT data FROM session WHERE userId IS NOT NULL")
                }
            )
            let json = try #require(try JSONSerialization.jsonObject(with: stored) as? [String: Any])
            #expect(Set(json.keys) == ["userId", "csrfToken"])

            let driver = SQLitePersistDriver(database: database, now: { Date() })
            let key = try #require(await browser.cookies["stashify_session"])
            let payload = try #require(try await driver.get(key: key, as: SessionPayload.self))
            #expect(payload.user?.name == "Alex Doe")
            #expect(payload.user?.id == payload.userId)
            var other = payload
            other.user = nil
            #expect(other == payload)

            // Sessions read between writes are kept in memory; any write makes the next request read afresh, so a
            // rename shows on the next page and a session ended in the database ends at once.
            #expect(try await browser.get("/profile").html.contains("Alex Doe"))
            #expect(try await browser.get("/profile").html.contains("Alex Doe"))
            try await database.write { db in try db.execute(sql: "UPDATE user SET name = 'Alex Roe'") }
            #expect(try await browser.get("/profile").html.contains("Alex Roe"))
            #expect(try await browser.get("/profile").status == .ok)
            try await database.write { db in try db.execute(sql: "DELETE FROM session") }
            #expect(try await browser.get("/profile").status == .seeOther, "a session deleted by any write is over")
        }
    }

    @Test("logging in gives a new session id and ends the session the browser had")
    func logInRotatesSession() async throws {
        try await TestApp.run { browser, database in
            // Given: a browser that already holds a session (a stale log-in tab posts with its token)
            try await browser.signUp(email: "alex@example.com")
            let firstSession = try #require(await browser.cookies["stashify_session"])
            try await browser.get("/profile")

            // When
            let page = try await browser.post(
                "/login",
                [("email", "ALEX@example.com"), ("password", "correct horse battery")]
            )

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/welcome")
            let secondSession = try #require(await browser.cookies["stashify_session"])
            #expect(secondSession != firstSession)
            let ids = try database.read { db in try String.fetchAll(db, sql: "SELECT id FROM session") }
            #expect(ids == [SessionRecord.id(forKey: secondSession)], "the old session is gone from the server")
            await browser.setCookie("stashify_session", firstSession)
            #expect(try await browser.get("/profile").status == .seeOther, "the old cookie no longer works")
        }
    }

    @Test("parallel guesses can't slip past the throttle")
    func throttleUnderParallelTries() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            try await browser.get("/login")
            let token = try #require(await browser.csrfToken)
            let cookies = await browser.cookies
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 0..<12 {
                    group.addTask {
                        let guesser = Browser(client: browser.client)
                        for (name, value) in cookies { await guesser.setCookie(name, value) }
                        return try await guesser.post(
                            "/login",
                            [("email", "alex@example.com"), ("password", "guess \(attempt)")],
                            csrf: .value(token)
                        ).status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 422 }.count == 5, "exactly five guesses were checked")
            #expect(statuses.filter { $0 == 429 }.count == 7)
        }
    }

    @Test("a wrong password or unknown email gets one generic message")
    func wrongCredentials() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()

            // When
            let wrongPassword = try await browser.logIn(email: "alex@example.com", password: "not my password")
            let unknownEmail = try await browser.logIn(email: "nobody@example.com", password: "not my password")

            // Then
            for page in [wrongPassword, unknownEmail] {
                #expect(page.status == .unprocessableContent)
                #expect(
                    page.html.contains("That email and password don&#39;t match an account.")
                        || page.html.contains("That email and password don't match an account.")
                )
                #expect(page.setCookie("stashify_session") == nil)
            }
            #expect(wrongPassword.fieldValue("email") == "alex@example.com", "the email stays typed")
        }
    }

    @Test("after 5 failures in 15 minutes further tries get 429 until the window passes")
    func throttling() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, _ in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            for attempt in 1...5 {
                let page = try await browser.logIn(email: "alex@example.com", password: "wrong guess \(attempt)")
                #expect(page.status == .unprocessableContent)
                clock.advance(by: 60)
            }

            // When: the right password, but too soon
            let throttled = try await browser.logIn(email: "Alex@example.com")

            // Then
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.html.contains("Too many failed attempts. Try again in 10 minutes."))
            #expect(throttled.headers[.retryAfter] == "600")
            #expect(throttled.setCookie("stashify_session") == nil)

            // When: the first failure leaves the 15-minute window
            clock.advance(by: 11 * 60)
            let allowed = try await browser.logIn(email: "alex@example.com")

            // Then
            #expect(allowed.status == .seeOther)
            #expect(allowed.location == "/welcome")
        }
    }

    @Test("throttling one email leaves other accounts alone")
    func throttlingIsPerEmail() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "sam@example.com")
            try await browser.logOut()
            for _ in 1...6 {
                try await browser.logIn(email: "alex@example.com", password: "guessing")
            }
            let page = try await browser.logIn(email: "sam@example.com")
            #expect(page.status == .seeOther)
        }
    }

    @Test("a stranger guessing the owner's password is slowed down, and the owner still gets in from their address")
    func strangerCantLockOutTheOwner() async throws {
        try await TestApp.run { owner, database in
            // Given: Alex's account, and a stranger behind the same reverse proxy at another address
            try await owner.signUp(email: "alex@example.com")
            try await owner.logOut()
            await owner.setHeader("X-Forwarded-For", "198.51.100.7")
            let stranger = Browser(client: owner.client)
            await stranger.setHeader("X-Forwarded-For", "10.0.0.1, 203.0.113.9")

            // When: the stranger guesses six times
            var statuses: [Int] = []
            for guess in 1...6 {
                statuses.append(
                    try await stranger.logIn(email: "alex@example.com", password: "guess \(guess)").status.code
                )
            }

            // Then: five are checked, the sixth is refused with when to come back
            #expect(statuses == [422, 422, 422, 422, 422, 429])
            let refused = try await stranger.logIn(email: "alex@example.com", password: "correct horse battery")
            #expect(refused.status == .tooManyRequests, "not even the right password gets through from there")
            #expect(refused.html.contains("Too many failed attempts. Try again in 15 minutes."))
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 800)
            #expect(
                try database.read { db in
                    try String.fetchAll(db, sql: "SELECT DISTINCT address FROM loginAttempt WHERE email != ''")
                } == ["203.0.113.9"],
                "the address the proxy saw last"
            )

            // And: Alex, from their own address, gets in at once
            let page = try await owner.logIn(email: "alex@example.com")
            #expect(page.status == .seeOther)
            #expect(page.location == "/welcome")
        }
    }

    @Test("one address trying many emails, implausible ones too, is slowed down after twenty tries")
    func oneAddressManyEmails() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { owner, _ in
            try await owner.signUp(email: "alex@example.com")
            try await owner.logOut()
            await owner.setHeader("X-Forwarded-For", "198.51.100.7")
            let sprayer = Browser(client: owner.client)
            await sprayer.setHeader("X-Forwarded-For", "203.0.113.50")

            // When: twenty tries, each a different email, every fourth one no account could have
            for index in 0..<20 {
                let email = index % 4 == 0 ? "not an email \(index)" : "user\(index)@example.com"
                #expect(try await sprayer.logIn(email: email, password: "password1").status == .unprocessableContent)
            }

            // Then: the twenty-first is refused whatever it names
            let refused = try await sprayer.logIn(email: "someone.new@example.com", password: "password1")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] != nil)
            #expect(try await sprayer.logIn(email: "nope", password: "password1").status == .tooManyRequests)

            // Others are not: Alex gets in from their address
            #expect(try await owner.logIn(email: "alex@example.com").status == .seeOther)

            // After the window, the address may try again
            clock.advance(by: 15 * 60 + 1)
            #expect(try await sprayer.logIn(email: "alex@example.com").status == .seeOther)
        }
    }

    @Test("expired sessions and old log-in tries are removed on a schedule while the server runs")
    func housekeepingOnASchedule() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        let database = try AppDatabase.inMemory()
        let now: @Sendable () -> Date = { clock.now }
        let sessions = SQLitePersistDriver(database: database, now: now)
        let throttle = LoginThrottle(database: database, now: now)
        // Given: a live and an expired session, a recent and an old log-in try
        try await database.write { db in
            for (id, expires) in [
                ("live", clock.now.addingTimeInterval(3_600)), ("gone", clock.now.addingTimeInterval(-1)),
            ] {
                try SessionRecord(id: id, userId: nil, data: Data("{}".utf8), expiresAt: expires, createdAt: clock.now)
                    .insert(db)
            }
            try db.execute(
                sql:
                    "INSERT INTO loginAttempt (email, address, attemptedAt) VALUES ('a@example.com', '1.2.3.4', ?), ('b@example.com', '1.2.3.4', ?)",
                arguments: [clock.now.addingTimeInterval(-60), clock.now.addingTimeInterval(-16 * 60)]
            )
        }

        // When: the housekeeping service runs (every 50 ms here) for a moment
        let service = Housekeeping(
            sessions: sessions,
            throttle: throttle,
            logger: Logger(label: "test"),
            interval: .milliseconds(50)
        )
        let running = Task { try await service.run() }
        defer { running.cancel() }
        /// What the tables hold once the service has had its chance (waiting up to 10 s on a busy machine).
        func settled(sessions: [String], attempts: [String]) async throws -> Bool {
            for _ in 0..<200 {
                let held = try database.read { db in
                    (
                        try String.fetchAll(db, sql: "SELECT id FROM session ORDER BY id"),
                        try String.fetchAll(db, sql: "SELECT email FROM loginAttempt ORDER BY email")
                    )
                }
                if held.0 == sessions && held.1 == attempts { return true }
                try await Task.sleep(for: .milliseconds(50))
            }
            return false
        }
        #expect(try await settled(sessions: ["live"], attempts: ["a@example.com"]))

        // Then: what runs out later goes at a later sweep, without a restart or a log-in
        clock.advance(by: 2 * 3_600)
        #expect(try await settled(sessions: [], attempts: []))
    }

    @Test("a password is the same however its accents were typed (Unicode NFC); one hashed as typed still works")
    func passwordsAreNormalised() async throws {
        try await TestApp.run { browser, database in
            // Given: a password typed with "é" as e + combining accent
            let decomposed = "cafe\u{301} au lait 2026"
            let composed = "caf\u{E9} au lait 2026"
            #expect(Array(decomposed.utf8) != Array(composed.utf8))
            try await browser.signUp(email: "alex@example.com", password: decomposed)
            try await browser.logOut()

            // Then: typed with the one-character "é", it signs in
            #expect(try await browser.logIn(email: "alex@example.com", password: composed).status == .seeOther)
            try await browser.logOut()
            #expect(try await browser.logIn(email: "alex@example.com", password: decomposed).status == .seeOther)
            try await browser.logOut()
            #expect(
                try await browser.logIn(email: "alex@example.com", password: "cafe au lait 2026").status
                    == .unprocessableContent,
                "without the accent it is another password"
            )

            // And: a hash made from the password as typed (before normalising) still matches it
            let legacy = try await PasswordHasher(cost: 4).hashAsTyped(decomposed)
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET passwordHash = ?", arguments: [legacy])
            }
            #expect(try await browser.logIn(email: "alex@example.com", password: decomposed).status == .seeOther)
        }
    }

    /// Waits, without blocking a thread, until `condition` holds: on a loaded machine a task may take seconds to start.
    static func until(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<12_000 where !condition() {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(condition(), "still not so after a minute", sourceLocation: sourceLocation)
    }

    @Test("password hashing has a bounded queue: past its limit a hash is refused at once, not queued")
    func hashingPoolRefusesPastItsLimit() async throws {
        let pool = HashingPool(threads: 1, limit: 2)
        let release = DispatchSemaphore(value: 0)
        // Should a hash be queued instead of refused, this lets the blocked one go, so the test fails, not hangs.
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) { release.signal() }
        // The first hash runs and holds the pool's one thread; the second waits behind it.
        async let first: Int = pool.run {
            release.wait()
            return 1
        }
        try await Self.until { pool.taken == 1 }
        async let second: Int = pool.run { 2 }
        try await Self.until { pool.taken == 2 }
        await #expect(throws: HashingPool.Busy.self) { try await pool.run { 3 } }
        release.signal()
        #expect(try await first + second == 3)
        #expect(try await pool.run { 4 } == 4, "free again once the queue drains")
    }

    @Test("while hashing is saturated, log-in answers 503 and keeps the email, and pages and files don't wait")
    func logInWhileHashingIsBusy() async throws {
        let pool = HashingPool(threads: 1, limit: 1)
        let configure: (inout AppConfig) -> Void = { $0.passwordHashing = pool }
        try await TestApp.run(configure: configure) { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            try await browser.get("/login")
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            async let blocker: Void = pool.run {
                started.signal()
                release.wait()
            }
            started.wait()
            // Only a safety net, so a hung request can't hold the pool forever: the test releases it itself below.
            // Long enough for a loaded machine to answer the refused log-in first.
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) { release.signal() }

            let refused = try await browser.post(
                "/login",
                [
                    ("email", "alex@example.com"),
                    ("password", "correct horse battery"),
                ]
            )
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "5")
            #expect(refused.html.contains("Stashify is busy right now. Try again in a few seconds."))
            #expect(refused.fieldValue("email") == "alex@example.com")
            #expect(try await browser.get("/css/app.css").status == .ok)
            #expect(try await browser.get("/healthz").status == .ok)

            release.signal()
            try await blocker
            let page = try await browser.logIn(email: "alex@example.com")
            #expect(page.status == .seeOther)
            #expect(page.location == "/welcome")
        }
    }

    @Test("log out deletes the session on the server; the old cookie no longer works")
    func logOut() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/")
            let session = try #require(await browser.cookies["stashify_session"])

            // When
            let page = try await browser.logOut()

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/login")
            #expect(page.setCookie("stashify_session")?.contains("Expires=") == true, "the browser is told to drop it")
            #expect(try database.read { db in try SessionRecord.fetchCount(db) } == 0)
            let login = try await browser.get("/login")
            #expect(login.html.contains("You&#39;re logged out") || login.html.contains("You're logged out"))

            // When: someone replays the old cookie
            await browser.setCookie("stashify_session", session)
            let replay = try await browser.get("/profile")

            // Then
            #expect(replay.status == .seeOther)
            #expect(replay.location == "/login?next=/profile")
        }
    }

    @Test("log out is a POST: a GET does not end the session")
    func logOutNeedsPost() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let page = try await browser.get("/logout")
            #expect(page.status == .notFound || page.status == .methodNotAllowed)
            #expect(try await browser.get("/").status == .ok)
        }
    }

    @Test("pages need a session and come back to where the visitor was going")
    func sessionRequired() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()

            // When / Then
            for path in ["/", "/profile", "/statistics", "/badges", "/wallet", "/budget", "/signup/details"] {
                let page = try await browser.get(path)
                #expect(page.status == .seeOther, "\(path)")
                let expected = path == "/" ? "/login" : "/login?next=" + path
                #expect(page.location == expected, "\(path)")
            }
            let page = try await browser.logIn(email: "alex@example.com", next: "/statistics")
            #expect(page.location == "/statistics")
        }
    }

    @Test("next never leads off the site")
    func nextStaysLocal() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            try await browser.logOut()
            for next in [
                "//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)",
                "/\t/evil.example",
                "/\n/evil.example",
            ] {
                let page = try await browser.logIn(email: "alex@example.com", next: next)
                #expect(page.location == "/welcome", "\(next)")
                try await browser.logOut()
            }
        }
    }

    @Test("a signed-in visitor opening log-in or sign-up goes Home")
    func signedInSkipsForms() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            #expect(try await browser.get("/login").location == "/")
            #expect(try await browser.get("/login?next=/%09/evil.example").location == "/")
            #expect(try await browser.get("/login?next=/badges").location == "/badges")
            #expect(try await browser.get("/signup").location == "/")
        }
    }

    @Test("a session survives rebuilding the app on the same database file")
    func sessionSurvivesRestart() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/stashify.sqlite"

        // Given: a first run signs up
        let cookies = try await TestApp.run(database: try AppDatabase.open(path: path)) { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            return await browser.cookies
        }

        // When: a second app opens the same file
        try await TestApp.run(database: try AppDatabase.open(path: path)) { browser, _ in
            for (name, value) in cookies { await browser.setCookie(name, value) }
            let page = try await browser.get("/profile")

            // Then
            #expect(page.status == .ok)
            #expect(page.html.contains("alex@example.com"))
        }
    }
}

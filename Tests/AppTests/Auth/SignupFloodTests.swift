import Foundation
import GRDB
import Testing

@testable import App

@Suite("Sign-up floods")
struct SignupFloodTests {
    /// Fills `pool` with a hash that runs until `release` is signalled (or 30 s pass), once it has started. It waits
    /// without blocking a thread of Swift's own pool, which on a small machine other tests need meanwhile.
    static func hold(_ pool: HashingPool) async -> (release: DispatchSemaphore, blocker: Task<Void, any Error>) {
        let release = DispatchSemaphore(value: 0)
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let blocker = Task {
            try await pool.run {
                signal.yield()
                release.wait()
            }
        }
        for await _ in started { break }
        // Only a safety net, should a test fail before it releases the pool itself: long enough that a loaded
        // machine (the whole suite at once on two cores) never ends the hold while the test still needs it.
        DispatchQueue.global().asyncAfter(deadline: .now() + 300) { release.signal() }
        return (release, blocker)
    }

    static func attempts(_ database: AppDatabase) async throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loginAttempt") ?? 0 }
    }

    @Test("sign-ups count toward the address's limit: the twenty-first from one address within 15 minutes is refused")
    func signupsCountPerAddress() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { owner, database in
            // Given
            try await owner.signUp(email: "owner@example.com")

            // When: twenty sign-ups from one address, then one more
            func signUp(_ index: Int) async throws -> Page {
                let flooder = Browser(client: owner.client)
                await flooder.setHeader("X-Forwarded-For", "203.0.113.7")
                return try await flooder.signUp(email: "flood\(index)@example.com")
            }
            for index in 1...20 {
                #expect(try await signUp(index).status == .seeOther)
            }
            let refused = try await signUp(21)

            // Then
            #expect(refused.status == .tooManyRequests)
            #expect(refused.html.contains("Too many tries from your address. Try again in 15 minutes."))
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 800)
            #expect(refused.fieldValue("email") == "flood21@example.com")
            #expect(try database.read { db in try User.fetchCount(db) } == 21)

            // And: the owner logs in from another address, and the flooded one may sign up again after the window
            let ownerElsewhere = Browser(client: owner.client)
            await ownerElsewhere.setHeader("X-Forwarded-For", "198.51.100.7")
            #expect(try await ownerElsewhere.logIn(email: "owner@example.com").status == .seeOther)
            clock.advance(by: 15 * 60 + 1)
            #expect(try await signUp(22).status == .seeOther)
        }
    }

    @Test(
        "a flood that fills the hashing queue gets busy answers, which never count as failed tries: the owner isn't locked out"
    )
    func busyIsNeverAFailure() async throws {
        let pool = HashingPool(threads: 1, limit: 1)
        let configure: (inout AppConfig) -> Void = { $0.passwordHashing = pool }
        try await TestApp.run(configure: configure) { owner, database in
            // Given: the owner's account, and a full hashing queue
            await owner.setHeader("X-Forwarded-For", "198.51.100.7")
            try await owner.signUp(email: "owner@example.com")
            try await owner.logOut()
            let flooder = Browser(client: owner.client)
            await flooder.setHeader("X-Forwarded-For", "203.0.113.7")
            let before = try await Self.attempts(database)
            let (release, blocker) = await Self.hold(pool)

            // When: the flooder signs up and logs in with the owner's email, many times, from one address
            var statuses: Set<Int> = []
            for index in 1...15 {
                statuses.insert(try await flooder.signUp(email: "flood\(index)@example.com").status.code)
                statuses.insert(
                    try await flooder.logIn(email: "owner@example.com", password: "guess \(index)").status.code
                )
            }
            let busy = try await flooder.logIn(email: "owner@example.com")

            // Then: every answer was "busy", and none was counted
            #expect(statuses == [503])
            #expect(busy.status == .serviceUnavailable)
            #expect(busy.headers[.retryAfter] == "5")
            #expect(try await Self.attempts(database) == before)
            #expect(try database.read { db in try User.fetchCount(db) } == 1)

            // And: once the queue drains, the owner gets in, from their own address and from the flooded one
            release.signal()
            try await blocker.value
            #expect(try await owner.logIn(email: "owner@example.com").status == .seeOther)
            let ownerThere = Browser(client: owner.client)
            await ownerThere.setHeader("X-Forwarded-For", "203.0.113.7")
            #expect(try await ownerThere.logIn(email: "owner@example.com").status == .seeOther)
        }
    }

    @Test("a busy answer to the current password on Profile takes its try back")
    func busyProfilePassword() async throws {
        let pool = HashingPool(threads: 1, limit: 1)
        let configure: (inout AppConfig) -> Void = { $0.passwordHashing = pool }
        try await TestApp.run(configure: configure) { browser, database in
            try await browser.signUp(email: "owner@example.com")
            try await browser.get("/profile")
            let before = try await Self.attempts(database)
            let (release, blocker) = await Self.hold(pool)
            for _ in 1...6 {
                let page = try await browser.post(
                    "/profile/password",
                    [
                        ("currentPassword", "correct horse battery"), ("newPassword", "a new long passphrase"),
                        ("confirmPassword", "a new long passphrase"),
                    ]
                )
                #expect(page.status == .serviceUnavailable)
            }
            #expect(try await Self.attempts(database) == before)
            release.signal()
            try await blocker.value
        }
    }
}

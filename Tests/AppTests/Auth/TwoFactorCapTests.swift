import Foundation
import GRDB
import Hummingbird
import Testing

@testable import App

@Suite("Two-factor codes per account")
struct TwoFactorCapTests {
    @Test(
        "ten wrong codes within 15 minutes, from ten addresses, lock two-factor sign-in for the account for 15 minutes"
    )
    func rotatingAddressesAreCapped() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { owner, database in
            // Given: an account with two-factor sign-in, its password known to a guesser with many addresses
            let (totp, _) = try await TwoFactorTests.turnOn(owner, clock: clock)
            try await owner.logOut()
            let wrong = totp.code(step: totp.step(at: clock.now) + 1_000)
            func codeFrom(_ address: String, _ code: String) async throws -> Page {
                let guesser = Browser(client: owner.client)
                await guesser.setHeader("X-Forwarded-For", address)
                #expect(try await guesser.logIn(email: "alex@example.com").location == "/login/code")
                try await guesser.get("/login/code")
                return try await guesser.post("/login/code", [("code", code)])
            }

            // When: one wrong code from each of ten addresses
            for index in 1...10 {
                #expect(try await codeFrom("203.0.113.\(index)", wrong).status == .unprocessableContent)
                clock.advance(by: 30)
            }

            // Then: from an eleventh address, even the right code is refused, with when to come back
            let locked = try await codeFrom("198.51.100.1", totp.code(step: totp.step(at: clock.now)))
            #expect(locked.status == .tooManyRequests)
            #expect(
                locked.html.contains(
                    "Too many wrong codes for this account: two-factor sign-in is locked for it. Try again in 15 minutes."
                )
            )
            #expect(Int(locked.headers[.retryAfter] ?? "") ?? 0 > 800)
            #expect(locked.setCookie("stashify_session") == nil)
            #expect(
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactorTry") } == 10
            )

            // And: 15 minutes after the last wrong code, the right one signs in and the count starts again
            clock.advance(by: 15 * 60)
            let signedIn = try await codeFrom("198.51.100.1", totp.code(step: totp.step(at: clock.now)))
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.setCookie("stashify_session") != nil)
            #expect(
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactorTry") } == 0
            )
        }
    }

    @Test("the lock is one account's: another account's codes still work")
    func otherAccountsUnaffected() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { first, database in
            let (alex, _) = try await TwoFactorTests.turnOn(first, clock: clock)
            try await first.logOut()
            let second = Browser(client: first.client)
            let (sam, _) = try await TwoFactorTests.turnOn(second, clock: clock, email: "sam@example.com")
            try await second.logOut()
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            try await database.write { db in
                for _ in 1...10 {
                    try db.execute(
                        sql: "INSERT INTO twoFactorTry (userId, triedAt) VALUES (?, ?)",
                        arguments: [userId, clock.now]
                    )
                }
            }
            clock.advance(by: 30)

            try await first.logIn(email: "alex@example.com")
            try await first.get("/login/code")
            #expect(
                try await first.post("/login/code", [("code", alex.code(step: alex.step(at: clock.now)))]).status
                    == .tooManyRequests
            )
            try await second.logIn(email: "sam@example.com")
            try await second.get("/login/code")
            #expect(
                try await second.post("/login/code", [("code", sam.code(step: sam.step(at: clock.now)))]).status
                    == .seeOther
            )
        }
    }
}

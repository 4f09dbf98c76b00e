import Foundation
import GRDB
import Testing
@testable import App

@Suite("Signed-in browsers")
struct SignedInBrowsersTests {
    static let session = "stashify_session"

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

    // MARK: - Helpers

    static func lastSeen(_ id: String, in database: AppDatabase) async throws -> Date? {
        try await database.read { db in try SessionRecord.fetchOne(db, key: id)?.lastSeenAt }
    }
}

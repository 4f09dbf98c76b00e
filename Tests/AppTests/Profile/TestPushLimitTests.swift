import Foundation
import Testing

@testable import App

/// The test button sends at most three tests a minute per member; more gets a sentence and 429, and nothing goes.
@Suite("Test notification limit")
struct TestPushLimitTests {
    @Test(
        "a fourth test within a minute is refused with 429 and sends nothing; a minute on, or another member, may send"
    )
    func limited() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                // Given Ann's webhook
                try await browser.signUp(email: "ann@example.com")
                let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
                try await database.for(userId: ann).setPushChannel(
                    .webhook,
                    to: PushChannel(userId: ann, kind: .webhook, url: "http://127.0.0.1:\(port)/ann")
                )

                // Three tests within the minute go
                for _ in 0..<3 {
                    try await browser.get("/profile/notifications")
                    #expect(try await browser.post("/profile/notifications/push/test").status == .seeOther)
                    clock.advance(by: 10)
                }
                #expect(inbox.received.count == 3)

                // The fourth is refused, saying why, and sends nothing
                try await browser.get("/profile/notifications")
                let refused = try await browser.post("/profile/notifications/push/test")
                #expect(refused.status == .tooManyRequests)
                #expect(
                    refused.html.contains("You can send 3 test notifications a minute. Wait a minute, then try again.")
                )
                #expect(inbox.received.count == 3)

                // Bob is not held back by Ann's tests
                let bob = Browser(client: browser.client)
                try await bob.signUp(email: "bob@example.com")
                let bobId = try await LedgerFixture.userId(database, email: "bob@example.com")
                try await database.for(userId: bobId).setPushChannel(
                    .webhook,
                    to: PushChannel(userId: bobId, kind: .webhook, url: "http://127.0.0.1:\(port)/bob")
                )
                try await bob.get("/profile/notifications")
                #expect(try await bob.post("/profile/notifications/push/test").status == .seeOther)
                #expect(inbox.received.map(\.path).filter { $0 == "/bob" }.count == 1)

                // A minute after her first, Ann may send again
                clock.advance(by: 31)
                try await browser.get("/profile/notifications")
                #expect(try await browser.post("/profile/notifications/push/test").status == .seeOther)
                #expect(inbox.received.map(\.path).filter { $0 == "/ann" }.count == 4)
            }
        }
    }

    @Test("--test-pushes-per-minute sets the limit, from 1 to 60")
    func setting() throws {
        func config(_ flag: String?, env: [String: String] = [:]) throws -> AppConfig {
            try TestApp.config(environment: env) { $0.testPushesPerMinute = flag }
        }
        #expect(try config(nil).testPushesPerMinute == 3)
        #expect(try config("10").testPushesPerMinute == 10)
        #expect(try config(nil, env: ["STASHIFY_TEST_PUSHES_PER_MINUTE": "5"]).testPushesPerMinute == 5)
        #expect(throws: StartupError.self) { try config("0") }
    }
}

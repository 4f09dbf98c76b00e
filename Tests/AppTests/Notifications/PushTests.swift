import AsyncHTTPClient
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
import WebPush

@testable import App

/// Pushes go to a real local HTTP server: ntfy's headers and body, the webhook's JSON, retries after a failure,
/// a timeout, and quiet hours holding a push back. The same server plays a browser's push service in
/// `WebPushDeliveryTests`.
@Suite("Push delivery")
struct PushTests {
    /// What the local server received, and the statuses it answers with (then 200).
    final class Inbox: Sendable {
        struct Received: Sendable {
            let path: String
            let headers: [String: String]
            let bytes: [UInt8]

            var body: String { String(decoding: bytes, as: UTF8.self) }
        }

        private let state = NIOLockedValueBox<(received: [Received], statuses: [Int])>(([], []))

        var received: [Received] { state.withLockedValue { $0.received } }

        func answer(with statuses: [Int]) { state.withLockedValue { $0.statuses = statuses } }

        func take(_ received: Received) -> Int {
            state.withLockedValue { state in
                state.received.append(received)
                return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
            }
        }
    }

    /// Runs `test` with a live local server that records what it is sent; `/slow` answers after two seconds,
    /// `/status/N/…` with N, and `/redirect?to=URL` with a redirect to URL.
    static func withServer(_ test: @Sendable (Int, Inbox) async throws -> Void) async throws {
        let inbox = Inbox()
        let router = Router()
        router.post("/slow") { _, _ -> HTTPResponse.Status in
            try await Task.sleep(for: .seconds(2))
            return .ok
        }
        router.post("/redirect") { request, _ -> Response in
            _ = inbox.take(.init(path: request.uri.path, headers: [:], bytes: []))
            return Response(
                status: .temporaryRedirect,
                headers: [.location: request.uri.queryParameters.get("to") ?? "/"]
            )
        }
        router.post("**") { request, context -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 16)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            headers["host"] = request.head.authority
            let status = inbox.take(.init(path: request.uri.path, headers: headers, bytes: Array(buffer: body)))
            let parts = request.uri.path.split(separator: "/")
            if parts.count >= 2, parts[0] == "status", let code = Int(parts[1]) {
                return HTTPResponse.Status(code: code)
            }
            return HTTPResponse.Status(code: status)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await test(try #require(client.port), inbox)
        }
    }

    /// Ann (UTC) with a coupon expiring in 2 days and both channels pointed at the local server.
    static func ann(_ browser: Browser, _ database: AppDatabase, port: Int) async throws -> Int64 {
        try await browser.signUp(email: "ann@example.com")
        let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
        let store = database.for(userId: ann)
        _ = try await store.addCoupon(
            Coupon(
                id: nil,
                userId: ann,
                name: "Pizza",
                details: "",
                expiresOn: "2026-11-24",
                category: "Food",
                valueCents: 500,
                code: "",
                usedOn: nil,
                createdAt: Date()
            )
        )
        try await store.setPushChannel(
            .ntfy,
            to: PushChannel(
                userId: ann,
                kind: .ntfy,
                url: "http://127.0.0.1:\(port)/ntfy",
                topic: "ann-reminders",
                token: "tk_secret"
            )
        )
        try await store.setPushChannel(
            .webhook,
            to: PushChannel(
                userId: ann,
                kind: .webhook,
                url: "http://127.0.0.1:\(port)/hook"
            )
        )
        return ann
    }

    /// The server's Web Push key in these tests (the app under test is given it too).
    static let vapid = VAPIDKey()

    static func pusher(_ database: AppDatabase, _ clock: TestClock) -> PushDeliverer {
        var pusher = PushDeliverer(
            database: database,
            now: { clock.now },
            webPush: .init(key: vapid, contact: "mailto:ops@example.org")
        )
        pusher.outbound = TestApp.outbound
        pusher.catalogue = TestApp.catalogue
        return pusher
    }

    static func deliveries(_ database: AppDatabase) async throws -> [PushDelivery] {
        try database.read { db in try PushDelivery.order(Column("channel")).fetchAll(db) }
    }

    @Test("a reminder goes to ntfy with its title, priority, tags and token, and to the webhook as JSON, once")
    func delivered() async throws {
        try await Self.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                _ = try await Self.ann(browser, database, port: port)
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 1
                )
                let pusher = Self.pusher(database, clock)
                #expect(try await pusher.deliverDue() == 2)

                let ntfy = try #require(inbox.received.first { $0.path == "/ntfy/ann-reminders" })
                #expect(ntfy.headers["title"] == "Coupon expiring: Pizza")
                #expect(ntfy.headers["priority"] == "default")
                #expect(ntfy.headers["tags"] == "ticket")
                #expect(ntfy.headers["authorization"] == "Bearer tk_secret")
                #expect(ntfy.body == "$5.00 · expires in 2 days")
                let hook = try #require(inbox.received.first { $0.path == "/hook" })
                let json = try #require(
                    try JSONSerialization.jsonObject(with: Data(hook.body.utf8)) as? [String: String]
                )
                #expect(json["kind"] == "coupon")
                #expect(json["title"] == "Coupon expiring: Pizza")
                #expect(json["dueOn"] == "2026-11-24")
                #expect(try await Self.deliveries(database).allSatisfy { $0.deliveredAt != nil && $0.attempts == 1 })

                // Nothing goes twice
                #expect(try await pusher.deliverDue() == 0)
                #expect(inbox.received.count == 2)
            }
        }
    }

    @Test("a failed push is tried again after a wait, and its error shows in Settings")
    func retried() async throws {
        try await Self.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                let ann = try await Self.ann(browser, database, port: port)
                try await database.for(userId: ann).setPushChannel(.webhook, to: nil)
                inbox.answer(with: [500])
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                let pusher = Self.pusher(database, clock)

                #expect(try await pusher.deliverDue() == 0)
                let failed = try #require(try await Self.deliveries(database).first)
                #expect(failed.lastError == "HTTP 500")
                #expect(failed.attempts == 1)
                #expect(failed.nextAttemptAt == clock.now.addingTimeInterval(60))
                let settings = try await browser.get("/profile/notifications").html
                #expect(settings.contains("Latest failed attempts"))
                #expect(settings.contains("ntfy, ") && settings.contains("10:00: HTTP 500"))

                // Not before its wait; then it goes
                #expect(try await pusher.deliverDue() == 0)
                clock.advance(by: 61)
                #expect(try await pusher.deliverDue() == 1)
                #expect(try await Self.deliveries(database).first?.deliveredAt != nil)
                #expect(inbox.received.count == 2)
            }
        }
    }

    @Test("a server that doesn't answer in time counts as a failure")
    func timeout() async throws {
        try await Self.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                let ann = try await Self.ann(browser, database, port: port)
                try await database.for(userId: ann).setPushChannel(.ntfy, to: nil)
                try await database.for(userId: ann).setPushChannel(
                    .webhook,
                    to: PushChannel(userId: ann, kind: .webhook, url: "http://127.0.0.1:\(port)/slow")
                )
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                var pusher = Self.pusher(database, clock)
                pusher.timeout = .milliseconds(300)
                #expect(try await pusher.deliverDue() == 0)
                #expect(try await Self.deliveries(database).first?.lastError == "no answer in time")
            }
        }
    }

    @Test("inside quiet hours the list records the reminder at once and the push waits for their end")
    func quietHours() async throws {
        try await Self.withServer { port, inbox in
            // 23:00 in UTC, quiet from 22:00 to 07:00, reminders at 22:30
            let clock = TestClock(TestClock.date("2026-11-22T23:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                let ann = try await Self.ann(browser, database, port: port)
                let store = database.for(userId: ann)
                var settings = try store.walletSettings()
                settings.reminderTime = "22:30"
                settings.quietEnabled = true
                settings.quietFrom = "22:00"
                settings.quietTo = "07:00"
                try await store.saveWalletSettings(settings)
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 1
                )
                #expect(try await browser.get("/notifications").html.contains("Coupon expiring: Pizza"))

                let pusher = Self.pusher(database, clock)
                #expect(try await pusher.deliverDue() == 0)
                #expect(
                    try await Self.deliveries(database).first?.nextAttemptAt == TestClock.date("2026-11-23T07:00:00Z")
                )
                clock.advance(by: 7 * 3_600 + 59 * 60)
                #expect(try await pusher.deliverDue() == 0, "06:59 is still quiet")
                clock.advance(by: 60)
                #expect(try await pusher.deliverDue() == 2)
                #expect(inbox.received.count == 2)
            }
        }
    }

    @Test("quiet hours are checked again when a push goes out, and turned-off reminders stop waiting pushes")
    func quietAtSendTime() async throws {
        try await Self.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T21:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                let ann = try await Self.ann(browser, database, port: port)
                let store = database.for(userId: ann)
                var settings = try store.walletSettings()
                settings.reminderTime = "20:00"
                try await store.saveWalletSettings(settings)
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 1
                )

                // Quiet hours turned on after the reminder was recorded; the server was down until 23:00
                settings.quietEnabled = true
                settings.quietFrom = "22:00"
                settings.quietTo = "07:00"
                try await store.saveWalletSettings(settings)
                clock.advance(by: 2 * 3_600)
                let pusher = Self.pusher(database, clock)
                #expect(try await pusher.deliverDue() == 0)
                #expect(
                    try await Self.deliveries(database).allSatisfy {
                        $0.nextAttemptAt == TestClock.date("2026-11-23T07:00:00Z") && $0.attempts == 0
                    }
                )

                // Reminders turned off: nothing goes at 07:00 either
                settings.notificationsEnabled = false
                try await store.saveWalletSettings(settings)
                clock.advance(by: 8 * 3_600)
                #expect(try await pusher.deliverDue() == 0)
                #expect(inbox.received.isEmpty)
            }
        }
    }

    @Test("a channel switched off gets no reminders and no test until Turn on; then it gets the next ones")
    func switchedOff() async throws {
        try await Self.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                // Given Ann's channels, switched off (as an import brings them)
                let ann = try await Self.ann(browser, database, port: port)
                try await database.write { db in try db.execute(sql: "UPDATE pushChannel SET enabled = 0") }
                let page = try await browser.get("/profile/notifications")
                #expect(page.html.contains("ntfy is off") && page.html.contains("Webhook is off"))
                #expect(page.html.contains("action=\"/profile/notifications/push/on\""))

                // A reminder comes due: it is in the list, and on its way to nothing
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 1
                )
                #expect(try await Self.deliveries(database).isEmpty)
                try await browser.get("/profile/notifications")
                #expect(try await browser.post("/profile/notifications/push/test").status == .seeOther)
                #expect(
                    try await browser.get("/profile/notifications").html
                        .contains("Your push channels are off. Turn them on first.")
                )
                #expect(inbox.received.isEmpty)

                // Turned on, the next reminder goes to both
                try await browser.get("/profile/notifications")
                let on = try await browser.post("/profile/notifications/push/on")
                #expect(on.status == .seeOther)
                #expect(on.location == "/profile/notifications#push-title")
                let after = try await browser.get("/profile/notifications").html
                #expect(after.contains("Push channels turned on."))
                #expect(!after.contains("ntfy is off"))
                #expect(try database.for(userId: ann).pushChannels().allSatisfy(\.enabled))
                _ = try await database.for(userId: ann).addCoupon(
                    Coupon(
                        id: nil,
                        userId: ann,
                        name: "Cinema",
                        details: "",
                        expiresOn: "2026-11-25",
                        category: "Fun",
                        valueCents: nil,
                        code: "",
                        usedOn: nil,
                        createdAt: clock.now
                    )
                )
                clock.advance(by: 86_400)
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() >= 1
                )
                #expect(try await Self.pusher(database, clock).deliverDue() >= 2)
                #expect(Set(inbox.received.map(\.path)) == ["/ntfy/ann-reminders", "/hook"])
            }
        }
    }

    @Test("the push settings check their fields, and the test button says how each channel went")
    func settings() async throws {
        try await Self.withServer { port, inbox in
            try await TestApp.run { browser, database in
                try await browser.signUp(email: "ann@example.com")
                try await browser.get("/profile/notifications")
                let bad = try await browser.post(
                    "/profile/notifications/push",
                    [
                        ("ntfyServer", "ftp://nowhere"), ("ntfyTopic", "no spaces"), ("ntfyToken", ""),
                        ("webhookURL", "hook"),
                    ]
                )
                #expect(bad.status == .unprocessableContent)
                #expect(
                    bad.fieldError("ntfyServer") == "Enter the server&#39;s address, like https://ntfy.example.com."
                )
                #expect(bad.fieldError("ntfyTopic") == "Enter a topic of letters, digits, - and _.")
                #expect(bad.fieldError("webhookURL") == "Enter a web address starting with https:// or http://.")
                #expect(bad.fieldValue("ntfyTopic") == "no spaces")

                let saved = try await browser.post(
                    "/profile/notifications/push",
                    [
                        ("ntfyServer", "http://127.0.0.1:\(port)/ntfy/"), ("ntfyTopic", "ann"), ("ntfyToken", ""),
                        ("webhookURL", "http://127.0.0.1:\(port)/status/503/hook"),
                    ]
                )
                #expect(saved.status == .seeOther)
                try await browser.get("/profile/notifications")
                let tested = try await browser.post("/profile/notifications/push/test")
                #expect(tested.location == "/profile/notifications#push-title")
                let page = try await browser.get("/profile/notifications")
                #expect(page.html.contains("ntfy: sent · Webhook: failed."))
                #expect(Set(inbox.received.map(\.path)) == ["/ntfy/ann", "/status/503/hook"], "both at once")
            }
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// Reminders due at once go as one digest or one push each, as the member chose, and each is delivered once per
/// channel either way; ntfy's Click and the webhook's url are absolute links.
@Suite("Push digests")
struct DigestTests {
    /// Ann (see `PushTests.ann`) with four more coupons: five reminders due at once.
    static func annWithFive(_ browser: Browser, _ database: AppDatabase, port: Int) async throws -> Int64 {
        let ann = try await PushTests.ann(browser, database, port: port)
        for (name, day) in [
            ("Cinema", "2026-11-23"), ("Books", "2026-11-25"), ("Dinner", "2026-11-26"), ("Eggs", "2026-11-27"),
        ] {
            _ = try await database.for(userId: ann).addCoupon(
                Coupon(
                    id: nil,
                    userId: ann,
                    name: name,
                    details: "",
                    expiresOn: day,
                    category: "Food",
                    valueCents: nil,
                    code: "",
                    usedOn: nil,
                    createdAt: Date()
                )
            )
        }
        return ann
    }

    static func pusher(_ database: AppDatabase, _ clock: TestClock) -> PushDeliverer {
        var pusher = PushTests.pusher(database, clock)
        pusher.publicBase = "https://stashify.example"
        return pusher
    }

    @Test(
        "more than three due at once go as one digest to each channel, linking to Expiring soon, each recorded delivered"
    )
    func digest() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                _ = try await Self.annWithFive(browser, database, port: port)
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 5
                )
                let pusher = Self.pusher(database, clock)

                #expect(try await pusher.deliverDue() == 10, "five reminders, each delivered to both channels")
                let ntfy = inbox.received.filter { $0.path == "/ntfy/ann-reminders" }
                #expect(ntfy.count == 1)
                #expect(ntfy.first?.headers["title"] == "5 reminders")
                #expect(ntfy.first?.body == "5 things expire this week: Cinema, Pizza, Books, Dinner, Eggs")
                #expect(ntfy.first?.headers["click"] == "https://stashify.example/wallet/expiring")
                let hooks = inbox.received.filter { $0.path == "/hook" }
                #expect(hooks.count == 1)
                let hook = try #require(hooks.first)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(hook.bytes)) as? [String: String])
                #expect(json["url"] == "https://stashify.example/wallet/expiring")
                let deliveries = try await PushTests.deliveries(database)
                #expect(deliveries.count == 10)
                #expect(deliveries.allSatisfy { $0.deliveredAt == clock.now && $0.attempts == 1 })

                // Nothing goes again, on its own or in another digest
                clock.advance(by: 3_600)
                #expect(try await pusher.deliverDue() == 0)
                #expect(inbox.received.count == 2)
            }
        }
    }

    @Test("one notification per reminder, when chosen (or three or fewer due), each with a Click link to the reminder")
    func each() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                let ann = try await Self.annWithFive(browser, database, port: port)
                try await database.for(userId: ann).setPushChannel(.webhook, to: nil)

                // Ann chooses one per reminder in Settings
                let page = try await browser.get("/profile/notifications")
                #expect(page.html.contains("One notification per reminder"))
                #expect(page.html.contains("value=\"auto\" checked"))
                let bad = try await browser.post(
                    "/profile/notifications",
                    [
                        ("notifications", "on"), ("frequency", "weekly"), ("weekday", "1"), ("reminderTime", "09:00"),
                        ("leadDays", "7"), ("quietHours", "off"), ("quietFrom", "22:00"), ("quietTo", "07:00"),
                        ("pushDigest", "hourly"),
                    ]
                )
                #expect(bad.status == .unprocessableContent)
                #expect(bad.fieldError("pushDigest") == "Choose one notification per reminder or a digest.")
                let saved = try await browser.post(
                    "/profile/notifications",
                    [
                        ("notifications", "on"), ("frequency", "weekly"), ("weekday", "1"), ("reminderTime", "09:00"),
                        ("leadDays", "7"), ("quietHours", "off"), ("quietFrom", "22:00"), ("quietTo", "07:00"),
                        ("pushDigest", "each"),
                    ]
                )
                #expect(saved.status == .seeOther)
                #expect(try database.for(userId: ann).walletSettings().pushDigest == "each")

                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 5
                )
                #expect(try await Self.pusher(database, clock).deliverDue() == 5)
                #expect(inbox.received.count == 5)
                let ids = try database.read { db in
                    try Int64.fetchAll(db, sql: "SELECT id FROM notification WHERE userId = ?", arguments: [ann])
                }
                #expect(
                    Set(inbox.received.compactMap { $0.headers["click"] })
                        == Set(ids.map { "https://stashify.example/notifications/\($0)/open" })
                )
                #expect(inbox.received.contains { $0.headers["title"] == "Coupon expiring: Eggs" })
            }
        }
    }

    @Test("three due at once go one by one by default")
    func threeGoOneByOne() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                let ann = try await PushTests.ann(browser, database, port: port)
                try await database.for(userId: ann).setPushChannel(.webhook, to: nil)
                for (name, day) in [("Cinema", "2026-11-23"), ("Books", "2026-11-25")] {
                    _ = try await database.for(userId: ann).addCoupon(
                        Coupon(
                            id: nil,
                            userId: ann,
                            name: name,
                            details: "",
                            expiresOn: day,
                            category: "Food",
                            valueCents: nil,
                            code: "",
                            usedOn: nil,
                            createdAt: Date()
                        )
                    )
                }
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 3
                )
                #expect(try await Self.pusher(database, clock).deliverDue() == 3)
                #expect(
                    inbox.received.map { $0.headers["title"] ?? "" }.sorted()
                        == ["Coupon expiring: Books", "Coupon expiring: Cinema", "Coupon expiring: Pizza"]
                )
            }
        }
    }
}

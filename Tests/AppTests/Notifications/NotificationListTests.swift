import Foundation
import GRDB
import Testing

@testable import App

/// The notification list: opening a notification marks it read and leads to where its subject can be acted on,
/// and notifications recorded at the same time come most urgent first.
@Suite("Notification list")
struct NotificationListTests {
    @Test("opening a notification marks it read and leads to the tracker or the coupons; another's is a 404")
    func opening() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given a coupon and a subscription renewing soon, reminded of
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Cinema", expiresOn: "2026-11-22")
            try await database.write { db in
                var gym = Subscription(
                    id: nil,
                    userId: ann,
                    name: "Gym",
                    amountCents: 3_000,
                    frequency: .monthly,
                    renewsOn: "2026-11-23",
                    cardId: nil,
                    category: "Health",
                    icon: "",
                    createdAt: clock.now,
                    updatedAt: clock.now
                )
                try gym.insert(db)
            }
            #expect(
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                    == 2
            )
            let recorded = try await ReminderFixtures.notifications(database, userId: ann)
            let coupon = try #require(recorded.first { $0.kind == .coupon }?.id)
            let renewal = try #require(recorded.first { $0.kind == .renewal }?.id)

            // The list links each through its opening, no script needed
            let list = try await browser.get("/notifications").html
            #expect(list.contains("href=\"/notifications/\(renewal)/open\""))
            #expect(list.contains("href=\"/notifications/\(coupon)/open\""))
            #expect(!list.contains("/edit\""))

            // Another member can't open (or mark) Ann's
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            #expect(try await sam.get("/notifications/\(renewal)/open").status == .notFound)
            #expect(try await sam.get("/notifications/999999/open").status == .notFound)
            #expect(try await ReminderFixtures.notifications(database, userId: ann).allSatisfy { $0.readAt == nil })

            // When Ann opens the renewal: it is read, and she is on the tracker, not the edit form
            let opened = try await browser.get("/notifications/\(renewal)/open")
            #expect(opened.status == .seeOther)
            #expect(opened.location == "/wallet/tracker")
            #expect(try await browser.get(try #require(opened.location)).status == .ok)
            let afterRenewal = try await ReminderFixtures.notifications(database, userId: ann)
            #expect(afterRenewal.first { $0.id == renewal }?.readAt == clock.now)
            #expect(afterRenewal.first { $0.id == coupon }?.readAt == nil)
            #expect(try await browser.get("/").html.contains("aria-label=\"Notifications, 1 unread\""))

            // The coupon leads to the coupons list
            clock.advance(by: 60)
            let couponOpened = try await browser.get("/notifications/\(coupon)/open")
            #expect(couponOpened.location == "/wallet/tracker?tab=coupons")
            #expect(try await ReminderFixtures.notifications(database, userId: ann).allSatisfy { $0.readAt != nil })

            // A renewal recorded when its link was the edit form opens the tracker too
            try await database.write { db in
                try db.execute(
                    sql: "UPDATE notification SET path = '/wallet/subscriptions/1/edit' WHERE id = ?",
                    arguments: [renewal]
                )
            }
            #expect(try await browser.get("/notifications/\(renewal)/open").location == "/wallet/tracker")

            // Opening one again keeps when it was first read
            _ = try await browser.get("/notifications/\(renewal)/open")
            #expect(
                try await ReminderFixtures.notifications(database, userId: ann).first { $0.id == renewal }?.readAt
                    == TestClock.date("2026-11-20T10:00:00Z")
            )
        }
    }

    @Test("notifications recorded at the same time list the most urgent first")
    func urgentFirst() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given three coupons recorded in one look: 5, 1 and 3 days left
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Books", expiresOn: "2026-11-25")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Cinema", expiresOn: "2026-11-21")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Dinner", expiresOn: "2026-11-23")
            #expect(
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                    == 3
            )

            // Then the list reads Cinema (tomorrow), Dinner, Books
            let html = try await browser.get("/notifications").html
            let positions = try ["Coupon expiring: Cinema", "Coupon expiring: Dinner", "Coupon expiring: Books"].map {
                try #require(html.range(of: $0)).lowerBound
            }
            #expect(positions == positions.sorted())
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// The reminder engine: each user's reminders once a day at their reminder time in their time zone, recorded
/// exactly once, and the notification list that shows them.
@Suite("Reminders")
struct RemindersTests {
    /// A user signed up through the app, moved to `timeZone`.
    private static func user(
        _ browser: Browser,
        _ database: AppDatabase,
        email: String,
        timeZone: String
    ) async throws
        -> Int64
    {
        try await browser.signUp(email: email)
        let id = try await LedgerFixture.userId(database, email: email)
        try await database.write { db in
            try db.execute(sql: "UPDATE user SET timeZone = ? WHERE id = ?", arguments: [timeZone, id])
        }
        return id
    }

    @Test("a reminder comes at the user's reminder time in their own zone, east and west of UTC, once")
    func reminderTimeInTheUsersZone() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T16:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: Lee in Los Angeles (UTC−8) and Kai in Tokyo (UTC+9), each with a coupon expiring in 3 days
            let lee = try await Self.user(browser, database, email: "lee@example.com", timeZone: "America/Los_Angeles")
            let kai = try await Self.user(
                Browser(client: browser.client),
                database,
                email: "kai@example.com",
                timeZone: "Asia/Tokyo"
            )
            try await ReminderFixtures.coupon(database, userId: lee, name: "Pizza", expiresOn: "2026-11-23")
            try await ReminderFixtures.coupon(database, userId: kai, name: "Sushi", expiresOn: "2026-11-24")
            let engine = ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)

            // 16:00 UTC is 08:00 in Los Angeles (before 09:00) and 01:00 the next day in Tokyo (before 09:00)
            #expect(try await engine.tick() == 0)

            // 17:30 UTC is 09:30 in Los Angeles: Lee's coupon; Kai still asleep
            clock.advance(by: 90 * 60)
            #expect(try await engine.tick() == 1)
            let lees = try await ReminderFixtures.notifications(database, userId: lee)
            #expect(lees.map(\.kind) == [.coupon])
            #expect(lees.first?.title == "Coupon expiring: Pizza")
            #expect(lees.first?.body == "$5.00 · expires in 3 days")
            #expect(lees.first?.dueOn == "2026-11-23")
            #expect(try await ReminderFixtures.notifications(database, userId: kai).isEmpty)

            // 00:05 UTC on the 21st is 09:05 in Tokyo
            clock.advance(by: 6 * 3_600 + 35 * 60)
            #expect(try await engine.tick() == 1)
            #expect(try await ReminderFixtures.notifications(database, userId: kai).map(\.subject).count == 1)

            // The next morning in Los Angeles the same coupon (now 2 days out) is not told again
            clock.advance(by: 24 * 3_600)
            _ = try await engine.tick()
            #expect(try await ReminderFixtures.notifications(database, userId: lee).count == 1)
        }
    }

    @Test("one account that can't be worked out holds back no other, and is tried again at the next look")
    func oneAccountsTroubleHoldsBackNoOther() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: Ann, Bob and Cy each with a coupon expiring in 2 days, and a row of Bob's that can't be read
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            let bob = try await Self.user(
                Browser(client: browser.client),
                database,
                email: "bob@example.com",
                timeZone: "UTC"
            )
            let cy = try await Self.user(
                Browser(client: browser.client),
                database,
                email: "cy@example.com",
                timeZone: "UTC"
            )
            for id in [ann, bob, cy] {
                try await ReminderFixtures.coupon(database, userId: id, name: "Cinema", expiresOn: "2026-11-22")
            }
            let now = Date()
            _ = try await database.for(userId: bob).addCards([
                (
                    card: WalletCard(
                        id: nil,
                        userId: bob,
                        catalogueId: nil,
                        name: "Gold",
                        issuer: "Bank",
                        nickname: "",
                        gradientStart: "#000000",
                        gradientEnd: "#333333",
                        annualFeeCents: 0,
                        feeDueOn: nil,
                        createdAt: now,
                        updatedAt: now
                    ),
                    benefits: [
                        CardBenefit(
                            id: nil,
                            cardId: 0,
                            userId: bob,
                            name: "Dining credit",
                            details: "",
                            valueCents: 1_000,
                            period: .monthly,
                            sortOrder: 0,
                            snoozedUntil: nil,
                            createdAt: now
                        )
                    ]
                )
            ])
            try await database.write { db in
                try db.execute(sql: "UPDATE cardBenefit SET period = 'fortnightly' WHERE userId = ?", arguments: [bob])
            }
            let engine = ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)

            // When: the engine looks
            await #expect {
                try await engine.tick()
            } throws: { error in
                // Then: Bob's account is named as failed; Ann's and Cy's reminders are recorded
                guard let failure = error as? ReminderEngine.TickFailure else { return false }
                return failure.failed == 1 && failure.recorded == 2
            }
            #expect(try await ReminderFixtures.notifications(database, userId: ann).map(\.kind) == [.coupon])
            #expect(try await ReminderFixtures.notifications(database, userId: cy).map(\.kind) == [.coupon])
            #expect(try await ReminderFixtures.notifications(database, userId: bob).isEmpty)
            #expect(
                try database.read { db in
                    try String.fetchOne(db, sql: "SELECT day FROM reminderDay WHERE userId = ?", arguments: [bob])
                } == nil
            )

            // Once Bob's row reads again, the next look records his (and nothing twice for the others)
            try await database.write { db in
                try db.execute(sql: "UPDATE cardBenefit SET period = 'monthly' WHERE userId = ?", arguments: [bob])
            }
            clock.advance(by: 60)
            #expect(try await engine.tick() == 1)
            #expect(try await ReminderFixtures.notifications(database, userId: bob).map(\.kind) == [.coupon])
            #expect(try await ReminderFixtures.notifications(database, userId: ann).count == 1)
        }
    }

    @Test("two looks at once and a restart record each reminder once")
    func exactlyOnce() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Cinema", expiresOn: "2026-11-21")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Books", expiresOn: "2026-11-25")

            // When: eight engines (as after restarts) look at the same moment
            let recorded = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                            .tick()
                    }
                }
                return try await group.reduce(0, +)
            }

            // Then: each reminder exists once, and the day is marked done
            #expect(recorded == 2)
            #expect(try await ReminderFixtures.notifications(database, userId: ann).count == 2)
            #expect(
                try database.read { db in
                    try String.fetchOne(db, sql: "SELECT day FROM reminderDay WHERE userId = ?", arguments: [ann])
                } == "2026-11-20"
            )
            #expect(
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                    == 0
            )
        }
    }

    @Test("the 09:00 reminder follows the clock change: New York on the day daylight saving ends")
    func daylightSavingChange() async throws {
        // 2026-11-01: New York goes from UTC−4 to UTC−5 at 02:00 local
        let clock = TestClock(TestClock.date("2026-11-01T13:30:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ny = try await Self.user(browser, database, email: "ny@example.com", timeZone: "America/New_York")
            try await ReminderFixtures.coupon(database, userId: ny, name: "Bagels", expiresOn: "2026-11-02")
            let engine = ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
            #expect(try await engine.tick() == 0, "13:30 UTC is 08:30 EST")
            clock.advance(by: 40 * 60)
            #expect(try await engine.tick() == 2, "14:10 UTC is 09:10 EST")
            // The coupon, and on the 1st last month's summary
            #expect(try await ReminderFixtures.notifications(database, userId: ny).map(\.kind) == [.coupon, .summary])
        }
    }

    @Test("turned off, nothing is recorded; the reminder time and lead time are the user's")
    func settingsAreHonoured() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Far", expiresOn: "2026-11-30")
            let engine = ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
            var settings = try database.for(userId: ann).walletSettings()
            settings.notificationsEnabled = false
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try await engine.tick() == 0)

            // On, at 13:00 with a 14-day lead: the coupon 10 days out is due, but only after 13:00
            settings.notificationsEnabled = true
            settings.reminderTime = "13:00"
            settings.leadDays = 14
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try await engine.tick() == 0)
            clock.advance(by: 3_600)
            #expect(try await engine.tick() == 1)
        }
    }

    @Test(
        "a done day keeps when the next may be due, so looks before then skip the member; a new reminder time or zone brings it forward"
    )
    func nextLookIsKept() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T09:30:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Far", expiresOn: "2026-11-25")
            let engine = ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
            func done() throws -> (day: String?, nextAt: Date?) {
                try database.read { db in
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT r.day, u.nextReminderAt FROM user u LEFT JOIN reminderDay r ON r.userId = u.id
                            WHERE u.id = ?
                            """,
                        arguments: [ann]
                    )
                    return (row?["day"], row?["nextReminderAt"])
                }
            }
            var settings = try database.for(userId: ann).walletSettings()
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try await engine.tick() == 1)
            // Two hours before tomorrow's 09:00, whatever a clock change overnight does
            #expect(try done().day == "2026-11-20")
            #expect(try done().nextAt == TestClock.date("2026-11-21T07:00:00Z"))
            // Saving the same settings again keeps it
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try done().nextAt == TestClock.date("2026-11-21T07:00:00Z"))

            // Reminders at 05:00 from now on: the next look reads Ann again, and tomorrow's day is done at 05:30
            settings.reminderTime = "05:00"
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try done().nextAt == nil)
            clock.advance(by: 20 * 3_600)
            _ = try await engine.tick()
            #expect(try done().day == "2026-11-21")
            #expect(try done().nextAt == TestClock.date("2026-11-22T03:00:00Z"))

            // Moving to Tokyo (UTC+9): 05:00 on the 22nd there is 20:00 UTC on the 21st
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET timeZone = 'Asia/Tokyo' WHERE id = ?", arguments: [ann])
            }
            #expect(try done().nextAt == nil)
            clock.advance(by: 15 * 3_600)
            _ = try await engine.tick()
            #expect(try done().day == "2026-11-22")
            #expect(try done().nextAt == TestClock.date("2026-11-22T18:00:00Z"))

            // Turned off, never read; turned on, read at the next look
            settings.notificationsEnabled = false
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try done().nextAt == TestClock.date("9999-12-31T00:00:00Z"))
            settings.notificationsEnabled = true
            try await database.for(userId: ann).saveWalletSettings(settings)
            #expect(try done().nextAt == nil)
        }
    }

    @Test("the bell counts unread notifications; the list marks them read, one or all, and is the member's alone")
    func notificationList() async throws {
        let clock = TestClock(TestClock.date("2026-11-20T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: two reminders for Ann
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Cinema", expiresOn: "2026-11-21")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Books", expiresOn: "2026-11-25")
            try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()

            // The bell on every page says 2
            let home = try await browser.get("/")
            #expect(home.html.contains("aria-label=\"Notifications, 2 unread\""))
            // and on a form drawn again because it was refused
            try await browser.get("/profile")
            let refused = try await browser.post("/profile", [("name", ""), ("email", "ann@example.com")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("aria-label=\"Notifications, 2 unread\""))
            let list = try await browser.get("/notifications")
            #expect(list.status == .ok)
            #expect(list.html.contains("Today"))
            #expect(list.html.contains("Coupon expiring: Cinema"))
            #expect(list.html.contains("expires tomorrow"))
            #expect(list.html.contains("2 unread"))

            // A second user sees none of them and can't mark them read
            let ids = try await ReminderFixtures.notifications(database, userId: ann).compactMap(\.id)
            let sam = Browser(client: browser.client)
            try await sam.signUp(name: "Sam", email: "sam@example.com")
            let samsList = try await sam.get("/notifications")
            #expect(!samsList.html.contains("Cinema"))
            #expect(samsList.html.contains("No notifications yet"))
            try await sam.get("/profile")
            #expect(try await sam.post("/notifications/\(ids[0])/read").status == .notFound)
            try await sam.get("/profile")
            #expect(try await sam.post("/notifications/read").status == .seeOther)
            #expect(try await ReminderFixtures.notifications(database, userId: ann).allSatisfy { $0.readAt == nil })

            // Ann marks one read, then all
            try await browser.get("/notifications")
            #expect(try await browser.post("/notifications/\(ids[0])/read").location == "/notifications")
            #expect(try await browser.get("/").html.contains("aria-label=\"Notifications, 1 unread\""))
            try await browser.get("/notifications")
            let all = try await browser.post("/notifications/read")
            #expect(all.status == .seeOther)
            #expect(try await browser.get("/notifications").html.contains("1 notification marked read."))
            #expect(try await browser.get("/").html.contains("aria-label=\"Notifications\""))
            #expect(try await ReminderFixtures.notifications(database, userId: ann).allSatisfy { $0.readAt != nil })
        }
    }

    @Test("a card with its reminders off is left out of reminders; the switch is the owner's alone")
    func cardSwitch() async throws {
        let clock = TestClock(TestClock.date("2026-11-26T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            let now = Date()
            let added = try await database.for(userId: ann).addCards([
                (
                    card: WalletCard(
                        id: nil,
                        userId: ann,
                        catalogueId: nil,
                        name: "Gold",
                        issuer: "Bank",
                        nickname: "",
                        gradientStart: "#000000",
                        gradientEnd: "#333333",
                        annualFeeCents: 9_500,
                        feeDueOn: "2025-12-01",
                        createdAt: now,
                        updatedAt: now
                    ),
                    benefits: [
                        CardBenefit(
                            id: nil,
                            cardId: 0,
                            userId: ann,
                            name: "Dining credit",
                            details: "",
                            valueCents: 1_000,
                            period: .monthly,
                            sortOrder: 0,
                            snoozedUntil: nil,
                            createdAt: now
                        )
                    ]
                )
            ])
            let card = try #require(added.first?.id)

            // Bob can't touch Ann's switch
            let bob = Browser(client: browser.client)
            try await bob.signUp(name: "Bob", email: "bob@example.com")
            try await bob.get("/profile")
            #expect(try await bob.post("/wallet/cards/\(card)/reminders", [("on", "0")]).status == .notFound)

            // Ann turns it off from Card detail
            #expect(try await browser.get("/wallet/cards/\(card)").html.contains("Reminders on · Turn off"))
            let off = try await browser.post("/wallet/cards/\(card)/reminders", [("on", "0")])
            #expect(off.location == "/wallet/cards/\(card)")
            #expect(try await browser.get("/wallet/cards/\(card)").html.contains("Reminders off · Turn on"))
            #expect(
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                    == 0
            )

            // On again: the next day brings the benefit (4 days left) and the fee (5 days ahead)
            try await browser.post("/wallet/cards/\(card)/reminders", [("on", "1")])
            clock.advance(by: 86_400)
            _ = try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
            #expect(
                try await ReminderFixtures.notifications(database, userId: ann).map(\.kind).sorted {
                    $0.rawValue < $1.rawValue
                }
                    == [.annualFee, .benefit]
            )
        }
    }

    @Test("after downtime the first look records what is still relevant and drops what has passed")
    func catchUpAfterDowntime() async throws {
        // The server was down from Nov 29 to Dec 3: the benefit's last call (Nov 30) and the coupon that expired on
        // Dec 1 have passed; November's summary is still in the month's first week
        let clock = TestClock(TestClock.date("2026-12-03T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ann = try await Self.user(browser, database, email: "ann@example.com", timeZone: "UTC")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Gone", expiresOn: "2026-12-01")
            try await ReminderFixtures.coupon(database, userId: ann, name: "Still ahead", expiresOn: "2026-12-05")
            #expect(
                try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
                    == 2
            )
            let recorded = try await ReminderFixtures.notifications(database, userId: ann)
            #expect(Set(recorded.map(\.title)) == ["Coupon expiring: Still ahead", "November 2026 in numbers"])
            #expect(recorded.first { $0.kind == .summary }?.dueOn == "2026-12-01")
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Schedules post every occurrence once: catch-up, races, crashes, month ends, time zones")
struct ScheduleEngineTests {
    static let email = "ann@example.com"

    struct Crash: Error {}

    /// Signs up, puts the member in `timeZone`, and returns their id.
    static func member(_ browser: Browser, _ database: AppDatabase, timeZone: String = "UTC") async throws -> Int64 {
        try await browser.signUp(email: email)
        let id = try await LedgerFixture.userId(database, email: email)
        try await database.write { db in
            try db.execute(sql: "UPDATE user SET timeZone = ? WHERE id = ?", arguments: [timeZone, id])
        }
        return id
    }

    /// Saves a schedule of `cents` on `rule` from `start`, filed under the member's category `category`.
    @discardableResult
    static func schedule(
        _ database: AppDatabase,
        userId: Int64,
        rule: String,
        start: String,
        cents: Int64 = 1_000,
        posting: Schedule.Posting = .auto,
        weekend: WeekendShift = .keep,
        category: String = "Rent/Mortgage",
        today: String,
        now: Date
    ) async throws -> Schedule {
        let categoryId = try database.read { db in
            try Int64.fetchOne(
                db,
                sql: "SELECT id FROM category WHERE userId = ? AND name = ?",
                arguments: [userId, category]
            )
        }
        let schedule = Schedule(
            id: nil,
            userId: userId,
            name: "Rent",
            rule: rule,
            startsOn: start,
            weekend: weekend,
            kind: .expense,
            categoryId: categoryId,
            accountId: nil,
            stashId: nil,
            amountCents: cents,
            maxCents: nil,
            note: "",
            posting: posting,
            nextOn: nil,
            createdAt: now,
            updatedAt: now
        )
        return try await database.for(userId: userId).saveSchedule(schedule, today: CalendarDay(today)!, now: now).0
    }

    static func postedDates(_ database: AppDatabase, userId: Int64) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db,
                sql: "SELECT date FROM ledger WHERE userId = ? ORDER BY date, id",
                arguments: [userId]
            )
        }
    }

    @Test("after a week down, one look posts every day missed, each once; the next look posts nothing")
    func catchUpAfterAWeek() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let id = try await Self.member(browser, database)
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=DAILY",
                start: "2026-11-22",
                today: "2026-11-22",
                now: clock.now
            )
            // Saving it posts today's at once
            #expect(try Self.postedDates(database, userId: id) == ["2026-11-22"])
            clock.advance(by: 7 * 86_400)
            let engine = ScheduleEngine(database: database, now: { clock.now })
            #expect(try await engine.tick() == 7)
            #expect(
                try Self.postedDates(database, userId: id)
                    == (22...29).map { "2026-11-\($0)" }
            )
            #expect(try await engine.tick() == 0)
            let occurrences = try database.read { db in try Occurrence.fetchCount(db) }
            #expect(occurrences == 8)
            #expect(
                try database.read { db in try String.fetchOne(db, sql: "SELECT nextOn FROM schedule") } == "2026-11-30"
            )
        }
    }

    @Test("two looks at once post each day once; a crash between posting and recording leaves the day to the next look")
    func racesAndCrashes() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let id = try await Self.member(browser, database)
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=DAILY",
                start: "2026-11-23",
                today: "2026-11-22",
                now: clock.now
            )
            clock.advance(by: 3 * 86_400)
            let engine = ScheduleEngine(database: database, now: { clock.now })
            // A crash after the rows are written but before the write ends: nothing of it stays
            await #expect(throws: Crash.self) {
                try await database.write { db in
                    _ = try MemberStore.postDue(
                        MemberDatabase(db: db, userId: id),
                        today: CalendarDay("2026-11-25")!,
                        now: clock.now
                    )
                    throw Crash()
                }
            }
            #expect(try Self.postedDates(database, userId: id).isEmpty)
            async let first = engine.tick()
            async let second = engine.tick()
            let handled = try await [first, second]
            #expect(handled.sorted() == [0, 3])
            #expect(try Self.postedDates(database, userId: id) == ["2026-11-23", "2026-11-24", "2026-11-25"])
        }
    }

    @Test("the 31st falls on each month's last day, 29 February in a leap year, and a weekend day moves as asked")
    func monthEndsAndWeekends() async throws {
        let clock = TestClock(TestClock.date("2028-01-15T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let id = try await Self.member(browser, database)
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
                start: "2028-01-31",
                today: "2028-01-15",
                now: clock.now
            )
            // 1 April 2028 is a Saturday: "before" posts it on Friday 31 March
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=MONTHLY;BYMONTHDAY=1",
                start: "2028-02-01",
                cents: 5,
                weekend: .before,
                today: "2028-01-15",
                now: clock.now
            )
            clock.advance(by: 76 * 86_400)  // Friday 31 March
            try await ScheduleEngine(database: database, now: { clock.now }).tick()
            let rows = try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT date, amountCents FROM ledger WHERE userId = ? ORDER BY date, amountCents",
                    arguments: [id]
                )
                .map { "\($0["date"] as String) \($0["amountCents"] as Int64)" }
            }
            #expect(
                rows == [
                    "2028-01-31 1000", "2028-02-01 5", "2028-02-29 1000", "2028-03-01 5", "2028-03-31 5",
                    "2028-03-31 1000",
                ]
            )
            let shifted = try database.read { db in
                try Row.fetchOne(db, sql: "SELECT dueOn, postOn FROM occurrence WHERE postOn <> dueOn")
            }
            #expect(shifted?["dueOn"] == "2028-04-01")
            #expect(shifted?["postOn"] == "2028-03-31")
        }
    }

    @Test(
        "each look keeps when a member's next day starts where they live; a schedule change or a new zone empties it"
    )
    func nextLookIsKept() async throws {
        let clock = TestClock(TestClock.date("2026-11-30T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let ann = try await Self.member(browser, database, timeZone: "America/Los_Angeles")
            var schedule = try await Self.schedule(
                database,
                userId: ann,
                rule: "FREQ=MONTHLY;BYMONTHDAY=1",
                start: "2026-12-01",
                today: "2026-11-30",
                now: clock.now
            )
            let other = Browser(client: browser.client)
            try await other.signUp(email: "bo@example.com")
            let bo = try await LedgerFixture.userId(database, email: "bo@example.com")
            func next(_ id: Int64) throws -> Date? {
                try database.read { db in
                    try Date.fetchOne(db, sql: "SELECT nextScheduleAt FROM user WHERE id = ?", arguments: [id])
                }
            }
            #expect(try next(ann) == nil)
            let engine = ScheduleEngine(database: database, now: { clock.now })
            try await engine.tick()
            // Midnight of 1 December in Los Angeles; Bo has nothing ahead
            #expect(try next(ann) == TestClock.date("2026-12-01T08:00:00Z"))
            #expect(try next(bo) == ScheduleEngine.endOfTime)

            // Moved to the 5th: empty until the next look, then the 5th's midnight
            schedule.rule = "FREQ=MONTHLY;BYMONTHDAY=5"
            try await database.for(userId: ann).saveSchedule(
                schedule,
                today: CalendarDay("2026-11-30")!,
                now: clock.now
            )
            #expect(try next(ann) == nil)
            try await engine.tick()
            #expect(try next(ann) == TestClock.date("2026-12-05T08:00:00Z"))

            // In Tokyo the 5th starts at 15:00 UTC on the 4th
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET timeZone = 'Asia/Tokyo' WHERE id = ?", arguments: [ann])
            }
            #expect(try next(ann) == nil)
            try await engine.tick()
            #expect(try next(ann) == TestClock.date("2026-12-04T15:00:00Z"))
            #expect(try Self.postedDates(database, userId: ann).isEmpty)
            clock.advance(by: TestClock.date("2026-12-04T15:00:00Z").timeIntervalSince(clock.now))
            try await engine.tick()
            #expect(try Self.postedDates(database, userId: ann) == ["2026-12-05"])
            #expect(try next(ann) == TestClock.date("2027-01-04T15:00:00Z"))
        }
    }

    @Test("each member's day is their own: east of UTC the 1st has come, west of it not yet; a DST day posts once")
    func timeZones() async throws {
        let clock = TestClock(TestClock.date("2026-11-30T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let east = try await Self.member(browser, database, timeZone: "Pacific/Auckland")
            try await Self.schedule(
                database,
                userId: east,
                rule: "FREQ=MONTHLY;BYMONTHDAY=1",
                start: "2026-12-01",
                today: "2026-12-01",
                now: clock.now
            )
            let second = Browser(client: browser.client)
            try await second.signUp(email: "bo@example.com")
            let west = try await LedgerFixture.userId(database, email: "bo@example.com")
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET timeZone = 'America/Los_Angeles' WHERE id = ?", arguments: [west])
            }
            try await Self.schedule(
                database,
                userId: west,
                rule: "FREQ=MONTHLY;BYMONTHDAY=1",
                start: "2026-12-01",
                today: "2026-11-30",
                now: clock.now
            )
            #expect(try Self.postedDates(database, userId: east) == ["2026-12-01"])
            #expect(try Self.postedDates(database, userId: west).isEmpty)
            let engine = ScheduleEngine(database: database, now: { clock.now })
            clock.advance(by: 20 * 3_600 - 60)  // 30 November 23:59 in Los Angeles
            try await engine.tick()
            #expect(try Self.postedDates(database, userId: west).isEmpty)
            clock.advance(by: 60)  // 1 December 00:00 in Los Angeles
            try await engine.tick()
            #expect(try Self.postedDates(database, userId: west) == ["2026-12-01"])
            #expect(try Self.postedDates(database, userId: east) == ["2026-12-01"])
        }
        // Berlin leaves summer time on 25 October 2026: a look every hour across it posts each day once
        let autumn = TestClock(TestClock.date("2026-10-24T20:00:00Z"))
        try await TestApp.run(clock: autumn) { browser, database in
            let id = try await Self.member(browser, database, timeZone: "Europe/Berlin")
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=DAILY",
                start: "2026-10-25",
                today: "2026-10-24",
                now: autumn.now
            )
            let engine = ScheduleEngine(database: database, now: { autumn.now })
            for _ in 0..<52 {
                try await engine.tick()
                autumn.advance(by: 3_600)
            }
            #expect(try Self.postedDates(database, userId: id) == ["2026-10-25", "2026-10-26", "2026-10-27"])
        }
    }

    @Test("a schedule that waits for a tap queues its days; Home says once what happened while the member was away")
    func toConfirmAndAway() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let id = try await Self.member(browser, database)
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=WEEKLY",
                start: "2026-11-23",
                today: "2026-11-22",
                now: clock.now
            )
            try await Self.schedule(
                database,
                userId: id,
                rule: "FREQ=MONTHLY;BYMONTHDAY=1",
                start: "2026-12-01",
                posting: .confirm,
                today: "2026-11-22",
                now: clock.now
            )
            clock.advance(by: 14 * 86_400)  // 6 December: two Mondays and a 1st
            try await ScheduleEngine(database: database, now: { clock.now }).tick()
            let store = database.for(userId: id)
            #expect(try Self.postedDates(database, userId: id) == ["2026-11-23", "2026-11-30"])
            let pending = try store.pendingOccurrences()
            #expect(pending.map(\.occurrence.postOn) == ["2026-12-01"])
            let summary = try await store.takeAwaySummary(now: clock.now)
            #expect(summary == AwaySummary(posted: 2, pending: 1))
            #expect(try await store.takeAwaySummary(now: clock.now).isEmpty)
            // Confirming posts it with the amount typed; the next look doesn't post it again
            let first = try #require(pending.first)
            try await store.confirmOccurrence(
                first,
                amountCents: 1_234,
                today: CalendarDay("2026-12-06")!,
                now: clock.now
            )
            try await ScheduleEngine(database: database, now: { clock.now }).tick()
            #expect(try Self.postedDates(database, userId: id) == ["2026-11-23", "2026-11-30", "2026-12-01"])
            #expect(try store.pendingOccurrences().isEmpty)
            let amounts = try database.read { db in
                try Int64.fetchAll(db, sql: "SELECT amountCents FROM ledger ORDER BY date")
            }
            #expect(amounts == [1_000, 1_000, 1_234])
        }
    }
}

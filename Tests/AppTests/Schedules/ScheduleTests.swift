import Foundation
import GRDB
import Testing

@testable import App

@Suite("Schedules: the form, its rules in words, To confirm, the away note, and each member's own")
struct ScheduleTests {
    static let email = "ann@example.com"

    /// The form as a member fills it in for a monthly schedule, with `changes` on top.
    static func form(target: Int64, _ changes: [String: String] = [:]) -> [(String, String)] {
        var fields: [String: String] = [
            "name": "Rent", "amount": "1,200", "maxAmount": "", "target": String(target), "frequency": "MONTHLY",
            "interval": "1", "monthMode": "day", "monthDay": "31", "ordinal": "1", "weekday": "1", "month": "1",
            "starts": "2026-11-22", "ends": "never", "until": "", "count": "", "weekend": "keep", "posting": "auto",
            "note": "",
        ]
        fields.merge(changes) { _, new in new }
        return fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Signs up and saves "Bus", $10 every day from today, posting by itself; returns the Rent category and its id.
    static func dailyBus(_ browser: Browser, _ database: AppDatabase) async throws -> (rent: Int64, id: Int64) {
        try await browser.signUp(email: email)
        let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: email)
        try await browser.get("/schedules/new")
        try await browser.post("/schedules", form(target: rent, ["name": "Bus", "frequency": "DAILY", "amount": "10"]))
        return (rent, try #require(try schedules(database).first?.id))
    }

    /// The ledger as "date cents" lines, by date.
    static func ledgerLines(_ database: AppDatabase) throws -> [String] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT date, amountCents FROM ledger ORDER BY date, id").map {
                "\($0["date"] as String) \($0["amountCents"] as Int64)"
            }
        }
    }

    static func schedules(_ database: AppDatabase) throws -> [Schedule] {
        try database.read { db in try Schedule.order(Column("id")).fetchAll(db) }
    }

    @Test("a schedule saved from the form keeps its rule, reads back in words, and edits back to the same fields")
    func formRoundTrip() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/schedules/new")
            let saved = try await browser.post("/schedules", Self.form(target: rent))
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/schedules")
            let schedule = try #require(try Self.schedules(database).first)
            #expect(schedule.rule == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
            #expect(schedule.amountCents == 120_000 && schedule.kind == .expense && schedule.nextOn == "2026-11-30")
            let list = try await browser.get("/schedules").html
            #expect(list.contains("Rent · $1,200.00"))
            #expect(list.contains("Every month on day 31"))
            #expect(list.contains("Next: Nov 30, 2026 · Post it by itself"))
            let edit = try await browser.get("/schedules/\(try #require(schedule.id))/edit")
            #expect(edit.fieldValue("monthDay") == "31")
            #expect(edit.html.contains("value=\"MONTHLY\" checked"))

            // Every other week on Monday and Thursday, asking first, with an amount that varies
            let weekly = try await browser.post(
                "/schedules",
                Self.form(
                    target: rent,
                    [
                        "name": "Cleaner", "amount": "40", "maxAmount": "60", "frequency": "WEEKLY", "interval": "2",
                        "posting": "confirm",
                    ]
                ) + [("weekdays[]", "1"), ("weekdays[]", "4")]
            )
            #expect(weekly.status == .seeOther)
            let cleaner = try #require(try Self.schedules(database).last)
            #expect(cleaner.rule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
            #expect(cleaner.maxCents == 6_000)
            let words = try await browser.get("/schedules").html
            #expect(words.contains("Every 2 weeks on Monday, Thursday"))
            #expect(words.contains("$40.00 to $60.00"))
            // The last Friday of each month, ending after 3 times
            try await browser.post(
                "/schedules",
                Self.form(
                    target: rent,
                    [
                        "name": "Gym", "monthMode": "weekday", "ordinal": "-1", "weekday": "5", "ends": "after",
                        "count": "3",
                    ]
                )
            )
            #expect(try Self.schedules(database).last?.rule == "FREQ=MONTHLY;BYDAY=-1FR;COUNT=3")
            #expect(try await browser.get("/schedules").html.contains("Every month on the last Friday"))
        }
    }

    @Test("bad input gets a message beside its field, keeps what was typed, and saves nothing")
    func badInput() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/schedules/new")
            let cases: [([String: String], String, String)] = [
                (["name": ""], "name", "Enter a name."),
                (["maxAmount": "900"], "maxAmount", "Enter an amount above the first one, or leave it empty."),
                (["ends": "on", "until": "2026-11-01"], "until", "The end date is before the start."),
                (
                    ["monthDay": "1", "ends": "on", "until": "2026-11-25"], "starts",
                    "No day of this schedule falls between its start and its end."
                ),
                (["target": "999999"], "target", "Choose a category or stash."),
                (["interval": "0"], "interval", "Enter a whole number from 1 to 99."),
                (
                    ["maxAmount": "1,500"], "posting",
                    "An amount that varies can&#39;t post by itself. Choose “Ask me first”."
                ),
            ]
            for (changes, field, message) in cases {
                let page = try await browser.post("/schedules", Self.form(target: rent, changes))
                #expect(page.status == .unprocessableContent, "\(field)")
                #expect(page.fieldError(field) == message, "\(field)")
                #expect(page.fieldValue("amount") == "1,200")
            }
            #expect(try Self.schedules(database).isEmpty)
        }
    }

    @Test(
        "an occurrence to confirm takes the amount typed; a wrong amount keeps it with a message; skipping posts nothing"
    )
    func toConfirm() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/schedules/new")
            try await browser.post(
                "/schedules",
                Self.form(target: rent, ["name": "Power", "frequency": "DAILY", "posting": "confirm", "amount": "30"])
            )
            clock.advance(by: 86_400)
            try await ScheduleEngine(database: database, now: { clock.now }).tick()
            // Home says once what happened meanwhile
            let home = try await browser.get("/").html
            #expect(home.contains("While you were away: 1 payment waits to be confirmed."))
            #expect(!(try await browser.get("/").html.contains("While you were away")))
            let list = try await browser.get("/schedules")
            #expect(list.html.contains("To confirm"))
            let pending = try database.read { db in try Occurrence.order(Column("dueOn")).fetchAll(db) }
            #expect(pending.map(\.state) == [.pending, .pending])
            let first = try #require(pending.first?.id)
            let wrong = try await browser.post("/occurrences/\(first)/confirm", [("amount", "3o")])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("occurrence-\(first)")?.isEmpty == false)
            #expect(wrong.html.contains("value=\"3o\""))
            let confirmed = try await browser.post("/occurrences/\(first)/confirm", [("amount", "31.40")])
            #expect(confirmed.status == .seeOther)
            let second = try #require(pending.last?.id)
            try await browser.get("/schedules")
            try await browser.post("/occurrences/\(second)/skip")
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.amountCents) == [3_140])
            #expect(rows.first?.payee == "Power" && rows.first?.date == "2026-11-22")
            // Done occurrences can't be confirmed again
            #expect(try await browser.post("/occurrences/\(first)/confirm", [("amount", "1")]).status == .notFound)
            #expect(try await browser.get("/").html.contains("While you were away") == false)
        }
    }

    @Test("another member's schedules, occurrences, categories and stashes are never offered, read or changed")
    func isolation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let stash = try await browser.createStash(name: "Secret fund", target: "100")
            try await browser.get("/schedules/new")
            try await browser.post(
                "/schedules",
                Self.form(target: rent, ["name": "Secret rent", "posting": "confirm", "frequency": "DAILY"])
            )
            let schedule = try #require(try Self.schedules(database).first?.id)
            let occurrence = try #require(try database.read { db in try Occurrence.fetchOne(db)?.id })

            let other = Browser(client: browser.client)
            try await other.signUp(name: "Sam", email: "sam@example.com")
            let list = try await other.get("/schedules").html
            #expect(!list.contains("Secret rent"))
            let form = try await other.get("/schedules/new").html
            #expect(!form.contains("Secret fund"))
            #expect(try await other.get("/schedules/\(schedule)/edit").status == .notFound)
            #expect(try await other.post("/schedules/\(schedule)/edit", Self.form(target: rent)).status == .notFound)
            #expect(try await other.post("/schedules/\(schedule)/delete").status == .notFound)
            #expect(try await other.post("/occurrences/\(occurrence)/confirm", [("amount", "5")]).status == .notFound)
            #expect(try await other.post("/occurrences/\(occurrence)/skip").status == .notFound)
            for target in [String(rent), "stash-\(stash)"] {
                let page = try await other.post("/schedules", Self.form(target: rent, ["target": target]))
                #expect(page.fieldError("target") == "Choose a category or stash.")
            }
            #expect(try Self.schedules(database).count == 1)
            #expect(try database.read { db in try Occurrence.fetchOne(db)?.state } == .pending)
        }
    }

    @Test("one coming day can be skipped, moved or given another amount; the rest of the series stays as it is")
    func oneOccurrence() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let (_, id) = try await Self.dailyBus(browser, database)
            let edit = try await browser.get("/schedules/\(id)/edit")
            #expect(edit.html.contains("Coming days"))
            #expect(edit.html.contains("name=\"day\" value=\"2026-11-23\""))
            // Skip the 24th; move the 26th to the 28th for $15; a day in the past is refused with the input kept
            let skipped = try await browser.post(
                "/schedules/\(id)/occurrences",
                [("day", "2026-11-24"), ("action", "skip")]
            )
            #expect(skipped.status == .seeOther)
            try await browser.get("/schedules/\(id)/edit")
            let past = try await browser.post(
                "/schedules/\(id)/occurrences",
                [("day", "2026-11-26"), ("action", "change"), ("date", "2026-11-20"), ("amount", "15")]
            )
            #expect(past.status == .unprocessableContent)
            #expect(past.fieldError("day-2026-11-26") == "Choose today or a later day.")
            #expect(past.html.contains("value=\"2026-11-20\""))
            try await browser.post(
                "/schedules/\(id)/occurrences",
                [("day", "2026-11-26"), ("action", "change"), ("date", "2026-11-28"), ("amount", "15")]
            )
            let planned = try await browser.get("/schedules/\(id)/edit").html
            #expect(planned.contains("Skipped"))
            #expect(planned.contains("Moved from Nov 26, 2026"))
            #expect(planned.contains("Back to plan"))
            // Not a day of the schedule, or another member's schedule: not found
            #expect(
                try await browser.post("/schedules/\(id)/occurrences", [("day", "2026-11-21"), ("action", "skip")])
                    .status
                    == .notFound
            )
            clock.advance(by: 7 * 86_400)
            try await ScheduleEngine(database: database, now: { clock.now }).tick()
            let rows = try Self.ledgerLines(database)
            #expect(
                rows == [
                    "2026-11-22 1000", "2026-11-23 1000", "2026-11-25 1000", "2026-11-27 1000", "2026-11-28 1000",
                    "2026-11-28 1500", "2026-11-29 1000",
                ]
            )
            let other = Browser(client: browser.client)
            try await other.signUp(name: "Sam", email: "sam@example.com")
            try await other.get("/schedules/new")
            let forged = try await other.post(
                "/schedules/\(id)/occurrences",
                [("day", "2026-12-01"), ("action", "skip")]
            )
            #expect(forged.status == .notFound, "\(forged.status) \(forged.location ?? "")")
        }
    }

    @Test("the series changed from a day on: the days before keep the old way, and no day posts twice")
    func seriesFromADay() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            let (rent, id) = try await Self.dailyBus(browser, database)
            // Today's has posted; from today on it costs $12, and from 1 December $20
            try await browser.get("/schedules/\(id)/edit")
            let changed = try await browser.post(
                "/schedules/\(id)/edit",
                Self.form(target: rent, ["name": "Bus", "frequency": "DAILY", "amount": "12", "from": "2026-11-22"])
            )
            #expect(changed.status == .seeOther)
            // A day on or before the start changes the whole series
            #expect(try Self.schedules(database).count == 1)
            try await browser.get("/schedules/\(id)/edit")
            try await browser.post(
                "/schedules/\(id)/edit",
                Self.form(target: rent, ["name": "Bus", "frequency": "DAILY", "amount": "20", "from": "2026-12-01"])
            )
            let schedules = try Self.schedules(database)
            #expect(schedules.count == 2)
            #expect(schedules.first?.rule == "FREQ=DAILY;UNTIL=20261130")
            #expect(schedules.last?.startsOn == "2026-12-01" && schedules.last?.amountCents == 2_000)
            clock.advance(by: 10 * 86_400)
            try await ScheduleEngine(database: database, now: { clock.now }).tick()
            let rows = try Self.ledgerLines(database)
            #expect(rows.count == 11)
            #expect(rows.first == "2026-11-22 1000")
            #expect(rows[1] == "2026-11-23 1200")
            #expect(rows.suffix(2) == ["2026-12-01 2000", "2026-12-02 2000"])
            #expect(Set(rows.map { $0.prefix(10) }).count == 11)
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Stashes and entries")
struct StashesTests {
    @Test("a new stash starts at 0 % and shows on Home and Badges")
    func createStash() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")

            // When
            let id = try await browser.createStash(
                name: "Vacation Fund",
                target: "500",
                goal: "3,000",
                reward: "A weekend in Porto",
                category: "Travel"
            )

            // Then
            let stash = try #require(try database.read { db in try Stash.fetchOne(db, key: id) })
            #expect(stash.name == "Vacation Fund")
            #expect(stash.kind == .save)
            #expect(stash.goalCents == 300_000)
            // "Travel" isn't one of the budget's Savings categories yet: it becomes one
            let category = try #require(
                try database.read { db in try Category.fetchOne(db, key: stash.categoryId) }
            )
            #expect(category.name == "Travel")
            #expect(category.kind == .savings)
            let targets = try await database.readRows { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT month, amountCents FROM stashTarget WHERE stashId = ?",
                    arguments: [id]
                )
            }
            #expect(targets.map { $0["month"] as String } == ["2026-11"])
            #expect(targets.map { $0["amountCents"] as Int64 } == [50_000])
            let home = try await browser.get("/")
            #expect(home.html.contains("Vacation Fund"))
            #expect(home.html.contains("$0.00 saved of $500.00"))
            #expect(
                home.html.contains("You&#39;ve completed 0 of 1 stash this month")
                    || home.html.contains("You've completed 0 of 1 stash this month")
            )
            let badges = try await browser.get("/badges")
            #expect(badges.html.contains("Vacation Fund"))
            let detail = try await browser.get("/stashes/\(id)")
            #expect(detail.html.contains("A weekend in Porto"))
            #expect(detail.html.contains("$0.00 of $3,000.00 all time · 0%"))
        }
    }

    @Test("bad stash input gets field errors and keeps what was typed")
    func stashValidation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/stashes/new")
            let page = try await browser.post(
                "/stashes",
                [
                    ("name", "  "), ("kind", "hoard"), ("target", "12.345"), ("goal", "lots"), ("reward", "Cake"),
                    ("category", "Travel"), ("reminder", "off"),
                ]
            )
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("name") == "Enter a name.")
            #expect(page.fieldError("kind") == "Choose Save or Spend.")
            #expect(page.fieldError("target") == "Use at most 2 digits after the decimal point.")
            #expect(page.fieldError("goal") == "Enter an amount like 12.50 or 1,234.56.")
            #expect(page.fieldValue("target") == "12.345")
            #expect(page.fieldValue("reward") == "Cake")
            #expect(try database.read { db in try Stash.fetchCount(db) } == 0)
        }
    }

    @Test("bad amounts and dates get field errors and keep what was typed")
    func entryValidation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "100")
            for (amount, date, field, message) in [
                ("abc", "2026-11-10", "amount", "Enter an amount like 12.50 or 1,234.56."),
                ("0", "2026-11-10", "amount", "Enter an amount above zero."),
                ("10", "2026-02-30", "date", "Enter a real date, like Nov 22, 2026."),
                ("10", "yesterday", "date", "Enter a real date, like Nov 22, 2026."),
                ("10", "2031-01-01", "date", "Enter a date no more than a year ahead."),
            ] {
                let page = try await browser.addEntry(stash: id, amount: amount, date: date, note: "kept")
                #expect(page.status == .unprocessableContent, "\(amount) \(date)")
                #expect(page.fieldError(field) == message, "\(amount) \(date)")
                #expect(page.fieldValue("amount") == amount)
                #expect(page.fieldValue("date") == date)
                #expect(page.fieldValue("note") == "kept")
            }
            #expect(try database.read { db in try LedgerEntry.fetchCount(db) } == 0)
        }
    }

    @Test("entries are rows of the one ledger, dated in the user's time zone")
    func entryInLedger() async throws {
        // 11:00 UTC on 31 December is already 1 January in Auckland
        let clock = TestClock(TestClock.date("2026-12-31T11:30:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "kiri@example.com")
            try await browser.get("/signup/details")
            try await browser.post("/signup/details", [("currency", "NZD"), ("timeZone", "Pacific/Auckland")])
            let id = try await browser.createStash(name: "Fund", target: "100")

            let form = try await browser.get("/stashes/\(id)/entries/new")
            #expect(form.fieldValue("date") == "2027-01-01", "the default date is today where the user is")
            let page = try await browser.post(
                "/stashes/\(id)/entries",
                [("amount", "1,234.5"), ("date", "2027-01-01"), ("note", "New year")]
            )
            #expect(page.status == .seeOther)
            #expect(page.location == "/stashes/\(id)?month=2027-01")

            let rows = try database.read { db in try LedgerEntry.fetchAll(db) }
            #expect(rows.count == 1)
            #expect(rows.first?.date == "2027-01-01")
            #expect(rows.first?.amountCents == 123_450)
            #expect(rows.first?.kind == .saving)
            #expect(rows.first?.stashId == id)
            #expect(rows.first?.note == "New year")
            let home = try await browser.get("/")
            #expect(home.html.contains("January 2027"))
            #expect(home.html.contains("NZ$1,234.50 saved of NZ$100.00"))
        }
    }

    @Test("editing a target changes this and later months only")
    func targetHistory() async throws {
        let clock = TestClock(TestClock.date("2026-10-15T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: October with a 100 target, 80 saved
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "100")
            try await browser.addEntry(stash: id, amount: "80", date: "2026-10-10")

            // When: in November the target becomes 50
            clock.advance(by: 20 * 24 * 3600)
            try await browser.get("/stashes/\(id)/edit")
            let page = try await browser.post(
                "/stashes/\(id)/edit",
                [
                    ("name", "Fund"), ("kind", "save"), ("target", "50"), ("category", "Other"), ("reminder", "off"),
                ]
            )

            // Then
            #expect(page.status == .seeOther)
            let october = try await browser.get("/stashes/\(id)?month=2026-10")
            #expect(october.html.contains("$80.00 saved of $100.00"))
            let november = try await browser.get("/stashes/\(id)?month=2026-11")
            #expect(november.html.contains("$0.00 saved of $50.00"))
            let badges = try database.read { db in try Badge.filter(Column("earned") == true).fetchCount(db) }
            #expect(badges == 0, "October still had 100 as its target, so 80 did not complete it")
        }
    }

    @Test("a back-filled month keeps its target when a later one changes; months before a stash existed don't count")
    func backFilledTargets() async throws {
        try await TestApp.run { browser, database in
            // Given: a Spend stash made in November with a 200 allowance, and an October entry typed afterwards
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Dining", kind: "spend", target: "200")
            try await browser.addEntry(stash: id, amount: "20", date: "2026-10-20")

            // When: the allowance becomes 300
            try await browser.get("/stashes/\(id)/edit")
            let page = try await browser.post(
                "/stashes/\(id)/edit",
                [
                    ("name", "Dining"), ("kind", "spend"), ("target", "300"), ("category", ""), ("reminder", "off"),
                ]
            )

            // Then: October keeps 200, November has 300
            #expect(page.status == .seeOther)
            #expect(try await browser.get("/stashes/\(id)?month=2026-10").html.contains("$20.00 spent of $200.00"))
            #expect(try await browser.get("/stashes/\(id)?month=2026-11").html.contains("$0.00 spent of $300.00"))
            let targets = try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT month, amountCents FROM stashTarget WHERE stashId = ? ORDER BY month",
                    arguments: [id]
                )
                .map { "\($0["month"] as String) \($0["amountCents"] as Int64)" }
            }
            #expect(targets == ["2026-10 20000", "2026-11 30000"])

            // And September, before the stash existed, neither counts it nor praises it
            let september = StatisticsTests.text(try await browser.get("/statistics?view=monthly&period=2026-09").html)
            #expect(!september.contains("Dining"))
            #expect(!september.contains("under its allowance"))
            // (Home still lists it, so September can be filled in)
            let home = StatisticsTests.text(try await browser.get("/?month=2026-09").html)
            #expect(home.contains("None of your stashes existed yet in September 2026."))
            #expect(!home.contains("Spent in your stashes"))
            // October, with its entry, does
            let october = StatisticsTests.text(try await browser.get("/statistics?view=monthly&period=2026-10").html)
            #expect(october.contains("Dining stayed 90% under its allowance."))
            #expect(
                StatisticsTests.text(try await browser.get("/?month=2026-10").html).contains(
                    "You completed 1 of 1 stash in October 2026"
                )
            )
            let year = StatisticsTests.text(try await browser.get("/statistics?view=yearly&period=2026").html)
            #expect(year.contains("completed 1 of 2 months"))
        }
    }

    @Test("deleting a stash says what goes with it, then removes it all")
    func deleteStash() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "10")
            try await browser.addEntry(stash: id, amount: "6", date: "2026-11-01")
            try await browser.addEntry(stash: id, amount: "6", date: "2026-11-02")
            try await browser.get("/schedules/new")
            let saved = try await browser.post(
                "/schedules",
                ScheduleTests.form(target: 0, ["target": "stash-\(id)", "name": "Into the fund", "amount": "5"])
            )
            #expect(saved.status == .seeOther)
            let confirm = try await browser.get("/stashes/\(id)/delete")
            #expect(
                confirm.html.contains(
                    "2 entries and 1 badge (10 points) will be deleted with it. This can&#39;t be undone. "
                        + "The schedule that pays into it is deleted too."
                )
            )
            #expect(try database.read { db in try Stash.fetchCount(db) } == 1, "asking deletes nothing")

            let page = try await browser.post("/stashes/\(id)/delete")
            #expect(page.status == .seeOther)
            #expect(page.location == "/")
            let counts = try database.read { db in
                [
                    try Stash.fetchCount(db), try LedgerEntry.fetchCount(db), try Badge.fetchCount(db),
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM categoryMonth WHERE stashId != 0") ?? -1,
                    try Schedule.fetchCount(db),
                ]
            }
            #expect(counts == [0, 0, 0, 0, 0])
        }
    }

    @Test("an entry can be edited, and a deleted one comes back exactly with Undo")
    func editDeleteUndo() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "100")
            try await browser.addEntry(stash: id, amount: "30", date: "2026-11-03", note: "First")
            let entry = try #require(try database.read { db in try LedgerEntry.fetchOne(db) })
            let entryId = try #require(entry.id)

            try await browser.get("/entries/\(entryId)/edit")
            let edited = try await browser.post(
                "/entries/\(entryId)/edit",
                [("amount", "35"), ("date", "2026-11-04"), ("note", "Changed")]
            )
            #expect(edited.status == .seeOther)
            let saved = try #require(try database.read { db in try LedgerEntry.fetchOne(db, key: entryId) })
            #expect(saved.amountCents == 3_500)
            #expect(saved.date == "2026-11-04")

            try await browser.get("/entries/\(entryId)/edit")
            let deleted = try await browser.post("/entries/\(entryId)/delete")
            #expect(deleted.status == .seeOther)
            #expect(try database.read { db in try LedgerEntry.fetchCount(db) } == 0)
            let after = try await browser.get(try #require(deleted.location))
            #expect(after.html.contains("Deleted $35.00 from"))
            #expect(after.html.contains(">Undo</button>"))

            let undo = try await browser.post("/trash/1/restore")
            #expect(undo.status == .seeOther)
            let restored = try #require(try database.read { db in try LedgerEntry.fetchOne(db, key: entryId) })
            #expect(restored == saved, "restored exactly, id included")
            #expect(try await browser.post("/trash/1/restore").status == .notFound, "undo works once")
        }
    }

    @Test("quick add offers the amounts entered most often, and an Undo for the tap")
    func quickAddAmounts() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Coffee", kind: "spend", target: "100")
            for (amount, times) in [("4.5", 3), ("3", 2), ("7", 1), ("9", 1)] {
                for _ in 0..<times { try await browser.addEntry(stash: id, amount: amount, date: "2026-11-20") }
            }
            let home = try await browser.get("/")
            let order = ["+$4.50", "+$3.00", "+$7.00"].compactMap { home.html.range(of: ">\($0)<")?.lowerBound }
            #expect(order.count == 3)
            #expect(order == order.sorted(), "most frequent first")
            #expect(!home.html.contains(">+$9.00<"), "at most three")
            #expect(
                home.html.contains("name=\"amount\" value=\"4.50\" aria-label=\"Add +$4.50 to Coffee\""),
                "each button submits its amount"
            )

            // When: a quick-add button is pressed, it sends the shared form's fields to its own stash
            #expect(
                home.html.contains(
                    "form=\"quick-add\" formaction=\"/stashes/\(id)/entries\" name=\"amount\" value=\"4.50\""
                )
            )
            let start = try #require(home.html.range(of: "<form id=\"quick-add\" method=\"post\">"))
            let end = try #require(home.html.range(of: "</form>", range: start.upperBound..<home.html.endIndex))
            let form = String(home.html[start.lowerBound..<end.upperBound])
            #expect(form.contains("name=\"date\" value=\"2026-11-22\""))
            #expect(form.contains("name=\"returnTo\" value=\"/\""))
            #expect(form.contains("name=\"_csrf\""))
            let page = try await browser.post(
                "/stashes/\(id)/entries",
                [("amount", "4.50"), ("date", "2026-11-22"), ("returnTo", "/")]
            )
            #expect(page.location == "/")
            let added = try await browser.get("/")
            #expect(added.html.contains("$40.00 spent of $100.00"))

            // And a tap made by mistake comes out again with the flash's Undo, and goes back in with the next one
            let tapped = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM ledger")
                }
            )
            #expect(added.html.contains("Spent $4.50 in “Coffee”."))
            #expect(
                added.document.contains(
                    "form",
                    attributes: ["class": "flash__action", "method": "post", "action": "/entries/\(tapped)/delete"]
                )
            )
            let undone = try await browser.post("/entries/\(tapped)/delete")
            #expect(undone.status == .seeOther)
            #expect(try database.read { db in try LedgerEntry.fetchOne(db, key: tapped) } == nil)
            let after = try await browser.get(try #require(undone.location))
            #expect(after.html.contains("Deleted $4.50 from “Coffee”."))
            #expect(after.html.contains("action=\"/trash/1/restore\""))
            #expect(try await browser.post("/trash/1/restore").status == .seeOther)
            #expect(try database.read { db in try LedgerEntry.fetchOne(db, key: tapped) }?.amountCents == 450)

            // "Add entry" opens the form, coming back to the month it was opened from
            #expect(try await browser.get("/").html.contains("href=\"/stashes/\(id)/entries/new?return=/\""))
            let october = try await browser.get("/?month=2026-10")
            #expect(october.html.contains("href=\"/stashes/\(id)/entries/new?return=/%3Fmonth%3D2026-10\""))
            let entryForm = try await browser.get("/stashes/\(id)/entries/new?return=/%3Fmonth%3D2026-10")
            #expect(entryForm.html.contains("name=\"returnTo\" value=\"/?month=2026-10\""))
        }
    }

    @Test("the calendar marks savings green, spending red, both when mixed; a day lists its entries")
    func calendarDots() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let save = try await browser.createStash(name: "Fund", target: "100")
            let spend = try await browser.createStash(name: "Dining", kind: "spend", target: "100")
            try await browser.addEntry(stash: save, amount: "5", date: "2026-11-03")
            try await browser.addEntry(stash: spend, amount: "6", date: "2026-11-05", note: "Tacos")
            try await browser.addEntry(stash: save, amount: "7", date: "2026-11-07")
            try await browser.addEntry(stash: spend, amount: "8", date: "2026-11-07")

            try await browser.get("/")
            let toggle = try await browser.post("/home/view", [("view", "calendar"), ("returnTo", "/")])
            #expect(toggle.location == "/")
            let page = try await browser.get("/")
            func cell(_ day: Int) -> String {
                guard let start = page.html.range(of: "day=2026-11-\(String(format: "%02d", day))#day\"") else {
                    return ""
                }
                let rest = page.html[start.upperBound...]
                return String(rest[..<(rest.range(of: "</a>")?.lowerBound ?? rest.endIndex)])
            }
            #expect(cell(3).contains("dot--saved") && !cell(3).contains("dot--spent"))
            #expect(cell(5).contains("dot--spent") && !cell(5).contains("dot--saved"))
            #expect(cell(7).contains("dot--saved") && cell(7).contains("dot--spent"))
            #expect(!cell(4).contains("dot--"))
            #expect(cell(7).contains("aria-label=\"Sat, Nov 7, 2026: savings and spending\""))
            // A day opens at its drawer, so a phone shows it in view (`cell` finds each day's link by its "#day")

            let day = try await browser.get("/?day=2026-11-05")
            #expect(day.html.contains("<section class=\"drawer card\" id=\"day\""))
            #expect(day.html.contains("Thu, Nov 5, 2026"))
            #expect(day.html.contains("−$6.00"))
            #expect(day.html.contains("Tacos"))
            #expect(day.html.contains("Dining"))
            #expect(try await browser.get("/").html.contains("calendar__grid"), "the calendar view is remembered")
        }
    }

    @Test("a second user never sees or changes the first user's stashes, entries or badges")
    func isolation() async throws {
        try await TestApp.run { first, database in
            try await first.signUp(email: "alex@example.com")
            let id = try await first.createStash(name: "Alex's secret fund", target: "10")
            try await first.addEntry(stash: id, amount: "10", date: "2026-11-02")
            try await first.get("/entries/1/edit")
            try await first.post("/entries/1/delete")
            try await first.post("/trash/1/restore")
            let second = Browser(client: first.client)
            try await second.signUp(name: "Sam", email: "sam@example.com")

            for path in [
                "/stashes/\(id)", "/stashes/\(id)/edit", "/stashes/\(id)/delete", "/stashes/\(id)/entries/new",
                "/entries/1/edit", "/badges/1",
            ] {
                #expect(try await second.get(path).status == .notFound, "\(path)")
            }
            try await second.get("/profile")
            for path in [
                "/stashes/\(id)/edit", "/stashes/\(id)/delete", "/stashes/\(id)/entries", "/entries/1/edit",
                "/entries/1/delete", "/trash/1/restore", "/badges/1/claim",
            ] {
                let page = try await second.post(
                    path,
                    [
                        ("name", "Mine"), ("kind", "save"), ("target", "1"), ("amount", "1"),
                        ("date", "2026-11-02"),
                    ]
                )
                #expect(page.status == .notFound, "\(path)")
            }
            let home = try await second.get("/")
            #expect(!home.html.contains("secret fund"))
            #expect(!(try await second.get("/badges?tab=all")).html.contains("secret fund"))
            let (name, entries, earned, claimed) = try database.read { db in
                (
                    try Stash.fetchOne(db, key: id)?.name, try LedgerEntry.fetchCount(db),
                    try Badge.filter(Column("earned") == true).fetchCount(db), try Badge.fetchOne(db)?.claimedAt
                )
            }
            #expect(name == "Alex's secret fund")
            #expect(entries == 1)
            #expect(earned == 1)
            #expect(claimed == nil)
        }
    }
}

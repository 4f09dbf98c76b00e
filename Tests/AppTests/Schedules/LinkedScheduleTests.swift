import Foundation
import GRDB
import Testing

@testable import App

@Suite("Subscriptions and income sources repeat as schedules")
struct LinkedScheduleTests {
    static let email = "ann@example.com"

    static func schedule(_ database: AppDatabase, named name: String) throws -> Schedule? {
        try database.read { db in try Schedule.filter(Column("name") == name).fetchOne(db) }
    }

    @Test(
        "a subscription keeps its schedule: the switch posts the charge on renewal, its form edits it, and it goes with it"
    )
    func subscription() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/wallet/subscriptions/new?custom=1")
            // Renews today (Sunday 22 Nov) and posts its charge: the charge is in the ledger at once
            let fields: [(String, String)] = [
                ("name", "Netflix"), ("amount", "15.99"), ("frequency", "monthly"), ("renewsOn", "2026-11-22"),
                ("cardId", ""), ("category", "Streaming"),
            ]
            let added = try await browser.post("/wallet/subscriptions", fields + [("posts", "yes")])
            #expect(added.status == .seeOther)
            let schedule = try #require(try Self.schedule(database, named: "Netflix"))
            #expect(schedule.rule == "FREQ=MONTHLY;BYMONTHDAY=22")
            #expect(schedule.posting == .auto && schedule.kind == .expense && schedule.amountCents == 1_599)
            #expect(schedule.nextOn == "2026-12-22")
            let subscriptions = try await database.categoryId("Subscriptions", kind: .wants, email: Self.email)
            #expect(schedule.categoryId == subscriptions)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.date) == ["2026-11-22"] && rows.map(\.amountCents) == [1_599])
            let subscriptionId = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM subscription") }
            )
            let form = try await browser.get("/wallet/subscriptions/\(subscriptionId)/edit")
            #expect(form.html.contains("name=\"posts\" type=\"checkbox\" value=\"yes\" checked"))

            // The schedules page lists it as kept by the subscription, and sends its form there
            let list = try await browser.get("/schedules").html
            #expect(list.contains("Kept by its subscription in Wallet"))
            #expect(list.contains("href=\"/wallet/subscriptions/\(subscriptionId)/edit\""))
            #expect(!list.contains("href=\"/schedules/\(try #require(schedule.id))/delete\""))
            let redirected = try await browser.get("/schedules/\(try #require(schedule.id))/edit")
            #expect(redirected.location == "/wallet/subscriptions/\(subscriptionId)/edit")

            // Off, yearly from 5 Jan: only expected, the same schedule changed
            let edited = try await browser.post(
                "/wallet/subscriptions/\(subscriptionId)/edit",
                [
                    ("name", "Netflix"), ("amount", "120"), ("frequency", "yearly"), ("renewsOn", "2027-01-05"),
                    ("cardId", ""), ("category", "Streaming"),
                ]
            )
            #expect(edited.status == .seeOther)
            let changed = try #require(try Self.schedule(database, named: "Netflix"))
            #expect(changed.id == schedule.id)
            #expect(changed.rule == "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=5" && changed.posting == .expect)
            #expect(changed.amountCents == 12_000 && changed.nextOn == "2027-01-05")

            // Deleted: its schedule goes with it; the charge it posted stays
            try await browser.post("/wallet/subscriptions/\(subscriptionId)/delete")
            #expect(try Self.schedule(database, named: "Netflix") == nil)
            #expect(try await database.ledgerRows(email: Self.email).count == 1)
        }
    }

    @Test("an income source has pay days: they set safe to spend's horizon, and the switch records the income")
    func incomeSource() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let blank = try await browser.get("/budget/income/new")
            #expect(blank.fieldValue("paidOn") == "2026-12-01")
            let bad = try await browser.post(
                "/budget/income",
                [("name", "Salary"), ("amount", "2,000"), ("frequency", "biweekly"), ("paidOn", "someday")]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.html.contains("id=\"field-paidOn-error\">"))
            #expect(bad.fieldValue("amount") == "2,000")
            #expect(try database.read { db in try Schedule.fetchCount(db) } == 0)

            let saved = try await browser.post(
                "/budget/income",
                [("name", "Salary"), ("amount", "2,000"), ("frequency", "biweekly"), ("paidOn", "2026-11-27")]
            )
            #expect(saved.status == .seeOther)
            let salary = try #require(try Self.schedule(database, named: "Salary"))
            #expect(salary.rule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
            #expect(salary.kind == .income && salary.posting == .expect && salary.nextOn == "2026-11-27")
            #expect(try await browser.get("/budget/income").html.contains("Next pay day: Nov 27, 2026"))
            #expect(try await browser.get("/budget/safe-to-spend").html.contains("Until Salary on Nov 27."))
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // A save stash can take a fixed amount on each pay day: the form comes filled in with the pay days
            let holiday = try await browser.createStash(name: "Holiday", kind: "save", target: "300")
            let stashPage = try await browser.get("/stashes/\(holiday)").html
            let link = try #require(
                stashPage.range(of: "href=\"/schedules/new?").map { range in
                    String(stashPage[range.upperBound...].prefix { $0 != "\"" })
                }
            )
            #expect(stashPage.contains("Save into it on each pay day"))
            let prefilled = try await browser.get("/schedules/new?" + link.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(prefilled.fieldValue("starts") == "2026-11-27")
            #expect(prefilled.fieldValue("interval") == "2")
            #expect(prefilled.html.contains("value=\"WEEKLY\" checked"))
            let contribution = try await browser.post(
                "/schedules",
                ScheduleTests.form(
                    target: 0,
                    [
                        "name": "Holiday", "target": "stash-\(holiday)", "amount": "100", "frequency": "WEEKLY",
                        "interval": "2", "starts": "2026-11-27",
                    ]
                ) + [("weekdays[]", "5")]
            )
            #expect(contribution.status == .seeOther)
            let saving = try #require(try Self.schedule(database, named: "Holiday"))
            #expect(saving.rule == salary.rule && saving.kind == .saving && saving.stashId == holiday)

            // Recorded by itself from a pay day that is today
            try await browser.post(
                "/budget/income",
                [
                    ("name", "Tips"), ("amount", "50"), ("frequency", "monthly"), ("paidOn", "2026-11-22"),
                    ("posts", "yes"),
                ]
            )
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.kind) == [.income] && rows.map(\.amountCents) == [5_000])
            let tips = try #require(
                try database.read { db in
                    try IncomeSource.fetchOne(db, sql: "SELECT * FROM incomeSource WHERE name = 'Tips'")
                }
            )
            try await browser.get("/budget/income/\(try #require(tips.id))/delete")
            try await browser.post("/budget/income/\(try #require(tips.id))/delete")
            #expect(try Self.schedule(database, named: "Tips") == nil)
            #expect(try await database.ledgerRows(email: Self.email).count == 1)
        }
    }

    @Test(
        "a schedule can keep to an income's pay days: it moves when they do, a foreign choice is refused, and it keeps the last ones when they end"
    )
    func keepsToPaydays() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/budget/income/new")
            let income: [(String, String)] = [("name", "Salary"), ("amount", "2,000"), ("frequency", "biweekly")]
            try await browser.post("/budget/income", income + [("paidOn", "2026-11-27")])
            let source = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM incomeSource WHERE name = 'Salary'")
                }
            )
            let holiday = try await browser.createStash(name: "Holiday", kind: "save", target: "300")
            let stashPage = try await browser.get("/stashes/\(holiday)").html
            #expect(stashPage.contains("payday=\(source)"))
            let prefilled = try await browser.get(
                "/schedules/new?name=Holiday&target=stash-\(holiday)&payday=\(source)&starts=2026-11-27"
            )
            #expect(prefilled.fieldValue("payday") == String(source))
            #expect(prefilled.html.contains("The pay days of “Salary”"))

            // A choice that isn't one of the member's pay days is refused, keeping what was typed
            let fields = ScheduleTests.form(
                target: 0,
                ["name": "Holiday", "target": "stash-\(holiday)", "amount": "100", "starts": "2026-11-23"]
            )
            let refused = try await browser.post("/schedules", fields + [("payday", "999")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.fieldError("payday") == "Choose one of your income sources with pay days.")
            #expect(refused.fieldValue("amount") == "100")
            #expect(try Self.schedule(database, named: "Holiday") == nil)

            // Kept to the pay days: their rule (not the monthly one typed), from the first pay day on or after the 23rd
            let saved = try await browser.post("/schedules", fields + [("payday", String(source))])
            #expect(saved.status == .seeOther)
            var holidaySchedule = try #require(try Self.schedule(database, named: "Holiday"))
            #expect(holidaySchedule.rule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
            #expect(holidaySchedule.startsOn == "2026-11-27" && holidaySchedule.nextOn == "2026-11-27")
            #expect(holidaySchedule.paydayOf == source)
            #expect(try await browser.get("/schedules").html.contains("on the pay days of “Salary”"))

            // Pay days a week later with the same rule: the contribution moves with them
            try await browser.post("/budget/income/\(source)/edit", income + [("paidOn", "2026-12-04")])
            holidaySchedule = try #require(try Self.schedule(database, named: "Holiday"))
            #expect(holidaySchedule.nextOn == "2026-12-04")
            // Monthly on the 15th
            try await browser.post(
                "/budget/income/\(source)/edit",
                [("name", "Salary"), ("amount", "2,000"), ("frequency", "monthly"), ("paidOn", "2026-12-15")]
            )
            holidaySchedule = try #require(try Self.schedule(database, named: "Holiday"))
            #expect(holidaySchedule.rule == "FREQ=MONTHLY;BYMONTHDAY=15")
            #expect(holidaySchedule.nextOn == "2026-12-15")
            #expect(
                try await browser.get("/schedules/\(try #require(holidaySchedule.id))/edit").fieldValue("payday")
                    == String(source)
            )

            // No pay days any more: it keeps the last ones and no longer follows
            try await browser.post(
                "/budget/income/\(source)/edit",
                [("name", "Salary"), ("amount", "2,000"), ("frequency", "monthly"), ("paidOn", "")]
            )
            holidaySchedule = try #require(try Self.schedule(database, named: "Holiday"))
            #expect(holidaySchedule.rule == "FREQ=MONTHLY;BYMONTHDAY=15" && holidaySchedule.paydayOf == nil)
        }
    }
}

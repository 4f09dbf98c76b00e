import Foundation
import Testing

@testable import App

/// A day's list on Home's calendar and in Statistics' daily view shows the day's newest entries and links to the
/// rest, so a day with hundreds of entries costs a page no more than a quiet one.
@Suite("Busy days")
struct BusyDayTests {
    static let shown = DayList.shown

    @Test("Home's day drawer lists the newest entries of a busy day and links to all of them")
    func homeDrawer() async throws {
        try await TestApp.run { browser, database in
            // Given: more entries on 5 November than a day's list shows, and one each on the days around it
            try await browser.signUp(email: "busy@example.com")
            let save = try await browser.createStash(name: "Fund", target: "100")
            let spend = try await browser.createStash(name: "Dining", kind: "spend", target: "500")
            let count = Self.shown + 3
            for index in 1...count {
                try await browser.addEntry(
                    stash: index.isMultiple(of: 2) ? spend : save,
                    amount: "\(index)",
                    date: "2026-11-05",
                    note: "entry \(index)."
                )
            }
            try await browser.addEntry(stash: save, amount: "0.50", date: "2026-11-04", note: "the day before.")
            try await browser.addEntry(stash: save, amount: "0.75", date: "2026-11-06", note: "the day after.")

            // When
            let page = try await browser.get("/?day=2026-11-05")

            // Then: the newest are listed, the oldest are not, and the link counts every entry of the day
            #expect(page.status == .ok)
            #expect(page.html.components(separatedBy: "class=\"entry-list__item\"").count - 1 == Self.shown)
            #expect(page.html.contains("entry \(count)."))
            #expect(page.html.contains("entry \(count - Self.shown + 1)."))
            #expect(!page.html.contains("entry \(count - Self.shown)."))
            #expect(!page.html.contains("the day before."))
            let link = "/transactions?month=2026-11&amp;before=2026-11-06,0"
            #expect(
                page.document.contains(
                    "a",
                    attributes: ["href": link.replacingOccurrences(of: "&amp;", with: "&")],
                    text: "See all \(count) entries of this day in Transactions"
                )
            )
            let stored = try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE date = '2026-11-05'")
            }
            #expect(stored == count)

            // And the link opens the list at that day's newest entry, the days after it left out
            let list = try await browser.get(link.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(list.status == .ok)
            #expect(list.html.contains("entry \(count)."))
            #expect(list.html.contains("entry 1."))
            #expect(!list.html.contains("the day after."))

            // And a quiet day has no link
            let quiet = try await browser.get("/?day=2026-11-04")
            #expect(quiet.html.contains("the day before."))
            #expect(!quiet.html.contains("See all"))
        }
    }

    @Test("Statistics' daily view lists the newest entries of a busy day and links to all of them of its kind")
    func statisticsDaily() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "busy@example.com")
            let save = try await browser.createStash(name: "Fund", target: "100")
            let spend = try await browser.createStash(name: "Dining", kind: "spend", target: "500")
            let count = Self.shown + 2
            for index in 1...count {
                try await browser.addEntry(stash: save, amount: "\(index)", date: "2026-11-05", note: "saved \(index).")
            }
            try await browser.addEntry(stash: spend, amount: "3", date: "2026-11-05", note: "spent once.")

            let all = try await browser.get("/statistics?view=daily&period=2026-11-05")
            #expect(all.status == .ok)
            #expect(all.html.components(separatedBy: "stats-entry\"").count - 1 == Self.shown)
            #expect(all.html.contains("spent once."))
            #expect(!all.html.contains("saved 3."))
            #expect(all.html.contains("See all \(count + 1) entries of this day in Transactions"))

            let saving = try await browser.get("/statistics?view=daily&period=2026-11-05&filter=saving")
            #expect(!saving.html.contains("spent once."))
            #expect(saving.html.contains("saved \(count)."))
            #expect(
                saving.html.contains(
                    "<a href=\"/transactions?kind=saving&amp;month=2026-11&amp;before=2026-11-06,0\">See all \(count) entries of this day"
                )
            )

            let spending = try await browser.get("/statistics?view=daily&period=2026-11-05&filter=spending")
            #expect(spending.html.contains("spent once."))
            #expect(!spending.html.contains("See all"))
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Badges, points and ranks")
struct BadgesTests {
    @Test("a savings transaction that completes a stash celebrates on the Budget page it leads to")
    func budgetSavingCelebrates() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "100", reward: "Cinema night")
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: "alex@example.com")

            // When
            let saved = try await browser.addTransaction(
                amount: "100",
                kind: "savings",
                category: vacation,
                date: "2026-11-05",
                stash: String(id)
            )

            // Then
            #expect(saved.status == .seeOther)
            let location = try #require(saved.location)
            #expect(location.hasPrefix("/budget"))
            let next = try await browser.get(location)
            #expect(next.html.contains("Badge earned!"))
            #expect(next.html.contains("Cinema night"))
            #expect(try database.for(userId: 1).points() == 10)
            #expect(!(try await browser.get(location)).html.contains("Badge earned!"), "the dialog shows once")
            // The notification list keeps it, once
            let list = try await browser.get("/notifications").html
            #expect(list.contains("Badge earned: Fund"))
            #expect(list.contains("November 2026 · +10 points"))
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM notification WHERE kind = 'badge'")
                } == 1
            )
        }
    }

    @Test("a save stash completes the moment it reaches exactly 100 %, and the next page celebrates")
    func saveCompletesAtTarget() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "100", reward: "Cinema night")
            try await browser.addEntry(stash: id, amount: "60", date: "2026-11-02")
            let almost = try await browser.addEntry(stash: id, amount: "39.99", date: "2026-11-03")
            #expect(!(try await browser.get(try #require(almost.location))).html.contains("Badge earned!"))
            #expect(try database.for(userId: 1).points() == 0, "99.99 % is not complete")

            // When
            let page = try await browser.addEntry(stash: id, amount: "0.01", date: "2026-11-04")

            // Then
            let next = try await browser.get(try #require(page.location))
            #expect(next.html.contains("Badge earned!"))
            #expect(next.html.contains("Cinema night"))
            #expect(next.html.contains("+10 points"))
            let badge = try #require(try database.read { db in try Badge.fetchOne(db) })
            #expect(badge.month == "2026-11")
            #expect(badge.completedOn == "2026-11-04")
            #expect(badge.earned)
            #expect(try database.for(userId: 1).points() == 10)
            #expect(!(try await browser.get("/")).html.contains("Badge earned!"), "the dialog shows once")
            let completed = try await browser.get("/badges?tab=completed")
            #expect(completed.html.contains("Fund"))
        }
    }

    @Test("the Badge earned dialog comes open without JavaScript, and its script opens it as a modal")
    func celebrationDialog() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "10")

            // When
            let added = try await browser.addEntry(stash: id, amount: "10", date: "2026-11-04")
            let page = try await browser.get(try #require(added.location))
            let script = try await browser.get("/js/celebration.js")

            // Then: open as the page comes (a non-modal dialog "Nice!" closes with no script), and the script
            // reopens it with showModal(), which keeps focus inside, closes on Escape, and gives focus back
            let document = page.document
            #expect(
                document.contains(
                    "dialog",
                    attributes: ["class": "celebration", "open": "", "aria-labelledby": "celebration-title"]
                )
            )
            #expect(!document.all("form[method=dialog]").isEmpty)
            #expect(document.contains("script", attributes: ["src": "/js/celebration.js", "defer": ""], text: ""))
            #expect(script.status == .ok)
            #expect(
                script.headers[.contentType]?.hasPrefix("text/javascript") == true
                    || script.headers[.contentType]?.hasPrefix("application/javascript") == true
            )
            #expect(script.html.contains("dialog.close();\n  dialog.showModal();"))
            #expect(script.html.contains("back.focus()"))
            #expect(!(try await browser.get("/")).html.contains("celebration.js"), "only pages with the dialog load it")
        }
    }

    @Test("a spend stash is awarded when its month closes at or under the allowance; over budget is not")
    func spendCompletesAtMonthClose() async throws {
        let clock = TestClock(TestClock.date("2026-10-20T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let dining = try await browser.createStash(name: "Dining", kind: "spend", target: "100")
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "20")
            let unused = try await browser.createStash(name: "Unused", kind: "spend", target: "20")
            try await browser.addEntry(stash: dining, amount: "100", date: "2026-10-05")
            try await browser.addEntry(stash: coffee, amount: "20.01", date: "2026-10-06")
            #expect(try database.for(userId: 1).points() == 0, "not before the month has ended")

            // When: the first page of November
            clock.advance(by: 12 * 24 * 3600)
            let home = try await browser.get("/")

            // Then
            #expect(home.status == .ok)
            let badges = try database.read { db in try Badge.filter(Column("earned") == true).fetchAll(db) }
            #expect(badges.map(\.stashId) == [dining], "at the allowance counts; over it and no entries don't")
            #expect(badges.first?.completedOn == "2026-10-31")
            #expect(badges.first?.month == "2026-10")
            _ = unused
            let october = try await browser.get("/stashes/\(coffee)?month=2026-10")
            #expect(october.html.contains("Over budget"))
        }
    }

    @Test("December closes into January")
    func decemberIntoJanuary() async throws {
        let clock = TestClock(TestClock.date("2026-12-31T20:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Gifts", kind: "spend", target: "300")
            try await browser.addEntry(stash: id, amount: "250", date: "2026-12-24")
            clock.advance(by: 6 * 3600)
            try await browser.get("/badges")
            let badge = try #require(try database.read { db in try Badge.fetchOne(db) })
            #expect(badge.month == "2026-12")
            #expect(badge.earned)
            let page = try await browser.get("/badges?tab=all")
            #expect(page.html.contains("December 2026"))
        }
    }

    @Test("a delete that undoes a completion takes the badge away; undo gives it back as it was")
    func revokeAndRestore() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "50")
            try await browser.addEntry(stash: id, amount: "30", date: "2026-11-01")
            try await browser.addEntry(stash: id, amount: "20", date: "2026-11-02")
            let badgeId = try #require(try database.read { db in try Badge.fetchOne(db)?.id })
            try await browser.get("/badges/\(badgeId)")
            #expect(try await browser.post("/badges/\(badgeId)/claim", [("claimed", "1")]).status == .seeOther)
            #expect(try await browser.get("/badges/\(badgeId)").html.contains("Mark as not claimed"))

            // When: the entry that completed it is deleted
            try await browser.get("/entries/2/edit")
            let deleted = try await browser.post("/entries/2/delete")

            // Then
            let flashPage = try await browser.get(try #require(deleted.location))
            #expect(flashPage.html.contains("action=\"/trash/1/restore\""))
            #expect(try database.for(userId: 1).points() == 0)
            #expect(try await browser.get("/badges/\(badgeId)").status == .notFound)
            #expect(!(try await browser.get("/badges?tab=all")).html.contains("Fund"))

            // When: undone
            let restored = try await browser.post("/trash/1/restore")
            #expect(restored.status == .seeOther, "\(restored.html)")

            // Then
            #expect(try database.for(userId: 1).points() == 10)
            let badge = try #require(try database.read { db in try Badge.fetchOne(db, key: badgeId) })
            #expect(badge.earned)
            #expect(badge.claimedAt != nil, "the claimed reward stays claimed")
            #expect((try await browser.get(try #require(restored.location))).html.contains("Badge earned!"))
        }
    }

    @Test("an edit that lowers an entry below the target revokes; raising it restores")
    func editRevokes() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "50")
            try await browser.addEntry(stash: id, amount: "50", date: "2026-11-01")
            #expect(try database.for(userId: 1).points() == 10)
            try await browser.get("/entries/1/edit")
            try await browser.post("/entries/1/edit", [("amount", "49"), ("date", "2026-11-01"), ("note", "")])
            #expect(try database.for(userId: 1).points() == 0)
            try await browser.get("/entries/1/edit")
            try await browser.post("/entries/1/edit", [("amount", "49"), ("date", "2026-10-31"), ("note", "moved")])
            let months = try database.read { db in
                try String.fetchAll(db, sql: "SELECT DISTINCT month FROM categoryMonth WHERE stashId != 0")
            }
            #expect(months == ["2026-10"], "moving an entry moves its total")
            try await browser.get("/entries/1/edit")
            try await browser.post("/entries/1/edit", [("amount", "51"), ("date", "2026-11-01"), ("note", "")])
            #expect(try database.for(userId: 1).points() == 10)
        }
    }

    @Test("a badge tells how it was completed: the amount against that month's target and the month's entries")
    func badgeDetailResult() async throws {
        let clock = TestClock(TestClock.date("2026-10-20T12:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: a save stash over its target in four entries, a spend stash under its allowance in three
            try await browser.signUp(email: "alex@example.com")
            let fund = try await browser.createStash(name: "Fund", target: "200")
            for (amount, day) in [("50", "01"), ("60", "02"), ("40", "03"), ("60", "04")] {
                try await browser.addEntry(stash: fund, amount: amount, date: "2026-10-\(day)")
            }
            let dining = try await browser.createStash(name: "Dining", kind: "spend", target: "200")
            for (amount, day) in [("100", "05"), ("50", "06"), ("30", "07")] {
                try await browser.addEntry(stash: dining, amount: amount, date: "2026-10-\(day)")
            }
            clock.advance(by: 12 * 24 * 3600)
            try await browser.get("/badges")
            // November's targets change; October's badges keep October's
            for stash in [fund, dining] {
                let edit = try await browser.get("/stashes/\(stash)/edit")
                try await browser.post(
                    "/stashes/\(stash)/edit",
                    [
                        ("name", stash == fund ? "Fund" : "Dining"), ("kind", stash == fund ? "save" : "spend"),
                        ("target", "900"),
                        ("goal", ""), ("reward", ""), ("category", edit.fieldValue("category") ?? ""),
                        ("newCategory", ""),
                        ("reminder", "off"),
                    ]
                )
            }
            let badges = try database.read { db in
                try Badge.filter(Column("earned") == true).order(Column("stashId")).fetchAll(db)
            }
            #expect(badges.map(\.stashId) == [fund, dining])

            // When
            let saved = try await browser.get("/badges/\(try #require(badges[0].id))")
            let spent = try await browser.get("/badges/\(try #require(badges[1].id))")

            // Then
            #expect(Self.terms(saved)["Result"] == "Saved $210.00 of $200.00 · 4 entries")
            #expect(Self.terms(spent)["Result"] == "Spent $180.00 of a $200.00 allowance · 3 entries")
        }
    }

    @Test("the rank card shows tier, level and points to the next level")
    func rankCard() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            let page = try await browser.get("/badges")
            #expect(page.html.contains("Level 1 · Bronze Saver"))
            #expect(page.html.contains("10 points (1 badge) to Level 2 · Bronze Saver"))
        }
    }

    @Test("the rank card names the points and badges a member must really earn, from Silver on too")
    func rankCardInSilver() async throws {
        try await TestApp.run { browser, database in
            // Given: six badges, 60 points, the first Silver total
            try await browser.signUp(email: "alex@example.com")
            for index in 1...6 {
                let id = try await browser.createStash(name: "Fund \(index)", target: "10")
                try await browser.addEntry(stash: id, amount: "10", date: "2026-11-0\(index)")
            }
            #expect(try database.for(userId: 1).points() == 60)

            // When
            let page = try await browser.get("/badges")

            // Then
            #expect(page.html.contains("Level 1 · Silver Saver"))
            #expect(page.html.contains("20 points (2 badges) to Level 2 · Silver Saver"))
        }
    }

    @Test(
        "points and tier boundaries: every level starts at a total badges reach",
        arguments: [
            (0, "Bronze", 1, 10), (10, "Bronze", 2, 10), (40, "Bronze", 5, 10), (50, "Bronze", 6, 10),
            (60, "Silver", 1, 20), (70, "Silver", 1, 10), (80, "Silver", 2, 20), (140, "Silver", 5, 20),
            (150, "Silver", 5, 10),
            (160, "Gold", 1, 50), (200, "Gold", 1, 10), (210, "Gold", 2, 50), (400, "Gold", 5, 10),
        ] as [(Int, String, Int, Int)]
    )
    func rankBoundaries(points: Int, tier: String, level: Int, toNext: Int) {
        let rank = Rank(points: points)
        #expect(rank.tier.rawValue == tier)
        #expect(rank.level == level)
        #expect(rank.pointsToNextLevel == toNext)
        #expect(rank.pointsToNextLevel % Rank.pointsPerBadge == 0, "a whole number of badges")
        #expect((0...100).contains(rank.levelPercent))
        #expect(
            Rank(points: rank.nextLevelAt).level != level || Rank(points: rank.nextLevelAt).tier != rank.tier,
            "the next level really is one"
        )
    }

    @Test("the tiers keep their ranges, and the next level's wording counts badges")
    func rankWording() {
        #expect(Rank(points: 50).nextText(TestApp.words(.en)) == "10 points (1 badge) to Level 1 · Silver Saver")
        #expect(Rank(points: 60).nextText(TestApp.words(.en)) == "20 points (2 badges) to Level 2 · Silver Saver")
        #expect(Rank(points: 140).nextText(TestApp.words(.en)) == "20 points (2 badges) to Level 1 · Gold Saver")
        #expect(Rank(points: 160).nextText(TestApp.words(.en)) == "50 points (5 badges) to Level 2 · Gold Saver")
        #expect(Rank(points: 51).tier == .silver, "51 is Silver, as the tiers are defined")
        #expect(Rank(points: 55).level == 1)
        #expect(Rank(points: 151).tier == .gold)
        #expect(Rank(points: 155).pointsToNextLevel == 55)
    }

    @Test("demo data keeps totals and badges in step with the entries")
    func demoData() async throws {
        let database = try AppDatabase.inMemory()
        let now = TestClock.date("2026-11-22T10:00:00Z")
        let summary = try await DemoData.fill(
            database: database,
            email: "demo@example.com",
            passwordHash: { "x" },
            years: 2,
            entries: 3_000,
            now: now
        )
        #expect(summary.createdUser)
        #expect(summary.stashes == 8)
        let (count, mismatches, latest) = try database.read { db in
            (
                try LedgerEntry.fetchCount(db),
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM (SELECT stashId, month, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth WHERE stashId != 0 GROUP BY stashId, month) m WHERE m.totalCents != (SELECT SUM(amountCents) FROM ledger l
                        WHERE l.stashId = m.stashId AND substr(l.date, 1, 7) = m.month)
                        """
                ),
                try String.fetchOne(db, sql: "SELECT MAX(date) FROM ledger")
            )
        }
        #expect(count == 3_000)
        #expect(mismatches == 0)
        #expect((latest ?? "") <= "2026-11-22")
        #expect(summary.badges > 0)
        #expect(try database.for(userId: 1).points() == summary.badges * 10)

        // It reads like a household: save stashes complete most months, no account is deeply in the red, and every
        // stash entry is filed under a budget category of its stash's kind
        let (saveCompletion, lowestBalance, cardBalance, misfiled) = try database.read { db in
            (
                try Double.fetchOne(
                    db,
                    sql: """
                        SELECT MIN(1.0 * (SELECT COUNT(*) FROM badge b WHERE b.stashId = s.id AND b.earned)
                               / (SELECT COUNT(DISTINCT month) FROM categoryMonth m WHERE m.stashId = s.id))
                        FROM stash s WHERE s.kind = 'save'
                        """
                ) ?? 0,
                try Int64.fetchOne(
                    db,
                    sql: "SELECT MIN(openingBalanceCents + ledgerTotalCents) FROM account WHERE kind != 'credit-card'"
                ),
                try Int64.fetchOne(
                    db,
                    sql: "SELECT openingBalanceCents + ledgerTotalCents FROM account WHERE kind = 'credit-card'"
                ),
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM ledger JOIN stash ON stash.id = ledger.stashId LEFT JOIN category ON category.id = ledger.categoryId
                        WHERE category.id IS NULL OR category.kind NOT IN (CASE stash.kind WHEN 'save' THEN 'savings' ELSE 'needs' END,
                                                                           CASE stash.kind WHEN 'save' THEN 'savings' ELSE 'wants' END)
                        """
                )
            )
        }
        #expect(saveCompletion >= 0.5, "each save stash completes at least half the months it has entries in")
        #expect((lowestBalance ?? -1) >= 0)
        #expect((cardBalance ?? .min) >= -200_000)
        #expect(misfiled == 0)
    }

    /// The page's terms and their descriptions, each a `<div>` (with no attributes) of one `<dt>` and one `<dd>`.
    static func terms(_ page: Page) -> [String: String] {
        var terms: [String: String] = [:]
        for div in page.document.all("div") where div.attributes.isEmpty && div.children.count == 2 {
            guard let term = div.first("dt"), term.isFirstChild, term.children.count <= 1,
                let description = term.next, description.name == "dd", description.descendants.isEmpty
            else { continue }
            terms[term.rawText] = description.rawText
        }
        return terms
    }
}

@Suite("Calendar dates")
struct CalendarDayTests {
    @Test("parses real dates only, leap days included")
    func parsing() {
        #expect(CalendarDay("2028-02-29") != nil)
        #expect(CalendarDay("2027-02-29") == nil)
        #expect(CalendarDay("2026-04-31") == nil)
        #expect(CalendarDay("2026-1-5") == nil)
        #expect(CalendarDay("20261105") == nil)
        #expect(Month("2026-13") == nil)
    }

    @Test("weekdays, day arithmetic and month steps")
    func arithmetic() throws {
        let day = try #require(CalendarDay("2026-11-22"))
        #expect(day.weekday == 7, "a Sunday")
        #expect(try #require(CalendarDay("2026-11-30")).adding(days: 1).description == "2026-12-01")
        #expect(try #require(CalendarDay("2026-12-31")).adding(days: 1).description == "2027-01-01")
        #expect(try #require(CalendarDay("2028-02-28")).adding(days: 1).description == "2028-02-29")
        #expect(try #require(CalendarDay("2026-03-01")).adding(days: -1).description == "2026-02-28")
        #expect(day.adding(days: -60).description == "2026-09-23")
        #expect(Month(year: 2026, month: 12).next.description == "2027-01")
        #expect(Month(year: 2027, month: 1).previous.description == "2026-12")
        #expect(Month(year: 2028, month: 2).dayCount == 29)
    }

    @Test("today follows the user's time zone")
    func today() {
        let instant = TestClock.date("2026-11-30T23:30:00Z")
        #expect(CalendarDay.today(in: TimeZone(identifier: "UTC")!, now: instant).description == "2026-11-30")
        #expect(CalendarDay.today(in: TimeZone(identifier: "Asia/Tokyo")!, now: instant).description == "2026-12-01")
        #expect(
            CalendarDay.today(in: TimeZone(identifier: "America/Los_Angeles")!, now: instant).description
                == "2026-11-30"
        )
    }
}

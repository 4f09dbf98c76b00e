import Foundation
import GRDB
import Testing

@testable import App

/// A stash belongs to one budget category of its kind, and its entries are filed under it: every chart and report
/// groups by one system.
@Suite("Stash categories")
struct StashCategoryTests {
    static let email = "alex@example.com"

    @Test("the stash form offers budget categories of the stash's kinds and refuses one of another kind")
    func form() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)

            // The form groups them
            let form = try await browser.get("/stashes/new")
            let page = form.document
            #expect(page.contains("optgroup", attributes: ["label": "Savings · for a Save stash"]))
            #expect(page.contains("optgroup", attributes: ["label": "Needs · for a Spend stash"]))
            #expect(page.contains("option", attributes: ["value": "\(groceries)"], text: "Groceries"))

            // When: a Save stash in a Needs category
            let refused = try await browser.post(
                "/stashes",
                [
                    ("name", "Beach"), ("kind", "save"), ("target", "100"), ("goal", ""), ("reward", ""),
                    ("category", String(groceries)), ("newCategory", ""), ("reminder", "off"),
                ]
            )

            // Then: the field says why, and what was typed stays
            #expect(refused.status == .unprocessableContent)
            #expect(refused.fieldError("category")?.contains("A Save stash belongs to a Savings category") == true)
            #expect(refused.fieldValue("name") == "Beach")
            #expect(
                refused.document.contains(
                    "option",
                    attributes: ["value": "\(groceries)", "selected": ""],
                    text: "Groceries"
                )
            )
            #expect(try database.read { db in try Stash.fetchCount(db) } == 0)

            // And one of its kind saves, with the stash in it
            let saved = try await browser.post(
                "/stashes",
                [
                    ("name", "Beach"), ("kind", "save"), ("target", "100"), ("goal", ""), ("reward", ""),
                    ("category", String(vacation)), ("newCategory", ""), ("reminder", "off"),
                ]
            )
            #expect(saved.status == .seeOther)
            let stash = try #require(try database.read { db in try Stash.fetchOne(db) })
            #expect(stash.categoryId == vacation)
            // Someone else's category id is refused like a made-up one
            let stranger = try await browser.post(
                "/stashes",
                [
                    ("name", "Other beach"), ("kind", "save"), ("target", "100"), ("category", "999999"),
                    ("reminder", "off"),
                ]
            )
            #expect(stranger.status == .unprocessableContent)
            #expect(stranger.fieldError("category") == "Choose one of your categories.")
        }
    }

    @Test(
        "a stash's entries are filed under its category, follow it when it moves, and show there in Budget and Statistics"
    )
    func entriesFollowTheStash() async throws {
        try await TestApp.run { browser, database in
            // Given: a Spend stash in Groceries (Needs) with an entry
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            let market = try await browser.createStash(
                name: "Market",
                kind: "spend",
                target: "300",
                category: "groceries"
            )
            try await browser.addEntry(stash: market, amount: "42", date: "2026-11-20")

            // Then: the entry is a Groceries row, counted in Needs and in Statistics under Groceries alone
            #expect(try await database.ledgerRows(email: Self.email).map(\.categoryId) == [groceries])
            let needs = StatisticsTests.text(try await browser.get("/budget/needs").html)
            #expect(needs.contains("$42.00 spent"))
            #expect(needs.contains("Groceries 1 transaction $42.00"))
            let monthly = try await browser.get("/statistics?view=monthly&period=2026-11")
            #expect(StatisticsTests.text(monthly.html).contains("Groceries $42.00 100%"))
            let csv = ExportTests.parseCSV(
                try await browser.get("/statistics/export.csv?view=monthly&period=2026-11").html
            )
            #expect(csv.dropFirst().map { $0[4] } == ["Groceries"])

            // When: the stash moves to Dining Out
            let edit = try await browser.get("/stashes/\(market)/edit")
            #expect(
                edit.document.contains(
                    "option",
                    attributes: ["value": "\(groceries)", "selected": ""],
                    text: "Groceries"
                )
            )
            let moved = try await browser.post(
                "/stashes/\(market)/edit",
                [
                    ("name", "Market"), ("kind", "spend"), ("target", "300"), ("goal", ""), ("reward", ""),
                    ("category", String(dining)), ("newCategory", ""), ("reminder", "off"),
                ]
            )

            // Then: its entry goes with it
            #expect(moved.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).map(\.categoryId) == [dining])
            let wants = StatisticsTests.text(try await browser.get("/budget/wants").html)
            #expect(wants.contains("Dining Out 1 transaction $42.00"))
            #expect(StatisticsTests.text(try await browser.get("/budget/needs").html).contains("$0.00 spent"))

            // When: it becomes a Save stash, in a Savings category
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)
            let saved = try await browser.post(
                "/stashes/\(market)/edit",
                [
                    ("name", "Market"), ("kind", "save"), ("target", "300"), ("goal", ""), ("reward", ""),
                    ("category", String(vacation)), ("newCategory", ""), ("reminder", "off"),
                ]
            )

            // Then: its entries are savings in that category, and the month's figures say so
            #expect(saved.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.categoryId) == [vacation])
            #expect(rows.map(\.kind) == [.saving])
            let budget = try await browser.get("/budget")
            #expect(NamedFiguresTests.figure(budget.html, "Spent") == 0)
            #expect(NamedFiguresTests.figure(budget.html, "Saved") == 4_200)
        }
    }

    @Test("deleting a category moves its stashes to that kind's Other")
    func deletingCategory() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let trip = try await browser.createStash(name: "Trip", target: "100", category: "Road trips")
            let roadTrips = try await database.categoryId("Road trips", kind: .savings, email: Self.email)
            #expect(roadTrips > 0)
            try await browser.addEntry(stash: trip, amount: "10", date: "2026-11-20")

            try await browser.get("/budget/categories/\(roadTrips)/delete")
            let deleted = try await browser.post("/budget/categories/\(roadTrips)/delete")
            #expect(deleted.status == .seeOther)

            let other = try await database.categoryId("Other", kind: .savings, email: Self.email)
            let stash = try #require(try database.read { db in try Stash.fetchOne(db, key: trip) })
            #expect(stash.categoryId == other)
            #expect(try await database.ledgerRows(email: Self.email).map(\.categoryId) == [other])
            #expect(StatisticsTests.text(try await browser.get("/stashes/\(trip)").html).contains("Other"))
        }
    }

    @Test(
        "upgrading gives every stash a budget category of its kind, found by name or made, and files its entries there"
    )
    func upgrade() throws {
        // Given: a database from before, with free-text stash categories and stash entries without a category
        let queue = try UpgradeFixture.database(upTo: "v25: month totals per category and stash for every kind")
        try queue.write { db in
            try Category.insertDefaults(userId: 1, now: Date(), db)
            try db.execute(
                sql: """
                    INSERT INTO stash (userId, name, kind, category, createdAt, updatedAt) VALUES
                        (1, 'Trip', 'save', 'Travel', '2026-11-22', '2026-11-22'),
                        (1, 'Food', 'spend', 'groceries', '2026-11-22', '2026-11-22'),
                        (1, 'Fun', 'spend', 'Other', '2026-11-22', '2026-11-22'),
                        (1, 'Rainy day', 'save', 'emergency fund', '2026-11-22', '2026-11-22');
                    INSERT INTO ledger (userId, date, amountCents, kind, stashId, categoryId, createdAt, updatedAt) VALUES
                        (1, '2026-10-03', 500, 'saving', 1, NULL, '2026-11-22', '2026-11-22'),
                        (1, '2026-10-04', 300, 'expense', 2, NULL, '2026-11-22', '2026-11-22'),
                        (1, '2026-10-05', 200, 'expense', 3, NULL, '2026-11-22', '2026-11-22'),
                        (1, '2026-10-06', 100, 'saving', 4, NULL, '2026-11-22', '2026-11-22');
                    """
            )
        }

        // When
        try AppDatabase.migrator.migrate(queue)

        // Then: each stash points at a category of its kind
        let stashes = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT stash.name, category.name AS category, category.kind FROM stash JOIN category ON category.id = stash.categoryId
                    ORDER BY stash.id
                    """
            ).map { "\($0["name"] as String): \($0["category"] as String) (\($0["kind"] as String))" }
        }
        #expect(
            stashes == [
                "Trip: Travel (savings)", "Food: Groceries (needs)", "Fun: Other (wants)",
                "Rainy day: Emergency Fund (savings)",
            ]
        )
        // "Travel" was made as a Savings category of Ann's own
        let travel = try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT isDefault, entryCount FROM category WHERE name = 'Travel'")
        }
        #expect(travel?["isDefault"] == false)
        #expect(travel?["entryCount"] == 1)
        // Every entry is filed under its stash's category, and the month totals per category moved with them
        let unfiled = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE categoryId IS NULL")
        }
        #expect(unfiled == 0)
        let uncategorised = try queue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM categoryMonth WHERE categoryId = 0")
        }
        #expect(uncategorised == 0)
        let columns = try queue.read { db in try db.columns(in: "stash").map(\.name) }
        #expect(!columns.contains("category"))
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Transactions: list, search, filters, paging, edit, delete with undo")
struct TransactionsTests {
    static let email = "ann@example.com"

    @Test("search by note, category or amount; filter by kind, category and month")
    func searchAndFilters() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            try await browser.addTransaction(
                amount: "52.30",
                kind: "needs",
                category: groceries,
                date: "2026-11-20",
                note: "Whole Foods"
            )
            try await browser.addTransaction(
                amount: "18",
                kind: "wants",
                category: dining,
                date: "2026-11-21",
                note: "Tacos"
            )
            try await browser.addTransaction(
                amount: "3000",
                kind: "income",
                category: salary,
                date: "2026-10-30",
                note: "Pay"
            )

            let byNote = try await browser.get("/transactions?q=whole")
            #expect(byNote.html.contains("Whole Foods"))
            #expect(!byNote.html.contains("Tacos"))
            let byCategory = try await browser.get("/transactions?q=dining")
            #expect(byCategory.html.contains("Tacos"))
            #expect(!byCategory.html.contains("Whole Foods"))
            let byAmount = try await browser.get("/transactions?q=52.30")
            #expect(byAmount.html.contains("Whole Foods"))
            #expect(!byAmount.html.contains("Tacos"))
            for typed in ["%2452.30", "52,30", "52,3", "52.30%20%24", "USD%2052.3"] {
                let page = try await browser.get("/transactions?q=\(typed)")
                #expect(page.html.contains("Whole Foods"), "\(typed)")
                #expect(!page.html.contains("Tacos"), "\(typed)")
            }
            #expect(try await browser.get("/transactions?q=%2418.00").html.contains("Tacos"))
            #expect(try await browser.get("/transactions?q=52,31").html.contains("No transactions match"))
            let income = try await browser.get("/transactions?kind=income")
            #expect(income.html.contains("ledger-item__title\">Pay<"))
            #expect(!income.html.contains("Tacos"))
            let category = try await browser.get("/transactions?category=\(groceries)")
            #expect(category.html.contains("Whole Foods"))
            #expect(!category.html.contains("ledger-item__title\">Pay<"))
            let month = try await browser.get("/transactions?month=2026-10")
            #expect(month.html.contains("ledger-item__title\">Pay<"))
            #expect(!month.html.contains("Whole Foods"))
            // A search box sent by GET writes spaces as "+"; a "+" typed arrives as %2B.
            let twoWords = try await browser.get("/transactions?q=whole+foods")
            #expect(twoWords.html.contains("Whole Foods"))
            #expect(!twoWords.html.contains("Tacos"))
            #expect(twoWords.fieldValue("q") == "whole foods")
            #expect(try await browser.get("/transactions?q=whole%2Bfoods").html.contains("No transactions match"))
            let none = try await browser.get("/transactions?q=%25")
            #expect(none.html.contains("No transactions match"))
        }
    }

    @Test("pages of 50 newest first with a keyset cursor; the query walks the (userId, date) index")
    func paging() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await database.write { db in
                let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user") ?? 0
                for index in 0..<120 {
                    let day = CalendarDay(year: 2026, month: 1, day: 1)!.adding(days: index)
                    try db.execute(
                        sql: """
                            INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, createdAt, updatedAt)
                            VALUES (?, ?, ?, 'expense', ?, ?, ?, ?)
                            """,
                        arguments: [userId, day.description, 100 + index, "Item \(index)", groceries, Date(), Date()]
                    )
                }
            }
            let first = try await browser.get("/transactions")
            #expect(first.html.contains("Item 119"))
            #expect(first.html.contains("Item 70"))
            #expect(!first.html.contains("Item 69"))
            // Numbered pages, with the count and total of every row the list holds
            #expect(first.html.contains("120 transactions · -$191.40"))
            #expect(first.html.contains("href=\"/transactions?page=2\" aria-label=\"Page 2\">2</a>"))
            #expect(first.html.contains("href=\"/transactions?page=3\" aria-label=\"Page 3\">3</a>"))
            #expect(first.html.contains("aria-current=\"page\" aria-label=\"Page 1\""))
            let pageTwo = try await browser.get("/transactions?page=2")
            #expect(pageTwo.html.contains("Item 69"))
            #expect(pageTwo.html.contains("Item 20"))
            #expect(!pageTwo.html.contains("Item 70<"))
            // A keyset page (where a day's "see all" leads) costs what the first does
            let second = try await browser.get("/transactions?before=2026-03-12,71")
            #expect(second.html.contains("Item 69"))
            #expect(second.html.contains("Item 20"))
            #expect(!second.html.contains("Item 70<"))
            #expect(second.html.contains("← Newer"))

            let plan = try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        EXPLAIN QUERY PLAN SELECT * FROM ledger WHERE ledger.userId = 1
                        AND (ledger.date < '2026-03-12' OR (ledger.date = '2026-03-12' AND ledger.id < 71))
                        ORDER BY ledger.date DESC, ledger.id DESC LIMIT 51
                        """
                ).map { $0["detail"] as String }.joined(separator: " | ")
            }
            #expect(plan.contains("ledger_on_userId_date"), "\(plan)")
            // Only rows of one date are sorted by id ("RIGHT PART"); never the whole history.
            #expect(!plan.contains("TEMP B-TREE FOR ORDER BY"))
            let monthPlan = try database.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        EXPLAIN QUERY PLAN SELECT categoryId, SUM(amountCents), COUNT(*) FROM ledger
                        WHERE userId = 1 AND kind = 'expense' AND date BETWEEN '2026-11-01' AND '2026-11-30' GROUP BY categoryId
                        """
                ).map { $0["detail"] as String }.joined(separator: " | ")
            }
            #expect(monthPlan.contains("COVERING INDEX ledger_on_userId_kind_date"))
        }
    }

    @Test("edit moves a transaction; delete goes to the trash and Undo restores it")
    func editDeleteUndo() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let shopping = try await database.categoryId("Shopping", kind: .wants, email: Self.email)
            try await browser.addTransaction(
                amount: "20",
                kind: "needs",
                category: groceries,
                date: "2026-11-20",
                note: "Market"
            )
            let id = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            let form = try await browser.get("/transactions/\(id)/edit")
            #expect(form.fieldValue("amount") == "20.00")
            #expect(form.fieldValue("category") == String(groceries))
            let saved = try await browser.post(
                "/transactions/\(id)/edit",
                [
                    ("amount", "25"), ("kind", "wants"), ("category", String(shopping)), ("note", "Market"),
                    ("date", "2026-11-19"), ("account", ""),
                ]
            )
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/budget/wants")
            let row = try #require(try await database.ledgerRows(email: Self.email).first)
            #expect(row.amountCents == 2_500)
            #expect(row.categoryId == shopping)
            #expect(row.date == "2026-11-19")

            let deleted = try await browser.post("/transactions/\(id)/delete", [("returnTo", "/transactions")])
            #expect(deleted.status == .seeOther)
            #expect(deleted.location == "/transactions")
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
            let list = try await browser.get("/transactions")
            let undo = try #require(list.html.range(of: "/trash/[0-9]+/restore", options: .regularExpression))
            let restored = try await browser.post(String(list.html[undo]))
            #expect(restored.status == .seeOther)
            #expect(restored.location == "/transactions")
            #expect(try await database.ledgerRows(email: Self.email).first == row)
        }
    }

    @Test("undo after the category and account were deleted restores to the kind's Other, without an account")
    func undoAfterCategoryAndAccountDeleted() async throws {
        try await TestApp.run { browser, database in
            // Given: an expense in a custom Wants category on an account, deleted to the trash
            try await browser.signUp(email: Self.email)
            try await browser.get("/budget/categories/new?kind=wants")
            try await browser.post(
                "/budget/categories",
                [
                    ("name", "Pet Supplies"), ("kind", "wants"), ("icon", "paw"), ("color", "#EA580C"),
                ]
            )
            let pets = try await database.categoryId("Pet Supplies", kind: .wants, email: Self.email)
            let other = try await database.categoryId("Other", kind: .wants, email: Self.email)
            try await browser.get("/accounts/new")
            let created = try await browser.post(
                "/accounts",
                [("name", "Checking"), ("kind", "checking"), ("opening", "0")]
            )
            let checking = try #require(Int64(created.location?.split(separator: "/").last ?? ""))
            try await browser.addTransaction(
                amount: "12.34",
                kind: "wants",
                category: pets,
                date: "2026-11-20",
                note: "Kibble",
                account: String(checking)
            )
            let id = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            try await browser.get("/transactions")
            try await browser.post("/transactions/\(id)/delete", [("returnTo", "/transactions")])
            let list = try await browser.get("/transactions")
            let undo = try #require(list.html.range(of: "/trash/[0-9]+/restore", options: .regularExpression))

            // When: the category and the account go, then the delete is undone
            try await browser.get("/budget/categories/\(pets)/delete")
            #expect(try await browser.post("/budget/categories/\(pets)/delete").status == .seeOther)
            try await browser.get("/accounts/\(checking)/delete")
            #expect(try await browser.post("/accounts/\(checking)/delete").status == .seeOther)
            try await browser.get("/transactions")
            let restored = try await browser.post(String(list.html[undo]))

            // Then: the row is back in Wants' Other, with no account
            #expect(restored.status == .seeOther)
            let row = try #require(try await database.ledgerRows(email: Self.email).first)
            #expect(row.id == id)
            #expect(row.categoryId == other)
            #expect(row.accountId == nil)
            #expect(row.amountCents == 1_234)
            #expect(row.note == "Kibble")
            let wants = try await browser.get("/budget/wants")
            #expect(wants.html.contains("$12.34 <span class=\"budget-hero__unit\">spent"))
            #expect(wants.html.contains("Kibble"))
            let otherPage = try await browser.get("/budget/categories/\(other)")
            #expect(otherPage.html.contains("Kibble"))
            #expect(otherPage.html.contains("1 transaction in"))
        }
    }

    @Test("the category page totals and counts the whole month, past the 200 rows it lists")
    func categoryPageTotalsWholeMonth() async throws {
        try await TestApp.run { browser, database in
            // Given: 250 groceries in November and one in October
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await database.write { db in
                let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user") ?? 0
                for index in 0..<251 {
                    let date = index == 250 ? "2026-10-31" : "2026-11-\(String(format: "%02d", index % 22 + 1))"
                    try db.execute(
                        sql: """
                            INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, createdAt, updatedAt)
                            VALUES (?, ?, 100, 'expense', ?, ?, ?, ?)
                            """,
                        arguments: [userId, date, "Item \(index)", groceries, Date(), Date()]
                    )
                }
            }

            // When
            let page = try await browser.get("/budget/categories/\(groceries)")

            // Then: the hero counts all 250 of the month; the total is theirs
            #expect(page.status == .ok)
            #expect(page.html.contains("$250.00"))
            #expect(page.html.contains("250 transactions in"))
            // And they come from the month totals, which agree with the rows
            let rows = try await database.readRows { db in
                [
                    try Row.fetchOne(
                        db,
                        sql: """
                            SELECT SUM(totalCents) AS total, SUM(entryCount) AS count FROM categoryMonth
                            WHERE categoryId = ? AND month = '2026-11'
                            """,
                        arguments: [groceries]
                    ),
                    try Row.fetchOne(
                        db,
                        sql: """
                            SELECT SUM(amountCents) AS total, COUNT(*) AS count FROM ledger
                            WHERE categoryId = ? AND date BETWEEN '2026-11-01' AND '2026-11-30'
                            """,
                        arguments: [groceries]
                    ),
                ].compactMap { $0 }
            }
            let (kept, counted) = (rows.first, rows.dropFirst().first)
            #expect(kept?["total"] as Int64? == 25_000 && kept?["count"] as Int? == 250)
            #expect(counted?["total"] as Int64? == 25_000 && counted?["count"] as Int? == 250)
        }
    }

    @Test("a stash entry shows in the list and is edited on its entry page")
    func stashEntriesInList() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "60")
            try await browser.addEntry(stash: coffee, amount: "4.50", date: "2026-11-21")
            let id = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            let list = try await browser.get("/transactions")
            #expect(list.html.contains("Coffee"))
            #expect(list.html.contains("/entries/\(id)/edit"))
            let edit = try await browser.get("/transactions/\(id)/edit")
            #expect(edit.status == .seeOther)
            #expect(edit.location == "/entries/\(id)/edit")
        }
    }

    @Test("a failed save says Couldn't save under the button and keeps what was typed")
    func saveFailed() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await database.write { db in
                try db.execute(
                    sql:
                        "CREATE TEMP TRIGGER failing BEFORE INSERT ON ledger BEGIN SELECT RAISE(ABORT, 'disk full'); END"
                )
            }
            let page = try await browser.addTransaction(
                amount: "52.30",
                kind: "needs",
                category: groceries,
                date: "2026-11-20",
                note: "Whole Foods"
            )
            #expect(page.status == .internalServerError)
            #expect(
                page.html.contains("Couldn&#39;t save. Try again.") || page.html.contains("Couldn't save. Try again.")
            )
            #expect(page.fieldValue("amount") == "52.30")
            #expect(page.fieldValue("note") == "Whole Foods")
            #expect(page.fieldValue("category") == String(groceries))
        }
    }
}

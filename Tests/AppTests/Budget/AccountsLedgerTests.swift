import Foundation
import GRDB
import Testing

@testable import App

@Suite("Accounts and isolation between users")
struct AccountsLedgerTests {
    static let email = "ann@example.com"

    @Test("Home's summary cards step long amounts down a size and show a balance below zero as one")
    func summaryCardAmounts() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/accounts/new")
            try await browser.post("/accounts", [("name", "Visa"), ("kind", "credit-card"), ("opening", "-250.50")])
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            try await browser.addTransaction(
                amount: "999,999,999.99",
                kind: "income",
                category: salary,
                date: "2026-11-01"
            )
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.addTransaction(amount: "12,345.67", kind: "needs", category: rent, date: "2026-11-02")

            let home = try await browser.get("/").html
            #expect(
                HTMLPage(home).contains(
                    "section",
                    attributes: ["class": "summary-cards summary-cards--wide", "aria-label": "Money summary"]
                )
            )
            #expect(
                home.contains(
                    "Total balance</span><span class=\"summary-card__amount summary-card__amount--negative\">-$250.50"
                )
            )
            #expect(
                home.contains(
                    "Income this month</span><span class=\"summary-card__amount summary-card__amount--longest\">$999,999,999.99"
                )
            )
            #expect(
                home.contains(
                    "Spent this month</span><span class=\"summary-card__amount summary-card__amount--long\">$12,345.67"
                )
            )
        }
    }

    @Test("balance = opening + income − expenses − savings; deleting keeps the transactions")
    func balances() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/accounts/new")
            let bad = try await browser.post("/accounts", [("name", ""), ("kind", "vault"), ("opening", "1.2.3")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("name") == "Enter a name.")
            #expect(bad.fieldValue("opening") == "1.2.3")
            let created = try await browser.post(
                "/accounts",
                [("name", "Checking"), ("kind", "checking"), ("opening", "1,000")]
            )
            #expect(created.status == .seeOther)
            let checking = try #require(Int64(created.location?.split(separator: "/").last ?? ""))
            try await browser.get("/accounts/new")
            try await browser.post("/accounts", [("name", "Visa"), ("kind", "credit-card"), ("opening", "-250.50")])
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)
            try await browser.addTransaction(
                amount: "500",
                kind: "income",
                category: salary,
                date: "2026-11-01",
                account: String(checking)
            )
            try await browser.addTransaction(
                amount: "300",
                kind: "needs",
                category: rent,
                date: "2026-11-02",
                account: String(checking)
            )
            try await browser.addTransaction(
                amount: "50",
                kind: "savings",
                category: vacation,
                date: "2026-11-03",
                account: String(checking)
            )
            try await browser.addTransaction(amount: "70", kind: "needs", category: rent, date: "2026-11-04")

            let list = try await browser.get("/accounts")
            #expect(list.html.contains("$1,150.00"))
            #expect(list.html.contains("-$250.50"))
            #expect(list.html.contains("$899.50"))
            let detail = try await browser.get("/accounts/\(checking)")
            #expect(detail.html.contains("$1,150.00"))
            #expect(detail.html.contains("−$300.00"))
            #expect(!detail.html.contains("−$70.00"))
            let home = try await browser.get("/")
            #expect(home.html.contains("Total balance"))
            #expect(home.html.contains("$899.50"))

            let confirm = try await browser.get("/accounts/\(checking)/delete")
            #expect(confirm.html.contains("Delete “Checking”?"))
            let deleted = try await browser.post("/accounts/\(checking)/delete")
            #expect(deleted.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 4)
            #expect(rows.allSatisfy { $0.accountId == nil })
        }
    }

    @Test("balances follow edits, moves between accounts, delete and undo")
    func balancesFollowEveryWrite() async throws {
        try await TestApp.run { browser, database in
            // Given: two accounts and an expense on the first
            try await browser.signUp(email: Self.email)
            try await browser.get("/accounts/new")
            let first = try await browser.post(
                "/accounts",
                [("name", "Checking"), ("kind", "checking"), ("opening", "100")]
            )
            let checking = try #require(Int64(first.location?.split(separator: "/").last ?? ""))
            try await browser.get("/accounts/new")
            let second = try await browser.post("/accounts", [("name", "Cash"), ("kind", "cash"), ("opening", "0")])
            let cash = try #require(Int64(second.location?.split(separator: "/").last ?? ""))
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            try await browser.addTransaction(
                amount: "20",
                kind: "needs",
                category: groceries,
                date: "2026-11-20",
                account: String(checking)
            )
            let id = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            func balances() async throws -> [Int64: Int64] {
                let userId = try #require(try database.user(email: Self.email)?.id)
                return Dictionary(
                    uniqueKeysWithValues: try database.for(userId: userId).accountBalances()
                        .map { ($0.0.id ?? 0, $0.1) }
                )
            }
            #expect(try await balances() == [checking: 8_000, cash: 0])

            // When: the amount changes and it moves to the other account
            try await browser.get("/transactions/\(id)/edit")
            try await browser.post(
                "/transactions/\(id)/edit",
                [
                    ("amount", "25"), ("kind", "needs"), ("category", String(groceries)), ("note", ""),
                    ("date", "2026-11-20"), ("account", String(cash)),
                ]
            )
            // Then
            #expect(try await balances() == [checking: 10_000, cash: -2_500])

            // When: deleted, then undone
            try await browser.post("/transactions/\(id)/delete", [("returnTo", "/transactions")])
            #expect(try await balances() == [checking: 10_000, cash: 0])
            let list = try await browser.get("/transactions")
            let undo = try #require(list.html.range(of: "/trash/[0-9]+/restore", options: .regularExpression))
            try await browser.post(String(list.html[undo]))
            // Then
            #expect(try await balances() == [checking: 10_000, cash: -2_500])
            let page = try await browser.get("/accounts")
            #expect(page.html.contains("-$25.00"))
        }
    }

    @Test("month totals follow every ledger write: added, edited into another month and kind, deleted, undone")
    func monthTotalsFollowEveryWrite() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            func kept() async throws -> [[DatabaseValue]] {
                try database.read { db in
                    try Row.fetchAll(
                        db,
                        sql:
                            "SELECT userId, month, kind, totalCents, entryCount FROM (SELECT userId, month, kind, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth GROUP BY userId, month, kind) ORDER BY 1, 2, 3"
                    )
                    .map { Array($0.databaseValues) }
                }
            }
            func summed() async throws -> [[DatabaseValue]] {
                try database.read { db in
                    try Row.fetchAll(
                        db,
                        sql: """
                            SELECT userId, substr(date, 1, 7), kind, SUM(amountCents), COUNT(*) FROM ledger GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
                            """
                    ).map { Array($0.databaseValues) }
                }
            }
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            try await browser.addTransaction(amount: "500", kind: "income", category: salary, date: "2026-11-01")
            try await browser.addTransaction(amount: "300", kind: "needs", category: rent, date: "2026-11-02")
            try await browser.addTransaction(amount: "40", kind: "wants", category: dining, date: "2026-11-03")
            let stash = try await browser.createStash(name: "Trip", target: "100")
            try await browser.addEntry(stash: stash, amount: "25", date: "2026-11-04")
            #expect(try await kept() == summed())
            #expect(try await kept().count == 3, "income, expense and saving in November")
            var home = try await browser.get("/")
            #expect(home.html.contains("Income this month</span><span class=\"summary-card__amount\">$500.00"))
            #expect(home.html.contains("Spent this month</span><span class=\"summary-card__amount\">$340.00"))

            // When: the rent moves to October and becomes a want, then the dinner is deleted
            let rows = try await database.ledgerRows(email: Self.email)
            let rentRow = try #require(rows.first { $0.amountCents == 30_000 }?.id)
            let dinner = try #require(rows.first { $0.amountCents == 4_000 }?.id)
            try await browser.get("/transactions/\(rentRow)/edit")
            try await browser.post(
                "/transactions/\(rentRow)/edit",
                [
                    ("amount", "310"), ("kind", "wants"), ("category", String(dining)), ("note", ""),
                    ("date", "2026-10-31"),
                    ("account", ""),
                ]
            )
            #expect(try await kept() == summed())
            try await browser.post("/transactions/\(dinner)/delete", [("returnTo", "/transactions")])
            #expect(try await kept() == summed())
            let list = try await browser.get("/transactions")
            let undo = try #require(list.html.range(of: "/trash/[0-9]+/restore", options: .regularExpression))
            home = try await browser.get("/")
            #expect(home.html.contains("Spent this month</span><span class=\"summary-card__amount\">$0.00"))
            #expect(
                try await browser.get("/?month=2026-10").html.contains(
                    "Spent Oct 2026</span><span class=\"summary-card__amount\">$310.00"
                )
            )

            // When: the delete is undone, and another writer removes a row straight from the database
            try await browser.post(String(list.html[undo]))
            #expect(try await kept() == summed())
            try await database.write { db in try db.execute(sql: "DELETE FROM ledger WHERE kind = 'income'") }
            #expect(try await kept() == summed())
            home = try await browser.get("/")
            #expect(home.html.contains("Income this month</span><span class=\"summary-card__amount\">$0.00"))
            #expect(home.html.contains("Spent this month</span><span class=\"summary-card__amount\">$40.00"))
        }
    }

    @Test("a second user never sees or changes the first's income, categories, transactions or accounts")
    func isolation() async throws {
        try await TestApp.run { browser, database in
            // Given: Ann's data
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.get("/accounts/new")
            try await browser.post("/accounts", [("name", "Ann's bank"), ("kind", "checking"), ("opening", "10")])
            try await browser.get("/budget/income/new")
            try await browser.post(
                "/budget/income",
                [("name", "Ann salary"), ("amount", "100"), ("frequency", "monthly")]
            )
            try await browser.addTransaction(
                amount: "800",
                kind: "needs",
                category: rent,
                date: "2026-11-02",
                note: "Ann rent"
            )
            let tx = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            let account = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM account") }
            )
            let income = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM incomeSource") }
            )
            try await browser.logOut()

            // When: Bob looks and pokes
            let bob = "bob@example.com"
            try await browser.signUp(name: "Bob", email: bob)
            for path in [
                "/transactions/\(tx)/edit", "/accounts/\(account)", "/accounts/\(account)/edit",
                "/accounts/\(account)/delete", "/budget/income/\(income)/edit", "/budget/income/\(income)/delete",
                "/budget/categories/\(rent)", "/budget/categories/\(rent)/edit",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .notFound, "\(path)")
            }
            try await browser.get("/budget")
            for path in [
                "/transactions/\(tx)/edit", "/transactions/\(tx)/delete", "/accounts/\(account)/edit",
                "/accounts/\(account)/delete", "/budget/income/\(income)/edit", "/budget/income/\(income)/delete",
                "/budget/categories/\(rent)/edit", "/budget/categories/\(rent)/hide", "/budget/categories/\(rent)/move",
            ] {
                try await browser.get("/transactions/new")
                let page = try await browser.post(
                    path,
                    [
                        ("name", "Mine"), ("amount", "1"), ("kind", "needs"),
                        ("category", String(rent)), ("date", "2026-11-01"),
                        ("frequency", "monthly"), ("direction", "up"),
                    ]
                )
                #expect(page.status == .notFound, "\(path)")
            }
            // Bob can't file his transaction under Ann's category or account
            try await browser.get("/transactions/new")
            let stolen = try await browser.post(
                "/transactions",
                [
                    ("amount", "1"), ("kind", "needs"), ("category", String(rent)),
                    ("date", "2026-11-01"), ("account", String(account)),
                ]
            )
            #expect(stolen.status == .unprocessableContent)
            let pages = [
                try await browser.get("/budget"), try await browser.get("/transactions"),
                try await browser.get("/accounts"), try await browser.get("/budget/income"),
                try await browser.get("/budget/needs"),
            ]
            for page in pages {
                #expect(!page.html.contains("Ann rent"))
                #expect(!page.html.contains("Ann&#39;s bank") && !page.html.contains("Ann's bank"))
                #expect(!page.html.contains("Ann salary"))
            }

            // Then: Ann's rows are untouched
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 1)
            #expect(rows.first?.amountCents == 80_000)
            #expect(try await database.ledgerRows(email: bob).isEmpty)
            #expect(try database.read { db in try MoneyAccount.fetchOne(db)?.name } == "Ann's bank")
            #expect(try database.read { db in try IncomeSource.fetchOne(db)?.name } == "Ann salary")
            #expect(try database.for(userId: 1).category(id: rent)?.isHidden == false)
        }
    }

    @Test(
        "a second user can't delete the first's category, undo their delete, name their goal, report into their categories or filter by them"
    )
    func isolationOfCategoriesTrashGoalsAndReports() async throws {
        try await TestApp.run { browser, database in
            // Given: Ann's custom category with a transaction, a save stash, and a deleted transaction in the trash
            try await browser.signUp(email: Self.email)
            try await browser.get("/budget/categories/new?kind=wants")
            try await browser.post(
                "/budget/categories",
                [
                    ("name", "Ann Pets"), ("kind", "wants"), ("icon", "paw"), ("color", "#EA580C"),
                ]
            )
            let pets = try await database.categoryId("Ann Pets", kind: .wants, email: Self.email)
            let trip = try await browser.createStash(name: "Ann Trip", target: "100")
            try await browser.addTransaction(
                amount: "15",
                kind: "wants",
                category: pets,
                date: "2026-11-20",
                note: "Ann kibble"
            )
            try await browser.addTransaction(
                amount: "9",
                kind: "wants",
                category: pets,
                date: "2026-11-21",
                note: "Ann toy"
            )
            let toy = try #require(try await database.ledgerRows(email: Self.email).last?.id)
            try await browser.get("/transactions")
            try await browser.post("/transactions/\(toy)/delete", [("returnTo", "/transactions")])
            let trashId = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM trash") }
            )
            let annRows = try await database.ledgerRows(email: Self.email)
            #expect(annRows.count == 1)
            try await browser.logOut()

            // When: Bob, with a save stash of his own, pokes at them
            let bob = "bob@example.com"
            try await browser.signUp(name: "Bob", email: bob)
            // Bob has no savings goals of his own: the goal field still appears with its error.
            try await browser.get("/profile")  // a page with forms, for the session's form token
            let bobVacation = try await database.categoryId("Vacation", kind: .savings, email: bob)

            let confirm = try await browser.get("/budget/categories/\(pets)/delete")
            #expect(confirm.status == .notFound)
            try await browser.get("/budget")
            let delete = try await browser.post("/budget/categories/\(pets)/delete")
            #expect(delete.status == .notFound)

            try await browser.get("/budget")
            let restore = try await browser.post("/trash/\(trashId)/restore")
            #expect(restore.status == .notFound)

            let goal = try await browser.addTransaction(
                amount: "5",
                kind: "savings",
                category: bobVacation,
                date: "2026-11-21",
                stash: String(trip)
            )
            #expect(goal.status == .unprocessableContent)
            #expect(goal.fieldError("stash") == "Choose one of your savings goals.")

            try await browser.get("/budget/report")
            let report = try await browser.post("/budget/report", [("month", "2026-11"), ("c\(pets)", "10")])
            #expect(report.status == .unprocessableContent)

            let filtered = try await browser.get("/transactions?category=\(pets)")
            #expect(filtered.status == .ok)
            #expect(!filtered.html.contains("Ann kibble"))
            #expect(!filtered.html.contains("Ann Pets"))

            // Then: nothing of Ann's changed and nothing was saved for Bob
            #expect(try database.for(userId: 1).category(id: pets)?.name == "Ann Pets")
            #expect(try await database.ledgerRows(email: Self.email) == annRows)
            #expect(try await database.ledgerRows(email: bob).isEmpty)
            #expect(
                try database.read { db in
                    try Int.fetchOne(
                        db,
                        sql: "SELECT COUNT(*) FROM trash WHERE id = ?",
                        arguments: [trashId]
                    )
                } == 1
            )
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM categoryMonth WHERE stashId != 0")
                } == 0
            )
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Budget: expenses, needs, wants, savings, income")
struct BudgetTests {
    static let email = "ann@example.com"

    @Test("remaining this month = income received − spent; Needs + Wants = spent, stash spending under its category")
    func remainingArithmetic() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: Self.email)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "60")

            // When
            let income = try await browser.addTransaction(
                amount: "5,000",
                kind: "income",
                category: salary,
                date: "2026-11-01"
            )
            try await browser.addTransaction(
                amount: "800",
                kind: "needs",
                category: rent,
                date: "2026-11-02",
                note: "November rent"
            )
            try await browser.addTransaction(amount: "45.20", kind: "wants", category: dining, date: "2026-11-22")
            try await browser.addEntry(stash: coffee, amount: "4.50", date: "2026-11-21")
            try await browser.addTransaction(amount: "99", kind: "needs", category: rent, date: "2026-10-31")

            // Then
            #expect(income.status == .seeOther)
            #expect(income.location == "/budget")
            let page = try await browser.get("/budget")
            #expect(page.status == .ok)
            #expect(page.html.contains("$4,150.30"))  // 5000 − 849.70
            #expect(page.html.contains("remaining this month"))
            #expect(page.html.contains("$849.70"))
            #expect(page.html.contains("Today"))
            #expect(page.html.contains("Yesterday"))
            #expect(page.html.contains("November rent"))
            let needs = try await browser.get("/budget/needs")
            #expect(needs.html.contains("$800.00 <span class=\"budget-hero__unit\">spent"))
            #expect(needs.html.contains("1 transaction"))
            let wants = try await browser.get("/budget/wants")
            #expect(wants.html.contains("$49.70 <span class=\"budget-hero__unit\">spent"))
            // The Coffee stash is in Wants' "Other", so its entry counts there
            #expect(!wants.html.contains("Spending stashes"))
            #expect(StatisticsTests.text(wants.html).contains("Other 1 transaction $4.50"))
            let october = try await browser.get("/budget?month=2026-10")
            #expect(october.html.contains("-$99.00"))
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 5)
            let spent: Int64 = rows.filter { $0.kind == .expense }.map(\.amountCents).reduce(0, +)
            #expect(spent == 94_870)
        }
    }

    @Test("first launch shows Set up your income; bi-weekly income counts × 26 ÷ 12")
    func incomeSources() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let empty = try await browser.get("/budget")
            #expect(empty.html.contains("Set up your income"))
            let savings = try await browser.get("/budget/savings")
            #expect(savings.html.contains("Start building your future"))

            try await browser.get("/budget/income/new")
            let created = try await browser.post(
                "/budget/income",
                [("name", "Salary"), ("amount", "1,200"), ("frequency", "biweekly")]
            )
            #expect(created.status == .seeOther)
            #expect(created.location == "/budget/income")
            try await browser.get("/budget/income/new")
            try await browser.post(
                "/budget/income",
                [("name", "Freelance"), ("amount", "850"), ("frequency", "variable")]
            )
            let list = try await browser.get("/budget/income")
            #expect(list.html.contains("$3,450.00"))  // 1200 × 26 ÷ 12 = 2600, + 850
            #expect(list.html.contains("$1,200.00 · Bi-weekly"))
            #expect(IncomeSource.Frequency.biweekly.monthlyCents(100_000) == 216_667)
            let budget = try await browser.get("/budget")
            #expect(budget.html.contains("of $3,450.00 expected"))
            #expect(budget.html.contains("No expenses this month"))

            // Edit and delete with confirmation
            let id = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM incomeSource WHERE name = 'Freelance'")
                }
            )
            try await browser.get("/budget/income/\(id)/edit")
            let bad = try await browser.post(
                "/budget/income/\(id)/edit",
                [("name", ""), ("amount", "abc"), ("frequency", "weekly")]
            )
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldError("name") == "Enter a name.")
            #expect(bad.fieldError("amount") == "Enter an amount like 12.50 or 1,234.56.")
            #expect(bad.fieldValue("amount") == "abc")
            let confirm = try await browser.get("/budget/income/\(id)/delete")
            #expect(confirm.html.contains("Delete “Freelance”?"))
            let deleted = try await browser.post("/budget/income/\(id)/delete")
            #expect(deleted.status == .seeOther)
            #expect(try database.read { db in try IncomeSource.fetchCount(db) } == 1)
        }
    }

    @Test("savings: save stashes are the goals with this month and total; transactions can name one")
    func savingsGoals() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let fund = try await browser.createStash(name: "Emergency Fund", target: "400")
            let category = try await database.categoryId("Emergency Fund", kind: .savings, email: Self.email)
            try await browser.addEntry(stash: fund, amount: "100", date: "2026-10-05")
            let saved = try await browser.addTransaction(
                amount: "400",
                kind: "savings",
                category: category,
                date: "2026-11-05",
                stash: String(fund)
            )
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/budget/savings")
            let page = try await browser.get("/budget/savings")
            #expect(page.html.contains("$400.00 this month"))
            #expect(page.html.contains("$500.00<span class=\"ledger-item__sub\">total"))
            let month = try database.read { db in
                try Int64.fetchOne(
                    db,
                    sql: "SELECT SUM(totalCents) FROM categoryMonth WHERE stashId = ? AND month = '2026-11'",
                    arguments: [fund]
                )
            }
            #expect(month == 40_000)
            // The stash completed its month: the badge came with it.
            #expect(try database.read { db in try Badge.fetchCount(db) } == 1)
        }
    }

    @Test("the Savings tab's category rows count stash entries, as the category's page and the tab's total do")
    func savingsByCategoryCountsStashEntries() async throws {
        try await TestApp.run { browser, database in
            // Given: a stash entry and a plain saving in the same category
            try await browser.signUp(email: Self.email)
            let fund = try await browser.createStash(name: "Emergency Fund", target: "400", category: "Emergency Fund")
            let category = try await database.categoryId("Emergency Fund", kind: .savings, email: Self.email)
            try await browser.addEntry(stash: fund, amount: "100", date: "2026-11-05")
            try await browser.addTransaction(amount: "50", kind: "savings", category: category, date: "2026-11-06")

            // When
            let tab = try await browser.get("/budget/savings")
            let own = try await browser.get("/budget/categories/\(category)")

            // Then: one figure on both pages, and the tab's total agrees
            #expect(tab.status == .ok)
            #expect(tab.html.contains("$150.00 <span class=\"budget-hero__unit\">this month"))
            let savings = try #require(tab.html.range(of: "id=\"other-title\""))
            let rows = String(tab.html[savings.upperBound...])
            #expect(rows.contains("$150.00"))
            #expect(rows.contains("2 transactions"))
            #expect(own.html.contains("$150.00"))
            #expect(own.html.contains("2 transactions"))
        }
    }

    @Test("the transaction form validates kind, category, amount and date, and keeps what was typed")
    func transactionValidation() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let page = try await browser.addTransaction(
                amount: "12.345",
                kind: "wants",
                category: rent,
                date: "2026-02-30",
                note: "Kept note"
            )
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("amount") == "Use at most 2 digits after the decimal point.")
            #expect(
                page.fieldError("category")
                    == "“Rent/Mortgage” is a Needs category. Choose a Wants category, or choose Needs as the type."
            )
            #expect(page.fieldError("date")?.hasPrefix("Enter a real date") == true)
            #expect(page.fieldValue("amount") == "12.345")
            #expect(page.fieldValue("note") == "Kept note")
            let empty = try await browser.addTransaction(amount: "", kind: "needs", category: rent, date: "2026-11-01")
            #expect(empty.fieldError("amount") == "Enter an amount.")
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
        }
    }

    @Test("a type and a category of another kind are refused, never filed as the category's kind")
    func kindAndCategoryDisagree() async throws {
        try await TestApp.run { browser, database in
            // Given: the form without JavaScript, Savings · Other pre-selected, and the member choosing Wants
            try await browser.signUp(email: Self.email)
            let other = try await database.categoryId("Other", kind: .savings, email: Self.email)

            // When
            let page = try await browser.addTransaction(
                amount: "12.50",
                kind: "wants",
                category: other,
                date: "2026-11-20",
                note: "Cinema"
            )

            // Then: nothing is saved, the form says what disagrees and keeps what was typed
            #expect(page.status == .unprocessableContent)
            #expect(
                page.fieldError("category")
                    == "“Other” is a Savings category. Choose a Wants category, or choose Savings as the type."
            )
            #expect(page.fieldValue("amount") == "12.50")
            #expect(page.fieldValue("note") == "Cinema")
            #expect(page.html.contains("value=\"wants\" checked"))
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // And a matching category saves it as an expense
            let cinema = try await database.categoryId("Entertainment", kind: .wants, email: Self.email)
            let saved = try await browser.addTransaction(
                amount: "12.50",
                kind: "wants",
                category: cinema,
                date: "2026-11-20",
                note: "Cinema"
            )
            #expect(saved.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).map(\.kind) == [.expense])
        }
    }

    @Test("a new transaction's heading names its type, and the account last used is pre-selected")
    func headingAndLastAccount() async throws {
        try await TestApp.run { browser, database in
            // Given: two accounts, the second used last
            try await browser.signUp(email: Self.email)
            try await browser.get("/accounts/new")
            try await browser.post("/accounts", [("name", "Checking"), ("kind", "checking"), ("opening", "100")])
            try await browser.get("/accounts/new")
            try await browser.post("/accounts", [("name", "Visa"), ("kind", "credit-card"), ("opening", "0")])
            let visa = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE name = 'Visa'")
                }
            )
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let fresh = try await browser.get("/transactions/new?kind=needs")
            #expect(fresh.fieldValue("account") == "")
            try await browser.addTransaction(
                amount: "20",
                kind: "needs",
                category: groceries,
                date: "2026-11-20",
                account: String(visa)
            )

            // When
            let expense = try await browser.get("/transactions/new?kind=needs")
            let saving = try await browser.get("/transactions/new?kind=savings")
            let income = try await browser.get("/transactions/new?kind=income")

            // Then
            #expect(expense.fieldValue("account") == String(visa))
            #expect(
                expense.document.contains(
                    "h2",
                    attributes: ["class": "card__title", "id": "form-title"],
                    text: "Add expense"
                )
            )
            #expect(
                saving.document.contains(
                    "h2",
                    attributes: ["class": "card__title", "id": "form-title"],
                    text: "Add saving"
                )
            )
            #expect(saving.document.contains("title", attributes: [:], text: "Add saving · Stashify"))
            #expect(income.html.contains("id=\"form-title\">Add income</h2>"))
            // With JavaScript, the heading follows the type chosen on the page.
            #expect(expense.html.contains("value=\"savings\" data-heading=\"Add saving\""))
        }
    }

    @Test("the add form pre-selects the kind from + Add and the kind's most recently used category")
    func recentCategoryPreselected() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let shopping = try await database.categoryId("Shopping", kind: .wants, email: Self.email)
            let utilities = try await database.categoryId("Utilities", kind: .needs, email: Self.email)
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)
            try await browser.addTransaction(amount: "30", kind: "wants", category: shopping, date: "2026-11-20")
            try await browser.addTransaction(amount: "60", kind: "needs", category: utilities, date: "2026-11-21")
            try await browser.addTransaction(
                amount: "25",
                kind: "savings",
                category: vacation,
                date: "2026-11-21",
                note: "Beach"
            )
            let wants = try await browser.get("/budget/wants")
            #expect(wants.html.contains("/transactions/new?kind=wants"))
            let form = try await browser.get("/transactions/new?kind=wants")
            #expect(form.html.contains("value=\"wants\" checked"))
            #expect(form.fieldValue("category") == String(shopping))
            #expect(form.fieldValue("date") == "2026-11-22")
            let needs = try await browser.get("/transactions/new?kind=needs")
            #expect(needs.fieldValue("category") == String(utilities))
            // Without a kind asked for, the form starts at the newest transaction's kind and category
            let plain = try await browser.get("/transactions/new")
            #expect(plain.html.contains("value=\"savings\" checked"))
            #expect(plain.fieldValue("category") == String(vacation))
            // Savings outside a stash show by category on the Savings tab.
            let savings = try await browser.get("/budget/savings")
            #expect(savings.html.contains("Savings by category"))
            #expect(savings.html.contains("Vacation"))
            #expect(savings.html.contains("Beach"))
        }
    }

    @Test("today and month boundaries follow the user's time zone (December → January)")
    func timeZoneAndNewYear() async throws {
        // 2026-12-31 23:30 UTC is already 2027-01-01 in Kiritimati (UTC+14).
        let clock = TestClock(TestClock.date("2026-12-31T23:30:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: Self.email)
            try await database.write { db in
                try db.execute(sql: "UPDATE user SET timeZone = 'Pacific/Kiritimati'")
            }
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let form = try await browser.get("/transactions/new")
            #expect(form.fieldValue("date") == "2027-01-01")
            try await browser.addTransaction(amount: "1000", kind: "income", category: salary, date: "2026-12-31")
            try await browser.addTransaction(amount: "300", kind: "needs", category: rent, date: "2027-01-01")
            let january = try await browser.get("/budget")
            #expect(january.html.contains("value=\"2027-01\""))
            #expect(january.html.contains("budget-hero__amount amount--expense\">-$300.00</p>"))
            #expect(january.html.contains("remaining this month"))
            let december = try await browser.get("/budget?month=2026-12")
            #expect(december.html.contains(">$1,000.00</p>"))
            #expect(december.html.contains("remaining in December 2026"))
            let totals = try database.for(userId: 1).monthTotals(month: Month(year: 2027, month: 1))
            #expect(totals == LedgerTotals(savedCents: 0, spentCents: 30_000, incomeCents: 0, entryCount: 1))
            #expect(totals.remainingCents == -30_000)
        }
    }
}

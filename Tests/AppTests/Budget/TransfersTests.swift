import Foundation
import GRDB
import Testing

@testable import App

@Suite("Transfers, account registers and reconciling")
struct TransfersTests {
    static let email = "ann@example.com"

    /// Signs up and adds Checking ($1,000.00), Savings ($0.00) and Visa (−$200.00); returns their ids.
    static func threeAccounts(_ browser: Browser) async throws -> (checking: Int64, savings: Int64, visa: Int64) {
        try await browser.signUp(email: email)
        func add(_ name: String, _ kind: String, _ opening: String) async throws -> Int64 {
            try await browser.get("/accounts/new")
            let created = try await browser.post("/accounts", [("name", name), ("kind", kind), ("opening", opening)])
            return try #require(Int64(created.location?.split(separator: "/").last ?? ""))
        }
        return (
            try await add("Checking", "checking", "1,000"), try await add("Savings", "savings", "0"),
            try await add("Visa", "credit-card", "-200")
        )
    }

    @discardableResult
    static func transfer(
        _ browser: Browser,
        from: Int64,
        to: Int64,
        amount: String,
        date: String = "2026-11-10",
        note: String = ""
    ) async throws -> Page {
        try await browser.get("/transfers/new")
        return try await browser.post(
            "/transfers",
            [("from", String(from)), ("to", String(to)), ("amount", amount), ("date", date), ("note", note)]
        )
    }

    /// The text of the Home summary card named `label` (its amount).
    static func card(_ html: String, _ label: String) -> String? {
        guard let start = html.range(of: "\(label)</span><span class=\"summary-card__amount") else { return nil }
        let rest = html[start.upperBound...]
        guard let open = rest.range(of: ">"), let close = rest.range(of: "</span>") else { return nil }
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test("a transfer moves money between two accounts: neither income nor spent, and the total balance stays")
    func transferKeepsTheFigures() async throws {
        try await TestApp.run { browser, database in
            // Given: three accounts, an income and an expense in Checking
            let (checking, savings, visa) = try await Self.threeAccounts(browser)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.addTransaction(
                amount: "500",
                kind: "income",
                category: salary,
                date: "2026-11-01",
                account: String(checking)
            )
            try await browser.addTransaction(
                amount: "120",
                kind: "needs",
                category: rent,
                date: "2026-11-02",
                account: String(checking)
            )
            let before = try await browser.get("/").html
            #expect(Self.card(before, "Total balance") == "$1,180.00")

            // When: $300 goes to Savings and $150 pays the card
            let moved = try await Self.transfer(browser, from: checking, to: savings, amount: "300", note: "Rainy day")
            #expect(moved.status == .seeOther)
            #expect(moved.location == "/accounts/\(checking)")
            let landing = try await browser.get(try #require(moved.location))
            #expect(landing.html.contains("Moved $300.00 from Checking to Savings."))
            try await Self.transfer(browser, from: checking, to: visa, amount: "150", date: "2026-11-11")

            // Then: Income, Spent, Saved and the total balance are what they were
            let home = try await browser.get("/").html
            #expect(Self.card(home, "Total balance") == "$1,180.00")
            #expect(Self.card(home, "Income this month") == "$500.00")
            #expect(Self.card(home, "Spent this month") == "$120.00")
            let budget = try await browser.get("/budget").html
            #expect(budget.contains("$380.00"))  // remaining = 500 − 120
            let statistics = try await browser.get("/statistics?view=monthly").html
            #expect(!statistics.contains("$300.00"))
            #expect(!statistics.contains("$150.00"))
            // Each account as it sees it
            let accounts = try await browser.get("/accounts").html
            #expect(accounts.contains("$930.00"))  // 1,000 + 500 − 120 − 300 − 150
            #expect(accounts.contains("$300.00"))
            #expect(accounts.contains("-$50.00"))  // −200 + 150
            let checkingPage = try await browser.get("/accounts/\(checking)").html
            #expect(checkingPage.contains("Rainy day"))
            #expect(checkingPage.contains("−$300.00"))
            #expect(checkingPage.contains("Checking → Savings"))
            let savingsPage = try await browser.get("/accounts/\(savings)").html
            #expect(savingsPage.contains("+$300.00"))
            #expect(savingsPage.contains("Balance $300.00"))
            // One row in the list of every transaction, two rows written, the second naming the first
            let list = try await browser.get("/transactions").html
            #expect(list.components(separatedBy: "ledger-item__title\">Rainy day<").count == 2)
            let rows = try await database.ledgerRows(email: Self.email).filter { $0.kind.isTransfer }
            #expect(rows.count == 4)
            let leaving = try #require(rows.first { $0.kind == .transfer && $0.amountCents == 30_000 })
            let arriving = try #require(rows.first { $0.pairId == leaving.id })
            #expect(arriving.kind == .transferIn)
            #expect(arriving.accountId == savings)
            #expect(leaving.accountId == checking)
            #expect(leaving.categoryId == nil)
            // The CSV of Statistics leaves the transfers out as well
            let csv = try await browser.get("/statistics/export.csv?view=monthly&period=2026-11").html
            #expect(!csv.contains("300.00"))
        }
    }

    @Test("a saving can name the account it goes into: Saved counts it, and the total balance stays")
    func savingIntoAnAccount() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await Self.threeAccounts(browser)
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)
            try await browser.get("/transactions/new?kind=savings")
            let saved = try await browser.post(
                "/transactions",
                [
                    ("amount", "75"), ("kind", "savings"), ("category", String(vacation)), ("date", "2026-11-05"),
                    ("account", String(checking)), ("into", String(savings)),
                ]
            )
            #expect(saved.status == .seeOther)
            let home = try await browser.get("/").html
            #expect(Self.card(home, "Total balance") == "$800.00")
            let accounts = try await browser.get("/accounts").html
            #expect(accounts.contains("$925.00"))
            #expect(accounts.contains("$75.00"))
            let savingsHTML = try await browser.get("/budget/savings").html
            #expect(savingsHTML.contains("$75.00"))
            // Editing it to go nowhere takes the arrival away; the saving stays
            let rows = try await database.ledgerRows(email: Self.email)
            let saving = try #require(rows.first { $0.kind == .saving })
            let form = try await browser.get("/transactions/\(try #require(saving.id))/edit")
            #expect(form.fieldValue("into") == String(savings))
            try await browser.post(
                "/transactions/\(try #require(saving.id))/edit",
                [
                    ("amount", "75"), ("kind", "savings"), ("category", String(vacation)), ("date", "2026-11-05"),
                    ("account", String(checking)), ("into", ""),
                ]
            )
            #expect(try await database.ledgerRows(email: Self.email).filter { $0.kind == .transferIn }.isEmpty)
            #expect(Self.card(try await browser.get("/").html, "Total balance") == "$725.00")
        }
    }

    @Test("the same account twice, a missing or foreign account: a field error each, the input kept, nothing written")
    func transferErrors() async throws {
        try await TestApp.run { browser, database in
            // Given: another member's account
            try await browser.signUp(email: "bob@example.com")
            try await browser.get("/accounts/new")
            let bobs = try await browser.post("/accounts", [("name", "Bob's"), ("kind", "checking"), ("opening", "5")])
            let bobsAccount = try #require(Int64(bobs.location?.split(separator: "/").last ?? ""))
            try await browser.post("/logout")
            let (checking, savings, _) = try await Self.threeAccounts(browser)

            let same = try await Self.transfer(browser, from: checking, to: checking, amount: "12.50")
            #expect(same.status == .unprocessableContent)
            #expect(same.fieldError("to") == "Choose another account than the one the money leaves.")
            #expect(same.fieldValue("amount") == "12.50")
            let foreign = try await Self.transfer(browser, from: checking, to: bobsAccount, amount: "5")
            #expect(foreign.status == .unprocessableContent)
            #expect(foreign.fieldError("to") == "Choose one of your accounts.")
            #expect(!foreign.html.contains("Bob&#39;s") && !foreign.html.contains("Bob's"))
            let missing = try await browser.post("/transfers", [("amount", "0"), ("date", "2026-11-10")])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.fieldError("from") == "Choose the account the money leaves.")
            #expect(missing.fieldError("to") == "Choose the account the money goes into.")
            #expect(missing.fieldError("amount") != nil)
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // A member with one account is told what a transfer needs
            _ = savings
            try await browser.post("/logout")
            try await browser.signUp(email: "cy@example.com")
            let lonely = try await browser.get("/transfers/new").html
            #expect(lonely.contains("Transfers need two accounts"))
        }
    }

    @Test("another member's transfer is a 404 to open, edit or delete; their rows never change")
    func foreignTransferIsNotFound() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await Self.threeAccounts(browser)
            try await Self.transfer(browser, from: checking, to: savings, amount: "40")
            let rows = try await database.ledgerRows(email: Self.email)
            let leaving = try #require(rows.first { $0.kind == .transfer }?.id)
            let arriving = try #require(rows.first { $0.kind == .transferIn }?.id)
            try await browser.post("/logout")
            try await browser.signUp(email: "eve@example.com")
            for id in [leaving, arriving] {
                #expect(try await browser.get("/transfers/\(id)/edit").status == .notFound)
                #expect(try await browser.get("/transactions/\(id)/edit").status == .notFound)
                try await browser.get("/transactions/new")
                let delete = try await browser.post("/transactions/\(id)/delete")
                #expect(delete.status == .notFound, "\(delete.status) \(delete.location ?? "")")
                try await browser.get("/transactions/new")
                #expect(try await browser.post("/transactions/\(id)/cleared", [("cleared", "1")]).status == .notFound)
            }
            #expect(try await browser.get("/accounts/\(checking)").status == .notFound)
            #expect(try await browser.get("/accounts/\(checking)/reconcile").status == .notFound)
            #expect(try await database.ledgerRows(email: Self.email) == rows)
        }
    }

    @Test("editing a transfer moves both sides; deleting either side deletes both, and Undo brings both back")
    func editDeleteUndo() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, visa) = try await Self.threeAccounts(browser)
            try await Self.transfer(browser, from: checking, to: savings, amount: "40")
            let leaving = try #require(try await database.ledgerRows(email: Self.email).first { $0.kind == .transfer })
            let id = try #require(leaving.id)

            // The arriving side's row opens the transfer's form
            let arrivingId = try #require(
                try await database.ledgerRows(email: Self.email).first { $0.kind == .transferIn }?.id
            )
            let redirect = try await browser.get("/transactions/\(arrivingId)/edit")
            #expect(redirect.location == "/transactions/\(id)/edit")
            let form = try await browser.get("/transfers/\(id)/edit")
            #expect(form.fieldValue("from") == String(checking))
            #expect(form.fieldValue("to") == String(savings))
            #expect(form.fieldValue("amount") == "40.00")

            let saved = try await browser.post(
                "/transfers/\(id)/edit",
                [("from", String(checking)), ("to", String(visa)), ("amount", "55"), ("date", "2026-11-12")]
            )
            #expect(saved.status == .seeOther)
            var rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 2)
            let arrival = try #require(rows.first { $0.kind == .transferIn })
            #expect(arrival.accountId == visa)
            #expect(arrival.amountCents == 5_500)
            #expect(arrival.date == "2026-11-12")
            let accounts = try await browser.get("/accounts").html
            #expect(accounts.contains("$945.00"))
            #expect(accounts.contains("-$145.00"))

            // Deleting from the arriving side deletes the pair, with Undo
            let deleted = try await browser.post("/transactions/\(try #require(arrival.id))/delete")
            #expect(deleted.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
            let flash = try await browser.get(try #require(deleted.location)).html
            #expect(flash.contains("Deleted the transfer of $55.00."))
            let undo = try #require(
                flash.range(of: "action=\"/trash/[0-9]+/restore\"", options: .regularExpression)
                    .map { String(flash[$0].dropFirst(8).dropLast()) }
            )
            try await browser.post(undo)
            rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 2)
            #expect(rows.first { $0.kind == .transferIn }?.pairId == id)
            #expect(try await browser.get("/accounts").html.contains("-$145.00"))
        }
    }

    @Test("the register runs from the balance down, page after page, and its last row meets the opening balance")
    func runningBalance() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await Self.threeAccounts(browser)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            // 60 rows over two months, a transfer among them: two pages
            for day in 1...30 {
                let date = String(format: "2026-10-%02d", day)
                try await browser.addTransaction(
                    amount: "\(day)",
                    kind: "needs",
                    category: rent,
                    date: date,
                    account: String(checking)
                )
                try await browser.addTransaction(
                    amount: "1",
                    kind: "needs",
                    category: rent,
                    date: date,
                    account: String(checking)
                )
            }
            try await Self.transfer(browser, from: savings, to: checking, amount: "100", date: "2026-10-15")
            // 1,000 − (465 + 30) + 100 = 605
            let first = try await browser.get("/accounts/\(checking)")
            let balances = Self.balances(first.html)
            #expect(balances.first == "$605.00")
            #expect(balances.count == 50)
            #expect(first.html.contains("+$100.00"))
            let older = try #require(
                first.html.range(of: "/accounts/\(checking)\\?before=[0-9-]+,[0-9]+", options: .regularExpression)
                    .map { String(first.html[$0]) }
            )
            let second = try await browser.get(older)
            let rest = Self.balances(second.html)
            #expect(rest.count == 11)
            // The oldest row is Oct 1's first: $1 then $1 → before them, the opening balance
            #expect(rest.last == "$999.00")
        }
    }

    /// The "Balance $…" of each register row, in order.
    static func balances(_ html: String) -> [String] {
        html.matches(of: /register__balance">Balance ([^<]+)</).map { String($0.output.1) }
    }

    @Test(
        "cleared rows make the cleared balance; a statement that doesn't match shows the difference and locks nothing"
    )
    func reconcile() async throws {
        try await TestApp.run { browser, database in
            let (checking, _, _) = try await Self.threeAccounts(browser)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            for (amount, date) in [("100", "2026-11-01"), ("20", "2026-11-05"), ("7", "2026-11-20")] {
                try await browser.addTransaction(
                    amount: amount,
                    kind: "needs",
                    category: rent,
                    date: date,
                    account: String(checking)
                )
            }
            let ids = try await database.ledgerRows(email: Self.email).compactMap(\.id)
            let here = "/accounts/\(checking)"
            try await browser.get(here)
            for id in ids {
                let ticked = try await browser.post(
                    "/transactions/\(id)/cleared",
                    [("cleared", "1"), ("returnTo", here)]
                )
                #expect(ticked.location == here)
            }
            let page = try await browser.get(here).html
            #expect(page.contains("Cleared balance</dt><dd>$873.00"))
            #expect(page.contains("aria-pressed=\"true\""))

            // A statement of Nov 10 at $890.00: cleared through then is $880.00
            try await browser.get(here + "/reconcile")
            let off = try await browser.post(
                here + "/reconcile",
                [("balance", "890"), ("date", "2026-11-10")]
            )
            #expect(off.status == .unprocessableContent)
            #expect(off.html.contains("Difference</dt><dd class=\"amount--expense\">$10.00"))
            #expect(off.fieldError("balance")?.contains("$880.00") == true)
            #expect(off.fieldValue("balance") == "890")
            #expect(try await database.ledgerRows(email: Self.email).allSatisfy { $0.clearing == .cleared })

            // The right balance locks the two cleared rows up to the statement date
            let done = try await browser.post(here + "/reconcile", [("balance", "880"), ("date", "2026-11-10")])
            #expect(done.status == .seeOther)
            #expect(try await browser.get(here).html.contains("2 transactions are now locked."))
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.filter { $0.clearing == .reconciled }.map(\.amountCents).sorted() == [2_000, 10_000])
            #expect(rows.first { $0.amountCents == 700 }?.clearing == .cleared)
            let after = try await browser.get(here).html
            #expect(after.contains("Last reconciled on"))
            #expect(after.contains("register__lock"))
            // A locked row can't be unticked
            let locked = try #require(rows.first { $0.amountCents == 10_000 }?.id)
            let refused = try await browser.post(
                "/transactions/\(locked)/cleared",
                [("cleared", "0"), ("returnTo", here)]
            )
            #expect(refused.status == .seeOther)
            #expect(try await browser.get(here).html.contains("locked by a reconciliation"))
            #expect(try await database.ledgerRows(email: Self.email).first { $0.id == locked }?.clearing == .reconciled)

            // Editing a locked row asks first: without the tick nothing changes, with it the edit lands
            let form = try await browser.get("/transactions/\(locked)/edit")
            #expect(form.html.contains("Change this reconciled transaction anyway"))
            let fields: [(String, String)] = [
                ("amount", "101"), ("kind", "needs"), ("category", String(rent)), ("date", "2026-11-01"),
                ("account", String(checking)),
            ]
            let asked = try await browser.post("/transactions/\(locked)/edit", fields)
            #expect(asked.status == .unprocessableContent)
            #expect(asked.fieldError("unlock") == "Tick the box to change a reconciled transaction, or cancel.")
            #expect(asked.fieldValue("amount") == "101")
            #expect(try await database.ledgerRows(email: Self.email).first { $0.id == locked }?.amountCents == 10_000)
            // Deleting it asks first too
            let ask = try await browser.post("/transactions/\(locked)/delete")
            #expect(ask.status == .ok)
            #expect(ask.html.contains("Delete anyway"))
            #expect(try await database.ledgerRows(email: Self.email).count == 3)
            let changed = try await browser.post("/transactions/\(locked)/edit", fields + [("unlock", "yes")])
            #expect(changed.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).first { $0.id == locked }?.amountCents == 10_100)
        }
    }

    @Test("deleting an account with rows says how many and asks: keep them without an account, or move them")
    func deleteAccountAsks() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, visa) = try await Self.threeAccounts(browser)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            for amount in ["10", "20"] {
                try await browser.addTransaction(
                    amount: amount,
                    kind: "needs",
                    category: rent,
                    date: "2026-11-02",
                    account: String(visa)
                )
            }
            // A schedule paid from the account goes where its transactions go
            try await browser.get("/schedules/new")
            let saved = try await browser.post(
                "/schedules",
                ScheduleTests.form(target: rent, ["account": String(visa), "starts": "2026-12-01"])
            )
            #expect(saved.status == .seeOther)
            let empty = try await browser.get("/accounts/\(savings)/delete").html
            #expect(empty.contains("It has no transactions."))
            let confirm = try await browser.get("/accounts/\(visa)/delete")
            #expect(confirm.html.contains("It holds 2 transactions. What should happen to them?"))
            #expect(confirm.html.contains("Keep them, without an account"))
            #expect(confirm.html.contains("<option value=\"\(checking)\">Move them to Checking</option>"))
            #expect(!confirm.html.contains("Move them to Visa"))
            // A forged target is refused and nothing changes
            let forged = try await browser.post("/accounts/\(visa)/delete", [("moveTo", String(visa))])
            #expect(forged.status == .badRequest)
            #expect(try await database.ledgerRows(email: Self.email).allSatisfy { $0.accountId == visa })
            try await browser.get("/accounts/\(visa)/delete")
            let deleted = try await browser.post("/accounts/\(visa)/delete", [("moveTo", String(checking))])
            #expect(deleted.status == .seeOther)
            #expect(
                try await browser.get("/accounts").html.contains(
                    "Deleted “Visa”; 2 transactions moved to Checking."
                )
            )
            #expect(try await database.ledgerRows(email: Self.email).allSatisfy { $0.accountId == checking })
            #expect(try ScheduleTests.schedules(database).map(\.accountId) == [checking])
            #expect(try await browser.get("/accounts").html.contains("$970.00"))
        }
    }

    @Test("the total balance at each month's end, over 12 or 36 months; Home's past month shows its end balance")
    func netWorth() async throws {
        try await TestApp.run { browser, database in
            // Given: openings of $800 in all; a bill in September, pay in October, a transfer, a bill on no account
            let (checking, savings, _) = try await Self.threeAccounts(browser)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            try await browser.addTransaction(
                amount: "100",
                kind: "needs",
                category: rent,
                date: "2026-09-10",
                account: String(checking)
            )
            try await browser.addTransaction(
                amount: "500",
                kind: "income",
                category: salary,
                date: "2026-10-01",
                account: String(checking)
            )
            try await Self.transfer(browser, from: checking, to: savings, amount: "300", date: "2026-10-05")
            try await browser.addTransaction(amount: "50", kind: "needs", category: rent, date: "2026-11-03")

            // Then: a year of month ends, newest first in the table
            let year = try await browser.get("/accounts").html
            #expect(year.contains("Total balance at month end, last 12 months"))
            #expect(year.contains("<td>November 2026</td><td>$1,200.00</td>"))
            #expect(year.contains("<td>October 2026</td><td>$1,200.00</td>"))
            #expect(year.contains("<td>September 2026</td><td>$700.00</td>"))
            #expect(year.contains("<td>December 2025</td><td>$800.00</td>"))
            #expect(year.components(separatedBy: "<tr><td>").count - 1 == 12)
            #expect(year.contains("<a class=\"subnav__item\" href=\"/accounts\" aria-current=\"page\">12 months</a>"))
            let three = try await browser.get("/accounts?months=36").html
            #expect(three.components(separatedBy: "<tr><td>").count - 1 == 36)
            #expect(three.contains("<td>December 2023</td><td>$800.00</td>"))
            // Home on September says the balance is the one at its end; on this month, today's
            let september = try await browser.get("/?month=2026-09").html
            #expect(Self.card(september, "Balance at end of Sep 2026") == "$700.00")
            #expect(Self.card(try await browser.get("/").html, "Total balance") == "$1,200.00")
        }
    }

    @Test("the list filters by dates, amounts, account and statement, sorts, and says how many rows and their total")
    func filters() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await Self.threeAccounts(browser)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            let account = String(checking)
            try await browser.addTransaction(
                amount: "500",
                kind: "income",
                category: salary,
                date: "2026-10-01",
                note: "Pay",
                account: account
            )
            try await browser.addTransaction(
                amount: "120",
                kind: "needs",
                category: rent,
                date: "2026-10-15",
                note: "Rent",
                account: account
            )
            try await browser.addTransaction(
                amount: "40",
                kind: "needs",
                category: rent,
                date: "2026-11-02",
                note: "Gas"
            )
            try await browser.addTransaction(
                amount: "15",
                kind: "wants",
                category: dining,
                date: "2026-11-05",
                note: "Lunch",
                account: account
            )
            try await Self.transfer(browser, from: checking, to: savings, amount: "300", date: "2026-11-06")
            func summary(_ query: String) async throws -> String? {
                let html = try await browser.get("/transactions?" + query).html
                return html.firstMatch(of: /<p class="list-summary" role="status">([^<]*)<\/p>/).map {
                    String($0.output.1)
                }
            }
            // Every row (a transfer counts, and is neither in nor out)
            #expect(try await summary("") == "5 transactions · $325.00")
            #expect(try await summary("from=2026-10-10&to=2026-11-05") == "3 transactions · -$175.00")
            #expect(try await summary("min=30&max=200") == "2 transactions · -$160.00")
            // One account's rows as it sees them
            #expect(try await summary("account=\(checking)") == "4 transactions · $65.00")
            // Dates and a kind alone come from the day totals, and say the same
            #expect(try await summary("from=2026-11-01&to=2026-11-30") == "3 transactions · -$55.00")
            #expect(try await summary("from=2026-11-01&to=2026-11-30&kind=expense") == "2 transactions · -$55.00")
            // Cleared rows
            let rentId = try #require(try await database.ledgerRows(email: Self.email).first { $0.note == "Rent" }?.id)
            try await browser.get("/accounts/\(checking)")
            try await browser.post("/transactions/\(rentId)/cleared", [("cleared", "1")])
            #expect(try await summary("cleared=cleared") == "1 transaction · -$120.00")
            #expect(try await summary("cleared=open&account=\(checking)") == "3 transactions · $185.00")
            // Largest first: the pay, then the transfer, then the rent
            let largest = try await browser.get("/transactions?sort=largest").html
            let order = ["Pay", "300.00", "Rent", "Gas", "Lunch"].map {
                largest.range(of: ">\($0)<")?.lowerBound ?? largest.range(of: $0)?.lowerBound
            }
            #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted() && order.allSatisfy { $0 != nil })
            // An amount that can't be read says so beside its field, keeps what was typed and filters nothing
            let bad = try await browser.get("/transactions?min=abc")
            #expect(bad.status == .ok)
            #expect(bad.html.contains("id=\"filter-min-error\""))
            #expect(bad.html.contains("name=\"min\" inputmode=\"decimal\" autocomplete=\"off\" value=\"abc\""))
            #expect(try await summary("min=abc") == "5 transactions · $325.00")
        }
    }

    @Test("ticked rows move to a category, get cleared or are deleted in one go, each with Undo, without JavaScript")
    func bulk() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await Self.threeAccounts(browser)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            for (amount, account) in [("10", String(checking)), ("20", String(checking)), ("30", "")] {
                try await browser.addTransaction(
                    amount: amount,
                    kind: "needs",
                    category: groceries,
                    date: "2026-11-10",
                    account: account
                )
            }
            try await browser.addTransaction(amount: "500", kind: "income", category: salary, date: "2026-11-01")
            try await Self.transfer(browser, from: checking, to: savings, amount: "99")
            let rows = try await database.ledgerRows(email: Self.email)
            let expenses = rows.filter { $0.kind == .expense }.compactMap(\.id)
            let income = try #require(rows.first { $0.kind == .income }?.id)
            let arriving = try #require(rows.first { $0.kind == .transferIn }?.id)
            func post(_ ids: [Int64], _ fields: [(String, String)]) async throws -> Page {
                let list = try await browser.get("/transactions")
                #expect(list.html.contains("form=\"bulk\""))
                return try await browser.post("/transactions/bulk", ids.map { ("ids[]", String($0)) } + fields)
            }
            func flash(_ page: Page) async throws -> String {
                try await browser.get(try #require(page.location)).html
            }
            func undoPath(_ html: String) throws -> String {
                try #require(
                    html.firstMatch(of: /action="(\/transactions\/bulk\/[0-9]+\/undo)"/).map { String($0.output.1) }
                )
            }

            // Move three expenses and the income to Dining Out: the income stays, being of another kind
            let moved = try await post(expenses + [income], [("action", "category"), ("category", String(dining))])
            #expect(moved.status == .seeOther)
            let movedPage = try await flash(moved)
            #expect(movedPage.contains("Moved 3 transactions to Dining Out. 1 stayed as it was"))
            var now = try await database.ledgerRows(email: Self.email)
            #expect(now.filter { $0.kind == .expense }.allSatisfy { $0.categoryId == dining })
            #expect(now.first { $0.id == income }?.categoryId == salary)
            try await browser.post(try undoPath(movedPage))
            now = try await database.ledgerRows(email: Self.email)
            #expect(now.filter { $0.kind == .expense }.allSatisfy { $0.categoryId == groceries })

            // Nothing ticked, no action, another member's row: nothing changes
            let none = try await post([], [("action", "delete")])
            #expect(try await flash(none).contains("Tick at least one transaction first."))
            let noAction = try await post(expenses, [("action", "")])
            #expect(try await flash(noAction).contains("Choose what to do with the ticked transactions."))
            #expect(try await post(expenses + [9_999], [("action", "delete")]).status == .notFound)
            #expect(try await database.ledgerRows(email: Self.email).count == rows.count)

            // Cleared: only rows with an account
            let cleared = try await post(expenses, [("action", "cleared")])
            #expect(try await flash(cleared).contains("Marked 2 transactions cleared."))
            #expect(try await database.ledgerRows(email: Self.email).filter { $0.clearing == .cleared }.count == 2)

            // Delete two expenses and a transfer by its arriving side: the pair goes whole; Undo brings all back
            let deleted = try await post(Array(expenses.prefix(2)) + [arriving], [("action", "delete")])
            let deletedPage = try await flash(deleted)
            #expect(deletedPage.contains("Deleted 3 transactions."))
            #expect(try await database.ledgerRows(email: Self.email).count == rows.count - 4)
            try await browser.post(try undoPath(deletedPage))
            now = try await database.ledgerRows(email: Self.email)
            #expect(now.count == rows.count)
            #expect(now.first { $0.kind == .transferIn }?.pairId == rows.first { $0.kind == .transfer }?.id)
            #expect(now.filter { $0.clearing == .cleared }.count == 2)
            #expect(try await browser.get("/accounts").html.contains("$871.00"))  // 1,000 − 10 − 20 − 99
        }
    }

    @Test("a payee and tags: suggested from earlier ones, shown in the list, searched, filtered and tagged in bulk")
    func payeeAndTags() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            func add(_ amount: String, payee: String, tags: String) async throws -> Page {
                try await browser.get("/transactions/new?kind=needs")
                return try await browser.post(
                    "/transactions",
                    [
                        ("amount", amount), ("kind", "needs"), ("category", String(groceries)), ("date", "2026-11-10"),
                        ("payee", payee), ("tags", tags),
                    ]
                )
            }
            #expect(try await add("12", payee: "Corner Shop", tags: "holiday, Gifts, holiday").status == .seeOther)
            #expect(try await add("30", payee: "Market", tags: "").status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.payee) == ["Corner Shop", "Market"])
            #expect(rows.first?.tags == ",holiday,Gifts,")

            // Too long a tag, or too many: a field error, what was typed kept, nothing written
            let long = try await add("5", payee: "", tags: String(repeating: "x", count: 31))
            #expect(long.status == .unprocessableContent)
            #expect(long.fieldError("tags") == "Keep each tag to 30 characters.")
            let many = try await add("5", payee: "", tags: (1...11).map { "t\($0)" }.joined(separator: ","))
            #expect(many.fieldError("tags") == "Use at most 10 tags.")
            #expect(try await database.ledgerRows(email: Self.email).count == 2)

            // The form suggests the payees and tags used before; editing shows them as typed
            let form = try await browser.get("/transactions/new?kind=needs").html
            #expect(
                form.contains(
                    "<datalist id=\"field-payee-list\"><option value=\"Market\"></option><option value=\"Corner Shop\"></option></datalist>"
                )
            )
            #expect(form.contains("<option value=\"holiday\"></option><option value=\"Gifts\"></option>"))
            let edit = try await browser.get("/transactions/\(try #require(rows.first?.id))/edit")
            #expect(edit.fieldValue("payee") == "Corner Shop")
            #expect(edit.fieldValue("tags") == "holiday, Gifts")

            // The list shows them; search, the payee filter and the tag filter find them
            let list = try await browser.get("/transactions").html
            #expect(list.contains("Corner Shop · Needs · #holiday · #Gifts"))
            #expect(try await browser.get("/transactions?q=corner").html.contains("1 transaction · -$12.00"))
            #expect(try await browser.get("/transactions?payee=market").html.contains("1 transaction · -$30.00"))
            #expect(try await browser.get("/transactions?tag=GIFTS").html.contains("1 transaction · -$12.00"))
            #expect(try await browser.get("/transactions?tag=gift").html.contains("0 transactions"))

            // Tagging in bulk adds the tag once
            try await browser.get("/transactions")
            let tagged = try await browser.post(
                "/transactions/bulk",
                rows.compactMap(\.id).map { ("ids[]", String($0)) } + [("action", "tag"), ("tag", "Holiday")]
            )
            #expect(
                try await browser.get(try #require(tagged.location)).html.contains("Tagged 1 transaction “Holiday”.")
            )
            #expect(try await database.ledgerRows(email: Self.email).map(\.tags) == [",holiday,Gifts,", ",Holiday,"])
        }
    }

    @Test("a transaction split three ways without JavaScript: each part counts in its own category, and they add up")
    func splitThreeWays() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let utilities = try await database.categoryId("Utilities", kind: .needs, email: Self.email)
            let health = try await database.categoryId("Healthcare", kind: .needs, email: Self.email)
            let salary = try await database.categoryId("Salary", kind: .income, email: Self.email)
            var fields: [(String, String)] = [
                ("amount", "100"), ("kind", "needs"), ("category", ""), ("note", "Big shop"), ("date", "2026-11-10"),
                ("partCategory[]", String(groceries)), ("partAmount[]", "60"),
                ("partCategory[]", String(utilities)), ("partAmount[]", "25"),
            ]
            // "Add a part" posts the form back with a third row, keeping what was typed, and saves nothing
            let form = try await browser.get("/transactions/new?kind=needs")
            #expect(form.html.contains("Split across categories"))
            // Enter in the amount saves: Save is the form's first submit button, before "Add a part"
            let txForm = try #require(form.html.range(of: "data-tx-form").map { form.html[$0.upperBound...] })
            let save = try #require(txForm.range(of: "<button class=\"button button--primary\" type=\"submit\">"))
            let addPart = try #require(txForm.range(of: "name=\"addPart\""))
            #expect(save.lowerBound < addPart.lowerBound)
            #expect(!txForm[..<save.lowerBound].contains("type=\"submit\""))
            let more = try await browser.post("/transactions", fields + [("addPart", "1")])
            #expect(more.status == .ok)
            #expect(more.html.components(separatedBy: "name=\"partAmount[]\"").count - 1 == 3)
            #expect(more.html.contains("value=\"60\""))
            #expect(more.html.contains("Big shop"))
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // Parts that don't add up, a part of another kind, a lone part: a clear error each, nothing written
            let short = try await browser.post(
                "/transactions",
                fields + [("partCategory[]", String(health)), ("partAmount[]", "10")]
            )
            #expect(short.status == .unprocessableContent)
            #expect(short.fieldError("parts") == "The parts come to $95.00, but the amount is $100.00.")
            let wrongKind = try await browser.post(
                "/transactions",
                fields + [("partCategory[]", String(salary)), ("partAmount[]", "15")]
            )
            #expect(wrongKind.fieldError("parts") == "Choose a category or stash of this type for each part.")
            let lone = try await browser.post(
                "/transactions",
                [
                    ("amount", "60"), ("kind", "needs"), ("date", "2026-11-10"), ("partCategory[]", String(groceries)),
                    ("partAmount[]", "60"),
                ]
            )
            #expect(lone.fieldError("parts") == "A split needs at least two parts.")
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // Three parts that add up: three rows, each in its own category, the month's spending the whole
            fields += [("partCategory[]", String(health)), ("partAmount[]", "15")]
            let saved = try await browser.post("/transactions", fields)
            #expect(saved.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.amountCents) == [6_000, 2_500, 1_500])
            #expect(rows.map(\.categoryId) == [groceries, utilities, health])
            #expect(Set(rows.map(\.splitId)) == [rows.first?.id])
            #expect(rows.allSatisfy { $0.note == "Big shop" && $0.date == "2026-11-10" })
            let needs = try await browser.get("/budget/needs").html
            #expect(needs.contains("$100.00"))
            #expect(
                try await browser.get("/transactions?category=\(utilities)").html.contains("1 transaction · -$25.00")
            )

            // Any part opens the whole split; saving two parts leaves two
            let head = try #require(rows.first?.id)
            let last = try #require(rows.last?.id)
            #expect(try await browser.get("/transactions/\(last)/edit").location == "/transactions/\(head)/edit")
            let edit = try await browser.get("/transactions/\(head)/edit")
            #expect(edit.fieldValue("amount") == "100.00")
            #expect(edit.html.components(separatedBy: "name=\"partAmount[]\"").count - 1 == 3)
            try await browser.post(
                "/transactions/\(head)/edit",
                [
                    ("amount", "100"), ("kind", "needs"), ("note", "Big shop"), ("date", "2026-11-10"),
                    ("partCategory[]", String(groceries)), ("partAmount[]", "70"),
                    ("partCategory[]", String(health)), ("partAmount[]", "30"),
                ]
            )
            #expect(try await database.ledgerRows(email: Self.email).map(\.amountCents) == [7_000, 3_000])

            // Deleting a part deletes the split; Undo brings every part back
            let parts = try await database.ledgerRows(email: Self.email)
            try await browser.get("/transactions/\(head)/edit")
            let deleted = try await browser.post("/transactions/\(try #require(parts.last?.id))/delete")
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
            let page = try await browser.get(try #require(deleted.location)).html
            let undo = try #require(
                page.firstMatch(of: /action="(\/trash\/[0-9]+\/restore)"/).map { String($0.output.1) }
            )
            try await browser.post(undo)
            #expect(try await database.ledgerRows(email: Self.email) == parts)

            // Deleting one part in bulk takes the whole split too, and its Undo brings every part back
            try await browser.get("/transactions")
            let bulk = try await browser.post(
                "/transactions/bulk",
                [("ids[]", String(try #require(parts.last?.id))), ("action", "delete")]
            )
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
            let bulkPage = try await browser.get(try #require(bulk.location)).html
            let bulkUndo = try #require(
                bulkPage.firstMatch(of: /action="(\/transactions\/bulk\/[0-9]+\/undo)"/).map { String($0.output.1) }
            )
            try await browser.post(bulkUndo)
            #expect(try await database.ledgerRows(email: Self.email) == parts)
        }
    }

    @Test("Home offers the four quick actions as large buttons")
    func quickActions() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: Self.email)
            let home = try await browser.get("/").html
            let page = HTMLPage(home)
            #expect(page.contains("nav", attributes: ["class": "quick-actions", "aria-label": "Quick actions"]))
            for (href, label) in [
                ("/transactions/new?return=/", "Add transaction"), ("/transfers/new?return=/", "Move money"),
                ("/accounts/new", "Add account"), ("/budget/reports", "Reports"),
            ] {
                #expect(home.contains("<a class=\"quick-action\" href=\"\(href)\">"))
                #expect(home.contains("<span>\(label)</span></a>"))
            }
        }
    }
}

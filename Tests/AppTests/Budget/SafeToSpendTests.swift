import Foundation
import GRDB
import Testing

@testable import App

@Suite("Safe to spend: one figure, its lines, the forecast and the buffer")
struct SafeToSpendTests {
    static let email = "ann@example.com"

    static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test("the sum, the spread of allowances and the forecast's dip match a hand computation")
    func handComputed() {
        // Sunday 22 Nov 2026. $1,000.00 spendable; pay of $50.00 arrives today and $2,000.00 on Fri 4 Dec.
        let safe = SafeToSpend(
            today: Self.day("2026-11-22"),
            accounts: [SafeToSpend.Account(id: 1, name: "Checking", balanceCents: 100_000)],
            events: [
                .init(day: Self.day("2026-11-22"), name: "Tips", kind: .income, cents: 5_000, source: .schedule(1)),
                .init(day: Self.day("2026-12-04"), name: "Salary", kind: .income, cents: 200_000, source: .schedule(2)),
                .init(day: Self.day("2026-11-23"), name: "Rent", kind: .expense, cents: 90_000, source: .schedule(3)),
                // Into a save stash: that stash's plan counts it
                .init(
                    day: Self.day("2026-11-24"),
                    name: "To Holiday",
                    kind: .saving,
                    cents: 10_000,
                    source: .schedule(4),
                    stashId: 7
                ),
                .init(day: Self.day("2026-12-01"), name: "Gold", kind: .expense, cents: 9_500, source: .card(5)),
                // After the horizon: in the forecast only
                .init(day: Self.day("2026-12-10"), name: "Gym", kind: .expense, cents: 3_000, source: .schedule(6)),
                // Before today: never
                .init(day: Self.day("2026-11-20"), name: "Old", kind: .expense, cents: 1, source: .schedule(9)),
            ],
            stashes: [
                .init(id: 7, name: "Holiday", kind: .save, targetCents: 30_000, doneCents: 25_000),
                .init(id: 8, name: "Groceries", kind: .spend, targetCents: 31_000, doneCents: 4_000),
            ],
            bufferCents: 2_000
        )
        #expect(safe.horizon == Self.day("2026-12-04"))
        #expect(safe.payday?.name == "Salary")
        #expect(safe.dayCount == 12)
        // Holiday: $50.00 left this month + December's whole $300.00, as the period reaches into December.
        // Groceries: $270.00 left over the 9 days to 30 Nov ($270.00), then $310.00 over 31 days, 3 of them
        // (1–3 Dec) before the horizon: 31000 × 3 ÷ 31 = $30.00.
        let expected: [(String, Int64)] = [
            ("Checking", 100_000), ("Tips", 5_000), ("Rent", -90_000), ("Gold", -9_500), ("Holiday", -35_000),
            ("Groceries", -30_000), ("", -2_000),
        ]
        #expect(safe.lines.map(\.name) == expected.map(\.0))
        #expect(safe.lines.map(\.cents) == expected.map(\.1))
        #expect(safe.sumCents == -61_500)
        // Forecast: 22 Nov 1000 + 50 − 30 = 1020; 23 Nov − 900 − 30 = 90; 24 Nov − 100 − 30 = −40; …
        #expect(safe.forecast.count == 40)
        #expect(safe.forecast[0].balanceCents == 102_000)
        #expect(safe.forecast[1].balanceCents == 9_000)
        #expect(safe.forecast[2].balanceCents == -4_000)
        // 30 Nov: −40 − 6 × 30 = −220; 1 Dec: − 95 − 10 = −325; 3 Dec: −345 is the lowest before pay day.
        #expect(safe.forecast[8].balanceCents == -22_000)
        #expect(safe.forecast[11].balanceCents == -34_500)
        // The lowest point less the buffer (−365.00) is above the sum (−615.00): the sum stands.
        #expect(safe.dip == nil)
        #expect(safe.cents == -61_500)
        #expect(safe.perDayCents == 0)
        // Every month's shares add up to its amount exactly.
        let spread = SafeToSpend.spread(
            [.init(id: 1, name: "A", kind: .spend, targetCents: 10_000, doneCents: 0)],
            today: Self.day("2026-11-22"),
            through: Self.day("2026-12-31")
        )
        #expect(spread.prefix(9).reduce(0) { $0 + ($1.cents[1] ?? 0) } == 10_000)
        #expect(spread.suffix(31).reduce(0) { $0 + ($1.cents[1] ?? 0) } == 10_000)

        // Saving into a stash more than its plan takes the balance below the sum before the horizon: the low point
        // wins.
        let dipping = SafeToSpend(
            today: Self.day("2026-11-22"),
            accounts: [SafeToSpend.Account(id: 1, name: "Checking", balanceCents: 50_000)],
            events: [
                .init(
                    day: Self.day("2026-11-25"),
                    name: "To Holiday",
                    kind: .saving,
                    cents: 40_000,
                    source: .schedule(4),
                    stashId: 7
                )
            ],
            stashes: [.init(id: 7, name: "Holiday", kind: .save, targetCents: 10_000, doneCents: 0)],
            bufferCents: 0
        )
        #expect(dipping.horizon == Self.day("2026-12-01"))
        #expect(dipping.sumCents == 40_000)
        #expect(dipping.dip == SafeToSpend.Day(day: Self.day("2026-11-25"), balanceCents: 10_000))
        #expect(dipping.cents == 10_000)
        #expect(dipping.perDayCents == 1_111)
    }

    /// Signs up with a fixture whose safe to spend was worked out by hand, returning the accounts' ids.
    static func fixture(_ browser: Browser, _ database: AppDatabase) async throws -> (checking: Int64, savings: Int64) {
        try await browser.signUp(email: email)
        func account(_ name: String, _ kind: String, _ opening: String) async throws -> Int64 {
            try await browser.get("/accounts/new")
            let created = try await browser.post("/accounts", [("name", name), ("kind", kind), ("opening", opening)])
            return try #require(Int64(created.location?.split(separator: "/").last ?? ""))
        }
        let checking = try await account("Checking", "checking", "2,000")
        let savings = try await account("Savings", "savings", "0")
        _ = try await account("Visa", "credit-card", "-200")
        let salary = try await database.categoryId("Salary", kind: .income, email: email)
        let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: email)
        try await browser.get("/schedules/new")
        func schedule(_ changes: [String: String]) async throws {
            let saved = try await browser.post("/schedules", ScheduleTests.form(target: rent, changes))
            #expect(saved.status == .seeOther, "\(changes)")
        }
        try await schedule([
            "name": "Salary", "target": String(salary), "amount": "2,000", "monthDay": "27", "starts": "2026-11-27",
            "posting": "expect", "account": String(checking),
        ])
        try await schedule([
            "name": "Rent", "amount": "500", "monthDay": "25", "starts": "2026-11-25", "account": String(checking),
        ])
        // Paid from savings: not money to spend, so not counted
        try await schedule([
            "name": "Phone", "amount": "30", "monthDay": "26", "starts": "2026-11-26", "account": String(savings),
        ])
        let holiday = try await browser.createStash(name: "Holiday", kind: "save", target: "300")
        try await browser.addEntry(stash: holiday, amount: "100", date: "2026-11-10")
        let groceries = try await browser.createStash(
            name: "Groceries",
            kind: "spend",
            target: "310",
            category: "Groceries"
        )
        try await browser.addEntry(stash: groceries, amount: "100", date: "2026-11-05")
        try await database.write { db in
            let userId = try #require(
                try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE email = ?", arguments: [email])
            )
            var card = WalletCard(
                id: nil,
                userId: userId,
                catalogueId: nil,
                name: "Gold",
                issuer: "Bank",
                nickname: "",
                gradientStart: "#b8860b",
                gradientEnd: "#daa520",
                annualFeeCents: 9_500,
                feeDueOn: "2025-11-24",
                createdAt: Date(),
                updatedAt: Date()
            )
            try card.insert(db)
        }
        try await browser.get("/budget/safe-to-spend")
        let buffer = try await browser.post("/budget/safe-to-spend/buffer", [("buffer", "50")])
        #expect(buffer.status == .seeOther)
        return (checking, savings)
    }

    @Test(
        "Home, Budget, the why page and the PDF show the same hand-computed figure, and another member sees none of it"
    )
    func sameEverywhere() async throws {
        try await TestApp.run { browser, database in
            let (checking, _) = try await Self.fixture(browser, database)
            // Sunday 22 Nov; the horizon is Salary on Fri 27 Nov, 5 days away.
            //   Checking 2,000.00 + Visa −200.00                         1,800.00
            //   Rent 25 Nov −500.00, Gold's fee 24 Nov −95.00             −595.00
            //   Holiday: 300.00 − 100.00 still to save                   −200.00
            //   Groceries: 210.00 left over 9 days, 5 of them: 21000 × 5 ÷ 9 → −116.66
            //   Buffer                                                    −50.00
            //   = 838.34; the forecast's low (1,088.34 on 26 Nov, less 50.00) is above it. 838.34 ÷ 5 = 167.66 a day.
            let figure = "$838.34"
            let why = try await browser.get("/budget/safe-to-spend")
            #expect(why.status == .ok)
            let html = why.html
            #expect(html.contains(figure))
            #expect(html.contains("Until Salary on Nov 27."))
            #expect(html.contains("About $167.66 a day for 5 days."))
            for line in [
                "+$1,800.00", "−$595.00", "−$200.00", "−$116.66", "−$50.00", "Rent · Nov 25",
                "Annual fee of Gold · Nov 24",
            ] {
                #expect(html.contains(line), "\(line)")
            }
            #expect(!html.contains("Phone"))
            #expect(html.contains("Lowest point: $1,088.34 on Nov 26."))
            #expect(why.fieldValue("buffer") == "50.00")
            #expect(try await browser.get("/").html.contains(figure))
            let budget = try await browser.get("/budget").html
            #expect(budget.contains(figure))
            #expect(budget.contains("Forecast to Dec 31"))
            let pdf = try await browser.get("/statistics/summary.pdf?period=2026-11")
            let text = try ExportTests.pdfText(pdf.bytes) ?? String(decoding: pdf.bytes, as: UTF8.self)
            #expect(text.contains("Safe to spend today"))
            #expect(text.contains("838.34"))

            // A payment from Checking today lowers it at once on every page (nothing kept from before the write)
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.addTransaction(
                amount: "38.34",
                kind: "needs",
                category: rent,
                date: "2026-11-22",
                account: String(checking)
            )
            for path in ["/", "/budget", "/budget/safe-to-spend"] {
                #expect(try await browser.get(path).html.contains("$800.00"), "\(path)")
            }

            // Another member's figure is their own: nothing of the first's.
            let other = Browser(client: browser.client)
            try await other.signUp(email: "bo@example.com")
            let theirs = try await other.get("/budget/safe-to-spend").html
            #expect(theirs.contains("$0.00"))
            for name in ["Salary on", "Rent", "Gold", "Holiday", "Groceries", "Checking"] {
                #expect(!theirs.contains(name), "\(name)")
            }
        }
    }

    @Test("the buffer keeps what was typed on bad input, saves nothing, and empties back to none")
    func buffer() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/budget/safe-to-spend")
            let bad = try await browser.post("/budget/safe-to-spend/buffer", [("buffer", "12,34,5")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.fieldValue("buffer") == "12,34,5")
            #expect(bad.html.contains("id=\"field-buffer-error\">"))
            func stored() throws -> Int64? {
                try database.read { db in
                    try Int64.fetchOne(
                        db,
                        sql: "SELECT safeBufferCents FROM user WHERE email = ?",
                        arguments: [Self.email]
                    )
                }
            }
            #expect(try stored() == 0)
            let saved = try await browser.post("/budget/safe-to-spend/buffer", [("buffer", "75.5")])
            #expect(saved.location == "/budget/safe-to-spend")
            #expect(try stored() == 7_550)
            let page = try await browser.get("/budget/safe-to-spend")
            #expect(page.html.contains("Buffer saved: $75.50."))
            #expect(page.html.contains("−$75.50"))
            try await browser.post("/budget/safe-to-spend/buffer", [("buffer", "")])
            #expect(try stored() == 0)
        }
    }
}

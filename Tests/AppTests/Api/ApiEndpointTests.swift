import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import App

@Suite(
    "The JSON API's endpoints: the pages' figures, the forms' rules and messages, cursor pages, retries, the rate limit and one member's data"
)
struct ApiEndpointTests {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// Calls the API, expecting `status`, and decodes the answer as `T`.
    static func get<T: Decodable>(
        _ type: T.Type,
        _ browser: Browser,
        _ path: String,
        token: String,
        method: HTTPRequest.Method = .get,
        json: String? = nil,
        headers: HTTPFields = [:],
        expect status: HTTPResponse.Status = .ok
    ) async throws -> T {
        let response = try await ApiTests.call(
            browser,
            path,
            token: token,
            method: method,
            headers: headers,
            json: json
        )
        #expect(response.status == status, "\(method) \(path): \(response.body)")
        if T.self == Components.Schemas.Problem.self {
            #expect(response.headers[.contentType] == "application/problem+json", "\(method) \(path)")
        }
        return try decoder.decode(T.self, from: Data(response.body.utf8))
    }

    /// The problem details of a refused call.
    static func problem(
        _ browser: Browser,
        _ path: String,
        token: String,
        method: HTTPRequest.Method = .get,
        json: String? = nil,
        headers: HTTPFields = [:],
        expect status: HTTPResponse.Status
    ) async throws -> Components.Schemas.Problem {
        try await get(
            Components.Schemas.Problem.self,
            browser,
            path,
            token: token,
            method: method,
            json: json,
            headers: headers,
            expect: status
        )
    }

    /// The stash ids of `SafeToSpendTests.fixture`'s member.
    static func stashId(_ database: AppDatabase, _ name: String) throws -> Int64 {
        try #require(
            try database.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM stash WHERE name = ?", arguments: [name])
            }
        )
    }

    static func ledgerCount(_ database: AppDatabase, stashId: Int64) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE stashId = ?", arguments: [stashId]) ?? 0
        }
    }

    @Test(
        "stashes and their entries: an entry posted through the API is the form's, judged at once, with the form's messages when refused"
    )
    func stashes() async throws {
        try await TestApp.run { browser, database in
            _ = try await SafeToSpendTests.fixture(browser, database)
            let holiday = try Self.stashId(database, "Holiday")
            let token = try await ApiTests.token(browser, scope: "write")

            let list = try await Self.get(Components.Schemas.StashList.self, browser, "/api/v1/stashes", token: token)
            #expect(list.month == "2026-11")
            #expect(list.stashes.map(\.name) == ["Groceries", "Holiday"])
            let before = try #require(list.stashes.last)
            #expect(before.kind == .save && before.total.amount == 10_000 && before.target.amount == 30_000)
            #expect(before.percent == 33 && !before.completed)

            // $200 completes the month's $300: the answer names the badge, as the page's dialog would
            let created = try await Self.get(
                Components.Schemas.CreatedTransaction.self,
                browser,
                "/api/v1/stashes/\(holiday)/entries",
                token: token,
                method: .post,
                json: #"{"amount": 20000, "note": "Bonus"}"#,
                expect: .created
            )
            #expect(created.transaction.amount == .init(amount: 20_000, currency: "USD"))
            #expect(created.transaction.date == "2026-11-22" && created.transaction.note == "Bonus")
            #expect(created.transaction.kind == .saving && created.transaction.stashName == "Holiday")
            #expect(created.badgesEarned.map(\.stashName) == ["Holiday"])
            #expect(created.badgesEarned.first?.points == 10)
            #expect(try Self.ledgerCount(database, stashId: holiday) == 2)
            let stash = try await Self.get(
                Components.Schemas.Stash.self,
                browser,
                "/api/v1/stashes/\(holiday)",
                token: token
            )
            #expect(stash.total.amount == 30_000 && stash.completed)
            #expect(try await browser.get("/stashes/\(holiday)").html.contains("$300.00"))

            let entries = try await Self.get(
                Components.Schemas.EntryPage.self,
                browser,
                "/api/v1/stashes/\(holiday)/entries?month=2026-11",
                token: token
            )
            #expect(entries.entries.map(\.amount.amount) == [20_000, 10_000])
            #expect(entries.nextPage == nil)
            let october = try await Self.get(
                Components.Schemas.EntryPage.self,
                browser,
                "/api/v1/stashes/\(holiday)/entries?month=2026-10",
                token: token
            )
            #expect(october.entries.isEmpty)

            // Refused as the form refuses it, with the form's own message beside the same field
            let form = try await browser.addEntry(stash: holiday, amount: "0", date: "2026-11-22")
            let formMessage = try #require(form.fieldError("amount"))
            let zero = try await Self.problem(
                browser,
                "/api/v1/stashes/\(holiday)/entries",
                token: token,
                method: .post,
                json: #"{"amount": 0}"#,
                expect: .unprocessableContent
            )
            #expect(zero.errors?.map(\.field) == ["amount"])
            #expect(zero.errors?.first?.message == formMessage)
            #expect(zero.title == "The request has fields to fix")
            let several = try await Self.problem(
                browser,
                "/api/v1/stashes/\(holiday)/entries",
                token: token,
                method: .post,
                json: #"{"amount": -5, "date": "2026-13-45", "accountId": 999999}"#,
                expect: .unprocessableContent
            )
            #expect(several.errors?.map(\.field) == ["amount", "date", "accountId"])
            #expect(several.detail == "Please fix the 3 fields marked below.")
            #expect(try Self.ledgerCount(database, stashId: holiday) == 2)

            // Not JSON of the spec's form, or no stash of that id
            let unreadable = try await Self.problem(
                browser,
                "/api/v1/stashes/\(holiday)/entries",
                token: token,
                method: .post,
                json: #"{"amount": "a lot"}"#,
                expect: .badRequest
            )
            #expect(unreadable.status == 400)
            _ = try await Self.problem(browser, "/api/v1/stashes/999999", token: token, expect: .notFound)
            _ = try await Self.problem(
                browser,
                "/api/v1/stashes?month=November",
                token: token,
                expect: .badRequest
            )

            // In a German member's words, as their form says it
            try await database.speak("de", region: "de-DE")
            let german = try await Self.problem(
                browser,
                "/api/v1/stashes/\(holiday)/entries",
                token: token,
                method: .post,
                json: #"{"amount": 0}"#,
                expect: .unprocessableContent
            )
            let germanForm = try await browser.addEntry(stash: holiday, amount: "0", date: "2026-11-22")
            #expect(german.errors?.first?.message == germanForm.fieldError("amount"))
            #expect(german.title == "In der Anfrage sind Felder zu korrigieren")
        }
    }

    @Test(
        "transactions: made with the Budget form's rules, listed newest first with filters, a cursor page at a time"
    )
    func transactions() async throws {
        try await TestApp.run { browser, database in
            let (checking, _) = try await SafeToSpendTests.fixture(browser, database)
            let email = SafeToSpendTests.email
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: email)
            let token = try await ApiTests.token(browser, scope: "write")

            let created = try await Self.get(
                Components.Schemas.CreatedTransaction.self,
                browser,
                "/api/v1/transactions",
                token: token,
                method: .post,
                json: """
                    {"amount": 1234, "kind": "needs", "categoryId": \(rent), "date": "2026-11-21", "payee": "Landlord",
                     "tags": ["home", "monthly"], "accountId": \(checking), "note": "Key cut"}
                    """,
                expect: .created
            )
            let made = created.transaction
            #expect(made.amount.amount == 1_234 && made.kind == .expense && made.categoryName == "Rent/Mortgage")
            #expect(made.payee == "Landlord" && made.tags == ["home", "monthly"] && made.accountName == "Checking")
            #expect(created.badgesEarned.isEmpty)
            let row = try #require(try database.read { db in try LedgerEntry.fetchOne(db, key: made.id) })
            #expect(row.amountCents == 1_234 && row.date == "2026-11-21" && row.accountId == checking)
            #expect(row.tagList == ["home", "monthly"] && row.note == "Key cut")
            let one = try await Self.get(
                Components.Schemas.Transaction.self,
                browser,
                "/api/v1/transactions/\(made.id)",
                token: token
            )
            #expect(one == made)

            // A category of another kind: the form's message, on the API's field name
            try await browser.get("/transactions/new")
            let form = try await browser.post(
                "/transactions",
                [("amount", "5"), ("kind", "wants"), ("category", String(rent)), ("date", "2026-11-22")]
            )
            let mismatch = try await Self.problem(
                browser,
                "/api/v1/transactions",
                token: token,
                method: .post,
                json: #"{"amount": 500, "kind": "wants", "categoryId": \#(rent)}"#,
                expect: .unprocessableContent
            )
            #expect(mismatch.errors?.map(\.field) == ["categoryId"])
            #expect(mismatch.errors?.first?.message == form.fieldError("category"))

            // Every row, a page of two at a time, is the whole list in the same order
            let all = try await Self.get(
                Components.Schemas.TransactionPage.self,
                browser,
                "/api/v1/transactions?limit=500",
                token: token
            )
            #expect(all.nextCursor == nil && all.transactions.count == 3)
            #expect(all.transactions.first?.id == made.id)
            var paged: [Int64] = []
            var cursor: String?
            repeat {
                let page = try await Self.get(
                    Components.Schemas.TransactionPage.self,
                    browser,
                    "/api/v1/transactions?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""),
                    token: token
                )
                #expect(page.transactions.count <= 2)
                paged += page.transactions.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && paged.count < 10
            #expect(paged == all.transactions.map(\.id))

            // Filters
            func ids(_ query: String) async throws -> [Int64] {
                try await Self.get(
                    Components.Schemas.TransactionPage.self,
                    browser,
                    "/api/v1/transactions?" + query,
                    token: token
                ).transactions.map(\.id)
            }
            #expect(try await ids("q=landlord") == [made.id])
            #expect(try await ids("q=12.34") == [made.id])
            #expect(try await ids("kind=saving").count == 1)
            #expect(try await ids("categoryId=\(rent)") == [made.id])
            #expect(try await ids("accountId=\(checking)") == [made.id])
            #expect(try await ids("from=2026-11-11&to=2026-11-21") == [made.id])
            #expect(try await ids("minAmount=1000&maxAmount=2000") == [made.id])

            for query in ["cursor=yesterday", "limit=0", "limit=501", "limit=many", "from=2026-02-30", "minAmount=-1"] {
                let refused = try await Self.problem(
                    browser,
                    "/api/v1/transactions?" + query,
                    token: token,
                    expect: .badRequest
                )
                #expect(refused.status == 400, "\(query)")
            }
            _ = try await Self.problem(browser, "/api/v1/transactions/999999", token: token, expect: .notFound)
        }
    }

    @Test("the named figures, accounts, categories, income sources, schedules and what is coming are the pages' own")
    func figures() async throws {
        try await TestApp.run { browser, database in
            _ = try await SafeToSpendTests.fixture(browser, database)
            let token = try await ApiTests.token(browser)
            let userId = try await LedgerFixture.userId(database, email: SafeToSpendTests.email)
            let store = database.for(userId: userId)

            let month = try await Self.get(
                Components.Schemas.MonthSummary.self,
                browser,
                "/api/v1/months/2026-11",
                token: token
            )
            let totals = try store.monthTotals(month: Month(year: 2026, month: 11))
            #expect(month.spent.amount == totals.spentCents && month.spent.amount == 10_000)
            #expect(month.saved.amount == 10_000 && month.income.amount == 0 && month.remaining.amount == -10_000)
            #expect(month.expectedIncome == nil)
            let budget = try await browser.get("/budget")
            #expect(budget.html.contains("−$100.00") || budget.html.contains("-$100.00"))
            // Checking 2,000 + Savings 0 + Visa −200
            #expect(month.balance.amount == 180_000)
            _ = try await Self.problem(browser, "/api/v1/months/2026-13", token: token, expect: .badRequest)

            let safe = try await Self.get(
                Components.Schemas.SafeToSpend.self,
                browser,
                "/api/v1/safe-to-spend",
                token: token
            )
            #expect(safe.amount.amount == 83_834 && safe.until == "2026-11-27")
            #expect(safe.lines.contains { $0.kind == .buffer && $0.amount.amount == -5_000 })
            #expect(safe.lines.contains { $0.kind == .obligation && $0.name == "Rent" && $0.day == "2026-11-25" })

            let accounts = try await Self.get(
                [Components.Schemas.Account].self,
                browser,
                "/api/v1/accounts",
                token: token
            )
            #expect(accounts.map(\.name) == ["Checking", "Savings", "Visa"])
            #expect(accounts.map(\.balance.amount) == [200_000, 0, -20_000])
            #expect(accounts.last?.kind == .creditCard)

            let categories = try await Self.get(
                [Components.Schemas.Category].self,
                browser,
                "/api/v1/categories",
                token: token
            )
            #expect(categories.map(\.name) == (try store.categories()).map(\.name))
            #expect(categories.contains { $0.name == "Rent/Mortgage" && $0.kind == .needs && $0._default })

            try await browser.get("/budget/income/new")
            try await browser.post(
                "/budget/income",
                [("name", "Salary"), ("amount", "1,000"), ("frequency", "biweekly")]
            )
            let sources = try await Self.get(
                [Components.Schemas.IncomeSource].self,
                browser,
                "/api/v1/income-sources",
                token: token
            )
            #expect(sources.map(\.name) == ["Salary"])
            #expect(sources.first?.monthly.amount == 216_667 && sources.first?.frequency == .biweekly)
            let withIncome = try await Self.get(
                Components.Schemas.MonthSummary.self,
                browser,
                "/api/v1/months/2026-11",
                token: token
            )
            #expect(withIncome.expectedIncome?.amount == 216_667)

            let schedules = try await Self.get(
                [Components.Schemas.Schedule].self,
                browser,
                "/api/v1/schedules",
                token: token
            )
            #expect(Set(schedules.map(\.name)) == ["Salary", "Rent", "Phone"])
            #expect(schedules.first { $0.name == "Salary" }?.posting == .expect)
            let upcoming = try await Self.get(
                [Components.Schemas.Occurrence].self,
                browser,
                "/api/v1/upcoming?days=6",
                token: token
            )
            #expect(upcoming.map(\.name) == ["Rent", "Phone", "Salary"])
            #expect(upcoming.map(\.day) == ["2026-11-25", "2026-11-26", "2026-11-27"])
            #expect(upcoming.first?.amount.amount == 50_000 && upcoming.first?.kind == .expense)
            _ = try await Self.problem(browser, "/api/v1/upcoming?days=0", token: token, expect: .badRequest)

            let badges = try await Self.get(Components.Schemas.Badges.self, browser, "/api/v1/badges", token: token)
            #expect(badges.rank.points == 0 && badges.rank.tier == .bronze && badges.badges.isEmpty)
        }
    }

    @Test("the wallet: cards, benefits expiring, marked used and taken back; subscriptions, coupons and notifications")
    func wallet() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            let benefitId = try await Self.card(database, userId: ann)
            try await ReminderFixtures.coupon(database, userId: ann, name: "Pizza", expiresOn: "2026-11-24")
            try await Self.subscription(database, userId: ann)
            let token = try await ApiTests.token(browser, scope: "write")

            let cards = try await Self.get(
                [Components.Schemas.Card].self,
                browser,
                "/api/v1/wallet/cards",
                token: token
            )
            #expect(cards.map(\.name) == ["Gold"])
            let dining = try #require(cards.first?.benefits.first)
            #expect(dining.name == "Dining credit" && dining.status == .available && dining.daysLeft == 8)
            #expect(dining.periodStart == "2026-11-01" && dining.periodEnd == "2026-11-30")
            #expect(cards.first?.annualFee == .init(amount: 9_500, currency: "USD"))

            #expect(
                try await Self.get(
                    [Components.Schemas.Benefit].self,
                    browser,
                    "/api/v1/wallet/benefits/expiring",
                    token: token
                ).isEmpty
            )
            let soon = try await Self.get(
                [Components.Schemas.Benefit].self,
                browser,
                "/api/v1/wallet/benefits/expiring?days=8",
                token: token
            )
            #expect(soon.map(\.id) == [benefitId])

            func uses() throws -> Int {
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM benefitUse") ?? 0 }
            }
            for _ in 0..<2 {
                let used = try await Self.get(
                    Components.Schemas.Benefit.self,
                    browser,
                    "/api/v1/wallet/benefits/\(benefitId)/use",
                    token: token,
                    method: .post
                )
                #expect(used.status == .used && used.usedOn == "2026-11-22")
                #expect(try uses() == 1)
            }
            let undone = try await Self.get(
                Components.Schemas.Benefit.self,
                browser,
                "/api/v1/wallet/benefits/\(benefitId)/use",
                token: token,
                method: .delete
            )
            #expect(undone.status == .available && undone.usedOn == nil)
            #expect(try uses() == 0)

            let subscriptions = try await Self.get(
                [Components.Schemas.Subscription].self,
                browser,
                "/api/v1/wallet/subscriptions",
                token: token
            )
            #expect(subscriptions.map(\.name) == ["Gym"])
            #expect(subscriptions.first?.renewsOn == "2026-11-23" && subscriptions.first?.monthly.amount == 3_000)
            let coupons = try await Self.get(
                [Components.Schemas.Coupon].self,
                browser,
                "/api/v1/wallet/coupons",
                token: token
            )
            #expect(coupons.map(\.name) == ["Pizza"] && coupons.first?.value?.amount == 500)

            _ = try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
            let notifications = try await Self.get(
                [Components.Schemas.Notification].self,
                browser,
                "/api/v1/notifications",
                token: token
            )
            let pizza = try #require(notifications.first { $0.kind == .coupon })
            #expect(!pizza.read && pizza.title.contains("Pizza"))
            let read = try await Self.get(
                Components.Schemas.Notification.self,
                browser,
                "/api/v1/notifications/\(pizza.id)/read",
                token: token,
                method: .post
            )
            #expect(read.read)
            let stored = try await ReminderFixtures.notifications(database, userId: ann)
            #expect(stored.first { $0.id == pizza.id }?.readAt != nil)
        }
    }

    /// A "Gold" card with a $10 monthly dining credit; returns the benefit's id.
    static func card(_ database: AppDatabase, userId: Int64) async throws -> Int64 {
        let now = Date()
        let cards = try await database.for(userId: userId).addCards([
            (
                card: WalletCard(
                    id: nil,
                    userId: userId,
                    catalogueId: nil,
                    name: "Gold",
                    issuer: "Bank",
                    nickname: "",
                    gradientStart: "#000000",
                    gradientEnd: "#333333",
                    annualFeeCents: 9_500,
                    feeDueOn: "2026-06-01",
                    createdAt: now,
                    updatedAt: now
                ),
                benefits: [
                    CardBenefit(
                        id: nil,
                        cardId: 0,
                        userId: userId,
                        name: "Dining credit",
                        details: "",
                        valueCents: 1_000,
                        period: .monthly,
                        sortOrder: 0,
                        snoozedUntil: nil,
                        createdAt: now
                    )
                ]
            )
        ])
        let cardId = try #require(cards.first?.id)
        return try #require(
            try database.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM cardBenefit WHERE cardId = ?", arguments: [cardId])
            }
        )
    }

    static func subscription(_ database: AppDatabase, userId: Int64) async throws {
        try await database.write { db in
            var gym = Subscription(
                id: nil,
                userId: userId,
                name: "Gym",
                amountCents: 3_000,
                frequency: .monthly,
                renewsOn: "2026-10-23",
                cardId: nil,
                category: "Health",
                icon: "",
                createdAt: Date(),
                updatedAt: Date()
            )
            try gym.insert(db)
        }
    }

    @Test(
        "a retried POST with the same Idempotency-Key makes one row and gets the same answer; another body is refused"
    )
    func idempotency() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            _ = try await SafeToSpendTests.fixture(browser, database)
            let holiday = try Self.stashId(database, "Holiday")
            let token = try await ApiTests.token(browser, scope: "write")
            let path = "/api/v1/stashes/\(holiday)/entries"
            let key: HTTPFields = [.idempotencyKey: "coffee-2026-11-22"]
            let first = try await ApiTests.call(
                browser,
                path,
                token: token,
                method: .post,
                headers: key,
                json: #"{"amount": 450}"#
            )
            #expect(first.status == .created && first.headers[.idempotentReplayed] == nil)
            let retry = try await ApiTests.call(
                browser,
                path,
                token: token,
                method: .post,
                headers: key,
                json: #"{"amount": 450}"#
            )
            #expect(retry.status == .created && retry.body == first.body)
            #expect(retry.headers[.idempotentReplayed] == "true")
            #expect(retry.headers[.contentType] == first.headers[.contentType])
            #expect(try Self.ledgerCount(database, stashId: holiday) == 2)

            let other = try await Self.problem(
                browser,
                path,
                token: token,
                method: .post,
                json: #"{"amount": 500}"#,
                headers: key,
                expect: .unprocessableContent
            )
            #expect(other.title == "This Idempotency-Key was used for another request")
            #expect(try Self.ledgerCount(database, stashId: holiday) == 2)

            // A refusal changes nothing, so it isn't kept: the same key may carry the request once it is right
            let badKey: HTTPFields = [.idempotencyKey: "second"]
            _ = try await Self.problem(
                browser,
                path,
                token: token,
                method: .post,
                json: #"{"amount": 0}"#,
                headers: badKey,
                expect: .unprocessableContent
            )
            let fixed = try await ApiTests.call(
                browser,
                path,
                token: token,
                method: .post,
                headers: [.idempotencyKey: "third"],
                json: #"{"amount": 100}"#
            )
            #expect(fixed.status == .created)
            // Without a key, each POST is a change of its own
            for _ in 0..<2 {
                let plain = try await ApiTests.call(
                    browser,
                    path,
                    token: token,
                    method: .post,
                    json: #"{"amount": 450}"#
                )
                #expect(plain.status == .created)
            }
            #expect(try Self.ledgerCount(database, stashId: holiday) == 5)
            _ = try await Self.problem(
                browser,
                path,
                token: token,
                method: .post,
                json: #"{"amount": 450}"#,
                headers: [.idempotencyKey: String(repeating: "k", count: 201)],
                expect: .badRequest
            )

            // A request still being answered (here: one the server stopped answering) holds its key for a while
            try await database.write { db in
                try db.execute(sql: "UPDATE apiIdempotency SET status = NULL WHERE key = ?", arguments: ["third"])
            }
            let busy = try await Self.problem(
                browser,
                path,
                token: token,
                method: .post,
                json: #"{"amount": 100}"#,
                headers: [.idempotencyKey: "third"],
                expect: .conflict
            )
            #expect(busy.title == "A request with this Idempotency-Key is still being answered")
            clock.advance(by: 120)
            let taken = try await ApiTests.call(
                browser,
                path,
                token: token,
                method: .post,
                headers: [.idempotencyKey: "third"],
                json: #"{"amount": 100}"#
            )
            #expect(taken.status == .created)
            #expect(try Self.ledgerCount(database, stashId: holiday) == 6)
        }
    }

    @Test("each token may make its requests a minute; past them a 429 with Retry-After, and the bucket refills")
    func rateLimit() async throws {
        let clock = TestClock()
        func fivePerMinute(_ config: inout AppConfig) { config.apiRequestsPerMinute = 5 }
        try await TestApp.run(clock: clock, configure: fivePerMinute) { browser, _ in
            try await browser.signUp(email: "ann@example.com")
            let token = try await ApiTests.token(browser)
            let other = try await ApiTests.token(browser)
            for _ in 0..<5 { #expect(try await ApiTests.call(browser, "/api/v1/glance", token: token).status == .ok) }
            let limited = try await ApiTests.call(browser, "/api/v1/glance", token: token)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] == "12")
            #expect(limited.headers[.contentType] == "application/problem+json")
            #expect(limited.body.contains("Try again in 12 seconds."))
            // Another token has its own bucket
            #expect(try await ApiTests.call(browser, "/api/v1/glance", token: other).status == .ok)
            clock.advance(by: 12)
            #expect(try await ApiTests.call(browser, "/api/v1/glance", token: token).status == .ok)
            #expect(try await ApiTests.call(browser, "/api/v1/glance", token: token).status == .tooManyRequests)
        }
    }

    @Test("--api-requests-per-minute sets the limit, from 1 to 100,000, and defaults to 120")
    func rateLimitSetting() throws {
        func config(_ flag: String?, env: [String: String] = [:]) throws -> AppConfig {
            try TestApp.config(environment: env) { $0.apiRequestsPerMinute = flag }
        }
        #expect(try config(nil).apiRequestsPerMinute == 120)
        #expect(try config("600").apiRequestsPerMinute == 600)
        #expect(try config(nil, env: ["STASHIFY_API_REQUESTS_PER_MINUTE": "30"]).apiRequestsPerMinute == 30)
        #expect(throws: StartupError.self) { try config("0") }
        #expect(throws: StartupError.self) { try config("lots") }
    }

    @Test("a second member's token reads and changes none of the first's data, by any endpoint or id")
    func scoping() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            _ = try await SafeToSpendTests.fixture(browser, database)
            let ann = try await LedgerFixture.userId(database, email: SafeToSpendTests.email)
            let holiday = try Self.stashId(database, "Holiday")
            let benefitId = try await Self.card(database, userId: ann)
            try await ReminderFixtures.coupon(database, userId: ann, name: "Pizza", expiresOn: "2026-11-24")
            try await Self.subscription(database, userId: ann)
            _ = try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue).tick()
            let notificationId = try #require(try await ReminderFixtures.notifications(database, userId: ann).first?.id)
            let transactionId = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM ledger") }
            )
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: SafeToSpendTests.email)
            let annToken = try await ApiTests.token(browser, scope: "write")

            let bo = Browser(client: browser.client)
            try await bo.signUp(email: "bo@example.com")
            let token = try await ApiTests.token(bo, scope: "write")
            let ledgerBefore = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") }

            // Every id of Ann's is nothing to Bo
            for (method, path) in [
                (HTTPRequest.Method.get, "/api/v1/stashes/\(holiday)"),
                (.get, "/api/v1/stashes/\(holiday)/entries"),
                (.post, "/api/v1/stashes/\(holiday)/entries"),
                (.get, "/api/v1/transactions/\(transactionId)"),
                (.post, "/api/v1/wallet/benefits/\(benefitId)/use"),
                (.delete, "/api/v1/wallet/benefits/\(benefitId)/use"),
                (.post, "/api/v1/notifications/\(notificationId)/read"),
            ] {
                let refused = try await Self.problem(
                    bo,
                    path,
                    token: token,
                    method: method,
                    json: method == .post && path.hasSuffix("entries") ? #"{"amount": 100}"# : nil,
                    expect: .notFound
                )
                #expect(refused.status == 404, "\(method) \(path)")
            }
            let foreign = try await Self.problem(
                bo,
                "/api/v1/transactions",
                token: token,
                method: .post,
                json: #"{"amount": 100, "kind": "needs", "categoryId": \#(rent)}"#,
                expect: .unprocessableContent
            )
            #expect(foreign.errors?.map(\.field) == ["categoryId"])

            // Nothing changed
            #expect(
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") } == ledgerBefore
            )
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM benefitUse") } == 0)
            #expect(try await ReminderFixtures.notifications(database, userId: ann).allSatisfy { $0.readAt == nil })

            // Every list is Bo's own, where Ann's token sees hers
            let names = ["Holiday", "Groceries", "Checking", "Gold", "Dining credit", "Pizza", "Gym", "Salary", "Rent"]
            for path in [
                "/api/v1/stashes", "/api/v1/transactions", "/api/v1/accounts", "/api/v1/income-sources",
                "/api/v1/schedules", "/api/v1/upcoming", "/api/v1/badges", "/api/v1/wallet/cards",
                "/api/v1/wallet/benefits/expiring?days=30", "/api/v1/wallet/subscriptions", "/api/v1/wallet/coupons",
                "/api/v1/notifications", "/api/v1/months/2026-11", "/api/v1/safe-to-spend", "/api/v1/glance",
            ] {
                let theirs = try await ApiTests.call(bo, path, token: token)
                #expect(theirs.status == .ok, "\(path)")
                for name in names { #expect(!theirs.body.contains("\"\(name)\""), "\(path) shows \(name)") }
                // Ann has no income sources or badges: those lists are alike
                let hers = try await ApiTests.call(browser, path, token: annToken)
                #expect(hers.status == .ok, "\(path)")
                if !path.hasSuffix("income-sources") && !path.hasSuffix("badges") {
                    #expect(hers.body != theirs.body, "\(path)")
                }
            }
            let month = try await Self.get(
                Components.Schemas.MonthSummary.self,
                bo,
                "/api/v1/months/2026-11",
                token: token
            )
            #expect(month.spent.amount == 0 && month.balance.amount == 0)
        }
    }
}

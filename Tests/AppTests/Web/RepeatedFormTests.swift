import Foundation
import GRDB
import Testing

@testable import App

@Suite("A form sent twice is taken once")
struct RepeatedFormTests {
    /// A create form: the page that shows it, where it posts, what is typed, and the table that gains a row.
    struct CreateForm: Sendable, CustomTestStringConvertible {
        let page: String
        let action: String
        let fields: [(String, String)]
        let table: String
        var testDescription: String { action }
    }

    /// Makes what the forms need (a stash, a card, a category) and lists every create form of the app.
    static func createForms(_ browser: Browser, _ database: AppDatabase) async throws -> [CreateForm] {
        let stash = try await browser.createStash(name: "Trip", target: "100")
        let card = try await browser.addCatalogueCard("amex-gold")
        let groceries = try await database.categoryId("Groceries", kind: .needs, email: "alex@example.com")
        return [
            CreateForm(
                page: "/stashes/new",
                action: "/stashes",
                fields: [
                    ("name", "Bike"), ("kind", "save"), ("target", "10"), ("goal", ""), ("reward", ""),
                    ("category", "Other"), ("newCategory", ""), ("reminder", "off"),
                ],
                table: "stash"
            ),
            CreateForm(
                page: "/stashes/\(stash)/entries/new",
                action: "/stashes/\(stash)/entries",
                fields: [("amount", "5"), ("date", "2026-11-22"), ("note", "")],
                table: "ledger"
            ),
            CreateForm(
                page: "/transactions/new?kind=needs",
                action: "/transactions",
                fields: [
                    ("amount", "12.50"), ("kind", "needs"), ("category", String(groceries)), ("note", "Milk"),
                    ("date", "2026-11-22"), ("account", ""), ("stash", ""),
                ],
                table: "ledger"
            ),
            CreateForm(
                page: "/accounts/new",
                action: "/accounts",
                fields: [("name", "Checking"), ("kind", "checking"), ("opening", "100")],
                table: "account"
            ),
            CreateForm(
                page: "/budget/categories/new",
                action: "/budget/categories",
                fields: [
                    ("name", "Pets"), ("kind", "wants"), ("icon", "paw"), ("color", "#EA580C"),
                ],
                table: "category"
            ),
            CreateForm(
                page: "/budget/income/new",
                action: "/budget/income",
                fields: [("name", "Salary"), ("amount", "1200"), ("frequency", "monthly")],
                table: "incomeSource"
            ),
            CreateForm(
                page: "/wallet/cards/custom",
                action: "/wallet/cards/custom",
                fields: [
                    ("name", "Travel Card"), ("issuer", "My Bank"), ("nickname", ""), ("gradient", "sapphire"),
                    ("annualFee", ""), ("feeDueOn", ""), ("benefit1Name", "Lounge"), ("benefit1Value", "25"),
                    ("benefit1Period", "monthly"),
                ],
                table: "walletCard"
            ),
            CreateForm(
                page: "/wallet/catalogue/chase-sapphire-reserve",
                action: "/wallet/catalogue/chase-sapphire-reserve/add",
                fields: [("feeDueOn", "2027-03-01")],
                table: "walletCard"
            ),
            CreateForm(
                page: "/wallet/cards/\(card)/benefits",
                action: "/wallet/cards/\(card)/benefits",
                fields: [("name", "Parking"), ("value", "10"), ("period", "monthly"), ("details", "")],
                table: "cardBenefit"
            ),
            CreateForm(
                page: "/wallet/subscriptions/new?custom=1",
                action: "/wallet/subscriptions",
                fields: [
                    ("name", "Gym"), ("amount", "10"), ("frequency", "monthly"), ("renewsOn", "2026-12-20"),
                    ("cardId", ""), ("category", ""),
                ],
                table: "subscription"
            ),
            CreateForm(
                page: "/wallet/coupons/new",
                action: "/wallet/coupons",
                fields: [
                    ("name", "Gift card"), ("expiresOn", "2027-06-01"), ("category", "Dining"), ("value", "25"),
                ],
                table: "coupon"
            ),
        ]
    }

    static func count(_ table: String, in database: AppDatabase) async throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? 0 }
    }

    @Test("every create form sent twice, one after the other, adds one row; the second goes where the first went")
    func sentTwice() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            for form in try await Self.createForms(browser, database) {
                let page = try await browser.get(form.page)
                #expect(page.status == .ok, "\(form.page)")
                let once = try #require(page.onceToken(action: form.action), "\(form.page) has a one-time token")
                let before = try await Self.count(form.table, in: database)

                let first = try await browser.post(form.action, form.fields + [("_once", once)])
                let second = try await browser.post(form.action, form.fields + [("_once", once)])

                #expect(first.status == .seeOther, "\(form.action): \(first.status)")
                #expect(second.status == .seeOther, "\(form.action)")
                #expect(second.location == first.location, "\(form.action)")
                #expect(try await Self.count(form.table, in: database) == before + 1, "\(form.action) added one row")
                if let flash = first.setCookie("stashify_flash") {
                    #expect(second.setCookie("stashify_flash") == flash, "\(form.action): the same message again")
                }

                // The form shown again has a new token: meant twice, it is taken twice.
                let again = try await browser.get(form.page)
                let next = try #require(again.onceToken(action: form.action))
                #expect(next != once)
                if form.table != "walletCard" || form.action.hasSuffix("custom") {
                    _ = try await browser.post(
                        form.action,
                        form.fields.map { name, value in
                            (name, name == "name" ? value + " 2" : value)
                        } + [("_once", next)]
                    )
                    #expect(try await Self.count(form.table, in: database) == before + 2, "\(form.action) again")
                }
            }
        }
    }

    @Test("a double click (two posts of one form at once) adds one row")
    func doubleClick() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let stash = try await browser.createStash(name: "Trip", target: "100")
            for _ in 0..<5 {
                let page = try await browser.get("/stashes/\(stash)/entries/new")
                let once = try #require(page.onceToken(action: "/stashes/\(stash)/entries"))
                let fields = [("amount", "5"), ("date", "2026-11-22"), ("note", ""), ("_once", once)]
                async let first = browser.post("/stashes/\(stash)/entries", fields)
                async let second = browser.post("/stashes/\(stash)/entries", fields)
                let answers = try await [first, second]
                #expect(answers.allSatisfy { $0.status == .seeOther })
                #expect(answers[0].location == answers[1].location)
            }
            #expect(try await Self.count("ledger", in: database) == 5)
        }
    }

    @Test("a form with errors keeps its token free: corrected, the same form is taken")
    func failedFormCanBeSentAgain() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let page = try await browser.get("/wallet/coupons/new")
            let once = try #require(page.onceToken(action: "/wallet/coupons"))
            let bad = try await browser.post(
                "/wallet/coupons",
                [
                    ("name", ""), ("expiresOn", "2027-06-01"), ("category", "Dining"), ("value", "25"), ("_once", once),
                ]
            )
            #expect(bad.status == .unprocessableContent)
            let good = try await browser.post(
                "/wallet/coupons",
                [
                    ("name", "Gift card"), ("expiresOn", "2027-06-01"), ("category", "Dining"), ("value", "25"),
                    ("_once", once),
                ]
            )
            #expect(good.status == .seeOther)
            #expect(try await Self.count("coupon", in: database) == 1)
        }
    }

    @Test("tokens belong to their session: another browser's token is no repeat, and each page's forms differ")
    func tokensBelongToTheirSession() async throws {
        try await TestApp.run { ann, database in
            try await ann.signUp(email: "alex@example.com")
            let page = try await ann.get("/wallet/coupons/new")
            let once = try #require(page.onceToken(action: "/wallet/coupons"))
            let coupon = [("name", "Gift card"), ("expiresOn", "2027-06-01"), ("category", "Dining"), ("value", "25")]
            #expect(try await ann.post("/wallet/coupons", coupon + [("_once", once)]).status == .seeOther)

            let bob = Browser(client: ann.client)
            try await bob.signUp(email: "bob@example.com")
            try await bob.get("/wallet/coupons/new")
            let posted = try await bob.post("/wallet/coupons", coupon + [("_once", once)])
            #expect(posted.status == .seeOther)
            #expect(posted.location != nil)
            #expect(try await Self.count("coupon", in: database) == 2)

            // Every form on a page has its own token.
            let home = try await ann.get("/wallet")
            let tokens = home.html.components(separatedBy: "name=\"_once\" value=\"").dropFirst()
                .map { $0.prefix { $0 != "\"" } }
            #expect(tokens.count >= 1)
            #expect(Set(tokens).count == tokens.count)
        }
    }

    @Test("signed-out forms carry no one-time token")
    func signedOutForms() async throws {
        try await TestApp.run { (browser: Browser, _: AppDatabase) async throws in
            #expect(try await browser.get("/login").onceToken() == nil)
            #expect(try await browser.get("/signup").onceToken() == nil)
        }
    }

    @Test("kept tokens are bounded: past capacity the oldest are forgotten, and old ones expire")
    func keptTokensAreBounded() async throws {
        let clock = TestClock()
        let forms = SentForms(perSession: 10, lifetime: 3600, now: { clock.now })
        for index in 0..<25 {
            let key = SentForms.Key(session: "s", form: "f\(index)")
            guard case .first = await forms.begin(key) else {
                Issue.record("f\(index) is new")
                continue
            }
            forms.finish(key, with: .init(location: "/\(index)", flashCookie: nil))
            clock.advance(by: 1)
        }
        #expect(forms.count <= 10)
        guard case .sent(let outcome) = await forms.begin(.init(session: "s", form: "f24")) else {
            Issue.record("the newest is kept")
            return
        }
        #expect(outcome.location == "/24")
        clock.advance(by: 3601)
        guard case .first = await forms.begin(.init(session: "s", form: "f24")) else {
            Issue.record("an hour later the token is forgotten")
            return
        }
    }

    /// Sends `count` forms of `session` to `forms`, a second apart, each taken and finished.
    static func flood(_ forms: SentForms, session: String, count: Int, clock: TestClock) async {
        for index in 0..<count {
            clock.advance(by: 1)
            let key = SentForms.Key(session: session, form: "flood\(index)")
            guard case .first = await forms.begin(key) else { continue }
            forms.finish(key, with: .init(location: "/flood", flashCookie: nil))
        }
    }

    @Test("one session sending thousands of forms can't make another session's re-sent form run twice")
    func floodStaysInItsSession() async throws {
        let clock = TestClock()
        let forms = SentForms(perSession: 10, sessions: 4, lifetime: 3600, now: { clock.now })
        // Given: Sam's form was taken
        let sams = SentForms.Key(session: "sam", form: "stash")
        guard case .first = await forms.begin(sams) else {
            Issue.record("Sam's form is new")
            return
        }
        forms.finish(sams, with: .init(location: "/stashes/1", flashCookie: nil))

        // When: another member sends a thousand forms
        await Self.flood(forms, session: "flooder", count: 1_000, clock: clock)

        // Then: Sam's re-sent form goes where the first went, and the flooder kept only its own few
        guard case .sent(let outcome) = await forms.begin(sams) else {
            Issue.record("Sam's form would run twice")
            return
        }
        #expect(outcome.location == "/stashes/1")
        #expect(forms.count <= 10 + 1)
    }

    @Test("past the cap on sessions, the one used least recently is forgotten, never one used since")
    func sessionsAreBounded() async throws {
        let clock = TestClock()
        let forms = SentForms(perSession: 10, sessions: 3, lifetime: 3600, now: { clock.now })
        for name in ["ann", "ben", "cat"] {
            let key = SentForms.Key(session: name, form: "f")
            _ = await forms.begin(key)
            forms.finish(key, with: .init(location: "/\(name)", flashCookie: nil))
        }
        // Ann sends again (so Ben is now the least recent), then a fourth session arrives
        _ = await forms.begin(.init(session: "ann", form: "g"))
        forms.finish(.init(session: "ann", form: "g"), with: .init(location: "/ann/g", flashCookie: nil))
        await Self.flood(forms, session: "dan", count: 1, clock: clock)

        #expect(forms.sessionCount == 3)
        for name in ["ann", "cat"] {
            guard case .sent = await forms.begin(.init(session: name, form: "f")) else {
                Issue.record("\(name)'s form is still known")
                continue
            }
        }
        guard case .first = await forms.begin(.init(session: "ben", form: "f")) else {
            Issue.record("Ben, least recently used, was forgotten")
            return
        }
    }
}

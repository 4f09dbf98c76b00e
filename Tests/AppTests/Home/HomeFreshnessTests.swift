import Foundation
import GRDB
import Testing

@testable import App

@Suite("Home is fresh")
struct HomeFreshnessTests {
    @Test("only the wallet's tables have revision triggers, on insert, update and delete; other writes pay for none")
    func walletTablesAlone() async throws {
        let database = try AppDatabase.inMemory()
        let (tables, triggers) = try database.read { db in
            (
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"),
                Set(
                    try String.fetchAll(
                        db,
                        sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%userRevision%'"
                    )
                )
            )
        }
        var expected = Set<String>()
        for table in AppDatabase.walletTables {
            #expect(tables.contains(table), "\(table)")
            for event in ["insert", "update", "delete"] { expected.insert("\(table)_revision_\(event)") }
        }
        #expect(triggers == expected)
        #expect(!triggers.contains("ledger_revision_insert"))
    }

    @Test("each wallet write raises the writer's wallet revision, other writes and other users' don't")
    func walletWritesRaiseRevisions() async throws {
        let database = try AppDatabase.inMemory()
        let (ann, bob) = try await database.write { db in
            let now = Date()
            var ann = User(
                name: "Ann",
                email: "ann@example.com",
                passwordHash: "x",
                currency: "USD",
                timeZone: "UTC",
                theme: .system,
                createdAt: now,
                updatedAt: now
            )
            var bob = ann
            bob.email = "bob@example.com"
            try ann.insert(db)
            try bob.insert(db)
            return (ann.id!, bob.id!)
        }
        func revision(_ userId: Int64) async throws -> Int64 {
            try database.read { db in
                try Int64.fetchOne(db, sql: "SELECT wallet FROM userRevision WHERE userId = ?", arguments: [userId])
                    ?? 0
            }
        }
        let bobBefore = try await revision(bob)
        let stamp = "'2026-11-22', '2026-11-22'"
        let writes: [(sql: String, wallet: Bool)] = [
            ("UPDATE user SET name = 'Annie' WHERE id = :ann", false),
            (
                "INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt) VALUES (:ann, 'Cash', 'cash', 0, \(stamp))",
                false
            ),
            (
                "INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, createdAt) VALUES (:ann, 'Food', 'needs', '', '', 0, 0, '2026-11-22')",
                false
            ),
            (
                "INSERT INTO incomeSource (userId, name, amountCents, frequency, createdAt, updatedAt) VALUES (:ann, 'Pay', 100, 'monthly', \(stamp))",
                false
            ),
            (
                "INSERT INTO stash (userId, name, kind, createdAt, updatedAt) VALUES (:ann, 'Trip', 'save', \(stamp))",
                false
            ),
            ("INSERT INTO stashTarget (stashId, month, amountCents) SELECT id, '2026-11', 5000 FROM stash", false),
            (
                "INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount) SELECT userId, '2026-11', 'saving', 0, id, 100, 1 FROM stash",
                false
            ),
            (
                "INSERT INTO ledger (userId, date, amountCents, kind, stashId, createdAt, updatedAt) SELECT :ann, '2026-11-22', 100, 'saving', id, \(stamp) FROM stash",
                false
            ),
            (
                "INSERT INTO badge (userId, stashId, month, completedOn, points, earned) SELECT :ann, id, '2026-11', '2026-11-22', 10, 1 FROM stash",
                false
            ),
            ("INSERT INTO walletSettings (userId) VALUES (:ann)", false),
            (
                "INSERT INTO walletCard (userId, name, issuer, gradientStart, gradientEnd, annualFeeCents, createdAt, updatedAt) VALUES (:ann, 'Card', 'Bank', '#000', '#111', 0, \(stamp))",
                true
            ),
            (
                "INSERT INTO cardBenefit (userId, cardId, name, valueCents, period, sortOrder, createdAt) SELECT :ann, id, 'Credit', 1000, 'monthly', 0, '2026-11-22' FROM walletCard",
                true
            ),
            (
                "INSERT INTO benefitUse (userId, cardId, benefitId, periodStart, usedOn, valueCents, createdAt) SELECT :ann, cardId, id, '2026-11-01', '2026-11-22', 1000, '2026-11-22' FROM cardBenefit",
                true
            ),
            (
                "INSERT INTO subscription (userId, name, amountCents, frequency, renewsOn, category, icon, createdAt, updatedAt) VALUES (:ann, 'Netflix', 1599, 'monthly', '2026-12-10', 'Streaming', '', \(stamp))",
                true
            ),
            (
                "INSERT INTO coupon (userId, name, expiresOn, category, createdAt) VALUES (:ann, 'BOGO', '2026-11-30', 'Dining', '2026-11-22')",
                true
            ),
            ("UPDATE account SET name = 'Wallet'", false), ("UPDATE category SET name = 'Groceries'", false),
            ("UPDATE incomeSource SET amountCents = 200", false), ("UPDATE stash SET name = 'Big trip'", false),
            ("UPDATE stashTarget SET amountCents = 6000", false), ("UPDATE categoryMonth SET totalCents = 200", false),
            ("UPDATE ledger SET note = 'Beach'", false), ("UPDATE badge SET claimedAt = '2026-11-22'", false),
            ("UPDATE walletSettings SET leadDays = 3", false),
            ("UPDATE walletCard SET name = 'Renamed'", true),
            ("UPDATE cardBenefit SET snoozedUntil = '2026-11-25'", true),
            ("UPDATE benefitUse SET usedOn = '2026-11-21'", true), ("UPDATE subscription SET amountCents = 1699", true),
            ("UPDATE coupon SET usedOn = '2026-11-22'", true),
            ("DELETE FROM benefitUse", true), ("DELETE FROM coupon", true), ("DELETE FROM subscription", true),
            ("DELETE FROM cardBenefit", true), ("DELETE FROM walletCard", true), ("DELETE FROM walletSettings", false),
            ("DELETE FROM badge", false), ("DELETE FROM ledger", false), ("DELETE FROM categoryMonth", false),
            ("DELETE FROM stashTarget", false), ("DELETE FROM stash", false), ("DELETE FROM incomeSource", false),
            ("DELETE FROM category WHERE userId = :ann", false), ("DELETE FROM account WHERE userId = :ann", false),
        ]
        for write in writes {
            let before = try await revision(ann)
            try await database.write { db in try db.execute(sql: write.sql, arguments: ["ann": ann]) }
            let after = try await revision(ann)
            #expect(write.wallet ? after > before : after == before, "\(write.sql)")
        }
        #expect(try await revision(bob) == bobBefore)

        // The wallet widgets are read again only when the wallet revision moved on.
        let today = CalendarDay("2026-11-22")!
        let current = try await revision(ann)
        let store = database.for(userId: ann)
        if case .unchanged = try store.walletWidgetData(today: today, through: today, unlessRevision: current) {
        } else {
            Issue.record("the same revision should read as unchanged")
        }
        if case .fresh(let revision, _) = try store.walletWidgetData(
            today: today,
            through: today,
            unlessRevision: current - 1
        ) {
            #expect(revision == current)
        } else {
            Issue.record("an older revision should read again")
        }
    }

    @Test("a wallet write from anywhere shows in Home's wallet widgets at once")
    func walletWidgetsAreFresh() async throws {
        let clock = TestClock()  // 2026-11-22
        try await TestApp.run(clock: clock) { ann, database in
            try await ann.signUp(name: "Ann Lee", email: "ann@example.com")
            let annId = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE email = 'ann@example.com'")
                }
            )
            #expect(!(try await ann.get("/").html.contains("Pizza BOGO")))

            // Straight to the database, as another process would write it.
            try await database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO coupon (userId, name, expiresOn, category, createdAt)
                        VALUES (?, 'Pizza BOGO', '2026-11-23', 'Dining', '2026-11-22')
                        """,
                    arguments: [annId]
                )
            }
            var home = try await ann.get("/")
            #expect(home.html.contains("Pizza BOGO"))
            #expect(home.html.contains("Coupon · Dining"))

            try await database.write { db in try db.execute(sql: "UPDATE coupon SET name = 'Taco Tuesday'") }
            home = try await ann.get("/")
            #expect(home.html.contains("Taco Tuesday"))
            #expect(!home.html.contains("Pizza BOGO"))

            try await database.write { db in try db.execute(sql: "DELETE FROM coupon") }
            home = try await ann.get("/")
            #expect(!home.html.contains("Taco Tuesday"))
        }
    }

    @Test("Home shows every write at once, follows the day and the hour, and gives each session its own token")
    func homeKeepsItsHTML() async throws {
        let clock = TestClock()  // 10:00 UTC
        try await TestApp.run(clock: clock) { ann, database in
            try await ann.signUp(name: "Ann Lee", email: "ann@example.com")
            let trip = try await ann.createStash(name: "Trip", target: "100")
            try await ann.get("/")  // shows, and clears, the "created" flash
            let first = try await ann.get("/")
            #expect(first.html.contains("Good morning, Ann"))
            #expect(first.html.contains(">Trip</a>"))
            // The same page, but for each form's one-time token.
            let once = #"name="_once" value="[^"]*""#
            #expect(
                try await ann.get("/").html.replacingOccurrences(of: once, with: "", options: .regularExpression)
                    == first.html.replacingOccurrences(of: once, with: "", options: .regularExpression)
            )

            // A write from anywhere (here straight to the database, as another process would) shows at once.
            try await database.write { db in try db.execute(sql: "UPDATE stash SET name = 'Beach trip'") }
            var home = try await ann.get("/")
            #expect(home.html.contains(">Beach trip</a>"))
            #expect(!home.html.contains(">Trip</a>"))

            // An entry through the form: the new total, and the flash around the kept page.
            let added = try await ann.addEntry(stash: trip, amount: "25", date: "2026-11-22")
            home = try await ann.get(try #require(added.location))
            #expect(home.html.contains("$25.00 saved of $100.00"))
            #expect(home.html.contains("flash"))
            home = try await ann.get("/")
            #expect(home.html.contains("$25.00 saved of $100.00"))
            #expect(!home.html.contains("class=\"flash"))

            // The greeting follows the clock, and the quick-add date follows the day.
            clock.advance(by: 8 * 60 * 60)
            home = try await ann.get("/")
            #expect(home.html.contains("Good evening, Ann"))
            #expect(home.html.contains("name=\"date\" value=\"2026-11-22\""))
            clock.advance(by: 6 * 60 * 60)
            home = try await ann.get("/")
            #expect(home.html.contains("name=\"date\" value=\"2026-11-23\""))

            // A second session of the same user gets its own CSRF token in every form, never the first one's.
            let annToken = try #require(await ann.csrfToken)
            let other = Browser(client: ann.client)
            try await other.logIn(email: "ann@example.com")
            let otherHome = try await other.get("/")
            let otherToken = try #require(await other.csrfToken)
            #expect(otherToken != annToken)
            #expect(otherHome.html.contains(">Beach trip</a>"))
            #expect(!otherHome.html.contains(annToken))
            let quick = try await other.post("/stashes/\(trip)/entries", [("amount", "5"), ("date", "2026-11-23")])
            #expect(quick.status == .seeOther)
            #expect(try await ann.get("/").html.contains("$30.00 saved of $100.00"))

            // Another user's Home is their own, whatever Ann's kept.
            let bob = Browser(client: ann.client)
            try await bob.signUp(name: "Bob Roe", email: "bob@example.com")
            let bobHome = try await bob.get("/")
            #expect(!bobHome.html.contains("Beach trip"))
            #expect(bobHome.html.contains(", Bob"))
        }
    }
}

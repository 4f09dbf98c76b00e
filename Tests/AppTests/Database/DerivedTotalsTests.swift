import Foundation
import GRDB
import Testing

@testable import App

/// The tables triggers keep from the ledger hold, after any sequence of writes by any writer, what working them out
/// again from the ledger gives.
@Suite("Derived totals")
struct DerivedTotalsTests {
    @Test(
        "after 1,000 random ledger writes, month totals, stash month totals, account balances and quick-add amounts match a rebuild"
    )
    func randomWritesMatchRebuild() async throws {
        let database = try AppDatabase.inMemory()
        let (stashes, accounts) = try await Self.seed(database)
        var rng = SeededGenerator(seed: 2026)
        for step in 0..<1_000 {
            let stashId: Int64? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : stashes.randomElement(using: &rng)
            let accountId: Int64? = Bool.random(using: &rng) ? accounts.randomElement(using: &rng) : nil
            // A few amounts and days, so that counts tie and entries share a date.
            let amount = Int64([250, 450, 450, 700, 1000, 1200].randomElement(using: &rng)!)
            let date = "2026-\(Int.random(in: 10...12, using: &rng))-\(10 + Int.random(in: 0..<5, using: &rng))"
            let kind = ["income", "expense", "saving", "transfer", "transfer-in"].randomElement(using: &rng)!
            let clearing = ["open", "open", "cleared", "reconciled"].randomElement(using: &rng)!
            let choice = Int.random(in: 0..<10, using: &rng)
            let categoryId: Int64? = [nil, 1, 2].randomElement(using: &rng)!
            try await database.write { db in
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM ledger")
                if choice < 6 || ids.isEmpty {
                    try db.execute(
                        sql: """
                            INSERT INTO ledger (userId, date, amountCents, kind, stashId, accountId, categoryId, createdAt, updatedAt,
                                clearing)
                            VALUES (1, ?, ?, ?, ?, ?, ?, '2026-11-22', '2026-11-22', ?)
                            """,
                        arguments: [date, amount, kind, stashId, accountId, categoryId, clearing]
                    )
                } else if choice < 8, let id = ids.randomElement() {
                    try db.execute(
                        sql: """
                            UPDATE ledger SET date = ?, amountCents = ?, kind = ?, stashId = ?, accountId = ?, categoryId = ?,
                                clearing = ? WHERE id = ?
                            """,
                        arguments: [date, amount, kind, stashId, accountId, categoryId, clearing, id]
                    )
                } else if let id = ids.randomElement() {
                    try db.execute(sql: "DELETE FROM ledger WHERE id = ?", arguments: [id])
                }
            }
            try await Self.expectMatchesRebuild(database)
            if step % 100 == 99 { try Self.expectRegistersAdd(database, accounts: accounts) }
        }
        // Deleting a stash takes its entries, month totals and quick-add amounts with it.
        let gone = stashes[0]
        #expect(
            try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM categoryMonth WHERE stashId = ?", arguments: [gone])
            } ?? 0 > 0
        )
        try await database.write { db in _ = try db.execute(sql: "DELETE FROM stash WHERE id = ?", arguments: [gone]) }
        #expect(
            try database.read { db in
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT (SELECT COUNT(*) FROM stashQuickAmount WHERE stashId = ?1) + (SELECT COUNT(*) FROM categoryMonth WHERE stashId = ?1)
                        """,
                    arguments: [gone]
                )
            } == 0
        )
        try await Self.expectMatchesRebuild(database)
    }

    /// Every account's register, page by page: the newest row's balance is the account's, each row's is the one
    /// after it less that row, and the oldest row's less itself is the opening balance.
    static func expectRegistersAdd(_ database: AppDatabase, accounts: [Int64]) throws {
        let store = database.for(userId: 1)
        for id in accounts {
            let standing = try #require(try store.accountStanding(id: id))
            var cursor: LedgerCursor?
            var expected = standing.balance
            var pages = 0
            repeat {
                let (rows, more, balance) = try store.register(
                    account: standing.account,
                    balance: standing.balance,
                    before: cursor,
                    limit: 7
                )
                #expect(balance == expected, "account \(id), page \(pages)")
                for row in rows { expected -= row.transaction.signedCents }
                cursor =
                    more ? rows.last.map { LedgerCursor(date: $0.transaction.date, id: $0.transaction.id ?? 0) } : nil
                pages += 1
            } while cursor != nil
            #expect(expected == standing.account.openingBalanceCents, "account \(id) runs down to its opening balance")
        }
    }

    @Test("rows written many to a statement all arrive, in the order given, and keep the derived totals right")
    func manyRowsToAStatement() async throws {
        let database = try AppDatabase.inMemory()
        let (stashes, accounts) = try await Self.seed(database)
        let columns = [
            "userId", "date", "amountCents", "kind", "note", "stashId", "accountId", "createdAt", "updatedAt",
        ]
        let perStatement = RowInserter.valuesPerStatement / columns.count
        let count = perStatement * 2 + 7
        try await database.write { db in
            var rng = SeededGenerator(seed: 7)
            try db.insertRows(into: "ledger", columns: columns) { _ in }
            try db.insertRows(into: "ledger", columns: columns) { rows in
                for index in 0..<count {
                    let date = "2026-\(Int.random(in: 10...12, using: &rng))-\(10 + Int.random(in: 0..<5, using: &rng))"
                    try rows.insert([
                        1, date, Int64(100 + index % 7), index % 3 == 0 ? "income" : "saving", "row \(index)",
                        stashes.randomElement(using: &rng), accounts.randomElement(using: &rng),
                        "2026-11-22", "2026-11-22",
                    ])
                }
            }
        }
        let notes = try database.read { db in try String.fetchAll(db, sql: "SELECT note FROM ledger ORDER BY id")
        }
        #expect(notes == (0..<count).map { "row \($0)" })
        try await Self.expectMatchesRebuild(database)
    }

    @Test("stash month totals written before triggers kept them are worked out again from the ledger")
    func stashMonthsRebuiltOnUpgrade() throws {
        // Given: a database one step before the triggers, whose stash month totals disagree with its ledger
        let queue = try UpgradeFixture.database(upTo: "v11: quick-add amounts kept in step with the ledger")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO stash (userId, name, kind, createdAt, updatedAt) VALUES (1, 'Trip', 'save', '2026-11-22', '2026-11-22');
                    INSERT INTO ledger (userId, date, amountCents, kind, stashId, createdAt, updatedAt) VALUES
                        (1, '2026-10-03', 500, 'saving', 1, '2026-11-22', '2026-11-22'),
                        (1, '2026-11-04', 700, 'saving', 1, '2026-11-22', '2026-11-22'),
                        (1, '2026-11-05', 300, 'saving', 1, '2026-11-22', '2026-11-22');
                    INSERT INTO stashMonth (stashId, month, totalCents, entryCount) VALUES (1, '2026-11', 99, 7), (1, '2025-01', 5, 1);
                    """
            )
        }

        // When: migrated up to the last step that kept them in a table of their own
        try AppDatabase.migrator.migrate(queue, upTo: "v38: sessions kept signed in or ended when idle")

        // Then: the totals are the ledger's, and the triggers keep them
        let read = {
            try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT month, totalCents, entryCount FROM stashMonth ORDER BY month").map {
                    "\($0["month"] as String) \($0["totalCents"] as Int64) \($0["entryCount"] as Int)"
                }
            }
        }
        #expect(try read() == ["2026-10 500 1", "2026-11 1000 2"])
        try queue.write { db in try db.execute(sql: "DELETE FROM ledger WHERE date = '2026-10-03'") }
        #expect(try read() == ["2026-11 1000 2"])
    }

    @Test("upgrading works out the month totals per kind, category and stash from the existing ledger")
    func categoryMonthsBuiltOnUpgrade() throws {
        // Given: a database from before the per-kind month totals, with savings, spending and income
        let queue = try UpgradeFixture.database(upTo: "v24: transaction counts per category")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO stash (userId, name, kind, createdAt, updatedAt) VALUES (1, 'Trip', 'save', '2026-11-22', '2026-11-22');
                    INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, createdAt)
                        VALUES (1, 'Groceries', 'needs', 'cart', 'green', 0, 0, '2026-11-22');
                    INSERT INTO ledger (userId, date, amountCents, kind, stashId, categoryId, createdAt, updatedAt) VALUES
                        (1, '2026-10-03', 500, 'saving', 1, NULL, '2026-11-22', '2026-11-22'),
                        (1, '2026-10-31', 700, 'saving', 1, NULL, '2026-11-22', '2026-11-22'),
                        (1, '2026-10-04', 300, 'expense', NULL, 1, '2026-11-22', '2026-11-22'),
                        (1, '2026-11-01', 200, 'expense', NULL, 1, '2026-11-22', '2026-11-22'),
                        (1, '2026-11-02', 9000, 'income', NULL, NULL, '2026-11-22', '2026-11-22');
                    """
            )
        }

        // When
        try AppDatabase.migrator.migrate(queue, upTo: "v25: month totals per category and stash for every kind")

        // Then: one row per month, kind, category and stash (0: none), and the triggers keep them
        let read = {
            try queue.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT month || ' ' || kind || ' ' || categoryId || ' ' || stashId || ' ' || totalCents || ' ' || entryCount
                        FROM categoryMonth ORDER BY 1
                        """
                )
            }
        }
        #expect(
            try read() == [
                "2026-10 expense 1 0 300 1", "2026-10 saving 0 1 1200 2", "2026-11 expense 1 0 200 1",
                "2026-11 income 0 0 9000 1",
            ]
        )
        try queue.write { db in try db.execute(sql: "UPDATE ledger SET date = '2026-11-05' WHERE date = '2026-10-31'") }
        #expect(
            try read() == [
                "2026-10 expense 1 0 300 1", "2026-10 saving 0 1 500 1", "2026-11 expense 1 0 200 1",
                "2026-11 income 0 0 9000 1", "2026-11 saving 0 1 700 1",
            ]
        )
    }

    @Test("a bulk write keeps no totals row by row, then works its user's out once: the same as the triggers keep")
    func bulkWriteRebuildsTotals() async throws {
        // Given: Ann (three stashes, two categories, two accounts) with a few rows, and Bob with rows of his own
        let database = try AppDatabase.inMemory()
        let (stashes, accounts) = try await Self.seed(database)
        let columns = [
            "userId", "date", "amountCents", "kind", "note", "stashId", "categoryId", "accountId", "createdAt",
            "updatedAt",
        ]
        let bob = try await database.write { db -> Int64 in
            try db.execute(
                sql: """
                    INSERT INTO user (name, email, passwordHash, currency, timeZone, theme, createdAt, updatedAt)
                    VALUES ('Bob', 'bob@example.com', 'x', 'USD', 'UTC', 'system', '2026-11-22', '2026-11-22')
                    """
            )
            let bob = db.lastInsertedRowID
            try db.execute(
                sql: """
                    INSERT INTO ledger (userId, date, amountCents, kind, createdAt, updatedAt) VALUES
                        (?1, '2026-11-03', 1200, 'expense', '2026-11-22', '2026-11-22'),
                        (?1, '2026-10-03', 90000, 'income', '2026-11-22', '2026-11-22'),
                        (1, '2026-09-01', 700, 'saving', '2026-11-22', '2026-11-22')
                    """,
                arguments: [bob]
            )
            return bob
        }
        let triggers = {
            try database.read { db in
                try String.fetchAll(
                    db,
                    sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ledger' ORDER BY name"
                )
            }
        }
        let before = try triggers()
        #expect(before.count == LedgerTotal.all.count * 3)
        let bobsTotals = {
            try database.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT 'day ' || date || kind || totalCents || ' ' || entryCount FROM ledgerDay WHERE userId = ?1
                        UNION ALL SELECT 'month ' || month || kind || categoryId || stashId || totalCents FROM categoryMonth WHERE userId = ?1
                        ORDER BY 1
                        """,
                    arguments: [bob]
                )
            }
        }
        let bobsBefore = try bobsTotals()

        // When: two thousand rows of every kind, in one bulk write
        let (during, caches) = try await database.write { db -> (Int, [Int?]) in
            var rng = SeededGenerator(seed: 11)
            let cache = try Int.fetchOne(db, sql: "PRAGMA cache_size")
            var during = 0
            var cacheDuring: Int?
            try db.withLedgerBulkWrite(userId: 1) {
                try db.insertRows(into: "ledger", columns: columns) { rows in
                    for index in 0..<2_000 {
                        let kind = ["saving", "expense", "income"][Int.random(in: 0..<3, using: &rng)]
                        let date =
                            "202\(Int.random(in: 5...6, using: &rng))-\(10 + Int.random(in: 0..<3, using: &rng))-1\(Int.random(in: 0..<10, using: &rng))"
                        try rows.insert([
                            1, date, Int64(50 * Int.random(in: 1...9, using: &rng)), kind, "row \(index)",
                            kind == "saving" ? stashes.randomElement(using: &rng) : nil,
                            kind == "expense" ? [1, 2, nil].randomElement(using: &rng)! : nil,
                            accounts.randomElement(using: &rng), "2026-11-22", "2026-11-22",
                        ])
                    }
                }
                during = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledgerDay WHERE userId = 1") ?? 0
                cacheDuring = try Int.fetchOne(db, sql: "PRAGMA cache_size")
            }
            return (during, [cache, cacheDuring, try Int.fetchOne(db, sql: "PRAGMA cache_size")])
        }

        // Then: nothing was kept while the rows went in, every total is the ledger's afterwards, Bob's are as they were,
        // the triggers are back (and keep the next write), and the connection has its own cache back
        #expect(during == 1)
        try await Self.expectMatchesRebuild(database)
        #expect(try bobsTotals() == bobsBefore)
        #expect(try triggers() == before)
        #expect(caches == [caches[0], -65_536, caches[0]] && caches[0] != -65_536)
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO ledger (userId, date, amountCents, kind, stashId, accountId, createdAt, updatedAt)
                    VALUES (1, '2026-11-24', 4100, 'saving', ?, ?, '2026-11-22', '2026-11-22')
                    """,
                arguments: [stashes[0], accounts[1]]
            )
        }
        try await Self.expectMatchesRebuild(database)

        // And a bulk write that fails leaves nothing behind, its triggers included
        let rows = try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") }
        await #expect(throws: DatabaseError.self) {
            try await database.write { db in
                try db.withLedgerBulkWrite(userId: 1) {
                    try db.execute(
                        sql:
                            "INSERT INTO ledger (userId, date, amountCents, kind, createdAt, updatedAt) VALUES (1, '2026-11-01', 5, 'income', 'x', 'x')"
                    )
                    throw DatabaseError(message: "stopped")
                }
            }
        }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") } == rows)
        #expect(try triggers() == before)

        // And a ledger trigger it doesn't know how to work out again makes it refuse before it starts
        try await database.write { db in
            try db.execute(sql: "CREATE TRIGGER ledger_audit_insert AFTER INSERT ON ledger BEGIN SELECT 1; END")
        }
        await #expect(throws: DatabaseError.self) {
            try await database.write { db in try db.withLedgerBulkWrite(userId: 1) {} }
        }
        #expect(try triggers().count == before.count + 1)
    }

    @Test("the ledger's triggers in a migrated database are the ones the totals' descriptions make")
    func triggersAreTheDescriptions() throws {
        // Given
        let queue = try DatabaseQueue()

        // When
        try AppDatabase.migrator.migrate(queue)

        // Then: the frozen migration wrote exactly what the descriptions make, so neither can move alone
        let schema = try queue.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ledger'"
            )
            .map { "\($0["name"] as String)\n\($0["sql"] as String)" }.sorted()
        }
        let described = LedgerTotal.all.flatMap(\.triggers).map { "\($0.name)\n\($0.sql)" }.sorted()
        #expect(schema == described)
        #expect(schema.count == LedgerTotal.all.count * 3)
    }

    @Test("working every total out again for everyone, as a backfill does, gives what the triggers kept")
    func backfillMatchesTriggers() async throws {
        // Given: a few hundred random writes kept by the triggers
        let database = try AppDatabase.inMemory()
        let (stashes, accounts) = try await Self.seed(database)
        try await database.write { db in
            var rng = SeededGenerator(seed: 39)
            for index in 0..<300 {
                try db.execute(
                    sql: """
                        INSERT INTO ledger (userId, date, amountCents, kind, stashId, accountId, categoryId, createdAt, updatedAt)
                        VALUES (1, ?, ?, ?, ?, ?, ?, '2026-11-22', '2026-11-22')
                        """,
                    arguments: [
                        "2026-\(Int.random(in: 10...12, using: &rng))-1\(index % 10)", Int64(50 * (index % 7 + 1)),
                        ["income", "expense", "saving"][index % 3], index % 4 == 0 ? nil : stashes[index % 3],
                        index % 2 == 0 ? accounts[index % 2] : nil, [nil, 1, 2][index % 3],
                    ]
                )
            }
            try db.execute(sql: "DELETE FROM ledger WHERE id % 5 = 0")
            try db.execute(sql: "UPDATE ledger SET amountCents = amountCents + 1, stashId = NULL WHERE id % 7 = 0")
        }
        let kept = try database.read { db in try Self.derivedRows(db) }

        // When
        let rebuilt = try await database.write { db -> [String] in
            for total in LedgerTotal.all {
                try total.rebuild(db, userId: nil)
            }
            return try Self.derivedRows(db)
        }

        // Then
        #expect(rebuilt == kept)
        #expect(kept.count > 100)
    }

    /// Every row of every table the ledger's totals are kept in.
    private static func derivedRows(_ db: Database) throws -> [String] {
        try [
            "SELECT 'account ' || id || ' ' || ledgerTotalCents FROM account",
            "SELECT 'category ' || id || ' ' || entryCount FROM category",
            "SELECT 'day ' || userId || ' ' || date || ' ' || kind || ' ' || totalCents || ' ' || entryCount FROM ledgerDay",
            """
            SELECT 'month ' || userId || ' ' || month || ' ' || kind || ' ' || categoryId || ' ' || stashId || ' '
                   || totalCents || ' ' || entryCount FROM categoryMonth
            """,
            "SELECT 'quick ' || stashId || ' ' || position || ' ' || amountCents FROM stashQuickAmount",
        ].flatMap { try String.fetchAll(db, sql: $0) }.sorted()
    }

    /// A user with three stashes and two accounts; their ids.
    private static func seed(_ database: AppDatabase) async throws -> ([Int64], [Int64]) {
        try await database.write { db in
            let now = Date()
            var user = User(
                name: "Ann",
                email: "ann@example.com",
                passwordHash: "x",
                currency: "USD",
                timeZone: "UTC",
                theme: .system,
                createdAt: now,
                updatedAt: now
            )
            try user.insert(db)
            for name in ["Trip", "Coffee", "Fund"] {
                try db.execute(
                    sql: """
                        INSERT INTO stash (userId, name, kind, createdAt, updatedAt) VALUES (1, ?, 'save', '2026-11-22', '2026-11-22')
                        """,
                    arguments: [name]
                )
            }
            for name in ["Groceries", "Rent"] {
                try db.execute(
                    sql: """
                        INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden, createdAt)
                        VALUES (1, ?, 'needs', '', '', 0, 0, 0, '2026-11-22')
                        """,
                    arguments: [name]
                )
            }
            for name in ["Cash", "Checking"] {
                try db.execute(
                    sql: """
                        INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt)
                        VALUES (1, ?, 'cash', 0, '2026-11-22', '2026-11-22')
                        """,
                    arguments: [name]
                )
            }
            return (
                try Int64.fetchAll(db, sql: "SELECT id FROM stash"),
                try Int64.fetchAll(db, sql: "SELECT id FROM account")
            )
        }
    }

    /// Works every trigger-kept table out again from the ledger, in Swift, and compares.
    private static func expectMatchesRebuild(_ database: AppDatabase) async throws {
        // The day and spending totals against the same sums worked out from the ledger by SQL.
        let (days, expectedDays, spending, expectedSpending) = try database.read { db in
            (
                try String.fetchAll(
                    db,
                    sql:
                        "SELECT userId || ' ' || date || ' ' || kind || ' ' || totalCents || ' ' || entryCount FROM ledgerDay ORDER BY 1"
                ),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT userId || ' ' || date || ' ' || kind || ' ' || SUM(amountCents) || ' ' || COUNT(*) FROM ledger
                        GROUP BY userId, date, kind ORDER BY 1
                        """
                ),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT userId || ' ' || month || ' ' || kind || ' ' || categoryId || ' ' || stashId || ' ' || totalCents || ' '
                               || entryCount
                        FROM categoryMonth ORDER BY 1
                        """
                ),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT userId || ' ' || substr(date, 1, 7) || ' ' || kind || ' ' || COALESCE(categoryId, 0) || ' '
                               || COALESCE(stashId, 0) || ' ' || SUM(amountCents) || ' ' || COUNT(*)
                        FROM ledger GROUP BY userId, substr(date, 1, 7), kind, categoryId, stashId ORDER BY 1
                        """
                )
            )
        }
        #expect(days == expectedDays)
        #expect(spending == expectedSpending)
        let (accountMonths, expectedAccountMonths) = try database.read { db in
            (
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT userId || ' ' || accountId || ' ' || month || ' ' || totalCents || ' ' || entryCount
                        FROM accountMonth ORDER BY 1
                        """
                ),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT userId || ' ' || accountId || ' ' || substr(date, 1, 7) || ' '
                               || SUM(CASE WHEN kind IN ('income', 'transfer-in') THEN amountCents ELSE -amountCents END)
                               || ' ' || COUNT(*)
                        FROM ledger WHERE accountId IS NOT NULL GROUP BY userId, accountId, substr(date, 1, 7) ORDER BY 1
                        """
                )
            )
        }
        #expect(accountMonths == expectedAccountMonths)
        let (counts, expectedCounts) = try database.read { db in
            (
                try String.fetchAll(db, sql: "SELECT id || ' ' || entryCount FROM category ORDER BY id"),
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT category.id || ' ' || (SELECT COUNT(*) FROM ledger WHERE categoryId = category.id) FROM category ORDER BY id
                        """
                )
            )
        }
        #expect(counts == expectedCounts)
        #expect(counts.count == 2)

        struct Entry {
            let userId: Int64
            let date: String
            let amount: Int64
            let kind: String
            let stashId: Int64?
            let accountId: Int64?
            let clearing: String
            /// Money in adds to the account, the rest takes out.
            var signed: Int64 { kind == "income" || kind == "transfer-in" ? amount : -amount }
        }
        let (entries, months, balances, quick, stashIds, stashMonths) = try database.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT * FROM ledger").map {
                    Entry(
                        userId: $0["userId"],
                        date: $0["date"],
                        amount: $0["amountCents"],
                        kind: $0["kind"],
                        stashId: $0["stashId"],
                        accountId: $0["accountId"],
                        clearing: $0["clearing"]
                    )
                },
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT userId, month, kind, totalCents, entryCount FROM (SELECT userId, month, kind, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth GROUP BY userId, month, kind)"
                ).map {
                    "\($0["userId"] as Int64) \($0["month"] as String) \($0["kind"] as String) \($0["totalCents"] as Int64) \($0["entryCount"] as Int)"
                },
                Dictionary(
                    uniqueKeysWithValues: try Row.fetchAll(
                        db,
                        sql: "SELECT id, ledgerTotalCents, clearedTotalCents FROM account"
                    )
                    .map { ($0["id"] as Int64, ($0["ledgerTotalCents"] as Int64, $0["clearedTotalCents"] as Int64)) }
                ),
                Dictionary(
                    grouping: try Row.fetchAll(
                        db,
                        sql: "SELECT stashId, amountCents FROM stashQuickAmount ORDER BY stashId, position"
                    ),
                    by: { $0["stashId"] as Int64 }
                ).mapValues { $0.map { $0["amountCents"] as Int64 } },
                try Int64.fetchAll(db, sql: "SELECT id FROM stash"),
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT stashId, month, totalCents, entryCount FROM (SELECT stashId, month, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth WHERE stashId != 0 GROUP BY stashId, month)"
                ).map {
                    "\($0["stashId"] as Int64) \($0["month"] as String) \($0["totalCents"] as Int64) \($0["entryCount"] as Int)"
                }
            )
        }

        let expectedMonths = Dictionary(grouping: entries, by: { "\($0.userId) \($0.date.prefix(7)) \($0.kind)" })
            .map { key, rows in "\(key) \(rows.reduce(0) { $0 + $1.amount }) \(rows.count)" }
        #expect(Set(months) == Set(expectedMonths))
        #expect(months.count == expectedMonths.count)

        let expectedStashMonths = Dictionary(
            grouping: entries.filter { $0.stashId != nil },
            by: { "\($0.stashId!) \($0.date.prefix(7))" }
        )
        .map { key, rows in "\(key) \(rows.reduce(0) { $0 + $1.amount }) \(rows.count)" }
        #expect(Set(stashMonths) == Set(expectedStashMonths))
        #expect(stashMonths.count == expectedStashMonths.count)

        for (accountId, (total, cleared)) in balances {
            let rows = entries.filter { $0.accountId == accountId }
            #expect(total == rows.reduce(Int64(0)) { $0 + $1.signed }, "account \(accountId)")
            #expect(
                cleared == rows.filter { $0.clearing != "open" }.reduce(Int64(0)) { $0 + $1.signed },
                "account \(accountId) cleared"
            )
        }

        for stashId in stashIds {
            let latest = entries.filter { $0.stashId == stashId }
                .sorted { ($0.date, $0.amount) > ($1.date, $1.amount) }
                .prefix(LedgerTotal.quickAmountsRecent)
            let counts = Dictionary(grouping: latest, by: \.amount).mapValues(\.count)
            let expected = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                .prefix(LedgerTotal.quickAmountsShown).map(\.key)
            #expect((quick[stashId] ?? []) == expected, "stash \(stashId)")
        }
    }
}

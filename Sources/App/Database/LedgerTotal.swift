import GRDB

/// One total kept from the ledger, described once: its triggers and the SQL that works it out again from the ledger
/// (a bulk write's rebuild, a backfill) are made from this description, so they can't disagree. In a template, `ROW.`
/// stands for the ledger row: `NEW.` or `OLD.` in a trigger, `ledger.` in a rebuild.
struct LedgerTotal: Sendable {
    /// How the total is kept.
    enum Shape: Sendable {
        /// One row per key (each key column's value a template), holding each measure's sum over the ledger rows with
        /// that key; removed when its `entryCount` falls to zero. `owner` is the key column naming the user.
        case rows(keys: [Column], owner: String)
        /// Columns of an existing row of `table` (its `id` the template `key`), each measure's sum over the ledger rows
        /// naming it. `owner` is the table's column naming the user.
        case column(key: String, owner: String)
        /// Rows worked out again whole for one key (`refresh`, templates over `KEY`) after any write that can change
        /// them. The keys of a user are the ids of `keyTable` whose `userId` is theirs.
        case list(key: String, keyTable: String, refresh: (delete: String, insert: String))
    }

    /// A column and what a ledger row gives it (a template).
    struct Column: Sendable {
        let name: String
        let value: String

        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Its triggers are `ledger_<name>_insert`, `_delete` and `_update`.
    let name: String
    let table: String
    let shape: Shape
    /// What each ledger row adds to each kept column; none for a list.
    let measures: [Column]
    /// Which ledger rows count (a template), or nil for all.
    let only: String?
    /// The ledger columns whose update can change the total.
    let watched: [String]

    // MARK: - The totals

    /// What a row does to its account's balance: money in (income, a transfer arriving) adds, the rest takes out.
    static let signedAmount =
        "(CASE ROW.kind WHEN 'income' THEN ROW.amountCents WHEN 'transfer-in' THEN ROW.amountCents ELSE -ROW.amountCents END)"

    /// `signedAmount` over `table`'s columns (`ledger.`), or over bare column names.
    static func signedAmount(on table: String? = nil) -> String {
        signedAmount.replacingOccurrences(of: "ROW.", with: table.map { "\($0)." } ?? "")
    }

    /// An account's balance less its opening balance.
    static let accountBalance = LedgerTotal(
        name: "account",
        table: "account",
        shape: .column(key: "ROW.accountId", owner: "userId"),
        measures: [Column("ledgerTotalCents", signedAmount)],
        only: "ROW.accountId IS NOT NULL",
        watched: ["accountId", "kind", "amountCents"]
    )

    /// An account's cleared balance less its opening balance: its rows seen on a statement (cleared or reconciled).
    static let accountCleared = LedgerTotal(
        name: "account_cleared",
        table: "account",
        shape: .column(key: "ROW.accountId", owner: "userId"),
        measures: [Column("clearedTotalCents", signedAmount)],
        only: "ROW.accountId IS NOT NULL AND ROW.clearing <> 'open'",
        watched: ["accountId", "kind", "amountCents", "clearing"]
    )

    /// Per user, account and month: what the month's rows did to the account (money in less money out). An account's
    /// balance at a month's end is its opening balance plus its months up to that one.
    static let accountMonth = LedgerTotal(
        name: "accountMonth",
        table: "accountMonth",
        shape: .rows(
            keys: [
                Column("userId", "ROW.userId"), Column("accountId", "ROW.accountId"),
                Column("month", "substr(ROW.date, 1, 7)"),
            ],
            owner: "userId"
        ),
        measures: [Column("totalCents", signedAmount), Column("entryCount", "1")],
        only: "ROW.accountId IS NOT NULL",
        watched: ["userId", "accountId", "date", "kind", "amountCents"]
    )

    /// How many transactions a category holds.
    static let categoryCount = LedgerTotal(
        name: "category_count",
        table: "category",
        shape: .column(key: "ROW.categoryId", owner: "userId"),
        measures: [Column("entryCount", "1")],
        only: "ROW.categoryId IS NOT NULL",
        watched: ["categoryId"]
    )

    /// Per user, day and kind.
    static let day = LedgerTotal(
        name: "ledgerDay",
        table: "ledgerDay",
        shape: .rows(
            keys: [Column("userId", "ROW.userId"), Column("date", "ROW.date"), Column("kind", "ROW.kind")],
            owner: "userId"
        ),
        measures: [Column("totalCents", "ROW.amountCents"), Column("entryCount", "1")],
        only: nil,
        watched: ["userId", "date", "kind", "amountCents"]
    )

    /// Per user, month, kind, category and stash (0 for none: key columns can't be NULL). A month's totals by kind and
    /// a stash's by month are sums of its rows.
    static let categoryMonth = LedgerTotal(
        name: "categoryMonth",
        table: "categoryMonth",
        shape: .rows(
            keys: [
                Column("userId", "ROW.userId"), Column("month", "substr(ROW.date, 1, 7)"),
                Column("kind", "ROW.kind"), Column("categoryId", "COALESCE(ROW.categoryId, 0)"),
                Column("stashId", "COALESCE(ROW.stashId, 0)"),
            ],
            owner: "userId"
        ),
        measures: [Column("totalCents", "ROW.amountCents"), Column("entryCount", "1")],
        only: nil,
        watched: ["userId", "date", "kind", "amountCents", "categoryId", "stashId"]
    )

    /// How many of a stash's latest entries its quick-add amounts come from, and how many it offers.
    static let quickAmountsRecent = 50
    static let quickAmountsShown = 3

    /// Per stash, the most frequent amounts among its latest entries, the smaller first on a tie; none when the stash
    /// doesn't exist (it is being deleted: its rows go with it). Only a row among its stash's latest entries can change
    /// them: when that many rows of the stash stand after it (by date, then amount), it can't, and the check reads at
    /// most that many index entries.
    static let quickAmounts = LedgerTotal(
        name: "quick",
        table: "stashQuickAmount",
        shape: .list(
            key: "ROW.stashId",
            keyTable: "stash",
            refresh: (
                delete: "DELETE FROM stashQuickAmount WHERE stashId = KEY",
                insert: """
                INSERT INTO stashQuickAmount (stashId, position, amountCents)
                SELECT KEY, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                    SELECT amountCents, COUNT(*) AS n FROM (
                        SELECT amountCents FROM ledger WHERE stashId = KEY
                        ORDER BY date DESC, amountCents DESC LIMIT \(quickAmountsRecent))
                    GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT \(quickAmountsShown))
                WHERE EXISTS (SELECT 1 FROM stash WHERE id = KEY)
                """
            )
        ),
        measures: [],
        only: """
            ROW.stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                SELECT 1 FROM ledger WHERE stashId = ROW.stashId AND (date, amountCents) > (ROW.date, ROW.amountCents)
                LIMIT \(quickAmountsRecent))) < \(quickAmountsRecent)
            """,
        watched: ["stashId", "date", "amountCents"]
    )

    /// Every total kept from the ledger.
    static let all = [accountBalance, accountCleared, accountMonth, categoryCount, day, categoryMonth, quickAmounts]

    /// While this table holds a row, every trigger of `all` does nothing: a bulk write works its totals out once.
    static let pauseTable = "ledgerBulkWrite"

    // MARK: - Triggers

    /// Its three triggers as the schema holds them (`CREATE TRIGGER` statements, without their semicolons).
    var triggers: [(name: String, sql: String)] {
        let running = "NOT EXISTS (SELECT 1 FROM \(Self.pauseTable))"
        let changed = watched.map { "OLD.\($0) IS NOT NEW.\($0)" }.joined(separator: " OR ")
        func when(_ row: String) -> String { only.map { "\(running) AND \(Self.fill($0, row))" } ?? running }
        // A list is worked out whole for both rows' keys when either row counts: the check is a scan, made once.
        var listOnly = ""
        if case .list = shape, let only {
            listOnly = " AND ((\(Self.fill(only, "OLD"))) OR (\(Self.fill(only, "NEW"))))"
        }
        return [
            (
                "ledger_\(name)_insert",
                """
                CREATE TRIGGER ledger_\(name)_insert AFTER INSERT ON ledger WHEN \(when("NEW")) BEGIN
                \(add("NEW", checked: false))
                END
                """
            ),
            (
                "ledger_\(name)_delete",
                """
                CREATE TRIGGER ledger_\(name)_delete AFTER DELETE ON ledger WHEN \(when("OLD")) BEGIN
                \(remove("OLD", checked: false))
                END
                """
            ),
            (
                "ledger_\(name)_update",
                """
                CREATE TRIGGER ledger_\(name)_update AFTER UPDATE OF \(watched.joined(separator: ", ")) ON ledger
                WHEN \(running) AND (\(changed))\(listOnly) BEGIN
                \(remove("OLD", checked: true))
                \(add("NEW", checked: true))
                END
                """
            ),
        ]
    }

    /// `template` with `ROW.` standing for `row`.
    private static func fill(_ template: String, _ row: String) -> String {
        template.replacingOccurrences(of: "ROW.", with: "\(row).")
    }

    /// The statements that count `row` in (`checked`: only if it counts), each ending with a semicolon.
    private func add(_ row: String, checked: Bool) -> String {
        let condition = checked ? only.map { Self.fill($0, row) } : nil
        switch shape {
        case .rows(let keys, _):
            let names = (keys + measures).map(\.name).joined(separator: ", ")
            let values = (keys + measures).map { Self.fill($0.value, row) }.joined(separator: ", ")
            let sums = measures.map { "\($0.name) = \($0.name) + excluded.\($0.name)" }.joined(separator: ", ")
            return """
                    INSERT INTO \(table) (\(names))
                        SELECT \(values) WHERE \(condition ?? "true")
                        ON CONFLICT (\(keys.map(\.name).joined(separator: ", "))) DO UPDATE SET \(sums);
                """
        case .column(let key, _):
            let sums = measures.map { "\($0.name) = \($0.name) + \(Self.fill($0.value, row))" }.joined(separator: ", ")
            return
                "    UPDATE \(table) SET \(sums) WHERE id = \(Self.fill(key, row))\(condition.map { " AND \($0)" } ?? "");"
        case .list(let key, _, let refresh):
            return refreshSQL(refresh, key: Self.fill(key, row), condition: nil)
        }
    }

    /// The statements that count `row` out (`checked`: only if it counted), each ending with a semicolon.
    private func remove(_ row: String, checked: Bool) -> String {
        let condition = checked ? only.map { Self.fill($0, row) } : nil
        switch shape {
        case .rows(let keys, _):
            let match = keys.map { "\($0.name) = \(Self.fill($0.value, row))" }.joined(separator: " AND ")
            let sums = measures.map { "\($0.name) = \($0.name) - \(Self.fill($0.value, row))" }.joined(separator: ", ")
            return """
                    UPDATE \(table) SET \(sums)
                        WHERE \(match)\(condition.map { " AND \($0)" } ?? "");
                    DELETE FROM \(table) WHERE \(match) AND entryCount <= 0;
                """
        case .column(let key, _):
            let sums = measures.map { "\($0.name) = \($0.name) - \(Self.fill($0.value, row))" }.joined(separator: ", ")
            return
                "    UPDATE \(table) SET \(sums) WHERE id = \(Self.fill(key, row))\(condition.map { " AND \($0)" } ?? "");"
        case .list(let key, _, let refresh):
            return refreshSQL(refresh, key: Self.fill(key, row), condition: nil)
        }
    }

    private func refreshSQL(_ refresh: (delete: String, insert: String), key: String, condition: String?) -> String {
        let suffix = condition.map { " AND \($0)" } ?? ""
        return [refresh.delete, refresh.insert]
            .map { $0.replacingOccurrences(of: "KEY", with: key) + suffix + ";" }
            .joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
    }

    // MARK: - Rebuild

    /// Works the total out again from the ledger, for one user or (nil) for everyone.
    func rebuild(_ db: Database, userId: Int64?) throws {
        let arguments: StatementArguments = userId.map { ["userId": $0] } ?? [:]
        switch shape {
        case .list(_, let keyTable, let refresh):
            let keys = try Int64.fetchAll(
                db,
                sql: "SELECT id FROM \(keyTable)\(userId == nil ? "" : " WHERE userId = :userId")",
                arguments: arguments
            )
            let sql = [refresh.delete, refresh.insert].map { $0.replacingOccurrences(of: "KEY", with: ":key") }
                .joined(separator: ";\n")
            for key in keys {
                try db.execute(sql: sql, arguments: ["key": key])
            }
        default:
            try db.execute(sql: rebuildSQL(oneUser: userId != nil), arguments: arguments)
        }
    }

    /// The SQL that works a total other than a list out again (for `:userId` when `oneUser`).
    func rebuildSQL(oneUser: Bool) -> String {
        let counted = ([oneUser ? "ledger.userId = :userId" : nil, only.map { Self.fill($0, "ledger") }]).compactMap {
            $0
        }
        let filter = counted.isEmpty ? "" : " WHERE \(counted.joined(separator: " AND "))"
        switch shape {
        case .rows(let keys, let owner):
            let keyValues = keys.map { Self.fill($0.value, "ledger") }.joined(separator: ", ")
            let sums = measures.map { "SUM(\(Self.fill($0.value, "ledger")))" }.joined(separator: ", ")
            return """
                DELETE FROM \(table)\(oneUser ? " WHERE \(owner) = :userId" : "");
                INSERT INTO \(table) (\((keys + measures).map(\.name).joined(separator: ", ")))
                    SELECT \(keyValues), \(sums) FROM ledger\(filter) GROUP BY \(keyValues)
                """
        case .column(let key, let owner):
            let match = "\(Self.fill(key, "ledger")) = \(table).id"
            let extra = only.map { " AND \(Self.fill($0, "ledger"))" } ?? ""
            let sums = measures.map {
                "\($0.name) = (SELECT COALESCE(SUM(\(Self.fill($0.value, "ledger"))), 0) FROM ledger WHERE \(match)\(extra))"
            }.joined(separator: ", ")
            return "UPDATE \(table) SET \(sums)\(oneUser ? " WHERE \(owner) = :userId" : "")"
        case .list:
            return ""
        }
    }
}

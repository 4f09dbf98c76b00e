import Foundation
import GRDB

/// What the user chose last on the transaction form.
struct RecentChoices: Sendable {
    /// The category of the newest transaction of each category kind.
    var byKind: [Category.Kind: Int64] = [:]
    /// The kind of the newest transaction.
    var latestKind: Category.Kind?
    /// The account of the newest transaction that named one.
    var accountId: Int64?
}

/// A ledger row with the names a list shows beside it.
struct LedgerRow: Sendable, Equatable, Decodable, FetchableRecord {
    let transaction: LedgerEntry
    let categoryName: String?
    /// Nil too for a kind this version doesn't know.
    var categoryKind: Category.Kind? { categoryKindName.flatMap(Category.Kind.init(rawValue:)) }
    let categoryKindName: String?
    let categoryIcon: String?
    let categoryColor: String?
    let stashName: String?
    let accountName: String?
    /// When money moves between two accounts: the other side's row and account (where a leaving row goes, where an
    /// arriving row came from), and the leaving row's stash.
    let pairRowId: Int64?
    let pairAccountId: Int64?
    let pairAccountName: String?
    let pairStashId: Int64?
    let pairClearing: LedgerEntry.Clearing?

    /// Locked by a reconciliation, on either side: editing it asks first.
    var isLocked: Bool { transaction.clearing == .reconciled || pairClearing == .reconciled }

    /// The row whose form edits this one: an arriving transfer is edited from the row it left.
    var formId: Int64 { transaction.kind == .transferIn ? (transaction.pairId ?? 0) : (transaction.id ?? 0) }
    /// Whether that form is a stash entry's (a split's part, even one that goes to a stash, is edited with its split).
    var formInStash: Bool {
        transaction.splitId == nil && (transaction.kind == .transferIn ? pairStashId : transaction.stashId) != nil
    }

    static let selectSQL = """
        SELECT ledger.*, category.name AS categoryName, category.kind AS categoryKindName, category.icon AS categoryIcon,
               category.color AS categoryColor, stash.name AS stashName, account.name AS accountName,
               pair.id AS pairRowId, pairAccount.id AS pairAccountId, pairAccount.name AS pairAccountName,
               pair.stashId AS pairStashId, pair.clearing AS pairClearing
        FROM ledger
        LEFT JOIN category ON category.id = ledger.categoryId
        LEFT JOIN stash ON stash.id = ledger.stashId
        LEFT JOIN account ON account.id = ledger.accountId
        LEFT JOIN ledger pair ON pair.id = ledger.pairId OR (pair.pairId = ledger.id AND pair.kind = 'transfer-in')
        LEFT JOIN account pairAccount ON pairAccount.id = pair.accountId
        """
}

/// An account row with the running total of its ledger that the triggers keep.
struct AccountBalanceRow: Equatable, Decodable, FetchableRecord {
    let account: MoneyAccount
    let ledgerTotalCents: Int64
    let clearedTotalCents: Int64
}

/// An account with its balance (opening + every row) and cleared balance (opening + the rows seen on a statement).
struct AccountStanding: Sendable {
    let account: MoneyAccount
    let balance: Int64
    let clearedBalance: Int64
    /// The cleared rows' sum alone, as the triggers keep it.
    let clearedTotal: Int64
}

/// A save stash with its contributions this month and of all time.
private struct SavingsGoalRow: Decodable, FetchableRecord {
    let stash: Stash
    let monthTotal: Int64
    let allTime: Int64
}

/// The month's total and transaction count of one category (or of the uncategorized stash rows).
struct CategoryTotal: Sendable {
    let categoryId: Int64?
    let totalCents: Int64
    let count: Int
}

/// Filters of the transactions list; every one optional.
struct LedgerFilter: Sendable, Equatable {
    var text: String?
    var kind: LedgerEntry.Kind?
    var categoryId: Int64?
    var accountId: Int64?
    var month: Month?
    /// The amounts the search box's text could mean, in cents (`Money.searchAmounts`).
    var amountsCents: [Int64] = []
    /// Dated from / to (both days included).
    var from: CalendarDay?
    var to: CalendarDay?
    /// Amounts from / to, in cents (both included).
    var minCents: Int64?
    var maxCents: Int64?
    var clearing: ClearingFilter?
    /// Paid to (or by) exactly this payee, whatever its case.
    var payee: String?
    /// Carrying this tag, whatever its case.
    var tag: String?

    /// Where rows stand against the statement, as the list filters them.
    enum ClearingFilter: String, Sendable, CaseIterable {
        /// Not seen on a statement yet.
        case open
        /// Seen on one: cleared or reconciled.
        case cleared
        case reconciled
    }

    /// Only the date and the kind are asked for: the count and total come from the day totals.
    var isDatesAndKindOnly: Bool {
        var rest = self
        (rest.from, rest.to, rest.month, rest.kind) = (nil, nil, nil, nil)
        return rest == LedgerFilter()
    }
}

/// The orders the transactions list can be read in.
enum LedgerSort: String, Sendable, CaseIterable {
    case newest, oldest, largest, smallest

    var orderSQL: String {
        switch self {
        case .newest: "ledger.date DESC, ledger.id DESC"
        case .oldest: "ledger.date, ledger.id"
        case .largest: "ledger.amountCents DESC, ledger.date DESC, ledger.id DESC"
        case .smallest: "ledger.amountCents, ledger.date DESC, ledger.id DESC"
        }
    }
}

/// A position in the newest-first list: rows strictly older than (date, id).
struct LedgerCursor: Sendable, Equatable, CustomStringConvertible {
    let date: String
    let id: Int64

    init(date: String, id: Int64) {
        self.date = date
        self.id = id
    }

    /// Parses `YYYY-MM-DD,<id>`.
    init?(_ text: String) {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let day = CalendarDay(String(parts[0])), let id = Int64(parts[1]) else { return nil }
        self.init(date: day.description, id: id)
    }

    var description: String { "\(date),\(id)" }
}

/// The read side of the budget: every query scoped by user id and bounded by a month, a page or an index range.
extension MemberStore {
    /// What the transaction form offers and its rules accept: the member's categories, accounts and stashes, and
    /// (`withRecent`, for the form; the rules alone don't need it) what they used lately.
    func transactionChoices(withRecent: Bool = true) async throws -> TransactionChoices {
        async let categories = categories()
        async let accounts = accounts()
        async let stashes = stashesByName()
        async let recent = withRecent ? recentChoices() : RecentChoices()
        async let used = withRecent ? recentPayeesAndTags() : (payees: [], tags: [])
        return try await TransactionChoices(
            categories: categories,
            accounts: accounts,
            stashes: stashes.filter { $0.kind == .save },
            partStashes: stashes,
            recent: recent,
            payees: used.payees,
            tags: used.tags
        )
    }

    // MARK: - Categories

    /// The user's categories in display order (kind, then their order).
    func categories() throws -> [Category] {
        try read { db in
            try Category.fetchAll(
                db,
                sql: """
                    SELECT * FROM category WHERE userId = ?
                    ORDER BY CASE kind WHEN 'needs' THEN 0 WHEN 'wants' THEN 1 WHEN 'savings' THEN 2 ELSE 3 END, sortOrder, id
                    """,
                arguments: [userId]
            )
        }
    }

    func category(id: Int64) throws -> Category? {
        try record(Category.self, id: id)
    }

    /// How many transactions a category holds (told before deleting it).
    func transactionCount(categoryId: Int64) throws -> Int {
        try transactionCounts(categoryIds: [categoryId])[categoryId] ?? 0
    }

    /// How many transactions each of the user's categories holds: the count triggers keep on the category
    /// (migration v24), so a long history costs nothing here.
    func transactionCounts(categoryIds: [Int64]) throws -> [Int64: Int] {
        guard !categoryIds.isEmpty else { return [:] }
        return try read { db in
            var result: [Int64: Int] = [:]
            // GRDB's SQL interpolation binds the ids as arguments.
            for row in try SQLRequest<Row>(
                """
                SELECT id, entryCount FROM category WHERE userId = \(userId) AND id IN \(categoryIds) AND entryCount > 0
                """
            ).fetchAll(db) {
                result[row["id"]] = row["entryCount"]
            }
            return result
        }
    }

    /// What a new transaction starts from, read from the user's latest 200: the category of the newest of each kind,
    /// the kind of the newest of all, and the account last used.
    func recentChoices() throws -> RecentChoices {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT category.kind AS kind, category.isHidden AS isHidden, recent.categoryId AS categoryId,
                           recent.accountId AS accountId
                    FROM (SELECT categoryId, accountId, date, id FROM ledger WHERE userId = ? ORDER BY date DESC, id DESC LIMIT 200) recent
                    LEFT JOIN category ON category.id = recent.categoryId
                    ORDER BY recent.date DESC, recent.id DESC
                    """,
                arguments: [userId]
            )
            var recent = RecentChoices()
            for row in rows {
                if recent.accountId == nil { recent.accountId = row["accountId"] }
                let kindText: String? = row["kind"]
                let isHidden: Bool? = row["isHidden"]
                guard let kind = kindText.flatMap(Category.Kind.init(rawValue:)), isHidden == false else { continue }
                if recent.latestKind == nil { recent.latestKind = kind }
                if recent.byKind[kind] == nil { recent.byKind[kind] = row["categoryId"] }
            }
            return recent
        }
    }

    /// The payees and tags of the member's latest 500 rows, the most recent first: what the form and the filters
    /// offer as the member types (a read of the newest rows by date, whatever the history holds).
    func recentPayeesAndTags() throws -> (payees: [String], tags: [String]) {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT payee, tags FROM ledger WHERE userId = ? ORDER BY date DESC, id DESC LIMIT 500
                    """,
                arguments: [userId]
            )
            var payees: [String] = []
            var tags: [String] = []
            var seenPayees = Set<String>()
            var seenTags = Set<String>()
            for row in rows {
                let payee: String = row["payee"]
                if !payee.isEmpty, seenPayees.insert(payee.lowercased()).inserted { payees.append(payee) }
                let text: String = row["tags"]
                for tag in text.split(separator: ",").map(String.init) where seenTags.insert(tag.lowercased()).inserted
                {
                    tags.append(tag)
                }
            }
            return (Array(payees.prefix(100)), Array(tags.prefix(100)))
        }
    }

    // MARK: - Months

    /// Income, spent and saved in `month`: three seeks on the (userId, kind, date) index, never the whole history.
    func monthTotals(month: Month) throws -> LedgerTotals {
        try read { member in try Self.monthTotals(member, month: month) }
    }

    /// Reads `categoryMonth`, which triggers keep in step with the ledger (`LedgerTotal`): one short range of its key.
    static func monthTotals(_ member: MemberDatabase, month: Month) throws -> LedgerTotals {
        let (db, userId) = (member.db, member.userId)
        var totals = LedgerTotals()
        // Every kind of the month, the unwanted ones skipped here: `kind IN (…)` makes SQLite build a table of the
        // list on each run, which costs more than the lookups.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT kind, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth
                    WHERE userId = ? AND month = ? GROUP BY kind
                    """
            ),
            arguments: [userId, month.description]
        )
        while let row = try rows.next() {
            totals.add(
                kind: LedgerEntry.Kind(rawValue: try row.decode(forColumn: "kind")),
                cents: try row.decode(forColumn: "totalCents"),
                count: try row.decode(forColumn: "entryCount")
            )
        }
        return totals
    }

    /// Per category: total and count of the month's rows of one ledger kind, stash entries included (nil category =
    /// stash rows from before every row had a category).
    func categoryTotals(month: Month, kind: LedgerEntry.Kind) throws -> [CategoryTotal] {
        // From the month totals per kind, category and stash (0: none): a few dozen rows at most.
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT NULLIF(categoryId, 0) AS categoryId, SUM(totalCents) AS total, SUM(entryCount) AS count
                    FROM categoryMonth WHERE userId = ? AND month = ? AND kind = ?
                    GROUP BY categoryId
                    """,
                arguments: [userId, month.description, kind.rawValue]
            )
            .map { CategoryTotal(categoryId: $0["categoryId"], totalCents: $0["total"], count: $0["count"]) }
        }
    }

    /// Total and count of one category's rows in `month`, from the month totals.
    func categoryMonthTotal(categoryId: Int64, month: Month) throws -> CategoryTotal {
        try read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COALESCE(SUM(totalCents), 0) AS total, COALESCE(SUM(entryCount), 0) AS count FROM categoryMonth
                    WHERE userId = ? AND month = ? AND categoryId = ?
                    """,
                arguments: [userId, month.description, categoryId]
            )
            return CategoryTotal(categoryId: categoryId, totalCents: row?["total"] ?? 0, count: row?["count"] ?? 0)
        }
    }

    /// The month's newest rows (optionally of one category kind, or one category), at most `limit`.
    func recentRows(
        month: Month,
        categoryKind: Category.Kind? = nil,
        ledgerKind: LedgerEntry.Kind? = nil,
        categoryId: Int64? = nil,
        limit: Int
    ) throws -> [LedgerRow] {
        // A transfer is listed once, by the side that left.
        var conditions = [
            "ledger.userId = :userId", "ledger.date BETWEEN :first AND :last", "ledger.kind <> 'transfer-in'",
        ]
        var arguments: [String: DatabaseValue] = [
            "userId": userId.databaseValue, "first": month.firstDay.description.databaseValue,
            "last": month.lastDay.description.databaseValue, "limit": limit.databaseValue,
        ]
        if let categoryKind {
            conditions.append("category.kind = :categoryKind")
            arguments["categoryKind"] = (categoryKind.rawValue).databaseValue
            if categoryKind == .needs || categoryKind == .wants {
                // Only expenses count in Needs and Wants (`BudgetSplit`); saying so lets the ids come from an index.
                conditions.append("ledger.kind = 'expense'")
            }
        }
        if let ledgerKind {
            conditions.append("ledger.kind = :ledgerKind")
            arguments["ledgerKind"] = (ledgerKind.rawValue).databaseValue
        }
        if let categoryId {
            conditions.append("ledger.categoryId = :categoryId")
            arguments["categoryId"] = (categoryId).databaseValue
        }
        // The ids first, from an index alone where one covers the conditions; then only those rows in full. Sorting
        // every row of a busy day in full to keep a few cost as much as the rest of the page.
        let ids =
            "SELECT ledger.id FROM ledger"
            + (categoryKind == nil ? "" : " LEFT JOIN category ON category.id = ledger.categoryId")
            + " WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY ledger.date DESC, ledger.id DESC LIMIT :limit"
        let sql = LedgerRow.selectSQL + " WHERE ledger.id IN (\(ids)) ORDER BY ledger.date DESC, ledger.id DESC"
        let values = arguments
        return try read { db in
            try LedgerRow.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(values))
        }
    }

    /// The months of `year` with expenses, newest first, with their totals (the past reports), and whether
    /// earlier years have any: twelve rows of the month totals at most, whatever the year holds.
    func expenseMonths(year: Int) throws -> (months: [(Month, Int64, Int)], hasEarlier: Bool) {
        let first = Month(year: year, month: 1).description
        let last = Month(year: year, month: 12).description
        return try read { db in
            let months = try Row.fetchAll(
                db,
                sql: """
                    SELECT month, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth
                    WHERE userId = ? AND month BETWEEN ? AND ? AND kind = 'expense'
                    GROUP BY month ORDER BY month DESC
                    """,
                arguments: [userId, first, last]
            ).compactMap { row in
                Month(row["month"]).map { ($0, row["totalCents"] as Int64, row["entryCount"] as Int) }
            }
            let hasEarlier =
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM categoryMonth WHERE userId = ? AND month < ? AND kind = 'expense')
                        """,
                    arguments: [userId, first]
                ) ?? false
            return (months, hasEarlier)
        }
    }

    // MARK: - Transactions list

    /// One page of the user's transactions, newest first, strictly before `cursor` (keyset paging: page 500
    /// costs what page 1 does). Returns the rows and whether older ones follow.
    func ledgerPage(
        filter: LedgerFilter,
        before cursor: LedgerCursor?,
        after: LedgerCursor? = nil,
        limit: Int
    ) throws -> (rows: [LedgerRow], more: Bool) {
        var (conditions, arguments) = Self.conditions(filter, userId: userId)
        arguments["limit"] = (limit + 1).databaseValue
        var order = "DESC"
        if let cursor {
            conditions.append("(ledger.date < :cursorDate OR (ledger.date = :cursorDate AND ledger.id < :cursorId))")
            arguments["cursorDate"] = (cursor.date).databaseValue
            arguments["cursorId"] = (cursor.id).databaseValue
        } else if let after {
            conditions.append("(ledger.date > :cursorDate OR (ledger.date = :cursorDate AND ledger.id > :cursorId))")
            arguments["cursorDate"] = (after.date).databaseValue
            arguments["cursorId"] = (after.id).databaseValue
            order = "ASC"
        }
        let sql =
            LedgerRow.selectSQL + " WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY ledger.date \(order), ledger.id \(order) LIMIT :limit"
        let values = arguments
        let rows = try read { db in
            try LedgerRow.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(values))
        }
        let page = Array(rows.prefix(limit))
        return (after != nil && cursor == nil ? page.reversed() : page, rows.count > limit)
    }

    /// Page `page` (from 1) of the rows `filter` keeps, in `sort`'s order, `limit` to a page.
    func ledgerPage(filter: LedgerFilter, sort: LedgerSort, page: Int, limit: Int) throws -> [LedgerRow] {
        var (conditions, arguments) = Self.conditions(filter, userId: userId)
        arguments["limit"] = limit.databaseValue
        arguments["offset"] = (max(0, page - 1) * limit).databaseValue
        let sql =
            LedgerRow.selectSQL + " WHERE " + conditions.joined(separator: " AND ")
            + " ORDER BY \(sort.orderSQL) LIMIT :limit OFFSET :offset"
        let values = arguments
        return try read { db in
            try LedgerRow.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(values))
        }
    }

    /// How many rows `filter` keeps and what they come to with the signs the list shows them with: income and
    /// savings +, expenses −, a transfer neither (as the account sees them when one account is chosen: money in +,
    /// money out −), so the column adds up to the total. With only dates and a
    /// kind asked for, from the day totals (a row per day and kind); else one pass over the rows the filter keeps.
    func ledgerSummary(filter: LedgerFilter) throws -> (count: Int, totalCents: Int64) {
        if filter.isDatesAndKindOnly {
            // The same conditions on the day totals, which have the user, date and kind columns they name.
            let (conditions, arguments) = Self.conditions(filter, userId: userId, table: "ledgerDay")
            let sql = """
                SELECT COALESCE(SUM(entryCount), 0) AS count,
                       COALESCE(SUM(CASE kind WHEN 'income' THEN totalCents WHEN 'expense' THEN -totalCents
                                              WHEN 'saving' THEN totalCents ELSE 0 END), 0) AS total
                FROM ledgerDay WHERE \(conditions.joined(separator: " AND "))
                """
            let values = arguments
            return try read { db in
                let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(values))
                return (row?["count"] ?? 0, row?["total"] ?? 0)
            }
        }
        let (conditions, arguments) = Self.conditions(filter, userId: userId)
        let signed =
            filter.accountId != nil
            ? LedgerTotal.signedAmount(on: "ledger")
            : """
            (CASE ledger.kind WHEN 'income' THEN ledger.amountCents WHEN 'expense' THEN -ledger.amountCents
                              WHEN 'saving' THEN ledger.amountCents ELSE 0 END)
            """
        let sql = """
            SELECT COUNT(*) AS count, COALESCE(SUM(\(signed)), 0) AS total FROM ledger
            WHERE \(conditions.joined(separator: " AND "))
            """
        let values = arguments
        return try read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(values))
            return (row?["count"] ?? 0, row?["total"] ?? 0)
        }
    }

    /// The first and last day `filter` asks for (a month, a range, or both: the narrower), as stored.
    private static func dateRange(_ filter: LedgerFilter) -> (first: String?, last: String?) {
        let firsts = [filter.month?.firstDay.description, filter.from?.description].compactMap { $0 }
        let lasts = [filter.month?.lastDay.description, filter.to?.description].compactMap { $0 }
        return (firsts.max(), lasts.min())
    }

    /// The SQL conditions (on `ledger`, or on `table` with the same columns) and their arguments for the rows
    /// `filter` keeps.
    private static func conditions(
        _ filter: LedgerFilter,
        userId: Int64,
        table: String = "ledger"
    ) -> (conditions: [String], arguments: [String: DatabaseValue]) {
        var conditions = ["ledger.userId = :userId"]
        var arguments: [String: DatabaseValue] = ["userId": userId.databaseValue]
        if let kind = filter.kind {
            conditions.append("ledger.kind = :kind")
            arguments["kind"] = (kind.rawValue).databaseValue
        }
        if let categoryId = filter.categoryId {
            conditions.append("ledger.categoryId = :categoryId")
            arguments["categoryId"] = (categoryId).databaseValue
        }
        if let accountId = filter.accountId {
            conditions.append("ledger.accountId = :accountId")
            arguments["accountId"] = (accountId).databaseValue
        } else {
            // Across accounts a transfer is one row: the side that left.
            conditions.append("ledger.kind <> 'transfer-in'")
        }
        let (first, last) = dateRange(filter)
        if let first {
            conditions.append("ledger.date >= :first")
            arguments["first"] = first.databaseValue
        }
        if let last {
            conditions.append("ledger.date <= :last")
            arguments["last"] = last.databaseValue
        }
        if let minCents = filter.minCents {
            conditions.append("ledger.amountCents >= :minCents")
            arguments["minCents"] = minCents.databaseValue
        }
        if let maxCents = filter.maxCents {
            conditions.append("ledger.amountCents <= :maxCents")
            arguments["maxCents"] = maxCents.databaseValue
        }
        if let payee = filter.payee {
            conditions.append("ledger.payee = :payee COLLATE NOCASE")
            arguments["payee"] = payee.databaseValue
        }
        if let tag = filter.tag {
            conditions.append("ledger.tags LIKE :tagPattern ESCAPE '\\'")
            arguments["tagPattern"] = ("%," + likeEscaped(tag) + ",%").databaseValue
        }
        switch filter.clearing {
        case .open?: conditions.append("ledger.clearing = 'open'")
        case .cleared?: conditions.append("ledger.clearing <> 'open'")
        case .reconciled?: conditions.append("ledger.clearing = 'reconciled'")
        case nil: break
        }
        if let text = filter.text, !text.isEmpty {
            var alternatives = [
                "ledger.note LIKE :pattern ESCAPE '\\'",
                "ledger.categoryId IN (SELECT id FROM category WHERE userId = :userId AND name LIKE :pattern ESCAPE '\\')",
                "ledger.stashId IN (SELECT id FROM stash WHERE userId = :userId AND name LIKE :pattern ESCAPE '\\')",
                "ledger.accountId IN (SELECT id FROM account WHERE userId = :userId AND name LIKE :pattern ESCAPE '\\')",
                "ledger.payee LIKE :pattern ESCAPE '\\'", "ledger.tags LIKE :pattern ESCAPE '\\'",
            ]
            for (index, cents) in filter.amountsCents.enumerated() {
                alternatives.append("ledger.amountCents = :amount\(index)")
                arguments["amount\(index)"] = cents.databaseValue
            }
            conditions.append("(" + alternatives.joined(separator: " OR ") + ")")
            arguments["pattern"] = ("%" + likeEscaped(text) + "%").databaseValue
        }
        guard table != "ledger" else { return (conditions, arguments) }
        return (conditions.map { $0.replacingOccurrences(of: "ledger.", with: "\(table).") }, arguments)
    }

    /// `text` for a `LIKE … ESCAPE '\\'` pattern: its `\\`, `%` and `_` stand for themselves.
    private static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }

    func ledgerRow(id: Int64) throws -> LedgerRow? {
        try read { db in
            try LedgerRow.fetchOne(
                db,
                sql: LedgerRow.selectSQL + " WHERE ledger.id = ? AND ledger.userId = ?",
                arguments: [id, userId]
            )
        }
    }

    // MARK: - Accounts

    func accounts() throws -> [MoneyAccount] {
        try read { db in
            try MoneyAccount.filter(MoneyAccount.Columns.userId == userId).order(sql: "name COLLATE NOCASE, id")
                .fetchAll(db)
        }
    }

    func account(id: Int64) throws -> MoneyAccount? {
        try record(MoneyAccount.self, id: id)
    }

    /// One account with its balance (as `accountBalances` reads it) and cleared balance, if it is the user's.
    func accountStanding(id: Int64) throws -> AccountStanding? {
        try read { db in
            try AccountBalanceRow.fetchOne(
                db,
                sql: "SELECT * FROM account WHERE id = ? AND userId = ?",
                arguments: [id, userId]
            )
            .map {
                AccountStanding(
                    account: $0.account,
                    balance: $0.account.openingBalanceCents + $0.ledgerTotalCents,
                    clearedBalance: $0.account.openingBalanceCents + $0.clearedTotalCents,
                    clearedTotal: $0.clearedTotalCents
                )
            }
        }
    }

    /// Each account's balance: opening + income − expenses − savings, from the running total the ledger's triggers keep.
    func accountBalances() throws -> [(MoneyAccount, Int64)] {
        try read { member in try Self.accountBalances(member) }
    }

    static func accountBalances(_ member: MemberDatabase) throws -> [(MoneyAccount, Int64)] {
        let (db, userId) = (member.db, member.userId)
        // `ledgerTotalCents` is kept in step with the ledger by triggers (migration v7).
        return try AccountBalanceRow.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM account WHERE userId = ?"),
            arguments: [userId]
        )
        .map { ($0.account, $0.account.openingBalanceCents + $0.ledgerTotalCents) }
        .sorted { NoCaseOrder.precedes($0.0.name, $0.0.id, $1.0.name, $1.0.id) }
    }

    // MARK: - Income sources

    func incomeSources() throws -> [IncomeSource] {
        try read { db in
            try IncomeSource.filter(IncomeSource.Columns.userId == userId).order(sql: "amountCents DESC, id").fetchAll(
                db
            )
        }
    }

    func incomeSource(id: Int64) throws -> IncomeSource? {
        try record(IncomeSource.self, id: id)
    }

    // MARK: - Savings goals

    /// The user's save stashes with this month's and all-time contributions (from the per-month totals).
    func savingsGoals(month: Month) throws -> [(Stash, Int64, Int64)] {
        try read { db in
            try SavingsGoalRow.fetchAll(
                db,
                sql: """
                    SELECT stash.*,
                           COALESCE((SELECT SUM(totalCents) FROM categoryMonth m WHERE m.stashId = stash.id AND m.month = ?), 0)
                               AS monthTotal,
                           COALESCE((SELECT SUM(totalCents) FROM categoryMonth m WHERE m.stashId = stash.id), 0) AS allTime
                    FROM stash WHERE stash.userId = ? AND stash.kind = 'save' ORDER BY stash.name COLLATE NOCASE, stash.id
                    """,
                arguments: [month.description, userId]
            ).map { ($0.stash, $0.monthTotal, $0.allTime) }
        }
    }
}

extension MemberStore {
    /// The user's stashes by name (a saving's goal is a save stash; a split's part may go to any stash).
    func stashesByName() throws -> [Stash] {
        try read { db in
            try Stash.filter(Stash.Columns.userId == userId).order(sql: "name COLLATE NOCASE, id").fetchAll(db)
        }
    }
}

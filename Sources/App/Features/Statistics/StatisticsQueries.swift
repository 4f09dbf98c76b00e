import Foundation
import GRDB

/// Which rows of the ledger a Statistics view counts: everything, money saved, or money spent.
enum StatisticsFilter: String, Sendable, CaseIterable {
    case all, saving, spending

    func label(_ t: Words) -> String {
        switch self {
        case .all: t["statistics.filter.all"]
        case .saving: t["statistics.filter.saving"]
        case .spending: t["statistics.filter.spending"]
        }
    }

    /// The one ledger kind the filter keeps, nil when it keeps every kind the named figures count.
    var kind: LedgerEntry.Kind? {
        switch self {
        case .all: nil
        case .saving: .saving
        case .spending: .expense
        }
    }

    /// The SQL condition on `ledger.kind` (an indexed column, so ranges stay covered), for queries that read
    /// `FROM ledger` under that name.
    var kindSQL: String { kindSQL(column: "ledger.kind") }

    /// The same condition on another table's `kind` column.
    func kindSQL(column: String) -> String {
        switch self {
        case .all: " AND " + LedgerEntry.Kind.countedSQL(column: column)
        case .saving: " AND \(column) = 'saving'"
        case .spending: " AND \(column) = 'expense'"
        }
    }

    /// Whether a stash of `kind` belongs in the stash lists under this filter.
    func includes(_ kind: Stash.Kind) -> Bool {
        switch self {
        case .all: true
        case .saving: kind == .save
        case .spending: kind == .spend
        }
    }
}

/// A labelled amount (a category's spending, a stash's total).
struct LabelledAmount: Sendable, Equatable {
    let label: String
    let cents: Int64
}

/// One stash's figures for each month a view needs, with the target each month had.
struct StashMonthFigures: Sendable {
    let stash: Stash
    /// Month → progress in that month (months without entries have total 0).
    let progress: [Month: StashProgress]
    /// The first month the stash has entries in, if any.
    let firstMonth: Month?
}

/// One entry of a day, for the daily view.
struct DayEntry: Sendable, Equatable, Decodable, FetchableRecord {
    let entry: LedgerEntry
    let label: String
}

/// The read side of Statistics. Every figure is a SQL aggregate over a bounded date range of the user's ledger
/// (the `ledger(userId, date, kind, amountCents)` index covers it) or over `categoryMonth`, never a loop over history.
extension MemberStore {
    /// Totals per day (`YYYY-MM-DD`) over `first…last`: one GROUP BY date that feeds a view's totals and charts.
    func ledgerTotalsByDay(
        from first: CalendarDay,
        to last: CalendarDay,
        filter: StatisticsFilter
    )
        throws -> [String: LedgerTotals]
    {
        try read { member in
            try Self.totalsByDay(member, from: first, to: last, filter: filter)
        }
    }

    static func totalsByDay(
        _ member: MemberDatabase,
        from first: CalendarDay,
        to last: CalendarDay,
        filter: StatisticsFilter
    ) throws -> [String: LedgerTotals] {
        let (db, userId) = (member.db, member.userId)
        // From the day totals (at most three rows a day), not the entries: a year reads the same whatever it holds.
        // A year is up to 366 rows: read through a cursor of the cached statement, without copying each row.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT date,
                           SUM(CASE WHEN kind = 'saving' THEN totalCents ELSE 0 END) AS saved,
                           SUM(CASE WHEN kind = 'expense' THEN totalCents ELSE 0 END) AS spent,
                           SUM(CASE WHEN kind = 'income' THEN totalCents ELSE 0 END) AS income,
                           SUM(entryCount) AS count
                    FROM ledgerDay WHERE userId = ? AND date BETWEEN ? AND ?\(filter.kindSQL(column: "kind"))
                    GROUP BY date
                    """
            ),
            arguments: [userId, first.description, last.description]
        )
        var result: [String: LedgerTotals] = [:]
        while let row = try rows.next() {
            result[row["date"]] = LedgerTotals(
                savedCents: row["saved"],
                spentCents: row["spent"],
                incomeCents: row["income"],
                entryCount: row["count"]
            )
        }
        return result
    }

    /// The SQL naming a row's category: its budget category (a stash's entries have their stash's), else the
    /// label bound to its one `?` (the member's word for "Other").
    static let categoryNameSQL = "COALESCE(category.name, ?)"

    /// Spending per category over `first…last`, largest first: one GROUP BY over the range. Spending without a
    /// category is labelled `other` (the member's word for it; pages pass `statistics.charts.other_category`).
    func spendingByCategory(
        from first: CalendarDay,
        to last: CalendarDay,
        other: String = "Other"
    ) throws -> [LabelledAmount] {
        try read { member in
            try Self.spendingByCategory(member, from: first, to: last, other: other)
        }
    }

    static func spendingByCategory(
        _ member: MemberDatabase,
        from first: CalendarDay,
        to last: CalendarDay,
        other: String
    ) throws
        -> [LabelledAmount]
    {
        let (db, userId) = (member.db, member.userId)
        // Whole months come from the month totals per category and stash; a part of a month (a day) from its entries.
        let wholeMonths = first.day == 1 && last == last.monthValue.lastDay
        let source =
            wholeMonths
            ? """
            SELECT categoryId, totalCents AS amountCents FROM categoryMonth
            WHERE userId = ? AND month BETWEEN ? AND ? AND kind = 'expense'
            """
            : """
            SELECT categoryId, amountCents FROM ledger
            WHERE userId = ? AND kind = 'expense' AND date BETWEEN ? AND ?
            """
        let range =
            wholeMonths
            ? [first.monthValue.description, last.monthValue.description] : [first.description, last.description]
        return try Row.fetchAll(
            db,
            sql: """
                SELECT \(categoryNameSQL) AS categoryLabel, SUM(spent.amountCents) AS total
                FROM (\(source)) AS spent
                LEFT JOIN category ON category.id = spent.categoryId
                GROUP BY categoryLabel ORDER BY total DESC, categoryLabel
                """,
            arguments: [other, userId] + StatementArguments(range)
        )
        .map { LabelledAmount(label: $0["categoryLabel"], cents: $0["total"]) }
    }

    /// Every month the user has a ledger row in, newest first: one walk of the month totals' key, whatever the
    /// ledger holds.
    func ledgerMonths() throws -> [Month] {
        try read { [userId] db in
            try String.fetchAll(
                db,
                sql: "SELECT DISTINCT month FROM categoryMonth WHERE userId = ? ORDER BY month DESC",
                arguments: [userId]
            ).compactMap(Month.init)
        }
    }

    /// Each of `months` (the compare view): its totals and its spending per category (category → cents), all read
    /// in one transaction, each month a bounded range.
    func monthComparison(
        months: [Month],
        other: String
    ) throws
        -> [(totals: LedgerTotals, categories: [String: Int64])]
    {
        try read { member in
            try months.map { month in
                let totals = try Self.totalsByDay(member, from: month.firstDay, to: month.lastDay, filter: .all)
                    .values.reduce(LedgerTotals(), +)
                let rows = try Self.spendingByCategory(member, from: month.firstDay, to: month.lastDay, other: other)
                return (totals, Dictionary(rows.map { ($0.label, $0.cents) }, uniquingKeysWith: +))
            }
        }
    }

    /// Every stash of the user with its progress in each of `months` (target as each month had it) and its
    /// first month with entries. Reads `categoryMonth` and `stashTarget` only.
    func stashFigures(months: [Month], today: CalendarDay) throws -> [StashMonthFigures] {
        guard !months.isEmpty else { return [] }
        let values = months.map { _ in "(?)" }.joined(separator: ", ")
        let arguments = StatementArguments(months.map(\.description)) + [userId, userId]
        // Three reads in one snapshot: each stash once, then its figures for each month, then each stash's first
        // month: no stash is decoded again for each of its months.
        return try read { [userId] db in
            let stashes = try Stash.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM stash WHERE userId = ? ORDER BY name COLLATE NOCASE, id
                        """
                ),
                arguments: [userId]
            )
            var progress: [Int64: [Month: StashProgress]] = [:]
            let kinds = Dictionary(
                stashes.compactMap { stash in stash.id.map { ($0, stash.kind) } },
                uniquingKeysWith: { first, _ in first }
            )
            let monthsByText = Dictionary(months.map { ($0.description, $0) }, uniquingKeysWith: { first, _ in first })
            let figures = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        WITH months(month) AS (VALUES \(values)),
                        m AS (SELECT stashId, month, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount
                              FROM categoryMonth WHERE userId = ? AND month IN (SELECT month FROM months) AND stashId != 0
                              GROUP BY stashId, month)
                        SELECT stash.id AS stashId, months.month AS month, COALESCE(m.totalCents, 0) AS totalCents,
                               COALESCE(m.entryCount, 0) AS entryCount,
                               \(Self.targetSQL(stashId: "stash.id", month: "months.month")) AS targetCents
                        FROM stash CROSS JOIN months
                        LEFT JOIN m ON m.stashId = stash.id AND m.month = months.month
                        WHERE stash.userId = ?
                        """
                ),
                arguments: arguments
            )
            while let row = try figures.next() {
                let id: Int64 = try row.decode(forColumn: "stashId")
                guard let kind = kinds[id], let month = monthsByText[try row.decode(forColumn: "month") as String]
                else { continue }
                progress[id, default: [:]][month] = StashProgress(
                    kind: kind,
                    totalCents: try row.decode(forColumn: "totalCents"),
                    entryCount: try row.decode(forColumn: "entryCount"),
                    targetCents: try row.decode(forColumn: "targetCents"),
                    monthClosed: month < today.monthValue
                )
            }
            var firstMonths: [Int64: Month] = [:]
            let firsts = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT stashId, MIN(month) AS month FROM categoryMonth
                        WHERE stashId IN (SELECT id FROM stash WHERE userId = ?) GROUP BY stashId
                        """
                ),
                arguments: [userId]
            )
            while let row = try firsts.next() {
                firstMonths[try row.decode(forColumn: "stashId")] = Month(try row.decode(forColumn: "month") as String)
            }
            return stashes.compactMap { stash in
                stash.id.map {
                    StashMonthFigures(stash: stash, progress: progress[$0] ?? [:], firstMonth: firstMonths[$0])
                }
            }
        }
    }

    /// Each stash's total on one day (stash id → cents).
    func stashTotals(on day: CalendarDay) throws -> [Int64: Int64] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT stashId, SUM(amountCents) AS total FROM ledger
                    WHERE userId = ? AND kind IN ('saving', 'expense') AND date = ? AND stashId IS NOT NULL GROUP BY stashId
                    """,
                arguments: [userId, day.description]
            )
            return Dictionary(rows.map { ($0["stashId"] as Int64, $0["total"] as Int64) }, uniquingKeysWith: +)
        }
    }

    /// The user's newest `limit` ledger rows on one day under `filter`, with their stash or category name (the ids
    /// from an index alone, then only those rows in full).
    func dayEntries(on day: CalendarDay, filter: StatisticsFilter, limit: Int) throws -> [DayEntry] {
        try read { db in
            try DayEntry.fetchAll(
                db,
                sql: """
                    SELECT ledger.*, COALESCE(stash.name, category.name, '') AS label FROM ledger
                    LEFT JOIN stash ON stash.id = ledger.stashId
                    LEFT JOIN category ON category.id = ledger.categoryId
                    WHERE ledger.id IN (
                        SELECT ledger.id FROM ledger WHERE ledger.userId = ? AND ledger.date = ?\(filter.kindSQL)
                        ORDER BY ledger.id DESC LIMIT ?)
                    ORDER BY ledger.id DESC
                    """,
                arguments: [userId, day.description, limit]
            )
        }
    }

    /// Whether the user has no transaction at all (the first-run state).
    func hasNoLedger() throws -> Bool {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT 1 FROM ledger WHERE userId = ? LIMIT 1", arguments: [userId]) == nil
        }
    }

    /// Earned badges (count and points) for months `first…last`, or completed on one day.
    func earnedBadgeTotals(period: StatisticsPeriod) throws -> (count: Int, points: Int) {
        try read { member in try Self.earnedBadgeTotals(member, period: period) }
    }

    static func earnedBadgeTotals(
        _ member: MemberDatabase,
        period: StatisticsPeriod
    ) throws -> (count: Int, points: Int) {
        let (db, userId) = (member.db, member.userId)
        var sql = """
            SELECT COUNT(*) AS count, COALESCE(SUM(points), 0) AS points FROM badge
            WHERE userId = ? AND earned = 1 AND month BETWEEN ? AND ?
            """
        var arguments: StatementArguments = [
            userId, period.first.monthValue.description, period.last.monthValue.description,
        ]
        if period.unit == .daily {
            sql += " AND completedOn = ?"
            arguments += [period.first.description]
        }
        let row = try Row.fetchOne(db, sql: sql, arguments: arguments)
        return (row?["count"] ?? 0, row?["points"] ?? 0)
    }

    /// Earned badges per month (`YYYY-MM` → count) in a year.
    func earnedBadgesByMonth(year: Int) throws -> [String: Int] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT month, COUNT(*) AS count FROM badge
                    WHERE userId = ? AND earned = 1 AND month BETWEEN ? AND ? GROUP BY month
                    """,
                arguments: [userId, Month(year: year, month: 1).description, Month(year: year, month: 12).description]
            )
            return Dictionary(rows.map { ($0["month"] as String, $0["count"] as Int) }, uniquingKeysWith: +)
        }
    }
}

extension MemberStore {
    /// The ledger rows of a period under `filter` as CSV, oldest first, written in one pass over a cursor.
    func ledgerCSV(
        from first: CalendarDay,
        to last: CalendarDay,
        filter: StatisticsFilter,
        currency: Currency,
        t: Words
    )
        throws -> String
    {
        // The header row and each row's kind in the member's words; amounts, dates and codes stay machine-readable.
        let header = [
            t["statistics.csv.date"], t["statistics.csv.kind"], t["statistics.csv.amount"],
            t["statistics.csv.currency"],
            t["statistics.csv.category"], t["statistics.csv.stash"], t["statistics.csv.account"],
            t["statistics.csv.note"],
        ]
        let kinds = [
            LedgerEntry.Kind.saving.rawValue: t["statistics.csv.saving"],
            LedgerEntry.Kind.expense.rawValue: t["statistics.csv.expense"],
            LedgerEntry.Kind.income.rawValue: t["statistics.csv.income"],
        ]
        return try read { db in
            var csv = CSVWriter()
            csv.append(header)
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT ledger.date, ledger.kind, ledger.amountCents, ledger.note,
                           COALESCE(category.name, '') AS categoryName,
                           COALESCE(stash.name, '') AS stashName, COALESCE(account.name, '') AS accountName
                    FROM ledger
                    LEFT JOIN category ON category.id = ledger.categoryId
                    LEFT JOIN stash ON stash.id = ledger.stashId
                    LEFT JOIN account ON account.id = ledger.accountId
                    WHERE ledger.userId = ? AND ledger.date BETWEEN ? AND ?\(filter.kindSQL)
                    ORDER BY ledger.date, ledger.id
                    """,
                arguments: [userId, first.description, last.description]
            )
            // Columns by position, in the SELECT's order: finding each by name costs more than the row itself.
            while let row = try rows.next() {
                csv.append([
                    row[0], kinds[row[1] as String] ?? row[1], Money(cents: row[2], currency: currency).formValue,
                    currency.code, row[4], row[5], row[6], row[3],
                ])
            }
            return csv.text
        }
    }
}

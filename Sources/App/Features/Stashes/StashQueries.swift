import Foundation
import GRDB

/// A stash with how it stands in one month.
struct StashSummary: Sendable {
    let stash: Stash
    let progress: StashProgress
    /// The name of its budget category.
    var categoryName = Category.otherName
}

/// One entry with the name of its stash, for lists that mix stashes.
/// Per-day totals for the calendar.
struct DayActivity: Sendable, Decodable, FetchableRecord {
    let date: String
    let savedCents: Int64
    let spentCents: Int64
    /// How many entries (savings and spending) the day holds.
    let entryCount: Int

    private enum CodingKeys: String, CodingKey {
        case date
        case savedCents = "saved"
        case spentCents = "spent"
        case entryCount = "count"
    }
}

/// A row of `summarySQL`: the stash, then its figures in the month.
struct StashMonthRow: Equatable, Decodable, FetchableRecord {
    let stash: Stash
    let monthTotal: Int64
    let monthCount: Int
    let monthTarget: Int64
    let categoryName: String?
}

/// The read side of stashes, entries and badges: every query scoped by user id, bounded by a month or a page.
extension MemberStore {
    /// The SQL for a stash's target in a month: the latest set at or before it, else its first (for months
    /// before the stash existed). `stashId` and `month` are SQL expressions. The one place this rule lives.
    static func targetSQL(stashId: String, month: String) -> String {
        """
        COALESCE(
            (SELECT amountCents FROM stashTarget t WHERE t.stashId = \(stashId) AND t.month <= \(month) ORDER BY t.month DESC LIMIT 1),
            (SELECT amountCents FROM stashTarget t WHERE t.stashId = \(stashId) ORDER BY t.month LIMIT 1),
            0)
        """
    }

    /// The user's stashes, then their month total, entry count and target in `:month`;
    /// callers add the stash id, or sort the rows (`NoCaseOrder`).
    static let summarySQL = """
        SELECT stash.*, COALESCE(m.totalCents, 0) AS monthTotal, COALESCE(m.entryCount, 0) AS monthCount,
               \(targetSQL(stashId: "stash.id", month: ":month")) AS monthTarget, category.name AS categoryName
        FROM stash LEFT JOIN (
            SELECT stashId, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth
            WHERE userId = :userId AND month = :month AND stashId != 0 GROUP BY stashId
        ) m ON m.stashId = stash.id
        LEFT JOIN category ON category.id = stash.categoryId
        WHERE stash.userId = :userId
        """

    /// Every stash of the user with its progress in `month`, by name.
    func stashSummaries(month: Month, today: CalendarDay) throws -> [StashSummary] {
        try read { member in try Self.stashSummaries(member, month: month, today: today) }
    }

    /// Sorted here rather than by SQL: sorting a handful of rows in Swift costs less than SQLite's sorter.
    static func stashSummaries(_ member: MemberDatabase, month: Month, today: CalendarDay) throws -> [StashSummary] {
        let (db, userId) = (member.db, member.userId)
        return try summaries(
            db,
            sql: summarySQL,
            arguments: ["month": month.description, "userId": userId],
            month: month,
            today: today
        )
        .sorted { NoCaseOrder.precedes($0.stash.name, $0.stash.id, $1.stash.name, $1.stash.id) }
    }

    /// One stash of the user with its progress in `month`; nil if it isn't theirs.
    func stashSummary(id: Int64, month: Month, today: CalendarDay) throws -> StashSummary? {
        try read { db in
            try Self.summaries(
                db,
                sql: Self.summarySQL + " AND stash.id = :id",
                arguments: ["month": month.description, "userId": userId, "id": id],
                month: month,
                today: today
            ).first
        }
    }

    private static func summaries(
        _ db: Database,
        sql: String,
        arguments: StatementArguments,
        month: Month,
        today: CalendarDay
    ) throws -> [StashSummary] {
        try StashMonthRow.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
            StashSummary(
                stash: row.stash,
                progress: StashProgress(
                    kind: row.stash.kind,
                    totalCents: row.monthTotal,
                    entryCount: row.monthCount,
                    targetCents: row.monthTarget,
                    monthClosed: month < today.monthValue
                ),
                categoryName: row.categoryName ?? Category.otherName
            )
        }
    }

    /// The stash if it is the user's.
    func stash(id: Int64) throws -> Stash? {
        try record(Stash.self, id: id)
    }

    /// The entry if it is the user's.
    func entry(id: Int64) throws -> LedgerEntry? {
        try record(LedgerEntry.self, id: id)
    }

    /// The stash's newest entry with the accounts it names, which a new entry starts from.
    func latestEntry(stashId: Int64) throws -> LedgerRow? {
        try read { db in
            try LedgerRow.fetchOne(
                db,
                sql: LedgerRow.selectSQL
                    + " WHERE ledger.stashId = ? AND ledger.userId = ? ORDER BY ledger.date DESC, ledger.id DESC LIMIT 1",
                arguments: [stashId, userId]
            )
        }
    }

    /// The user's quick-add amounts per stash, most frequent first (`stashQuickAmount`, kept by triggers).
    static func quickAmounts(_ member: MemberDatabase) throws -> [Int64: [Int64]] {
        let (db, userId) = (member.db, member.userId)
        var result: [Int64: [Int64]] = [:]
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT q.stashId, q.amountCents FROM stash JOIN stashQuickAmount q ON q.stashId = stash.id
                    WHERE stash.userId = ? ORDER BY stash.id, q.position
                    """
            ),
            arguments: [userId]
        )
        while let row = try rows.next() {
            result[try row.decode(forColumn: "stashId"), default: []].append(try row.decode(forColumn: "amountCents"))
        }
        return result
    }

    /// Saved and spent per day of `month`, for the calendar dots.
    static func dayActivity(_ member: MemberDatabase, month: Month) throws -> [String: DayActivity] {
        let (db, userId) = (member.db, member.userId)
        // From the day totals: a month reads at most two rows a day, however many entries its days hold.
        let rows = try DayActivity.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT date,
                           SUM(CASE WHEN kind = 'saving' THEN totalCents ELSE 0 END) AS saved,
                           SUM(CASE WHEN kind = 'expense' THEN totalCents ELSE 0 END) AS spent,
                           SUM(entryCount) AS count
                    FROM ledgerDay WHERE userId = ? AND date BETWEEN ? AND ? AND kind IN ('saving', 'expense')
                    GROUP BY date
                    """
            ),
            arguments: [userId, month.firstDay.description, month.lastDay.description]
        )
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.date, $0) })
    }

    /// The user's newest `limit` entries on one day, newest first, with their stash names: the ids from an index
    /// alone, then only those rows in full.
    static func entries(_ member: MemberDatabase, on day: CalendarDay, limit: Int) throws -> [DayEntry] {
        let (db, userId) = (member.db, member.userId)
        return try DayEntry.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT ledger.*, COALESCE(stash.name, category.name, '') AS label FROM ledger
                    LEFT JOIN stash ON stash.id = ledger.stashId
                    LEFT JOIN category ON category.id = ledger.categoryId
                    WHERE ledger.id IN (
                        SELECT id FROM ledger WHERE userId = ? AND date = ? AND kind IN ('saving', 'expense') ORDER BY id DESC LIMIT ?)
                    ORDER BY ledger.id DESC
                    """
            ),
            arguments: [userId, day.description, limit]
        )
    }

    /// One page of a stash's entries in `month`, newest first, and whether more follow.
    func entries(stashId: Int64, month: Month, page: Int, perPage: Int) throws -> ([LedgerEntry], Bool) {
        try read { db in
            let rows = try LedgerEntry.fetchAll(
                db,
                sql: """
                    SELECT * FROM ledger WHERE stashId = ? AND userId = ? AND date BETWEEN ? AND ?
                    ORDER BY date DESC, id DESC LIMIT ? OFFSET ?
                    """,
                arguments: [
                    stashId, userId, month.firstDay.description, month.lastDay.description,
                    perPage + 1, max(0, page - 1) * perPage,
                ]
            )
            return (Array(rows.prefix(perPage)), rows.count > perPage)
        }
    }

    /// A stash's months with entries, newest first, with the target each had and whether it earned a badge.
    func monthResults(stash: Stash, today: CalendarDay) throws -> [(Month, StashProgress, Bool)] {
        guard let stashId = stash.id else { return [] }
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.month, m.totalCents, m.entryCount,
                           \(Self.targetSQL(stashId: "m.stashId", month: "m.month")) AS target,
                           COALESCE(b.earned, 0) AS earned
                    FROM (SELECT stashId, month, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount
                          FROM categoryMonth WHERE stashId = ? GROUP BY month) m
                    LEFT JOIN badge b ON b.stashId = m.stashId AND b.month = m.month
                    WHERE EXISTS (SELECT 1 FROM stash WHERE id = m.stashId AND userId = ?)
                    ORDER BY m.month DESC
                    """,
                arguments: [stashId, userId]
            ).compactMap { row in
                guard let month = Month(row["month"]) else { return nil }
                let progress = StashProgress(
                    kind: stash.kind,
                    totalCents: row["totalCents"],
                    entryCount: row["entryCount"],
                    targetCents: row["target"],
                    monthClosed: month < today.monthValue
                )
                return (month, progress, row["earned"] as Bool)
            }
        }
    }

    /// How many entries and earned badges a stash has (told before deleting it).
    func stashFootprint(stashId: Int64) throws -> (entries: Int, badges: Int, schedules: Int) {
        try read { db in
            guard try !Stash.filter(Stash.Columns.id == stashId && Stash.Columns.userId == userId).isEmpty(db)
            else { return (0, 0, 0) }
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: [stashId]) ?? 0 }
            return (
                try count("SELECT COALESCE(SUM(entryCount), 0) FROM categoryMonth WHERE stashId = ?"),
                try count("SELECT COUNT(*) FROM badge WHERE stashId = ? AND earned"),
                try count("SELECT COUNT(*) FROM schedule WHERE stashId = ?")
            )
        }
    }
}

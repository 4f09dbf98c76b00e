import Foundation
import GRDB

/// One account's register: its rows with the balance after each, whether each is cleared, and reconciling it against
/// a bank statement.
extension MemberStore {
    /// One page of the account's rows, newest first, strictly before `cursor`, and the account's balance after the
    /// page's first row. The balance comes from the kept total less the rows newer than the page, read from the
    /// account's (date, kind, amount) index, so the first page costs the same whatever the history holds.
    func register(
        account: MoneyAccount,
        balance: Int64,
        before cursor: LedgerCursor?,
        limit: Int
    ) throws -> (rows: [LedgerRow], more: Bool, balanceAfterFirst: Int64) {
        var filter = LedgerFilter()
        filter.accountId = account.id
        let (rows, more) = try ledgerPage(filter: filter, before: cursor, limit: limit)
        guard let cursor, let day = CalendarDay(cursor.date) else { return (rows, more, balance) }
        // What came after the page's first row: the later months from the month totals, then the rest of its own
        // month row by row.
        let month = day.monthValue
        let newer = try read { db in
            let laterMonths =
                try Int64.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT COALESCE(SUM(totalCents), 0) FROM accountMonth WHERE accountId = ? AND month > ?"
                    ),
                    arguments: [account.id, month.description]
                ) ?? 0
            let restOfMonth =
                try Int64.fetchOne(
                    db.cachedStatement(
                        sql: """
                            SELECT COALESCE(SUM(\(LedgerTotal.signedAmount())), 0)
                            FROM ledger WHERE accountId = ? AND date >= ? AND date <= ? AND (date > ? OR id >= ?)
                            """
                    ),
                    arguments: [account.id, cursor.date, month.lastDay.description, cursor.date, cursor.id]
                ) ?? 0
            return laterMonths + restOfMonth
        }
        return (rows, more, balance - newer)
    }

    /// The member's total balance at the end of each of `months` (oldest first): every account's opening balance
    /// and its rows up to that month's end, from the month totals (a few rows per month, whatever the history).
    func balancesAtMonthEnds(_ months: [Month]) throws -> [Int64] {
        try read { member in try Self.balancesAtMonthEnds(member, months) }
    }

    static func balancesAtMonthEnds(_ member: MemberDatabase, _ months: [Month]) throws -> [Int64] {
        let (db, userId) = (member.db, member.userId)
        guard let last = months.map(\.description).max() else { return [] }
        let opening =
            try Int64.fetchOne(
                db,
                sql: "SELECT COALESCE(SUM(openingBalanceCents), 0) FROM account WHERE userId = ?",
                arguments: [userId]
            ) ?? 0
        let byMonth = try Row.fetchAll(
            db,
            sql: """
                SELECT month, SUM(totalCents) AS totalCents FROM accountMonth WHERE userId = ? AND month <= ?
                GROUP BY month ORDER BY month
                """,
            arguments: [userId, last]
        ).map { (month: $0["month"] as String, cents: $0["totalCents"] as Int64) }
        return months.map { month in
            opening + byMonth.lazy.filter { $0.month <= month.description }.reduce(0) { $0 + $1.cents }
        }
    }

    /// The account's cleared balance as a statement dated `day` would show it: opening + its cleared rows dated up
    /// to that day.
    func clearedBalance(account: MoneyAccount, clearedTotal: Int64, through day: CalendarDay) throws -> Int64 {
        let later = try read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT COALESCE(SUM(\(LedgerTotal.signedAmount())), 0)
                    FROM ledger WHERE accountId = ? AND date > ? AND clearing <> 'open'
                    """,
                arguments: [account.id, day.description]
            ) ?? 0
        }
        return account.openingBalanceCents + clearedTotal - later
    }

    /// Marks a row cleared or open again; a reconciled row stays as it is. Returns whether it changed.
    func setCleared(_ transaction: LedgerEntry, cleared: Bool) async throws -> Bool {
        try await write { db in
            let transaction = try own(transaction, in: db)
            try db.execute(
                sql: "UPDATE ledger SET clearing = ? WHERE id = ? AND userId = ? AND clearing <> 'reconciled'",
                arguments: [
                    (cleared ? LedgerEntry.Clearing.cleared : .open).rawValue, transaction.id, transaction.userId,
                ]
            )
            return db.changesCount > 0
        }
    }

    /// Locks the account's cleared rows dated up to the statement's day and keeps the statement's day and closing
    /// balance on the account. Returns how many rows it locked.
    func reconcile(
        account: MoneyAccount,
        through day: CalendarDay,
        statementCents: Int64,
        now: Date
    ) async throws
        -> Int
    {
        try await write { db in
            var account = try own(account, in: db)
            try db.execute(
                sql: """
                    UPDATE ledger SET clearing = 'reconciled'
                    WHERE accountId = ? AND userId = ? AND clearing = 'cleared' AND date <= ?
                    """,
                arguments: [account.id, account.userId, day.description]
            )
            let locked = db.changesCount
            account.reconciledOn = day.description
            account.reconciledCents = statementCents
            account.updatedAt = now
            try account.update(db)
            return locked
        }
    }
}

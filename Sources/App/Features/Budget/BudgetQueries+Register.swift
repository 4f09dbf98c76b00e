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
        guard let cursor else { return (rows, more, balance) }
        let newer = try read { db in
            try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT COALESCE(SUM(\(LedgerTotal.signedAmount.replacingOccurrences(of: "ROW.", with: ""))), 0)
                        FROM ledger WHERE accountId = ? AND date >= ? AND (date > ? OR id >= ?)
                        """
                ),
                arguments: [account.id, cursor.date, cursor.date, cursor.id]
            ) ?? 0
        }
        return (rows, more, balance - newer)
    }

    /// The account's cleared balance as a statement dated `day` would show it: opening + its cleared rows dated up
    /// to that day.
    func clearedBalance(account: MoneyAccount, clearedTotal: Int64, through day: CalendarDay) throws -> Int64 {
        let later = try read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT COALESCE(SUM(\(LedgerTotal.signedAmount.replacingOccurrences(of: "ROW.", with: ""))), 0)
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

import Foundation
import GRDB

/// Writes of budget transactions, categories, accounts and income sources. Rows linked to a stash go through
/// the stash entry writes, so stash month totals and badges stay in step.
extension MemberStore {
    // MARK: - Transactions

    /// Adds what a valid transaction form (the page's or the API's) describes, with its split and its saving's account.
    func addTransaction(_ draft: TransactionDraft, today: CalendarDay, now: Date) async throws -> (LedgerEntry, Outcome)
    {
        var transaction = LedgerEntry.blank(userId: userId, kind: .expense, stash: draft.stash, now: now)
        draft.apply(to: &transaction)
        return try await addTransaction(
            transaction,
            stash: draft.stash,
            into: draft.intoAccountId,
            parts: draft.parts,
            today: today,
            now: now
        )
    }

    /// Adds a transaction; one that names a stash is added as that stash's entry. A saving may name the account its
    /// money goes `into`.
    func addTransaction(
        _ transaction: LedgerEntry,
        stash: Stash?,
        into accountId: Int64? = nil,
        parts: [SplitPart] = [],
        today: CalendarDay,
        now: Date
    ) async throws -> (LedgerEntry, Outcome) {
        if let stash { return try await addEntry(transaction, to: stash, into: accountId, today: today, now: now) }
        return try await write { db in
            var saved = try own(transaction, in: db).inserted(db)
            try Self.placeSplit(db, head: saved, parts: parts)
            try Self.placeArrival(db, of: saved, into: accountId)
            if parts.count >= 2 { saved.splitId = saved.id }
            // Parts that go to a stash are its entries: their month is judged.
            let rows = try saved.id.map { try Self.splitParts(db, of: $0) } ?? []
            return (saved, try Self.judgeStashMonths(db, rows, userId: userId, today: today, now: now))
        }
    }

    /// Saves an edited transaction (a split's first part, which may go to a stash), and where a saving's money goes
    /// (`into`; none for any other kind). The stash months its parts left and reached are judged.
    func updateTransaction(
        _ transaction: LedgerEntry,
        into accountId: Int64? = nil,
        parts: [SplitPart] = [],
        today: CalendarDay,
        now: Date
    ) async throws -> Outcome {
        try await write { db in
            var transaction = try own(transaction, in: db)
            let before = try transaction.id.map { try Self.splitParts(db, of: $0) } ?? []
            transaction.splitId = parts.count >= 2 ? transaction.id : nil
            try transaction.update(db)
            try Self.placeSplit(db, head: transaction, parts: parts)
            try Self.placeArrival(db, of: transaction, into: transaction.kind == .saving ? accountId : nil)
            let after = try transaction.id.map { try Self.splitParts(db, of: $0) } ?? []
            return try Self.judgeStashMonths(db, before + after, userId: userId, today: today, now: now)
        }
    }

    /// Moves a transaction without a stash (or a split, whose parts may go to stashes) to the trash so "Undo" can
    /// restore it, and judges the stash months its parts leave. Returns the trash id.
    func deleteTransaction(_ transaction: LedgerEntry, today: CalendarDay, now: Date) async throws -> Int64 {
        try await write { db in
            let transaction = try own(transaction, in: db)
            let parts = try transaction.id.map { try Self.splitParts(db, of: $0) } ?? []
            let trashId = try Self.moveToTrash(db, transaction, now: now)
            try Self.judgeStashMonths(db, parts, userId: userId, today: today, now: now)
            return trashId
        }
    }

    /// Inserts the transactions of a monthly report in one database transaction.
    func addTransactions(_ transactions: [LedgerEntry]) async throws {
        try await write { db in
            let transactions = try transactions.map { try own($0, in: db) }
            for transaction in transactions { _ = try transaction.inserted(db) }
        }
    }

    // MARK: - Categories

    /// Adds a category at the end of its kind, after that kind's "Other".
    func createCategory(_ category: Category) async throws -> Category {
        try await write { db in
            var category = try own(category, in: db)
            let last =
                try Int.fetchOne(
                    db,
                    sql: "SELECT MAX(sortOrder) FROM category WHERE userId = ? AND kind = ?",
                    arguments: [category.userId, category.kind.rawValue]
                ) ?? 0
            category.sortOrder = last + 1
            return try category.inserted(db)
        }
    }

    func updateCategory(_ category: Category) async throws {
        try await write { db in try own(category, in: db).update(db) }
    }

    /// Swaps a category with its neighbour above (`up`) or below in its kind's order.
    func moveCategory(_ category: Category, up: Bool) async throws {
        try await write { db in
            let category = try own(category, in: db)
            let siblings = try Category.fetchAll(
                db,
                sql: """
                    SELECT * FROM category WHERE userId = ? AND kind = ? ORDER BY sortOrder, id
                    """,
                arguments: [category.userId, category.kind.rawValue]
            )
            guard let index = siblings.firstIndex(where: { $0.id == category.id }) else { return }
            let other = up ? index - 1 : index + 1
            guard siblings.indices.contains(other) else { return }
            var ordered = siblings
            ordered.swapAt(index, other)
            for (position, item) in ordered.enumerated() where item.sortOrder != position {
                try db.execute(sql: "UPDATE category SET sortOrder = ? WHERE id = ?", arguments: [position, item.id])
            }
        }
    }

    /// Deletes a custom category, moving its transactions, stashes and schedules to the same kind's "Other". Returns
    /// how many transactions moved.
    func deleteCategory(_ category: Category, now: Date) async throws -> Int {
        try await write { member in
            let db = member.db
            let category = try own(category, in: db)
            guard let id = category.id, !category.isDefault else { return 0 }
            let otherId = try Self.otherCategoryId(member, kind: category.kind, now: now)
            try db.execute(
                sql: "UPDATE ledger SET categoryId = ? WHERE categoryId = ? AND userId = ?",
                arguments: [otherId, id, category.userId]
            )
            let moved = db.changesCount
            for table in ["stash", "schedule"] {
                try db.execute(
                    sql: "UPDATE \(table) SET categoryId = ? WHERE categoryId = ? AND userId = ?",
                    arguments: [otherId, id, category.userId]
                )
            }
            _ = try category.delete(db)
            return moved
        }
    }

    /// The id of the user's "Other" category of `kind`, made again if it went missing.
    static func otherCategoryId(_ member: MemberDatabase, kind: Category.Kind, now: Date) throws -> Int64 {
        let (db, userId) = (member.db, member.userId)
        if let id = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM category WHERE userId = ? AND kind = ? AND isDefault = 1 AND name = ? ORDER BY id LIMIT 1
                """,
            arguments: [userId, kind.rawValue, Category.otherName]
        ) {
            return id
        }
        let other = try Category(
            id: nil,
            userId: userId,
            name: Category.otherName,
            kind: kind,
            icon: "dots",
            color: "#6B6B6B",
            sortOrder: 10_000,
            isDefault: true,
            isHidden: false,
            createdAt: now
        )
        .inserted(db)
        return other.id ?? 0
    }

    // MARK: - Accounts

    func saveAccount(_ account: MoneyAccount) async throws -> MoneyAccount {
        try await write { db in
            let account = try own(account, in: db)
            if account.id == nil { return try account.inserted(db) }
            try account.update(db)
            return account
        }
    }

    /// Deletes an account; its transactions stay, without an account or in the member's account `otherId`, where
    /// they are open again (not yet seen on that account's statement). Its schedules go where its transactions go.
    /// Returns how many transactions moved.
    @discardableResult
    func deleteMoneyAccount(_ account: MoneyAccount, movingTo otherId: Int64? = nil) async throws -> Int {
        try await write { db in
            let account = try own(account, in: db)
            let other = try otherId.flatMap { try MoneyAccount.fetchOne(db, key: $0) }.map { try own($0, in: db) }
            try db.execute(
                sql: """
                    UPDATE ledger SET accountId = ?, clearing = CASE WHEN ? IS NULL THEN clearing ELSE 'open' END
                    WHERE accountId = ? AND userId = ?
                    """,
                arguments: [other?.id, other?.id, account.id, account.userId]
            )
            let moved = db.changesCount
            try db.execute(
                sql: "UPDATE schedule SET accountId = ? WHERE accountId = ? AND userId = ?",
                arguments: [other?.id, account.id, account.userId]
            )
            _ = try account.delete(db)
            return other == nil ? 0 : moved
        }
    }

    /// How many transactions name the account (told before deleting it).
    func accountRowCount(_ account: MoneyAccount) throws -> Int {
        try read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM ledger WHERE accountId = ? AND userId = ?",
                arguments: [account.id, userId]
            ) ?? 0
        }
    }

    // MARK: - Income sources

    /// Deletes an income source and the schedule it repeats as; what it recorded stays in the ledger.
    func deleteIncomeSource(_ source: IncomeSource) async throws {
        try await write { db in
            let source = try own(source, in: db)
            if let scheduleId = source.scheduleId {
                try db.execute(
                    sql: "DELETE FROM schedule WHERE id = ? AND userId = ?",
                    arguments: [scheduleId, userId]
                )
            }
            _ = try source.delete(db)
        }
    }
}

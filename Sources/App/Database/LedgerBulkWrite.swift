import Foundation
import GRDB

extension Database {
    /// Runs `body`, a write of a whole history for one user (an import, demo data), with the ledger's triggers off,
    /// then works that user's derived totals out once from their rows and puts the triggers back, all inside the
    /// caller's transaction: others see the rows and their totals together, or neither.
    ///
    /// Kept row by row, the totals cost more than the rows themselves (17 of 29 seconds for a million entries); one
    /// grouped pass over the finished ledger costs about four. The page cache is 64 MB meanwhile, so the pages such a
    /// write changes aren't written out and read back before its commit.
    func withLedgerBulkWrite<T>(userId: Int64, _ body: () throws -> T) throws -> T {
        let triggers = try Row.fetchAll(self, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ledger'")
            .map { (name: $0["name"] as String, sql: $0["sql"] as String) }
        for trigger in triggers {
            guard LedgerDerivedTotals.rebuiltTriggers.contains(where: { trigger.name.hasPrefix("ledger_\($0)_") }) else {
                throw DatabaseError(message: "the ledger trigger \(trigger.name) has no rebuild in LedgerDerivedTotals.rebuild")
            }
            try execute(sql: "DROP TRIGGER \(trigger.name)")
        }
        let cacheSize = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? -2_000
        try execute(sql: "PRAGMA cache_size = -65536")
        defer { try? execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        let result = try body()
        try LedgerDerivedTotals.rebuild(self, userId: userId)
        for trigger in triggers {
            try execute(sql: trigger.sql)
        }
        return result
    }
}

enum LedgerDerivedTotals {
    /// What each group of the ledger's triggers keeps (`ledger_<group>_insert`, `_update`, `_delete`); a trigger
    /// outside these makes a bulk write refuse to start, so a new one can't be skipped silently.
    static let rebuiltTriggers = ["account", "month", "stash_month", "quick", "ledgerDay", "categoryMonth", "category_count"]

    /// Works every total the ledger's triggers keep out again for one user from their rows.
    static func rebuild(_ db: Database, userId: Int64) throws {
        try db.execute(sql: """
            DELETE FROM ledgerMonth WHERE userId = :userId;
            INSERT INTO ledgerMonth (userId, month, kind, totalCents, entryCount)
                SELECT userId, substr(date, 1, 7), kind, SUM(amountCents), COUNT(*) FROM ledger WHERE userId = :userId
                GROUP BY 2, 3;
            DELETE FROM ledgerDay WHERE userId = :userId;
            INSERT INTO ledgerDay (userId, date, kind, totalCents, entryCount)
                SELECT userId, date, kind, SUM(amountCents), COUNT(*) FROM ledger WHERE userId = :userId GROUP BY 2, 3;
            DELETE FROM categoryMonth WHERE userId = :userId;
            INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount)
                SELECT userId, substr(date, 1, 7), kind, COALESCE(categoryId, 0), COALESCE(stashId, 0), SUM(amountCents), COUNT(*)
                FROM ledger WHERE userId = :userId GROUP BY 2, 3, 4, 5;
            DELETE FROM stashMonth WHERE stashId IN (SELECT id FROM stash WHERE userId = :userId);
            INSERT INTO stashMonth (stashId, month, totalCents, entryCount)
                SELECT stashId, substr(date, 1, 7), SUM(amountCents), COUNT(*) FROM ledger
                WHERE userId = :userId AND stashId IS NOT NULL GROUP BY 1, 2;
            UPDATE account SET ledgerTotalCents = (
                SELECT COALESCE(SUM(CASE kind WHEN 'income' THEN amountCents ELSE -amountCents END), 0) FROM ledger
                WHERE accountId = account.id) WHERE userId = :userId;
            UPDATE category SET entryCount = (SELECT COUNT(*) FROM ledger WHERE categoryId = category.id) WHERE userId = :userId;
            DELETE FROM stashQuickAmount WHERE stashId IN (SELECT id FROM stash WHERE userId = :userId);
            """, arguments: ["userId": userId])
        for stashId in try Int64.fetchAll(db, sql: "SELECT id FROM stash WHERE userId = ?", arguments: [userId]) {
            try db.execute(sql: AppDatabase.quickAmountsSQL(stashId: ":stashId"), arguments: ["stashId": stashId])
        }
    }
}

import Foundation
import GRDB

extension Database {
    /// Runs `body`, a write of a whole history for one user (an import, demo data), with the ledger's triggers paused,
    /// then works that user's derived totals out once from their rows, all inside the caller's transaction: others
    /// see the rows and their totals together, or neither.
    ///
    /// Kept row by row, the totals cost more than the rows themselves (17 of 29 seconds for a million entries); one
    /// grouped pass over the finished ledger costs about four. The triggers stay in the schema: each does nothing while
    /// `ledgerBulkWrite` holds its row. The page cache is 64 MB meanwhile, so the pages such a write changes aren't
    /// written out and read back before its commit.
    func withLedgerBulkWrite<T>(userId: Int64, _ body: () throws -> T) throws -> T {
        let known = Set(LedgerTotal.all.flatMap { $0.triggers.map(\.name) })
        for name in try String.fetchAll(
            self,
            sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ledger'"
        )
        where !known.contains(name) {
            throw DatabaseError(
                message: "the ledger trigger \(name) is not one of LedgerTotal.all, so a bulk write can't rebuild it"
            )
        }
        let cacheSize = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? -2_000
        try execute(sql: "PRAGMA cache_size = -65536")
        defer { try? execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        try execute(sql: "INSERT INTO \(LedgerTotal.pauseTable) (id) VALUES (1)")
        // A caller that catches the error and goes on writing in the same transaction must find the triggers running.
        defer { try? execute(sql: "DELETE FROM \(LedgerTotal.pauseTable)") }
        let result = try body()
        for total in LedgerTotal.all {
            try total.rebuild(self, userId: userId)
        }
        return result
    }
}

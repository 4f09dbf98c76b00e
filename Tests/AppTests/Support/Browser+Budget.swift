import Foundation
import GRDB

@testable import App

extension Browser {
    /// Adds a transaction through the form.
    @discardableResult
    func addTransaction(
        amount: String,
        kind: String,
        category: Int64,
        date: String,
        note: String = "",
        account: String = "",
        stash: String = ""
    ) async throws -> Page {
        try await get("/transactions/new?kind=\(kind)")
        return try await post(
            "/transactions",
            [
                ("amount", amount), ("kind", kind), ("category", String(category)), ("note", note), ("date", date),
                ("account", account), ("stash", stash),
            ]
        )
    }
}

extension AppDatabase {
    /// The id of the user's category named `name` of `kind` (test set-up).
    func categoryId(_ name: String, kind: Category.Kind, email: String) async throws -> Int64 {
        try read { db in
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT category.id FROM category JOIN user ON user.id = category.userId
                    WHERE user.email = ? AND category.name = ? AND category.kind = ?
                    """,
                arguments: [email, name, kind.rawValue]
            )
        } ?? -1
    }

    func ledgerRows(email: String) async throws -> [LedgerEntry] {
        try read { db in
            try LedgerEntry.fetchAll(
                db,
                sql: """
                    SELECT ledger.* FROM ledger JOIN user ON user.id = ledger.userId WHERE user.email = ? ORDER BY ledger.id
                    """,
                arguments: [email]
            )
        }
    }
}

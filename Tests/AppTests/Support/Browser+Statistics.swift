import Foundation
import GRDB

@testable import App

/// Budget rows for Statistics tests, written straight into the ledger the way the Budget pages store them.
enum LedgerFixture {
    /// The id of the signed-up user with `email`.
    static func userId(_ database: AppDatabase, email: String) async throws -> Int64 {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE email = ?", arguments: [email]) ?? -1
        }
    }

    /// Inserts an income or expense transaction in one of the user's default categories.
    static func add(
        _ database: AppDatabase,
        userId: Int64,
        date: String,
        cents: Int64,
        kind: LedgerEntry.Kind,
        category: String,
        note: String = ""
    ) async throws {
        try await database.write { db in
            let categoryKinds = kind == .income ? ["income"] : kind == .saving ? ["savings"] : ["needs", "wants"]
            let categoryId = try Int64.fetchOne(
                db,
                sql: """
                    SELECT id FROM category WHERE userId = ? AND name = ? AND kind IN (\(categoryKinds.map { "'\($0)'" }.joined(separator: ",")))
                    """,
                arguments: [userId, category]
            )
            var row = LedgerEntry(
                id: nil,
                userId: userId,
                date: date,
                amountCents: cents,
                kind: kind,
                note: note,
                stashId: nil,
                categoryId: categoryId,
                accountId: nil,
                createdAt: Date(),
                updatedAt: Date()
            )
            try row.insert(db)
        }
    }
}

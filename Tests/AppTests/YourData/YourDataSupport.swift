import Foundation
import GRDB
import Testing
import ZIPFoundation

@testable import App

/// Counting a user's rows in every table, and reading export archives, for the tests of Your data.
enum AccountRows {
    /// Rows of `userId` in each table that holds user data (tables keyed by a stash count through the stash).
    static func counts(_ database: AppDatabase, userId: Int64) async throws -> [String: Int] {
        try database.read { db in
            var counts: [String: Int] = [:]
            let tables = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                    """
            )
            for table in tables {
                let columns = Set(try db.columns(in: table).map(\.name))
                let quoted = table.quotedDatabaseIdentifier
                if table == "user" {
                    counts[table] = try Int.fetchOne(
                        db,
                        sql: "SELECT COUNT(*) FROM user WHERE id = ?",
                        arguments: [userId]
                    )
                } else if columns.contains("userId") {
                    counts[table] = try Int.fetchOne(
                        db,
                        sql: "SELECT COUNT(*) FROM \(quoted) WHERE userId = ?",
                        arguments: [userId]
                    )
                } else if columns.contains("stashId") {
                    counts[table] = try Int.fetchOne(
                        db,
                        sql: """
                            SELECT COUNT(*) FROM \(quoted) WHERE stashId IN (SELECT id FROM stash WHERE userId = ?)
                            """,
                        arguments: [userId]
                    )
                }
            }
            return counts
        }
    }

    /// Rows in tables keyed by a stash or card whose stash or card is gone.
    static func orphans(_ database: AppDatabase) async throws -> Int {
        try database.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT COUNT(*) FROM stashTarget WHERE stashId NOT IN (SELECT id FROM stash))
                         + (SELECT COUNT(*) FROM categoryMonth WHERE stashId != 0 AND stashId NOT IN (SELECT id FROM stash))
                         + (SELECT COUNT(*) FROM stashQuickAmount WHERE stashId NOT IN (SELECT id FROM stash))
                         + (SELECT COUNT(*) FROM ledger WHERE userId NOT IN (SELECT id FROM user))
                         + (SELECT COUNT(*) FROM cardBenefit WHERE cardId NOT IN (SELECT id FROM walletCard))
                    """
            ) ?? -1
        }
    }

    /// The files of a ZIP, by name.
    static func unzip(_ bytes: [UInt8]) throws -> [String: Data] {
        let archive = try Archive(data: Data(bytes), accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = data
        }
        return files
    }

    /// A ZIP holding `files`.
    static func zip(_ files: [String: Data]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(
                with: name,
                type: .file,
                uncompressedSize: Int64(data.count),
                compressionMethod: .deflate
            ) {
                data.subdata(in: Int($0)..<Int($0) + $1)
            }
        }
        return Array(try #require(archive.data))
    }

    /// Demo stashes, entries, budget and wallet for the account with `email`, plus a claimed badge, notification
    /// settings and a push channel, so every exported table has rows.
    static func fill(
        _ database: AppDatabase,
        email: String,
        entries: Int = 1_500,
        clock: TestClock
    ) async throws -> Int64 {
        _ = try await DemoData.fill(
            database: database,
            email: email,
            passwordHash: { "unused" },
            years: 2,
            entries: entries,
            now: clock.now
        )
        let userId = try #require(try database.user(email: email)?.id)
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE badge SET claimedAt = ? WHERE id = (SELECT MIN(id) FROM badge WHERE userId = ? AND earned)",
                arguments: [clock.now, userId]
            )
            try db.execute(
                sql: """
                    INSERT INTO walletSettings (userId, onboardingDone, leadDays, quietEnabled) VALUES (?, 1, 5, 1)
                    ON CONFLICT (userId) DO UPDATE SET leadDays = 5, quietEnabled = 1
                    """,
                arguments: [userId]
            )
            try db.execute(
                sql:
                    "INSERT INTO pushChannel (userId, kind, url, topic, token) VALUES (?, 'ntfy', 'https://ntfy.example', 'mine', 'tk_secret')",
                arguments: [userId]
            )
            try db.execute(
                sql:
                    "INSERT INTO incomeSource (userId, name, amountCents, frequency, createdAt, updatedAt) VALUES (?, 'Salary', 450000, 'monthly', ?, ?)",
                arguments: [userId, clock.now, clock.now]
            )
            try db.execute(
                sql:
                    "INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt) VALUES (?, 'Checking', 'checking', -2500, ?, ?)",
                arguments: [userId, clock.now, clock.now]
            )
            try db.execute(
                sql:
                    "UPDATE ledger SET accountId = (SELECT MAX(id) FROM account WHERE userId = ?) WHERE id IN (SELECT id FROM ledger WHERE userId = ? AND categoryId IS NOT NULL LIMIT 40)",
                arguments: [userId, userId]
            )
            // Money moved between accounts: a transfer and a saving, each with its arrival; rows cleared and
            // reconciled, and the account's last reconciliation.
            let checking = try Int64.fetchOne(
                db,
                sql: "SELECT MAX(id) FROM account WHERE userId = ?",
                arguments: [userId]
            )
            try db.execute(
                sql:
                    "INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt) VALUES (?, 'Rainy day', 'savings', 0, ?, ?)",
                arguments: [userId, clock.now, clock.now]
            )
            let savings = db.lastInsertedRowID
            let savingsCategory = try Int64.fetchOne(
                db,
                sql: "SELECT id FROM category WHERE userId = ? AND kind = 'savings' ORDER BY id LIMIT 1",
                arguments: [userId]
            )
            for (kind, category, clearing) in [("transfer", nil, "reconciled"), ("saving", savingsCategory, "cleared")]
            {
                try db.execute(
                    sql: """
                        INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, accountId, createdAt, updatedAt, clearing)
                        VALUES (?, '2026-11-03', 30000, ?, 'Moved', ?, ?, ?, ?, ?)
                        """,
                    arguments: [userId, kind, category, checking, clock.now, clock.now, clearing]
                )
                try db.execute(
                    sql: """
                        INSERT INTO ledger (userId, date, amountCents, kind, note, accountId, createdAt, updatedAt, pairId)
                        VALUES (?, '2026-11-03', 30000, 'transfer-in', 'Moved', ?, ?, ?, ?)
                        """,
                    arguments: [userId, savings, clock.now, clock.now, db.lastInsertedRowID]
                )
            }
            try db.execute(
                sql: "UPDATE account SET reconciledOn = '2026-11-03', reconciledCents = 12345 WHERE id = ?",
                arguments: [checking]
            )
            try db.execute(
                sql: """
                    UPDATE ledger SET payee = 'Corner shop', tags = ',holiday,gifts,'
                    WHERE id = (SELECT MIN(id) FROM ledger WHERE userId = ? AND kind = 'expense')
                    """,
                arguments: [userId]
            )
            // A transaction split in two: groceries and household, one receipt
            let needs = try Int64.fetchAll(
                db,
                sql: "SELECT id FROM category WHERE userId = ? AND kind = 'needs' ORDER BY id LIMIT 2",
                arguments: [userId]
            )
            try db.execute(
                sql: """
                    INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, createdAt, updatedAt)
                    VALUES (?, '2026-11-04', 4000, 'expense', 'One receipt', ?, ?, ?)
                    """,
                arguments: [userId, needs[0], clock.now, clock.now]
            )
            let head = db.lastInsertedRowID
            try db.execute(sql: "UPDATE ledger SET splitId = id WHERE id = ?", arguments: [head])
            try db.execute(
                sql: """
                    INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, createdAt, updatedAt, splitId)
                    VALUES (?, '2026-11-04', 1500, 'expense', 'One receipt', ?, ?, ?, ?)
                    """,
                arguments: [userId, needs[1], clock.now, clock.now, head]
            )
        }
        return userId
    }
}

extension AccountDocument {
    /// The same document with what differs from one export of the same data to the next (the moment of export)
    /// and from one account to another (the email) left out: what a round trip must keep.
    var comparable: AccountDocument {
        var copy = self
        copy.exportedAt = Date(timeIntervalSince1970: 0)
        copy.profile.email = ""
        copy.profile.createdAt = Date(timeIntervalSince1970: 0)
        return copy
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// A database that lived through every migration, with rows written at each step where their tables appear, ends
/// with the schema and the rows of the committed snapshots: the migrations as they ran for existing databases.
@Suite("Migration upgrade")
struct MigrationUpgradeTests {
    @Test("migrating a database filled step by step gives the snapshot's schema and rows")
    func upgradeMatchesSnapshots() throws {
        // Given: a database filled at the step where each table appears
        let queue = try DatabaseQueue()
        let start = Self.timestamp(Date().addingTimeInterval(-1))
        for (migration, rows) in Self.steps {
            try AppDatabase.migrator.migrate(queue, upTo: migration)
            try queue.write { db in try db.execute(sql: rows) }
        }

        // When
        try AppDatabase.migrator.migrate(queue)

        // Then
        let (schema, rows) = try queue.read { db in (try Self.schema(db), try Self.rows(db, now: start)) }
        try Self.expect(schema, matches: "upgrade-schema.txt")
        try Self.expect(rows, matches: "upgrade-rows.txt")
    }

    // MARK: - Rows written along the way

    /// Each migration, then the rows written right after it.
    static let steps: [(String, String)] = [
        (
            "v1: users, sessions, login attempts",
            """
            INSERT INTO user (name, email, passwordHash, location, age, salaryCents, householdSize, currency, timeZone,
                              theme, createdAt, updatedAt) VALUES
                ('Ann', 'ann@example.com', 'hash-a', 'Lisbon', 34, 420000, 2, 'EUR', 'Europe/Lisbon', 'dark',
                 '2025-01-02 09:00:00.000', '2025-01-02 09:00:00.000'),
                ('Bob', 'bob@example.com', 'hash-b', NULL, NULL, NULL, NULL, 'USD', 'America/New_York', 'system',
                 '2025-02-03 10:00:00.000', '2025-02-03 10:00:00.000');
            INSERT INTO session (id, userId, data, expiresAt, createdAt) VALUES
                ('cookie-ann', 1, X'7B7D', '2025-12-01 00:00:00.000', '2025-01-02 09:00:00.000'),
                ('cookie-bob', 2, X'7B7D', NULL, '2025-02-03 10:00:00.000');
            INSERT INTO loginAttempt (email, attemptedAt) VALUES ('ann@example.com', '2025-01-03 08:00:00.000');
            """
        ),
        (
            "v2: stashes, targets, the ledger, badges",
            """
            INSERT INTO stash (userId, name, kind, goalCents, reward, category, reminder, createdAt, updatedAt) VALUES
                (1, 'Trip', 'save', 150000, 'Beach', 'Vacation', 'weekly', '2025-01-05 09:00:00.000', '2025-01-05 09:00:00.000'),
                (1, 'Coffee', 'spend', NULL, '', 'dining out', 'off', '2025-01-05 09:00:00.000', '2025-01-05 09:00:00.000'),
                (1, 'Gadgets', 'spend', NULL, '', 'Gizmos', 'monthly', '2025-01-06 09:00:00.000', '2025-01-06 09:00:00.000'),
                (1, 'Rainy day', 'save', 50000, '', 'other', 'off', '2025-01-06 09:00:00.000', '2025-01-06 09:00:00.000'),
                (1, 'Misc', 'spend', NULL, '', '', 'off', '2025-01-06 09:00:00.000', '2025-01-06 09:00:00.000'),
                (1, 'Food', 'spend', NULL, '', 'Groceries', 'off', '2025-01-07 09:00:00.000', '2025-01-07 09:00:00.000'),
                (2, 'Car', 'save', 900000, '', '  Car fund  ', 'off', '2025-02-04 09:00:00.000', '2025-02-04 09:00:00.000'),
                (2, 'Hobby', 'spend', NULL, '', 'A category name that runs well past forty characters', 'off',
                 '2025-02-04 09:00:00.000', '2025-02-04 09:00:00.000'),
                (2, 'Pets', 'spend', NULL, '', 'Gizmos', 'off', '2025-02-04 09:00:00.000', '2025-02-04 09:00:00.000'),
                (2, 'Odds', 'spend', NULL, '', 'Other', 'off', '2025-02-04 09:00:00.000', '2025-02-04 09:00:00.000');
            INSERT INTO stashTarget (stashId, month, amountCents) VALUES
                (1, '2025-01', 10000), (1, '2025-03', 12000), (2, '2025-01', 6000), (7, '2025-02', 30000);
            INSERT INTO ledger (userId, date, amountCents, kind, note, stashId, createdAt, updatedAt) VALUES
                (1, '2025-01-10', 5000, 'saving', 'first', 1, '2025-01-10 09:00:00.000', '2025-01-10 09:00:00.000'),
                (1, '2025-01-20', 2500, 'saving', '', 1, '2025-01-20 09:00:00.000', '2025-01-20 09:00:00.000'),
                (1, '2025-02-10', 2500, 'saving', '', 1, '2025-02-10 09:00:00.000', '2025-02-10 09:00:00.000'),
                (1, '2025-03-01', 7500, 'saving', '', 1, '2025-03-01 09:00:00.000', '2025-03-01 09:00:00.000'),
                (1, '2025-01-11', 450, 'expense', 'latte', 2, '2025-01-11 09:00:00.000', '2025-01-11 09:00:00.000'),
                (1, '2025-01-12', 450, 'expense', 'latte', 2, '2025-01-12 09:00:00.000', '2025-01-12 09:00:00.000'),
                (1, '2025-02-01', 380, 'expense', '', 2, '2025-02-01 09:00:00.000', '2025-02-01 09:00:00.000'),
                (1, '2025-02-02', 19900, 'expense', 'phone case', 3, '2025-02-02 09:00:00.000', '2025-02-02 09:00:00.000'),
                (1, '2025-01-15', 320000, 'income', 'salary', NULL, '2025-01-15 09:00:00.000', '2025-01-15 09:00:00.000'),
                (1, '2025-01-16', 8000, 'expense', 'shoes', NULL, '2025-01-16 09:00:00.000', '2025-01-16 09:00:00.000'),
                (2, '2025-02-05', 40000, 'saving', '', 7, '2025-02-05 09:00:00.000', '2025-02-05 09:00:00.000'),
                (2, '2025-02-06', 1200, 'expense', 'paint', 8, '2025-02-06 09:00:00.000', '2025-02-06 09:00:00.000'),
                (2, '2025-02-28', 250000, 'income', '', NULL, '2025-02-28 09:00:00.000', '2025-02-28 09:00:00.000');
            INSERT INTO stashMonth (stashId, month, totalCents, entryCount) VALUES
                (1, '2025-01', 7500, 2), (1, '2024-12', 5, 1), (2, '2025-01', 900, 2);
            INSERT INTO badge (userId, stashId, month, completedOn, points, earned, claimedAt) VALUES
                (1, 1, '2025-01', '2025-01-20', 50, 1, '2025-02-01 09:00:00.000'),
                (1, 2, '2025-01', '2025-01-31', 20, 0, NULL);
            INSERT INTO trash (userId, payload, deletedAt) VALUES (1, X'0102FF', '2025-02-01 09:00:00.000');
            """
        ),
        (
            "v3: categories, accounts, income sources",
            """
            UPDATE category SET isDefault = 0 WHERE userId = 2 AND kind = 'wants' AND name = 'Other';
            INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden, createdAt) VALUES
                (1, 'groceries', 'wants', 'cart', '#000000', 30, 0, 1, '2025-03-01 09:00:00.000'),
                (1, 'Gizmos', 'needs', 'bolt', '#111111', 31, 0, 0, '2025-03-01 09:00:00.000');
            INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt) VALUES
                (1, 'Checking', 'checking', 100000, '2025-03-01 09:00:00.000', '2025-03-01 09:00:00.000'),
                (1, 'Card', 'credit-card', 0, '2025-03-01 09:00:00.000', '2025-03-01 09:00:00.000'),
                (2, 'Cash', 'cash', 5000, '2025-03-02 09:00:00.000', '2025-03-02 09:00:00.000');
            INSERT INTO incomeSource (userId, name, amountCents, frequency, createdAt, updatedAt) VALUES
                (1, 'Job', 320000, 'monthly', '2025-03-01 09:00:00.000', '2025-03-01 09:00:00.000');
            INSERT INTO ledger (userId, date, amountCents, kind, note, stashId, categoryId, accountId, createdAt, updatedAt) VALUES
                (1, '2025-03-02', 6400, 'expense', 'market', NULL, 5, 1, '2025-03-02 09:00:00.000', '2025-03-02 09:00:00.000'),
                (1, '2025-03-03', 2100, 'expense', 'market', NULL, 5, 2, '2025-03-03 09:00:00.000', '2025-03-03 09:00:00.000'),
                (1, '2025-03-15', 320000, 'income', 'salary', NULL, 1, 1, '2025-03-15 09:00:00.000', '2025-03-15 09:00:00.000'),
                (1, '2025-03-20', 450, 'expense', 'latte', 2, NULL, 2, '2025-03-20 09:00:00.000', '2025-03-20 09:00:00.000'),
                (1, '2025-04-02', 90000, 'expense', 'rent', NULL, 4, 1, '2025-04-02 09:00:00.000', '2025-04-02 09:00:00.000'),
                (2, '2025-03-05', 700, 'expense', 'snacks', NULL, 28, 3, '2025-03-05 09:00:00.000', '2025-03-05 09:00:00.000');
            """
        ),
        (
            "v5: wallet cards, benefits, subscriptions, coupons",
            """
            INSERT INTO walletCard (userId, catalogueId, name, issuer, nickname, gradientStart, gradientEnd, annualFeeCents,
                                    feeDueOn, createdAt, updatedAt) VALUES
                (1, 'amex-gold', 'Gold', 'Amex', 'daily', '#aa8800', '#664400', 25000, '2025-09-01',
                 '2025-03-05 09:00:00.000', '2025-03-05 09:00:00.000'),
                (1, NULL, 'Local card', 'Bank', '', '#000000', '#333333', 0, NULL,
                 '2025-03-05 09:00:00.000', '2025-03-05 09:00:00.000'),
                (2, NULL, 'Store card', 'Store', '', '#ffffff', '#cccccc', 1000, '2025-06-01',
                 '2025-03-06 09:00:00.000', '2025-03-06 09:00:00.000');
            INSERT INTO cardBenefit (cardId, userId, name, details, valueCents, period, sortOrder, snoozedUntil, createdAt) VALUES
                (1, 1, 'Dining credit', '', 1000, 'monthly', 0, NULL, '2025-03-05 09:00:00.000'),
                (1, 1, 'Travel credit', 'airlines', 10000, 'annual', 1, '2025-04-01', '2025-03-05 09:00:00.000');
            INSERT INTO benefitUse (benefitId, cardId, userId, periodStart, usedOn, valueCents, createdAt) VALUES
                (1, 1, 1, '2025-03-01', '2025-03-07', 1000, '2025-03-07 09:00:00.000');
            INSERT INTO subscription (userId, name, amountCents, frequency, renewsOn, cardId, category, icon, createdAt,
                                      updatedAt) VALUES
                (1, 'Music', 999, 'monthly', '2025-03-10', 1, 'Entertainment', 'music', '2025-03-05 09:00:00.000',
                 '2025-03-05 09:00:00.000'),
                (2, 'Paper', 12000, 'yearly', '2025-11-01', NULL, 'News', '', '2025-03-06 09:00:00.000',
                 '2025-03-06 09:00:00.000');
            INSERT INTO coupon (userId, name, details, expiresOn, category, valueCents, code, usedOn, createdAt) VALUES
                (1, 'Pizza', '2 for 1', '2025-05-01', 'Food', 1500, 'PIZZA', NULL, '2025-03-05 09:00:00.000'),
                (1, 'Shoes', '', '2025-04-01', 'Shopping', NULL, '', '2025-03-20', '2025-03-05 09:00:00.000');
            INSERT INTO walletSettings (userId, onboardingDone, frequency) VALUES (1, 1, 'daily'), (2, 0, 'weekly');
            """
        ),
        (
            "v12: stash month totals kept in step with the ledger",
            """
            INSERT INTO ledger (userId, date, amountCents, kind, note, stashId, categoryId, accountId, createdAt, updatedAt) VALUES
                (1, '2025-04-10', 2500, 'saving', '', 1, NULL, 1, '2025-04-10 09:00:00.000', '2025-04-10 09:00:00.000'),
                (1, '2025-04-11', 450, 'expense', 'latte', 2, 11, 2, '2025-04-11 09:00:00.000', '2025-04-11 09:00:00.000');
            UPDATE ledger SET amountCents = 5500, date = '2025-01-21' WHERE id = 2;
            DELETE FROM ledger WHERE id = 7;
            """
        ),
        (
            "v14: calendar feeds",
            """
            INSERT INTO notification (userId, kind, subject, dueOn, title, body, path, createdAt, readAt) VALUES
                (1, 'stash', '1', '2025-04-01', 'Trip is behind', 'Add 25 €', '/stashes/1', '2025-04-01 09:00:00.000', NULL),
                (1, 'card', '1', '2025-04-02', 'Annual fee', 'Due soon', '/wallet/cards/1', '2025-04-02 09:00:00.000',
                 '2025-04-02 10:00:00.000'),
                (1, 'badge', 'badge:1', '2025-04-30', 'Badge earned: Trip', 'April 2025 · +10 points', '/badges/1',
                 '2025-04-20 09:00:00.000', NULL);
            INSERT INTO reminderDay (userId, day) VALUES (1, '2025-04-02');
            INSERT INTO calendarFeed (userId, token, createdAt) VALUES (1, 'feed-secret', '2025-04-02 09:00:00.000');
            """
        ),
        (
            "v17: push channels",
            """
            INSERT INTO pushChannel (userId, kind, url, topic, token) VALUES
                (1, 'ntfy', 'https://ntfy.example.com', 'ann', ''), (2, 'webhook', 'https://hooks.example.com/x', '', 't');
            INSERT INTO pushDelivery (userId, notificationId, channel, attempts, nextAttemptAt, lastAttemptAt, lastError,
                                      deliveredAt) VALUES
                (1, 1, 'ntfy', 1, '2025-04-01 09:05:00.000', '2025-04-01 09:00:00.000', NULL, '2025-04-01 09:00:00.000');
            """
        ),
        (
            "v22: profile photos",
            """
            INSERT INTO twoFactor (userId, secret, pendingSecret, enabledAt, lastStep) VALUES
                (1, 'SECRET', NULL, '2025-04-03 09:00:00.000', 58000000);
            INSERT INTO recoveryCode (userId, codeHash, usedAt) VALUES (1, 'code-1', NULL), (1, 'code-2', '2025-04-04 09:00:00.000');
            UPDATE session SET userAgent = 'Firefox', address = '10.0.0.1', lastSeenAt = '2025-04-03 09:00:00.000'
                WHERE userId = 1;
            INSERT INTO bankImportDraft (userId, filename, content, createdAt) VALUES
                (2, 'march.csv', 'date,amount', '2025-04-03 09:00:00.000');
            INSERT INTO importBatch (userId, filename, rowCount, createdAt) VALUES (1, 'feb.csv', 1, '2025-04-03 09:00:00.000');
            INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, accountId, importBatchId, createdAt, updatedAt)
                VALUES (1, '2025-02-14', 3300, 'expense', 'FLOWERS', 14, 1, 1, '2025-04-03 09:00:00.000',
                        '2025-04-03 09:00:00.000');
            INSERT INTO profilePhoto (userId, contentType, bytes) VALUES (1, 'image/png', X'89504E47');
            UPDATE user SET photoVersion = 1 WHERE id = 1;
            """
        ),
        (
            "v25: month totals per category and stash for every kind",
            """
            INSERT INTO ledger (userId, date, amountCents, kind, note, stashId, categoryId, accountId, createdAt, updatedAt) VALUES
                (2, '2025-05-01', 900, 'expense', 'vet', 9, NULL, 3, '2025-05-01 09:00:00.000', '2025-05-01 09:00:00.000');
            """
        ),
        (
            "v28: web push devices",
            """
            INSERT INTO pushDevice (userId, endpoint, p256dh, auth, name, createdAt, lastSentAt, sessionId) VALUES
                (1, 'https://push.example.com/1', 'key', 'auth', 'Firefox', '2025-05-02 09:00:00.000', NULL, 'cookie-ann');
            """
        ),
        (
            "v36: two-factor code tries per account",
            """
            INSERT INTO invitation (email, tokenHash, createdAt, expiresAt, usedAt) VALUES
                ('cy@example.com', 'digest', '2025-06-01 09:00:00.000', '2025-06-08 09:00:00.000', NULL);
            INSERT INTO twoFactorTry (userId, triedAt) VALUES (1, '2025-06-01 09:00:00.000');
            """
        ),
    ]

    // MARK: - Dumps

    /// Every schema object, in a stable order.
    static func schema(_ db: Database) throws -> String {
        try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map {
            row in
            let sql: String? = row["sql"]
            return "\(row["type"] as String) \(row["name"] as String) ON \(row["tbl_name"] as String)\n\(sql ?? "-")\n"
        }.joined(separator: "\n")
    }

    /// Every row of every table, each table's sorted, with times written during the migrations (at or after `now`,
    /// in GRDB's date format) shown as `<now>`.
    static func rows(_ db: Database, now: String) throws -> String {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        let written = try NSRegularExpression(pattern: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$"#)
        return try tables.map { table in
            let lines = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { row in
                row.map { pair -> String in
                    let (column, value) = pair
                    let text: String
                    switch value.storage {
                    case .null: text = "NULL"
                    case .int64(let int): text = String(int)
                    case .double(let double): text = String(double)
                    case .string(let string):
                        let range = NSRange(string.startIndex..., in: string)
                        text =
                            written.firstMatch(in: string, range: range) != nil && string >= now
                            ? "<now>" : "'\(string)'"
                    case .blob(let data): text = "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
                    }
                    return "\(column)=\(text)"
                }.joined(separator: " ")
            }.sorted()
            return "# \(table)\n" + lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// A time as GRDB stores a `Date`.
    static func timestamp(_ date: Date) -> String {
        if case .string(let text) = date.databaseValue.storage { return text }
        return ""
    }

    /// Compares with the committed snapshot; `RECORD_SNAPSHOTS=1` writes it instead.
    static func expect(_ text: String, matches name: String, path: String = #filePath) throws {
        let url = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name)")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "\(name) differs from the snapshot")
    }
}

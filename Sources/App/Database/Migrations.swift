import Crypto
import Foundation
import GRDB

extension AppDatabase {
    /// Append-only schema history. Never edit a migration once it has shipped: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1: users, sessions, login attempts") { db in
            try db.create(table: "user") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("email", .text).notNull().unique().collate(.nocase)
                t.column("passwordHash", .text).notNull()
                t.column("location", .text)
                t.column("age", .integer)
                t.column("salaryCents", .integer)
                t.column("householdSize", .integer)
                t.column("currency", .text).notNull().defaults(to: "USD")
                t.column("timeZone", .text).notNull()
                t.column("theme", .text).notNull().defaults(to: "system")
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            try db.create(table: "session") { t in
                t.primaryKey("id", .text)
                t.belongsTo("user", onDelete: .cascade)
                t.column("data", .blob).notNull()
                t.column("expiresAt", .datetime)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "session_on_expiresAt", on: "session", columns: ["expiresAt"])

            try db.create(table: "loginAttempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).notNull()
                t.column("attemptedAt", .datetime).notNull()
            }
            try db.create(index: "loginAttempt_on_email_attemptedAt", on: "loginAttempt", columns: ["email", "attemptedAt"])
        }

        migrator.registerMigration("v2: stashes, targets, the ledger, badges") { db in
            try db.alter(table: "user") { t in
                t.add(column: "homeView", .text).notNull().defaults(to: "list")
                /// The last month whose spend stashes were judged (spend badges are awarded once a month closes).
                t.add(column: "spendJudgedThrough", .text)
            }

            try db.create(table: "stash") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("kind", .text).notNull()  // save | spend
                t.column("goalCents", .integer)
                t.column("reward", .text).notNull().defaults(to: "")
                t.column("category", .text).notNull().defaults(to: "Other")
                t.column("reminder", .text).notNull().defaults(to: "off")  // off | weekly | monthly
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            // A stash's monthly target (allowance for spend stashes) from `month` on, until a later row.
            try db.create(table: "stashTarget") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("stash", onDelete: .cascade).notNull()
                t.column("month", .text).notNull()  // YYYY-MM
                t.column("amountCents", .integer).notNull()
                t.uniqueKey(["stashId", "month"])
            }

            // The one ledger: every money movement (income, expense, saving) is one row of `ledger`. Stash entries are rows with a stashId; budget
            // categories and accounts are attached by their own tables later.
            try db.create(table: "ledger") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("date", .text).notNull()  // YYYY-MM-DD in the user's time zone
                t.column("amountCents", .integer).notNull()
                t.column("kind", .text).notNull()  // income | expense | saving
                t.column("note", .text).notNull().defaults(to: "")
                t.belongsTo("stash", onDelete: .cascade)
                t.column("categoryId", .integer)
                t.column("accountId", .integer)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            // Covers the month and day queries (calendar dots, day totals) without touching the table.
            try db.create(index: "ledger_on_userId_date", on: "ledger", columns: ["userId", "date", "kind", "amountCents"])
            // The one-column indexes `belongsTo` made are prefixes of the composite ones; left alone, the planner
            // can pick them and scan a user's whole history.
            try db.execute(sql: "DROP INDEX IF EXISTS ledger_on_userId")
            try db.execute(sql: "DROP INDEX IF EXISTS ledger_on_stashId")
            try db.create(index: "ledger_on_stashId_date", on: "ledger", columns: ["stashId", "date", "amountCents"])

            // Per stash and month: the total and count of its entries, kept in step with every write so that
            // pages never sum a stash's whole history.
            try db.create(table: "stashMonth") { t in
                t.belongsTo("stash", onDelete: .cascade).notNull()
                t.column("month", .text).notNull()
                t.column("totalCents", .integer).notNull()
                t.column("entryCount", .integer).notNull()
                t.primaryKey(["stashId", "month"])
            }

            // One badge per stash per completed month. A badge whose month falls back under its target keeps its
            // row (and claimed state) with earned = 0, so redoing the completion restores it as it was.
            try db.create(table: "badge") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.belongsTo("stash", onDelete: .cascade).notNull()
                t.column("month", .text).notNull()
                t.column("completedOn", .text).notNull()
                t.column("points", .integer).notNull()
                t.column("earned", .boolean).notNull()
                t.column("claimedAt", .datetime)
                t.uniqueKey(["stashId", "month"])
            }
            try db.create(index: "badge_on_userId_earned_month", on: "badge", columns: ["userId", "earned", "month"])

            // Deleted rows kept for a while so "Undo" can put them back exactly.
            try db.create(table: "trash") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("payload", .blob).notNull()
                t.column("deletedAt", .datetime).notNull()
            }
        }

        migrator.registerMigration("v3: categories, accounts, income sources") { db in
            try db.create(table: "category") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("kind", .text).notNull()  // income | needs | wants | savings
                t.column("icon", .text).notNull()
                t.column("color", .text).notNull()
                t.column("sortOrder", .integer).notNull()
                t.column("isDefault", .boolean).notNull()
                t.column("isHidden", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .datetime).notNull()
            }
            try db.execute(sql: "DROP INDEX IF EXISTS category_on_userId")
            try db.create(index: "category_on_userId_kind_sortOrder", on: "category", columns: ["userId", "kind", "sortOrder"])

            try db.create(table: "account") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("kind", .text).notNull()  // checking | savings | credit-card | cash | other
                t.column("openingBalanceCents", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            try db.create(table: "incomeSource") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("amountCents", .integer).notNull()
                t.column("frequency", .text).notNull()  // monthly | biweekly | variable
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            // A category's and an account's transactions by date, with the amount, without touching the table.
            try db.create(index: "ledger_on_categoryId_date", on: "ledger", columns: ["categoryId", "date", "amountCents"])
            try db.create(index: "ledger_on_accountId_date", on: "ledger", columns: ["accountId", "date", "kind", "amountCents"])

            // Users who signed up before categories existed get the defaults too.
            let now = Date()
            for userId in try Int64.fetchAll(db, sql: "SELECT id FROM user") {
                for (index, item) in Category.defaults.enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden, createdAt)
                            VALUES (?, ?, ?, ?, ?, ?, 1, 0, ?)
                            """,
                        arguments: [userId, item.name, item.kind.rawValue, item.icon, item.color, index, now])
                }
            }
        }

        migrator.registerMigration("v5: wallet cards, benefits, subscriptions, coupons") { db in
            try db.create(table: "walletCard") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("catalogueId", .text)
                t.column("name", .text).notNull()
                t.column("issuer", .text).notNull()
                t.column("nickname", .text).notNull().defaults(to: "")
                t.column("gradientStart", .text).notNull()
                t.column("gradientEnd", .text).notNull()
                t.column("annualFeeCents", .integer).notNull()
                t.column("feeDueOn", .text)  // YYYY-MM-DD: the card anniversary, when the annual fee is charged
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            try db.create(table: "cardBenefit") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("card", inTable: "walletCard", onDelete: .cascade).notNull()
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("details", .text).notNull().defaults(to: "")
                t.column("valueCents", .integer).notNull()
                t.column("period", .text).notNull()  // monthly | quarterly | semiannual | annual | anniversary
                t.column("sortOrder", .integer).notNull()
                t.column("snoozedUntil", .text)
                t.column("createdAt", .datetime).notNull()
            }
            // All of a user's benefits in one indexed read (the Wallet page), grouped by card.
            try db.create(index: "cardBenefit_on_userId_cardId", on: "cardBenefit", columns: ["userId", "cardId", "sortOrder"])

            try db.create(table: "benefitUse") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("benefit", inTable: "cardBenefit", onDelete: .cascade).notNull()
                t.column("cardId", .integer).notNull().references("walletCard", onDelete: .cascade)
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("periodStart", .text).notNull()
                t.column("usedOn", .text).notNull()
                t.column("valueCents", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.uniqueKey(["benefitId", "periodStart"])
            }
            // Uses of the current periods (few distinct period starts) and a card year's redeemed value.
            try db.create(index: "benefitUse_on_userId_periodStart", on: "benefitUse", columns: ["userId", "periodStart"])
            try db.create(index: "benefitUse_on_cardId_usedOn", on: "benefitUse", columns: ["cardId", "usedOn", "valueCents"])

            try db.create(table: "subscription") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("amountCents", .integer).notNull()
                t.column("frequency", .text).notNull()  // weekly | monthly | quarterly | yearly
                t.column("renewsOn", .text).notNull()  // a renewal date; later ones are computed from it
                t.column("cardId", .integer).references("walletCard", onDelete: .setNull)
                t.column("category", .text).notNull()
                t.column("icon", .text).notNull().defaults(to: "")
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(index: "subscription_on_cardId", on: "subscription", columns: ["cardId"])

            try db.create(table: "coupon") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("user", onDelete: .cascade).notNull()
                t.column("name", .text).notNull()
                t.column("details", .text).notNull().defaults(to: "")
                t.column("expiresOn", .text).notNull()
                t.column("category", .text).notNull()
                t.column("valueCents", .integer)
                t.column("code", .text).notNull().defaults(to: "")
                t.column("usedOn", .text)
                t.column("createdAt", .datetime).notNull()
            }
            // Open coupons by expiry, and the history, each an index range.
            try db.create(index: "coupon_on_userId_usedOn_expiresOn", on: "coupon", columns: ["userId", "usedOn", "expiresOn"])

            try db.create(table: "walletSettings") { t in
                t.primaryKey("userId", .integer).references("user", onDelete: .cascade)
                t.column("onboardingDone", .boolean).notNull().defaults(to: false)
                t.column("notificationsEnabled", .boolean).notNull().defaults(to: true)
                t.column("frequency", .text).notNull().defaults(to: "daily")
                t.column("reminderTime", .text).notNull().defaults(to: "09:00")
                t.column("leadDays", .integer).notNull().defaults(to: 7)
                t.column("quietEnabled", .boolean).notNull().defaults(to: false)
                t.column("quietFrom", .text).notNull().defaults(to: "22:00")
                t.column("quietTo", .text).notNull().defaults(to: "08:00")
            }
        }

        migrator.registerMigration("v6: statistics spending by category") { db in
            // Spending per category over a date range (Statistics, the PDF summary) reads only this index.
            try db.create(index: "ledger_on_userId_kind_date", on: "ledger",
                          columns: ["userId", "kind", "date", "categoryId", "stashId", "amountCents"])
        }

        migrator.registerMigration("v7: account balances kept in step with the ledger") { db in
            // Balance = opening balance + this running total, so no page sums an account's whole history. Triggers
            // keep it right whichever code writes the ledger (forms, undo, demo data, category moves).
            try db.alter(table: "account") { t in
                t.add(column: "ledgerTotalCents", .integer).notNull().defaults(to: 0)
            }
            let signed = { (row: String) in "(CASE \(row).kind WHEN 'income' THEN \(row).amountCents ELSE -\(row).amountCents END)" }
            try db.execute(sql: """
                UPDATE account SET ledgerTotalCents = (
                    SELECT COALESCE(SUM(\(signed("ledger"))), 0) FROM ledger WHERE ledger.accountId = account.id);
                CREATE TRIGGER ledger_account_insert AFTER INSERT ON ledger WHEN NEW.accountId IS NOT NULL BEGIN
                    UPDATE account SET ledgerTotalCents = ledgerTotalCents + \(signed("NEW")) WHERE id = NEW.accountId;
                END;
                CREATE TRIGGER ledger_account_delete AFTER DELETE ON ledger WHEN OLD.accountId IS NOT NULL BEGIN
                    UPDATE account SET ledgerTotalCents = ledgerTotalCents - \(signed("OLD")) WHERE id = OLD.accountId;
                END;
                CREATE TRIGGER ledger_account_update AFTER UPDATE OF accountId, kind, amountCents ON ledger BEGIN
                    UPDATE account SET ledgerTotalCents = ledgerTotalCents - \(signed("OLD")) WHERE id = OLD.accountId;
                    UPDATE account SET ledgerTotalCents = ledgerTotalCents + \(signed("NEW")) WHERE id = NEW.accountId;
                END;
                """)
        }

        migrator.registerMigration("v8: month totals kept in step with the ledger") { db in
            // Per user, month and kind: the total and the number of rows, so a month's income, spending and savings
            // are three key lookups however many rows the month has. Triggers keep it right whichever code writes
            // the ledger; a row whose count falls to zero is removed.
            try db.execute(sql: """
                CREATE TABLE ledgerMonth (
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    totalCents INTEGER NOT NULL,
                    entryCount INTEGER NOT NULL,
                    PRIMARY KEY (userId, month, kind)
                ) WITHOUT ROWID;
                INSERT INTO ledgerMonth (userId, month, kind, totalCents, entryCount)
                    SELECT userId, substr(date, 1, 7), kind, SUM(amountCents), COUNT(*) FROM ledger GROUP BY 1, 2, 3;
                """)
            let add = { (row: String) in """
                INSERT INTO ledgerMonth (userId, month, kind, totalCents, entryCount)
                    VALUES (\(row).userId, substr(\(row).date, 1, 7), \(row).kind, \(row).amountCents, 1)
                    ON CONFLICT (userId, month, kind) DO UPDATE
                    SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                """ }
            let remove = { (row: String) in """
                UPDATE ledgerMonth SET totalCents = totalCents - \(row).amountCents, entryCount = entryCount - 1
                    WHERE userId = \(row).userId AND month = substr(\(row).date, 1, 7) AND kind = \(row).kind;
                DELETE FROM ledgerMonth
                    WHERE userId = \(row).userId AND month = substr(\(row).date, 1, 7) AND kind = \(row).kind AND entryCount <= 0;
                """ }
            try db.execute(sql: """
                CREATE TRIGGER ledger_month_insert AFTER INSERT ON ledger BEGIN
                    \(add("NEW"))
                END;
                CREATE TRIGGER ledger_month_delete AFTER DELETE ON ledger BEGIN
                    \(remove("OLD"))
                END;
                CREATE TRIGGER ledger_month_update AFTER UPDATE OF userId, date, kind, amountCents ON ledger BEGIN
                    \(remove("OLD"))
                    \(add("NEW"))
                END;
                """)
        }

        migrator.registerMigration("v9: user revisions") { db in
            // Two numbers per user that writes raise, so a page can keep what it built until the data under it
            // changes instead of reading and rendering it all again: `data` moves with every write to any table that
            // holds the user's data (Home keeps its HTML on it), `wallet` with writes to the wallet's tables (Home
            // keeps its wallet widgets on it). Triggers keep them right whichever code writes (forms, undo, demo
            // data from another process). No foreign key: deleting a user cascades to their rows, whose triggers
            // must not fail. User ids are never reused (AUTOINCREMENT), so a row left by a deleted user is never read.
            try db.execute(sql: """
                CREATE TABLE userRevision (
                    userId INTEGER PRIMARY KEY,
                    data INTEGER NOT NULL DEFAULT 0,
                    wallet INTEGER NOT NULL DEFAULT 0
                );
                """)
            // Every table that holds a user's data: its owner column, or nil when the row names its stash instead.
            let tables: [(name: String, owner: String?)] = [
                ("user", "id"), ("account", "userId"), ("category", "userId"), ("incomeSource", "userId"),
                ("ledger", "userId"), ("ledgerMonth", "userId"), ("stash", "userId"), ("stashTarget", nil),
                ("stashMonth", nil), ("badge", "userId"), ("walletSettings", "userId"), ("walletCard", "userId"),
                ("cardBenefit", "userId"), ("benefitUse", "userId"), ("subscription", "userId"), ("coupon", "userId"),
            ]
            let walletTables: Set = ["walletCard", "cardBenefit", "benefitUse", "subscription", "coupon"]
            for table in tables {
                for (event, row) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
                    let wallet = walletTables.contains(table.name) ? 1 : 0
                    // A row without its own userId names its stash; when the stash itself is being deleted the
                    // SELECT finds nothing and the stash's own trigger has raised the revision.
                    let owner = table.owner.map { "SELECT \(row).\($0), 1, \(wallet) WHERE true" }
                        ?? "SELECT userId, 1, \(wallet) FROM stash WHERE id = \(row).stashId"
                    try db.execute(sql: """
                        CREATE TRIGGER \(table.name)_revision_\(event.lowercased()) AFTER \(event) ON \(table.name) BEGIN
                            INSERT INTO userRevision (userId, data, wallet) \(owner)
                            ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                        END;
                        """)
                }
            }
        }

        migrator.registerMigration("v10: wallet revisions only") { db in
            // Pages are rendered afresh on every visit now, so nothing keeps what it built from the user's data and
            // the `data` revision goes, with the 48 triggers of v9 that raised it on every write. Home's wallet
            // widgets are still kept (building them reads the whole wallet), so the wallet's tables, and only those,
            // raise the user's wallet revision.
            let old = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_revision\\_%' ESCAPE '\\'
                """)
            for trigger in old {
                try db.execute(sql: "DROP TRIGGER \(trigger.quotedDatabaseIdentifier)")
            }
            try db.execute(sql: """
                DROP TABLE userRevision;
                CREATE TABLE userRevision (
                    userId INTEGER PRIMARY KEY,
                    wallet INTEGER NOT NULL DEFAULT 0
                );
                """)
            for table in AppDatabase.walletTables {
                for (event, row) in [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")] {
                    try db.execute(sql: """
                        CREATE TRIGGER \(table)_revision_\(event.lowercased()) AFTER \(event) ON \(table) BEGIN
                            INSERT INTO userRevision (userId, wallet) VALUES (\(row).userId, 1)
                            ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                        END;
                        """)
                }
            }
        }

        migrator.registerMigration("v11: quick-add amounts kept in step with the ledger") { db in
            // Per stash, the amounts Home offers as quick-add buttons: the most frequent among its latest entries.
            // Triggers work them out again on every write that can change them, so Home reads three rows per stash
            // instead of grouping its latest entries on every visit. The insert finds no stash while a stash is being
            // deleted (its entries go with it), and the stash's own row cascades.
            try db.execute(sql: """
                CREATE TABLE stashQuickAmount (
                    stashId INTEGER NOT NULL REFERENCES stash(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    amountCents INTEGER NOT NULL,
                    PRIMARY KEY (stashId, position)
                ) WITHOUT ROWID;
                """)
            let refresh = { (stashId: String) in """
                DELETE FROM stashQuickAmount WHERE stashId = \(stashId);
                \(AppDatabase.quickAmountsSQL(stashId: stashId))
                """ }
            for stashId in try Int64.fetchAll(db, sql: "SELECT id FROM stash") {
                try db.execute(sql: AppDatabase.quickAmountsSQL(stashId: ":stashId"), arguments: ["stashId": stashId])
            }
            // Only a row among its stash's latest entries can change them: when at least that many rows of the
            // stash stand after it (by date, then amount), an old entry typed in or removed leaves them as they are,
            // and the check reads at most that many index entries.
            let latest = { (row: String) in """
                (\(row).stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                    SELECT 1 FROM ledger WHERE stashId = \(row).stashId AND (date, amountCents) > (\(row).date, \(row).amountCents)
                    LIMIT \(AppDatabase.quickAmountsRecent))) < \(AppDatabase.quickAmountsRecent))
                """ }
            try db.execute(sql: """
                CREATE TRIGGER ledger_quick_insert AFTER INSERT ON ledger WHEN \(latest("NEW")) BEGIN
                    \(refresh("NEW.stashId"));
                END;
                CREATE TRIGGER ledger_quick_delete AFTER DELETE ON ledger WHEN \(latest("OLD")) BEGIN
                    \(refresh("OLD.stashId"));
                END;
                CREATE TRIGGER ledger_quick_update AFTER UPDATE OF stashId, date, amountCents ON ledger
                WHEN \(latest("OLD")) OR \(latest("NEW")) BEGIN
                    \(refresh("OLD.stashId"));
                    \(refresh("NEW.stashId"));
                END;
                """)
        }

        migrator.registerMigration("v12: stash month totals kept in step with the ledger") { db in
            // Per stash and month: the total and the number of entries, kept by triggers like the other totals (it
            // was kept by the entry writes in Swift, so a write that went around them left it wrong). Worked out
            // again from the ledger here, so any such drift is gone; a row whose count falls to zero is removed.
            try db.execute(sql: """
                DELETE FROM stashMonth;
                INSERT INTO stashMonth (stashId, month, totalCents, entryCount)
                    SELECT stashId, substr(date, 1, 7), SUM(amountCents), COUNT(*) FROM ledger
                    WHERE stashId IS NOT NULL GROUP BY 1, 2;
                """)
            let add = { (row: String) in """
                INSERT INTO stashMonth (stashId, month, totalCents, entryCount)
                    SELECT \(row).stashId, substr(\(row).date, 1, 7), \(row).amountCents, 1 WHERE \(row).stashId IS NOT NULL
                    ON CONFLICT (stashId, month) DO UPDATE
                    SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                """ }
            let remove = { (row: String) in """
                UPDATE stashMonth SET totalCents = totalCents - \(row).amountCents, entryCount = entryCount - 1
                    WHERE stashId = \(row).stashId AND month = substr(\(row).date, 1, 7);
                DELETE FROM stashMonth WHERE stashId = \(row).stashId AND month = substr(\(row).date, 1, 7) AND entryCount <= 0;
                """ }
            try db.execute(sql: """
                CREATE TRIGGER ledger_stash_month_insert AFTER INSERT ON ledger WHEN NEW.stashId IS NOT NULL BEGIN
                    \(add("NEW"))
                END;
                CREATE TRIGGER ledger_stash_month_delete AFTER DELETE ON ledger WHEN OLD.stashId IS NOT NULL BEGIN
                    \(remove("OLD"))
                END;
                CREATE TRIGGER ledger_stash_month_update AFTER UPDATE OF stashId, date, amountCents ON ledger BEGIN
                    \(remove("OLD"))
                    \(add("NEW"))
                END;
                """)
        }

        migrator.registerMigration("v13: reminders") { db in
            // One row per reminder: its key (user, kind, subject, due date) is unique, so a reminder is recorded
            // once however often, and however many at once, the engine looks. `reminderDay` is the last day (in
            // the user's time zone) the engine has worked out for each user.
            try db.execute(sql: """
                CREATE TABLE notification (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    dueOn TEXT NOT NULL,
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    path TEXT NOT NULL,
                    createdAt DATETIME NOT NULL,
                    readAt DATETIME,
                    UNIQUE (userId, kind, subject, dueOn)
                );
                CREATE INDEX notification_list ON notification (userId, createdAt);
                CREATE INDEX notification_unread ON notification (userId) WHERE readAt IS NULL;
                CREATE TABLE reminderDay (
                    userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                    day TEXT NOT NULL
                );
                """)
        }

        migrator.registerMigration("v14: calendar feeds") { db in
            // The secret of each user's calendar feed URL; a new one replaces (and so revokes) the old.
            try db.execute(sql: """
                CREATE TABLE calendarFeed (
                    userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                    token TEXT NOT NULL UNIQUE,
                    createdAt DATETIME NOT NULL
                );
                """)
        }

        migrator.registerMigration("v15: reminder cadence") { db in
            // The frequency now says how often stashes behind pace are named (off, weekly on `weekday`, monthly);
            // the earlier digest choices become weekly.
            try db.execute(sql: """
                ALTER TABLE walletSettings ADD COLUMN weekday INTEGER NOT NULL DEFAULT 1;
                UPDATE walletSettings SET frequency = 'weekly' WHERE frequency NOT IN ('off', 'weekly', 'monthly');
                """)
        }

        migrator.registerMigration("v16: reminders per card") { db in
            try db.execute(sql: "ALTER TABLE walletCard ADD COLUMN notify BOOLEAN NOT NULL DEFAULT 1")
        }

        migrator.registerMigration("v17: push channels") { db in
            // Where each user's reminders are pushed (one ntfy topic, one webhook), and each reminder's delivery to
            // each channel: tried until delivered or out of attempts, never twice for one reminder and channel.
            try db.execute(sql: """
                CREATE TABLE pushChannel (
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    url TEXT NOT NULL,
                    topic TEXT NOT NULL DEFAULT '',
                    token TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY (userId, kind)
                );
                CREATE TABLE pushDelivery (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    notificationId INTEGER NOT NULL REFERENCES notification(id) ON DELETE CASCADE,
                    channel TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    nextAttemptAt DATETIME NOT NULL,
                    lastAttemptAt DATETIME,
                    lastError TEXT,
                    deliveredAt DATETIME,
                    UNIQUE (notificationId, channel)
                );
                CREATE INDEX pushDelivery_due ON pushDelivery (nextAttemptAt) WHERE deliveredAt IS NULL;
                CREATE INDEX pushDelivery_user ON pushDelivery (userId, lastAttemptAt);
                """)
        }

        migrator.registerMigration("v18: log-in attempts per address") { db in
            // Attempts count per account and client address, and per address alone (any email, plausible or not).
            try db.execute(sql: """
                ALTER TABLE loginAttempt ADD COLUMN address TEXT NOT NULL DEFAULT '';
                DROP INDEX loginAttempt_on_email_attemptedAt;
                CREATE INDEX loginAttempt_on_email_address ON loginAttempt (email, address, attemptedAt);
                CREATE INDEX loginAttempt_on_address ON loginAttempt (address, attemptedAt);
                CREATE INDEX loginAttempt_on_attemptedAt ON loginAttempt (attemptedAt);
                """)
        }

        migrator.registerMigration("v19: two-factor sign-in") { db in
            // One row per user who has set up (or is setting up) a one-time-code app. `lastStep` is the last 30-second
            // step whose code was taken, so no code is taken twice.
            try db.execute(sql: """
                CREATE TABLE twoFactor (
                    userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                    secret TEXT,
                    pendingSecret TEXT,
                    enabledAt DATETIME,
                    lastStep INTEGER
                );
                CREATE TABLE recoveryCode (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    codeHash TEXT NOT NULL,
                    usedAt DATETIME,
                    UNIQUE (userId, codeHash)
                );
                """)
        }

        migrator.registerMigration("v20: signed-in browsers") { db in
            // What Profile lists of each signed-in browser. Sessions from before stay NULL: "Unknown browser".
            try db.execute(sql: """
                ALTER TABLE session ADD COLUMN userAgent TEXT;
                ALTER TABLE session ADD COLUMN address TEXT;
                ALTER TABLE session ADD COLUMN lastSeenAt DATETIME;
                """)
        }

        migrator.registerMigration("v21: bank statement imports") { db in
            // A statement being mapped (one per user, until imported or replaced), each import as one batch whose rows
            // go with it when it is undone, and an index to find a description's category among earlier transactions.
            try db.execute(sql: """
                CREATE TABLE bankImportDraft (
                    userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                    filename TEXT NOT NULL,
                    content TEXT NOT NULL,
                    createdAt DATETIME NOT NULL
                );
                CREATE TABLE importBatch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    filename TEXT NOT NULL,
                    rowCount INTEGER NOT NULL,
                    createdAt DATETIME NOT NULL
                );
                CREATE INDEX importBatch_on_userId ON importBatch (userId, createdAt);
                ALTER TABLE ledger ADD COLUMN importBatchId INTEGER REFERENCES importBatch(id) ON DELETE CASCADE;
                CREATE INDEX ledger_on_importBatchId ON ledger (importBatchId) WHERE importBatchId IS NOT NULL;
                CREATE INDEX ledger_on_userId_note ON ledger (userId, note, date) WHERE categoryId IS NOT NULL;
                """)
        }

        migrator.registerMigration("v22: profile photos") { db in
            // The photo itself, and on the user a number that changes with it (nil: no photo), so the avatar's URL
            // changes when the photo does and pages know without reading the photo.
            try db.execute(sql: """
                CREATE TABLE profilePhoto (
                    userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                    contentType TEXT NOT NULL,
                    bytes BLOB NOT NULL
                );
                ALTER TABLE user ADD COLUMN photoVersion INTEGER;
                """)
        }

        migrator.registerMigration("v23: day and category totals kept in step with the ledger") { db in
            // Per user, day and kind; and per user, month, category and stash for spending: so a year's totals, charts
            // and spending by category read a few hundred rows however many entries the year holds. A stash or
            // category that isn't there is 0 (key columns can't be NULL). Kept like the other totals (`totalsTriggers`).
            try db.execute(sql: """
                CREATE TABLE ledgerDay (
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    date TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    totalCents INTEGER NOT NULL,
                    entryCount INTEGER NOT NULL,
                    PRIMARY KEY (userId, date, kind)
                ) WITHOUT ROWID;
                INSERT INTO ledgerDay (userId, date, kind, totalCents, entryCount)
                    SELECT userId, date, kind, SUM(amountCents), COUNT(*) FROM ledger GROUP BY 1, 2, 3;
                CREATE TABLE spendingMonth (
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    categoryId INTEGER NOT NULL,
                    stashId INTEGER NOT NULL,
                    totalCents INTEGER NOT NULL,
                    entryCount INTEGER NOT NULL,
                    PRIMARY KEY (userId, month, categoryId, stashId)
                ) WITHOUT ROWID;
                INSERT INTO spendingMonth (userId, month, categoryId, stashId, totalCents, entryCount)
                    SELECT userId, substr(date, 1, 7), COALESCE(categoryId, 0), COALESCE(stashId, 0), SUM(amountCents), COUNT(*)
                    FROM ledger WHERE kind = 'expense' GROUP BY 1, 2, 3, 4;
                """)
            try db.execute(sql: totalsTriggers(
                table: "ledgerDay", keys: [("userId", { "\($0).userId" }), ("date", { "\($0).date" }), ("kind", { "\($0).kind" })],
                columns: ["userId", "date", "kind", "amountCents"]))
            try db.execute(sql: totalsTriggers(
                table: "spendingMonth",
                keys: [("userId", { "\($0).userId" }), ("month", { "substr(\($0).date, 1, 7)" }),
                       ("categoryId", { "COALESCE(\($0).categoryId, 0)" }), ("stashId", { "COALESCE(\($0).stashId, 0)" })],
                columns: ["userId", "date", "kind", "amountCents", "categoryId", "stashId"],
                only: { "\($0).kind = 'expense'" }))
        }

        migrator.registerMigration("v24: transaction counts per category") { db in
            // How many transactions each category holds, kept like the account balances: the categories page tells
            // each one's count, and counting a category's whole history on every visit grew with the history.
            try db.execute(sql: """
                ALTER TABLE category ADD COLUMN entryCount INTEGER NOT NULL DEFAULT 0;
                UPDATE category SET entryCount = (SELECT COUNT(*) FROM ledger WHERE ledger.categoryId = category.id);
                CREATE TRIGGER ledger_category_count_insert AFTER INSERT ON ledger WHEN NEW.categoryId IS NOT NULL BEGIN
                    UPDATE category SET entryCount = entryCount + 1 WHERE id = NEW.categoryId;
                END;
                CREATE TRIGGER ledger_category_count_delete AFTER DELETE ON ledger WHEN OLD.categoryId IS NOT NULL BEGIN
                    UPDATE category SET entryCount = entryCount - 1 WHERE id = OLD.categoryId;
                END;
                CREATE TRIGGER ledger_category_count_update AFTER UPDATE OF categoryId ON ledger
                WHEN OLD.categoryId IS NOT NEW.categoryId BEGIN
                    UPDATE category SET entryCount = entryCount - 1 WHERE id = OLD.categoryId;
                    UPDATE category SET entryCount = entryCount + 1 WHERE id = NEW.categoryId;
                END;
                """)
        }

        migrator.registerMigration("v25: month totals per category and stash for every kind") { db in
            // The spending totals of v23 widened to savings and income: a month's figures per category (a budget
            // category's page, savings outside stashes) then read a few dozen rows however many entries it holds.
            try db.execute(sql: """
                DROP TRIGGER ledger_spendingMonth_insert;
                DROP TRIGGER ledger_spendingMonth_delete;
                DROP TRIGGER ledger_spendingMonth_update;
                DROP TABLE spendingMonth;
                CREATE TABLE categoryMonth (
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    month TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    categoryId INTEGER NOT NULL,
                    stashId INTEGER NOT NULL,
                    totalCents INTEGER NOT NULL,
                    entryCount INTEGER NOT NULL,
                    PRIMARY KEY (userId, month, kind, categoryId, stashId)
                ) WITHOUT ROWID;
                INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount)
                    SELECT userId, substr(date, 1, 7), kind, COALESCE(categoryId, 0), COALESCE(stashId, 0),
                           SUM(amountCents), COUNT(*)
                    FROM ledger GROUP BY 1, 2, 3, 4, 5;
                """)
            try db.execute(sql: totalsTriggers(
                table: "categoryMonth",
                keys: [("userId", { "\($0).userId" }), ("month", { "substr(\($0).date, 1, 7)" }), ("kind", { "\($0).kind" }),
                       ("categoryId", { "COALESCE(\($0).categoryId, 0)" }), ("stashId", { "COALESCE(\($0).stashId, 0)" })],
                columns: ["userId", "date", "kind", "amountCents", "categoryId", "stashId"]))
        }

        migrator.registerMigration("v26: every stash belongs to a budget category") { db in
            // A stash's category was a free name beside the budget's categories, so charts and reports grouped by
            // two systems. Each stash now points at a budget category of its kind, found by name or made, and the
            // stash's entries are filed under it.
            try db.alter(table: "stash") { t in
                t.add(column: "categoryId", .integer).references("category", onDelete: .setNull)
            }
            let now = Date()
            for row in try Row.fetchAll(db, sql: "SELECT id, userId, kind, category FROM stash ORDER BY id") {
                let kind = Stash.Kind(rawValue: row["kind"]) ?? .save
                let categoryId = try StashCategory.resolve(db, userId: row["userId"], kind: kind, name: row["category"], now: now)
                try db.execute(sql: "UPDATE stash SET categoryId = ? WHERE id = ?", arguments: [categoryId, row["id"]])
            }
            try db.execute(sql: """
                UPDATE ledger SET categoryId = (SELECT categoryId FROM stash WHERE stash.id = ledger.stashId)
                WHERE stashId IS NOT NULL AND categoryId IS NULL
                """)
            try db.alter(table: "stash") { t in t.drop(column: "category") }
            try db.create(index: "stash_on_categoryId", on: "stash", columns: ["categoryId"])
        }

        migrator.registerMigration("v27: a wallet card keeps its own currency") { db in
            // Amounts of a card are in its currency, never converted. The catalogue's cards were all in US dollars;
            // a custom card was typed in the user's currency.
            try db.execute(sql: """
                ALTER TABLE walletCard ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD';
                UPDATE walletCard SET currency = (SELECT user.currency FROM user WHERE user.id = walletCard.userId)
                    WHERE catalogueId IS NULL;
                """)
        }

        migrator.registerMigration("v28: web push devices") { db in
            // Each browser a user turned notifications on in: its push service endpoint, the keys its messages
            // are encrypted with, and the session it was signed in with (logging that session out, here or from
            // another browser, turns the browser's notifications off). A reminder's delivery now names the device it
            // goes to (none for ntfy and the webhook), so it goes once to each: the table is rebuilt for that key.
            try db.execute(sql: """
                CREATE TABLE pushDevice (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    endpoint TEXT NOT NULL UNIQUE,
                    p256dh TEXT NOT NULL,
                    auth TEXT NOT NULL,
                    name TEXT NOT NULL,
                    createdAt DATETIME NOT NULL,
                    lastSentAt DATETIME,
                    sessionId TEXT
                );
                CREATE INDEX pushDevice_user ON pushDevice (userId);
                CREATE INDEX pushDevice_session ON pushDevice (sessionId) WHERE sessionId IS NOT NULL;
                CREATE TABLE pushDelivery_new (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    notificationId INTEGER NOT NULL REFERENCES notification(id) ON DELETE CASCADE,
                    channel TEXT NOT NULL,
                    deviceId INTEGER REFERENCES pushDevice(id) ON DELETE CASCADE,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    nextAttemptAt DATETIME NOT NULL,
                    lastAttemptAt DATETIME,
                    lastError TEXT,
                    deliveredAt DATETIME
                );
                INSERT INTO pushDelivery_new (id, userId, notificationId, channel, attempts, nextAttemptAt, lastAttemptAt,
                                              lastError, deliveredAt)
                    SELECT id, userId, notificationId, channel, attempts, nextAttemptAt, lastAttemptAt, lastError, deliveredAt
                    FROM pushDelivery;
                DROP TABLE pushDelivery;
                ALTER TABLE pushDelivery_new RENAME TO pushDelivery;
                CREATE UNIQUE INDEX pushDelivery_once ON pushDelivery (notificationId, channel, IFNULL(deviceId, 0));
                CREATE INDEX pushDelivery_due ON pushDelivery (nextAttemptAt) WHERE deliveredAt IS NULL;
                CREATE INDEX pushDelivery_user ON pushDelivery (userId, lastAttemptAt);
                CREATE INDEX pushDelivery_device ON pushDelivery (deviceId) WHERE deviceId IS NOT NULL;
                """)
        }

        migrator.registerMigration("v29: push channels switched off, and reminders pushed as one digest") { db in
            // A push channel can be kept but switched off (an imported export's channels come in so: the server it
            // came from may still push to them). How reminders due at once are pushed: `auto` (one digest when more
            // than three are due), `each` (one push per reminder) or `digest` (always one).
            try db.execute(sql: """
                ALTER TABLE pushChannel ADD COLUMN enabled BOOLEAN NOT NULL DEFAULT 1;
                ALTER TABLE walletSettings ADD COLUMN pushDigest TEXT NOT NULL DEFAULT 'auto';
                """)
        }

        migrator.registerMigration("v30: the first run is shown once") { db in
            // Whether the member has finished or skipped the welcome that follows sign-up. Members who signed up
            // before it existed count as done, so they never see it; sign-up starts a new member at 0.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN firstRunDone BOOLEAN NOT NULL DEFAULT 1")
        }

        migrator.registerMigration("v31: an import is written under a user of its own until all of it is in") { db in
            // An account import writes its rows in many short transactions under a user nobody can sign in as, which
            // names the member it is for; the last transaction makes that user the member's account (see
            // `AccountImport+Staging`). One left by a stop is deleted at start.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN importingFor INTEGER REFERENCES user(id) ON DELETE CASCADE")
        }

        migrator.registerMigration("v32: the server's owner is marked") { db in
            // The owner is the oldest account unless one is marked: an import that gives the owner's account a new
            // row marks it, so the owner stays the owner.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN isOwner BOOLEAN NOT NULL DEFAULT 0")
        }

        migrator.registerMigration("v35: invitations to sign up") { db in
            // A one-time link the owner gives one person, so they can make an account while sign-up is closed: kept
            // only as the SHA-256 of its token, for one email, until it expires or is used.
            try db.execute(sql: """
                CREATE TABLE invitation (
                    id INTEGER PRIMARY KEY,
                    email TEXT NOT NULL,
                    tokenHash TEXT NOT NULL UNIQUE,
                    createdAt DATETIME NOT NULL,
                    expiresAt DATETIME NOT NULL,
                    usedAt DATETIME
                );
                CREATE INDEX invitation_email ON invitation (email);
                """)
        }

        migrator.registerMigration("v36: two-factor code tries per account") { db in
            // Each one-time code tried at sign-in, whatever address it came from, until the account signs in or the
            // try is 15 minutes old: too many lock two-factor sign-in for that account for a while.
            try db.execute(sql: """
                CREATE TABLE twoFactorTry (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    triedAt DATETIME NOT NULL
                );
                CREATE INDEX twoFactorTry_user ON twoFactorTry (userId, triedAt);
                """)
        }

        migrator.registerMigration("v37: sessions and calendar feeds keep only a digest of their secret") { db in
            // A session's cookie value and a calendar feed's URL secret stay with the browser and the calendar app;
            // the database keeps their SHA-256 in hex, so a copy of it (or a backup) signs no one in and reads no
            // calendar. Those made before are hashed in place: nobody is logged out, subscribed calendars keep working,
            // and push devices keep naming the session they were turned on in. The hash is defined here, on its own.
            let sha256 = DatabaseFunction("v37_sha256_hex", argumentCount: 1, pure: true) { values -> String? in
                guard let text = String.fromDatabaseValue(values[0]) else { return nil }
                return SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
            }
            db.add(function: sha256)
            defer { db.remove(function: sha256) }
            try db.execute(sql: """
                UPDATE session SET id = v37_sha256_hex(id);
                UPDATE pushDevice SET sessionId = v37_sha256_hex(sessionId) WHERE sessionId IS NOT NULL;
                UPDATE calendarFeed SET token = v37_sha256_hex(token);
                """)
        }

        migrator.registerMigration("v38: sessions kept signed in or ended when idle") { db in
            // Whether the browser ticked "Keep me signed in": a session that didn't ends after a while without use
            // (counted from `lastSeenAt`), and its cookie with the browser. Sessions from before were kept.
            try db.execute(sql: "ALTER TABLE session ADD COLUMN keepSignedIn BOOLEAN NOT NULL DEFAULT 1")
        }

        return migrator
    }

    /// Triggers that keep `table` (key columns, then `totalCents` and `entryCount`) the sum and count of the ledger
    /// rows with each key: `keys` gives each key column's value from a row (`NEW` or `OLD`), `columns` the ledger
    /// columns whose update can move a row, `only` which rows count. A key whose count falls to zero is removed.
    static func totalsTriggers(table: String, keys: [(String, (String) -> String)], columns: [String],
                               only: (String) -> String = { _ in "true" }) -> String {
        let names = keys.map(\.0).joined(separator: ", ")
        func add(_ row: String) -> String { """
            INSERT INTO \(table) (\(names), totalCents, entryCount)
                SELECT \(keys.map { $0.1(row) }.joined(separator: ", ")), \(row).amountCents, 1 WHERE \(only(row))
                ON CONFLICT (\(names)) DO UPDATE SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
            """ }
        func remove(_ row: String) -> String {
            let match = keys.map { "\($0.0) = \($0.1(row))" }.joined(separator: " AND ")
            return """
                UPDATE \(table) SET totalCents = totalCents - \(row).amountCents, entryCount = entryCount - 1
                    WHERE \(match) AND \(only(row));
                DELETE FROM \(table) WHERE \(match) AND entryCount <= 0;
                """
        }
        return """
            CREATE TRIGGER ledger_\(table)_insert AFTER INSERT ON ledger BEGIN
                \(add("NEW"))
            END;
            CREATE TRIGGER ledger_\(table)_delete AFTER DELETE ON ledger BEGIN
                \(remove("OLD"))
            END;
            CREATE TRIGGER ledger_\(table)_update AFTER UPDATE OF \(columns.joined(separator: ", ")) ON ledger BEGIN
                \(remove("OLD"))
                \(add("NEW"))
            END;
            """
    }

    /// How many of a stash's latest entries its quick-add amounts come from, and how many it offers.
    static let quickAmountsRecent = 50
    static let quickAmountsShown = 3

    /// The SQL that fills `stashQuickAmount` for `stashId` (an SQL expression): the most frequent amounts among
    /// the stash's latest entries, the smaller first on a tie. Nothing when the stash doesn't exist. The one place the
    /// rule lives in SQL: the migration's backfill and its triggers use it (`DerivedTotalsTests` checks it against a
    /// Swift rebuild). Changing it means a new migration that recreates the triggers.
    static func quickAmountsSQL(stashId: String) -> String {
        """
        INSERT INTO stashQuickAmount (stashId, position, amountCents)
        SELECT \(stashId), ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
            SELECT amountCents, COUNT(*) AS n FROM (
                SELECT amountCents FROM ledger WHERE stashId = \(stashId)
                ORDER BY date DESC, amountCents DESC LIMIT \(quickAmountsRecent))
            GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT \(quickAmountsShown))
        WHERE EXISTS (SELECT 1 FROM stash WHERE id = \(stashId))
        """
    }

    /// The tables Home's wallet widgets are built from (`walletWidgetData`): a write to any of them raises the
    /// user's wallet revision, so kept widgets are built again.
    static let walletTables = ["walletCard", "cardBenefit", "benefitUse", "subscription", "coupon"]
}

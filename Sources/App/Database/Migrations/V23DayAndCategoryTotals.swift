import GRDB

/// Migration v23 as it ran: literal SQL that calls no app code, never to be edited.
enum V23DayAndCategoryTotals {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23: day and category totals kept in step with the ledger") { db in
            // Per user, day and kind; and per user, month, category and stash for spending: so a year's totals, charts
            // and spending by category read a few hundred rows however many entries the year holds. A stash or
            // category that isn't there is 0 (key columns can't be NULL). Kept like the other totals.
            try db.execute(
                sql: """
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
                        SELECT userId, substr(date, 1, 7), COALESCE(categoryId, 0), COALESCE(stashId, 0), \
                    SUM(amountCents), COUNT(*)
                        FROM ledger WHERE kind = 'expense' GROUP BY 1, 2, 3, 4;
                    CREATE TRIGGER ledger_ledgerDay_insert AFTER INSERT ON ledger BEGIN
                        INSERT INTO ledgerDay (userId, date, kind, totalCents, entryCount)
                        SELECT NEW.userId, NEW.date, NEW.kind, NEW.amountCents, 1 WHERE true
                        ON CONFLICT (userId, date, kind) DO UPDATE SET totalCents = totalCents + excluded.totalCents, \
                    entryCount = entryCount + 1;
                    END;
                    CREATE TRIGGER ledger_ledgerDay_delete AFTER DELETE ON ledger BEGIN
                        UPDATE ledgerDay SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind AND true;
                    DELETE FROM ledgerDay WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind AND \
                    entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_ledgerDay_update AFTER UPDATE OF userId, date, kind, amountCents ON ledger BEGIN
                        UPDATE ledgerDay SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind AND true;
                    DELETE FROM ledgerDay WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind AND \
                    entryCount <= 0;
                        INSERT INTO ledgerDay (userId, date, kind, totalCents, entryCount)
                        SELECT NEW.userId, NEW.date, NEW.kind, NEW.amountCents, 1 WHERE true
                        ON CONFLICT (userId, date, kind) DO UPDATE SET totalCents = totalCents + excluded.totalCents, \
                    entryCount = entryCount + 1;
                    END;
                    CREATE TRIGGER ledger_spendingMonth_insert AFTER INSERT ON ledger BEGIN
                        INSERT INTO spendingMonth (userId, month, categoryId, stashId, totalCents, entryCount)
                        SELECT NEW.userId, substr(NEW.date, 1, 7), COALESCE(NEW.categoryId, 0), COALESCE(NEW.stashId, 0), \
                    NEW.amountCents, 1 WHERE NEW.kind = 'expense'
                        ON CONFLICT (userId, month, categoryId, \
                    stashId) DO UPDATE SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END;
                    CREATE TRIGGER ledger_spendingMonth_delete AFTER DELETE ON ledger BEGIN
                        UPDATE spendingMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND categoryId = COALESCE(OLD.categoryId, 0) AND stashId = COALESCE(OLD.stashId, \
                    0) AND OLD.kind = 'expense';
                    DELETE FROM spendingMonth WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND categoryId = COALESCE(OLD.categoryId, 0) AND stashId = COALESCE(OLD.stashId, \
                    0) AND entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_spendingMonth_update AFTER UPDATE OF userId, date, kind, amountCents, \
                    categoryId, stashId ON ledger BEGIN
                        UPDATE spendingMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND categoryId = COALESCE(OLD.categoryId, 0) AND stashId = COALESCE(OLD.stashId, \
                    0) AND OLD.kind = 'expense';
                    DELETE FROM spendingMonth WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND categoryId = COALESCE(OLD.categoryId, 0) AND stashId = COALESCE(OLD.stashId, \
                    0) AND entryCount <= 0;
                        INSERT INTO spendingMonth (userId, month, categoryId, stashId, totalCents, entryCount)
                        SELECT NEW.userId, substr(NEW.date, 1, 7), COALESCE(NEW.categoryId, 0), COALESCE(NEW.stashId, 0), \
                    NEW.amountCents, 1 WHERE NEW.kind = 'expense'
                        ON CONFLICT (userId, month, categoryId, \
                    stashId) DO UPDATE SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END
                    """
            )
        }
    }
}

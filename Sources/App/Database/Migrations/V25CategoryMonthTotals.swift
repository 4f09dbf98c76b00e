import GRDB

/// Migration v25 as it ran: literal SQL that calls no app code, never to be edited.
enum V25CategoryMonthTotals {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v25: month totals per category and stash for every kind") { db in
            // The spending totals of v23 widened to savings and income: a month's figures per category (a budget
            // category's page, savings outside stashes) then read a few dozen rows however many entries it holds.
            try db.execute(
                sql: """
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
                    CREATE TRIGGER ledger_categoryMonth_insert AFTER INSERT ON ledger BEGIN
                        INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount)
                        SELECT NEW.userId, substr(NEW.date, 1, 7), NEW.kind, COALESCE(NEW.categoryId, 0), \
                    COALESCE(NEW.stashId, 0), NEW.amountCents, 1 WHERE true
                        ON CONFLICT (userId, month, kind, categoryId, \
                    stashId) DO UPDATE SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END;
                    CREATE TRIGGER ledger_categoryMonth_delete AFTER DELETE ON ledger BEGIN
                        UPDATE categoryMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0) AND true;
                    DELETE FROM categoryMonth WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0) AND entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_categoryMonth_update AFTER UPDATE OF userId, date, kind, amountCents, \
                    categoryId, stashId ON ledger BEGIN
                        UPDATE categoryMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0) AND true;
                    DELETE FROM categoryMonth WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0) AND entryCount <= 0;
                        INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount)
                        SELECT NEW.userId, substr(NEW.date, 1, 7), NEW.kind, COALESCE(NEW.categoryId, 0), \
                    COALESCE(NEW.stashId, 0), NEW.amountCents, 1 WHERE true
                        ON CONFLICT (userId, month, kind, categoryId, \
                    stashId) DO UPDATE SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END
                    """
            )
        }
    }
}

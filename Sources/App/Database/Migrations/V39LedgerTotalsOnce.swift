import GRDB

/// Migration v39 as it ran: literal SQL that calls no app code, never to be edited.
enum V39LedgerTotalsOnce {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v39: one trigger family per ledger total, paused while a bulk write runs") { db in
            // A month's totals per kind and a stash's per month were kept beside the category month totals they are
            // sums of: they go, with their triggers, and their readers sum `categoryMonth` (a stash's months through
            // a new index). The other totals' triggers are made again, each from its description in `LedgerTotal`
            // (a test checks they are the same), and do nothing while `ledgerBulkWrite` holds its one row: a bulk
            // write sets it, writes, works the user's totals out once and clears it, instead of dropping the
            // triggers and making them again. A trigger's update now skips rows whose counted columns didn't change.
            try db.execute(
                sql: """
                    DROP TRIGGER ledger_month_insert;
                    DROP TRIGGER ledger_month_delete;
                    DROP TRIGGER ledger_month_update;
                    DROP TRIGGER ledger_stash_month_insert;
                    DROP TRIGGER ledger_stash_month_delete;
                    DROP TRIGGER ledger_stash_month_update;
                    DROP TABLE ledgerMonth;
                    DROP TABLE stashMonth;
                    CREATE INDEX categoryMonth_on_stashId_month ON categoryMonth (stashId, month, totalCents, entryCount);
                    CREATE TABLE ledgerBulkWrite (id INTEGER PRIMARY KEY CHECK (id = 1));
                    DROP TRIGGER ledger_account_insert;
                    DROP TRIGGER ledger_account_delete;
                    DROP TRIGGER ledger_account_update;
                    DROP TRIGGER ledger_category_count_insert;
                    DROP TRIGGER ledger_category_count_delete;
                    DROP TRIGGER ledger_category_count_update;
                    DROP TRIGGER ledger_ledgerDay_insert;
                    DROP TRIGGER ledger_ledgerDay_delete;
                    DROP TRIGGER ledger_ledgerDay_update;
                    DROP TRIGGER ledger_categoryMonth_insert;
                    DROP TRIGGER ledger_categoryMonth_delete;
                    DROP TRIGGER ledger_categoryMonth_update;
                    DROP TRIGGER ledger_quick_insert;
                    DROP TRIGGER ledger_quick_delete;
                    DROP TRIGGER ledger_quick_update;
                    CREATE TRIGGER ledger_account_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND NEW.accountId IS NOT NULL BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents + (CASE NEW.kind WHEN 'income' THEN \
                    NEW.amountCents ELSE -NEW.amountCents END) WHERE id = NEW.accountId;
                    END;
                    CREATE TRIGGER ledger_account_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND OLD.accountId IS NOT NULL BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents ELSE -OLD.amountCents END) WHERE id = OLD.accountId;
                    END;
                    CREATE TRIGGER ledger_account_update AFTER UPDATE OF accountId, kind, amountCents ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.accountId IS NOT NEW.accountId OR OLD.kind \
                    IS NOT NEW.kind OR OLD.amountCents IS NOT NEW.amountCents) BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents ELSE -OLD.amountCents END) WHERE id = OLD.accountId AND OLD.accountId IS NOT NULL;
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents + (CASE NEW.kind WHEN 'income' THEN \
                    NEW.amountCents ELSE -NEW.amountCents END) WHERE id = NEW.accountId AND NEW.accountId IS NOT NULL;
                    END;
                    CREATE TRIGGER ledger_category_count_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND NEW.categoryId IS NOT NULL BEGIN
                        UPDATE category SET entryCount = entryCount + 1 WHERE id = NEW.categoryId;
                    END;
                    CREATE TRIGGER ledger_category_count_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND OLD.categoryId IS NOT NULL BEGIN
                        UPDATE category SET entryCount = entryCount - 1 WHERE id = OLD.categoryId;
                    END;
                    CREATE TRIGGER ledger_category_count_update AFTER UPDATE OF categoryId ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.categoryId IS NOT NEW.categoryId) BEGIN
                        UPDATE category SET entryCount = entryCount - 1 WHERE id = OLD.categoryId AND OLD.categoryId IS \
                    NOT NULL;
                        UPDATE category SET entryCount = entryCount + 1 WHERE id = NEW.categoryId AND NEW.categoryId IS \
                    NOT NULL;
                    END;
                    CREATE TRIGGER ledger_ledgerDay_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) BEGIN
                        INSERT INTO ledgerDay (userId, date, kind, totalCents, entryCount)
                            SELECT NEW.userId, NEW.date, NEW.kind, NEW.amountCents, 1 WHERE true
                            ON CONFLICT (userId, date, kind) DO UPDATE SET totalCents = totalCents + excluded.totalCents, \
                    entryCount = entryCount + excluded.entryCount;
                    END;
                    CREATE TRIGGER ledger_ledgerDay_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) BEGIN
                        UPDATE ledgerDay SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                            WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind;
                        DELETE FROM ledgerDay WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind AND \
                    entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_ledgerDay_update AFTER UPDATE OF userId, date, kind, amountCents ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.userId IS NOT NEW.userId OR OLD.date IS NOT \
                    NEW.date OR OLD.kind IS NOT NEW.kind OR OLD.amountCents IS NOT NEW.amountCents) BEGIN
                        UPDATE ledgerDay SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                            WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind;
                        DELETE FROM ledgerDay WHERE userId = OLD.userId AND date = OLD.date AND kind = OLD.kind AND \
                    entryCount <= 0;
                        INSERT INTO ledgerDay (userId, date, kind, totalCents, entryCount)
                            SELECT NEW.userId, NEW.date, NEW.kind, NEW.amountCents, 1 WHERE true
                            ON CONFLICT (userId, date, kind) DO UPDATE SET totalCents = totalCents + excluded.totalCents, \
                    entryCount = entryCount + excluded.entryCount;
                    END;
                    CREATE TRIGGER ledger_categoryMonth_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) BEGIN
                        INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount)
                            SELECT NEW.userId, substr(NEW.date, 1, 7), NEW.kind, COALESCE(NEW.categoryId, 0), \
                    COALESCE(NEW.stashId, 0), NEW.amountCents, 1 WHERE true
                            ON CONFLICT (userId, month, kind, categoryId, \
                    stashId) DO UPDATE SET totalCents = totalCents + excluded.totalCents, \
                    entryCount = entryCount + excluded.entryCount;
                    END;
                    CREATE TRIGGER ledger_categoryMonth_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) BEGIN
                        UPDATE categoryMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                            WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0);
                        DELETE FROM categoryMonth WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0) AND entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_categoryMonth_update AFTER UPDATE OF userId, date, kind, amountCents, \
                    categoryId, stashId ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.userId IS NOT NEW.userId OR OLD.date IS NOT \
                    NEW.date OR OLD.kind IS NOT NEW.kind OR OLD.amountCents IS NOT NEW.amountCents OR OLD.categoryId IS \
                    NOT NEW.categoryId OR OLD.stashId IS NOT NEW.stashId) BEGIN
                        UPDATE categoryMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                            WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0);
                        DELETE FROM categoryMonth WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND categoryId = COALESCE(OLD.categoryId, \
                    0) AND stashId = COALESCE(OLD.stashId, 0) AND entryCount <= 0;
                        INSERT INTO categoryMonth (userId, month, kind, categoryId, stashId, totalCents, entryCount)
                            SELECT NEW.userId, substr(NEW.date, 1, 7), NEW.kind, COALESCE(NEW.categoryId, 0), \
                    COALESCE(NEW.stashId, 0), NEW.amountCents, 1 WHERE true
                            ON CONFLICT (userId, month, kind, categoryId, \
                    stashId) DO UPDATE SET totalCents = totalCents + excluded.totalCents, \
                    entryCount = entryCount + excluded.entryCount;
                    END;
                    CREATE TRIGGER ledger_quick_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND NEW.stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = NEW.stashId AND (date, amountCents) > (NEW.date, \
                    NEW.amountCents)
                        LIMIT 50)) < 50 BEGIN
                        DELETE FROM stashQuickAmount WHERE stashId = NEW.stashId;
                        INSERT INTO stashQuickAmount (stashId, position, amountCents)
                        SELECT NEW.stashId, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                            SELECT amountCents, COUNT(*) AS n FROM (
                                SELECT amountCents FROM ledger WHERE stashId = NEW.stashId
                                ORDER BY date DESC, amountCents DESC LIMIT 50)
                            GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT 3)
                        WHERE EXISTS (SELECT 1 FROM stash WHERE id = NEW.stashId);
                    END;
                    CREATE TRIGGER ledger_quick_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND OLD.stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = OLD.stashId AND (date, amountCents) > (OLD.date, \
                    OLD.amountCents)
                        LIMIT 50)) < 50 BEGIN
                        DELETE FROM stashQuickAmount WHERE stashId = OLD.stashId;
                        INSERT INTO stashQuickAmount (stashId, position, amountCents)
                        SELECT OLD.stashId, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                            SELECT amountCents, COUNT(*) AS n FROM (
                                SELECT amountCents FROM ledger WHERE stashId = OLD.stashId
                                ORDER BY date DESC, amountCents DESC LIMIT 50)
                            GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT 3)
                        WHERE EXISTS (SELECT 1 FROM stash WHERE id = OLD.stashId);
                    END;
                    CREATE TRIGGER ledger_quick_update AFTER UPDATE OF stashId, date, amountCents ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.stashId IS NOT NEW.stashId OR OLD.date IS \
                    NOT NEW.date OR OLD.amountCents IS NOT NEW.amountCents) AND ((OLD.stashId IS NOT NULL AND (SELECT \
                    COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = OLD.stashId AND (date, amountCents) > (OLD.date, \
                    OLD.amountCents)
                        LIMIT 50)) < 50) OR (NEW.stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = NEW.stashId AND (date, amountCents) > (NEW.date, \
                    NEW.amountCents)
                        LIMIT 50)) < 50)) BEGIN
                        DELETE FROM stashQuickAmount WHERE stashId = OLD.stashId;
                        INSERT INTO stashQuickAmount (stashId, position, amountCents)
                        SELECT OLD.stashId, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                            SELECT amountCents, COUNT(*) AS n FROM (
                                SELECT amountCents FROM ledger WHERE stashId = OLD.stashId
                                ORDER BY date DESC, amountCents DESC LIMIT 50)
                            GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT 3)
                        WHERE EXISTS (SELECT 1 FROM stash WHERE id = OLD.stashId);
                        DELETE FROM stashQuickAmount WHERE stashId = NEW.stashId;
                        INSERT INTO stashQuickAmount (stashId, position, amountCents)
                        SELECT NEW.stashId, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                            SELECT amountCents, COUNT(*) AS n FROM (
                                SELECT amountCents FROM ledger WHERE stashId = NEW.stashId
                                ORDER BY date DESC, amountCents DESC LIMIT 50)
                            GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT 3)
                        WHERE EXISTS (SELECT 1 FROM stash WHERE id = NEW.stashId);
                    END
                    """
            )
        }
    }
}

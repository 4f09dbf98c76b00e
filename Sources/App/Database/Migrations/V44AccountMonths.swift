import GRDB

/// Migration v44 as it ran: literal SQL that calls no app code, never to be edited.
enum V44AccountMonths {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v44: what each month did to each account") { db in
            // Per user, account and month, money in less money out (`LedgerTotal.accountMonth`), worked out from the
            // ledger and kept by triggers from here on: a total balance at any month's end, and an account's balance
            // before any row, then read a few rows per month however long the history.
            try db.execute(
                sql: """
                    CREATE TABLE accountMonth (
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        accountId INTEGER NOT NULL,
                        month TEXT NOT NULL,
                        totalCents INTEGER NOT NULL,
                        entryCount INTEGER NOT NULL,
                        PRIMARY KEY (userId, accountId, month)
                    ) WITHOUT ROWID;
                    CREATE INDEX accountMonth_on_accountId_month ON accountMonth (accountId, month, totalCents);
                    INSERT INTO accountMonth (userId, accountId, month, totalCents, entryCount)
                        SELECT userId, accountId, substr(date, 1, 7),
                               SUM(CASE kind WHEN 'income' THEN amountCents WHEN 'transfer-in' THEN amountCents \
                    ELSE -amountCents END), COUNT(*)
                        FROM ledger WHERE accountId IS NOT NULL GROUP BY 1, 2, 3;
                    CREATE TRIGGER ledger_accountMonth_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND NEW.accountId IS NOT NULL BEGIN
                        INSERT INTO accountMonth (userId, accountId, month, totalCents, entryCount)
                            SELECT NEW.userId, NEW.accountId, substr(NEW.date, 1, 7), (CASE NEW.kind WHEN 'income' \
                    THEN NEW.amountCents WHEN 'transfer-in' THEN NEW.amountCents ELSE -NEW.amountCents END), 1 \
                    WHERE true
                            ON CONFLICT (userId, accountId, month) DO UPDATE SET totalCents = totalCents + \
                    excluded.totalCents, entryCount = entryCount + excluded.entryCount;
                    END;
                    CREATE TRIGGER ledger_accountMonth_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND OLD.accountId IS NOT NULL BEGIN
                        UPDATE accountMonth SET totalCents = totalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents WHEN 'transfer-in' THEN OLD.amountCents ELSE -OLD.amountCents END), entryCount \
                    = entryCount - 1
                            WHERE userId = OLD.userId AND accountId = OLD.accountId AND month = substr(OLD.date, 1, \
                    7);
                        DELETE FROM accountMonth WHERE userId = OLD.userId AND accountId = OLD.accountId AND month \
                    = substr(OLD.date, 1, 7) AND entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_accountMonth_update AFTER UPDATE OF userId, accountId, date, kind, \
                    amountCents ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.userId IS NOT NEW.userId OR \
                    OLD.accountId IS NOT NEW.accountId OR OLD.date IS NOT NEW.date OR OLD.kind IS NOT NEW.kind OR \
                    OLD.amountCents IS NOT NEW.amountCents) BEGIN
                        UPDATE accountMonth SET totalCents = totalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents WHEN 'transfer-in' THEN OLD.amountCents ELSE -OLD.amountCents END), entryCount \
                    = entryCount - 1
                            WHERE userId = OLD.userId AND accountId = OLD.accountId AND month = substr(OLD.date, 1, \
                    7) AND OLD.accountId IS NOT NULL;
                        DELETE FROM accountMonth WHERE userId = OLD.userId AND accountId = OLD.accountId AND month \
                    = substr(OLD.date, 1, 7) AND entryCount <= 0;
                        INSERT INTO accountMonth (userId, accountId, month, totalCents, entryCount)
                            SELECT NEW.userId, NEW.accountId, substr(NEW.date, 1, 7), (CASE NEW.kind WHEN 'income' \
                    THEN NEW.amountCents WHEN 'transfer-in' THEN NEW.amountCents ELSE -NEW.amountCents END), 1 \
                    WHERE NEW.accountId IS NOT NULL
                            ON CONFLICT (userId, accountId, month) DO UPDATE SET totalCents = totalCents + \
                    excluded.totalCents, entryCount = entryCount + excluded.entryCount;
                    END;
                    """
            )
        }
    }
}

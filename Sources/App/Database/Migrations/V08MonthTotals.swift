import GRDB

/// Migration v8 as it ran: literal SQL that calls no app code, never to be edited.
enum V08MonthTotals {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8: month totals kept in step with the ledger") { db in
            // Per user, month and kind: the total and the number of rows, so a month's income, spending and savings
            // are three key lookups however many rows the month has. Triggers keep it right whichever code writes
            // the ledger; a row whose count falls to zero is removed.
            try db.execute(
                sql: """
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
                    CREATE TRIGGER ledger_month_insert AFTER INSERT ON ledger BEGIN
                        INSERT INTO ledgerMonth (userId, month, kind, totalCents, entryCount)
                        VALUES (NEW.userId, substr(NEW.date, 1, 7), NEW.kind, NEW.amountCents, 1)
                        ON CONFLICT (userId, month, kind) DO UPDATE
                        SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END;
                    CREATE TRIGGER ledger_month_delete AFTER DELETE ON ledger BEGIN
                        UPDATE ledgerMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, 7) AND kind = OLD.kind;
                    DELETE FROM ledgerMonth
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_month_update AFTER UPDATE OF userId, date, kind, amountCents ON ledger BEGIN
                        UPDATE ledgerMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, 7) AND kind = OLD.kind;
                    DELETE FROM ledgerMonth
                        WHERE userId = OLD.userId AND month = substr(OLD.date, 1, \
                    7) AND kind = OLD.kind AND entryCount <= 0;
                        INSERT INTO ledgerMonth (userId, month, kind, totalCents, entryCount)
                        VALUES (NEW.userId, substr(NEW.date, 1, 7), NEW.kind, NEW.amountCents, 1)
                        ON CONFLICT (userId, month, kind) DO UPDATE
                        SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END
                    """
            )
        }
    }
}

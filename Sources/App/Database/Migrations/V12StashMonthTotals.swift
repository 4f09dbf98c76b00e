import GRDB

/// Migration v12 as it ran: literal SQL that calls no app code, never to be edited.
enum V12StashMonthTotals {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12: stash month totals kept in step with the ledger") { db in
            // Per stash and month: the total and the number of entries, kept by triggers like the other totals (it
            // was kept by the entry writes in Swift, so a write that went around them left it wrong). Worked out
            // again from the ledger here, so any such drift is gone; a row whose count falls to zero is removed.
            try db.execute(
                sql: """
                    DELETE FROM stashMonth;
                    INSERT INTO stashMonth (stashId, month, totalCents, entryCount)
                        SELECT stashId, substr(date, 1, 7), SUM(amountCents), COUNT(*) FROM ledger
                        WHERE stashId IS NOT NULL GROUP BY 1, 2;
                    CREATE TRIGGER ledger_stash_month_insert AFTER INSERT ON ledger WHEN NEW.stashId IS NOT NULL BEGIN
                        INSERT INTO stashMonth (stashId, month, totalCents, entryCount)
                        SELECT NEW.stashId, substr(NEW.date, 1, 7), NEW.amountCents, 1 WHERE NEW.stashId IS NOT NULL
                        ON CONFLICT (stashId, month) DO UPDATE
                        SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END;
                    CREATE TRIGGER ledger_stash_month_delete AFTER DELETE ON ledger WHEN OLD.stashId IS NOT NULL BEGIN
                        UPDATE stashMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE stashId = OLD.stashId AND month = substr(OLD.date, 1, 7);
                    DELETE FROM stashMonth WHERE stashId = OLD.stashId AND month = substr(OLD.date, 1, \
                    7) AND entryCount <= 0;
                    END;
                    CREATE TRIGGER ledger_stash_month_update AFTER UPDATE OF stashId, date, amountCents ON ledger BEGIN
                        UPDATE stashMonth SET totalCents = totalCents - OLD.amountCents, entryCount = entryCount - 1
                        WHERE stashId = OLD.stashId AND month = substr(OLD.date, 1, 7);
                    DELETE FROM stashMonth WHERE stashId = OLD.stashId AND month = substr(OLD.date, 1, \
                    7) AND entryCount <= 0;
                        INSERT INTO stashMonth (stashId, month, totalCents, entryCount)
                        SELECT NEW.stashId, substr(NEW.date, 1, 7), NEW.amountCents, 1 WHERE NEW.stashId IS NOT NULL
                        ON CONFLICT (stashId, month) DO UPDATE
                        SET totalCents = totalCents + excluded.totalCents, entryCount = entryCount + 1;
                    END
                    """
            )
        }
    }
}

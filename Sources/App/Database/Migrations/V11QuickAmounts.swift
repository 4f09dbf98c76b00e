import GRDB

/// Migration v11 as it ran: literal SQL that calls no app code, never to be edited.
enum V11QuickAmounts {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11: quick-add amounts kept in step with the ledger") { db in
            // Per stash, the amounts Home offers as quick-add buttons: the most frequent among its latest entries.
            // Triggers work them out again on every write that can change them, so Home reads three rows per stash
            // instead of grouping its latest entries on every visit. The insert finds no stash while a stash is being
            // deleted (its entries go with it), and the stash's own row cascades.
            // Only a row among its stash's latest entries can change them: when at least that many rows of the
            // stash stand after it (by date, then amount), an old entry typed in or removed leaves them as they are,
            // and the check reads at most that many index entries.
            try db.execute(
                sql: """
                    CREATE TABLE stashQuickAmount (
                        stashId INTEGER NOT NULL REFERENCES stash(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        amountCents INTEGER NOT NULL,
                        PRIMARY KEY (stashId, position)
                    ) WITHOUT ROWID
                    """
            )
            for stashId in try Int64.fetchAll(db, sql: "SELECT id FROM stash") {
                try db.execute(
                    sql: """
                        INSERT INTO stashQuickAmount (stashId, position, amountCents)
                        SELECT :stashId, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                            SELECT amountCents, COUNT(*) AS n FROM (
                                SELECT amountCents FROM ledger WHERE stashId = :stashId
                                ORDER BY date DESC, amountCents DESC LIMIT 50)
                            GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT 3)
                        WHERE EXISTS (SELECT 1 FROM stash WHERE id = :stashId)
                        """,
                    arguments: ["stashId": stashId]
                )
            }
            try db.execute(
                sql: """
                    CREATE TRIGGER ledger_quick_insert AFTER INSERT ON ledger WHEN (NEW.stashId IS NOT NULL AND (SELECT \
                    COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = NEW.stashId AND (date, amountCents) > (NEW.date, \
                    NEW.amountCents)
                        LIMIT 50)) < 50) BEGIN
                        DELETE FROM stashQuickAmount WHERE stashId = NEW.stashId;
                    INSERT INTO stashQuickAmount (stashId, position, amountCents)
                    SELECT NEW.stashId, ROW_NUMBER() OVER (ORDER BY n DESC, amountCents), amountCents FROM (
                        SELECT amountCents, COUNT(*) AS n FROM (
                            SELECT amountCents FROM ledger WHERE stashId = NEW.stashId
                            ORDER BY date DESC, amountCents DESC LIMIT 50)
                        GROUP BY amountCents ORDER BY n DESC, amountCents LIMIT 3)
                    WHERE EXISTS (SELECT 1 FROM stash WHERE id = NEW.stashId);
                    END;
                    CREATE TRIGGER ledger_quick_delete AFTER DELETE ON ledger WHEN (OLD.stashId IS NOT NULL AND (SELECT \
                    COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = OLD.stashId AND (date, amountCents) > (OLD.date, \
                    OLD.amountCents)
                        LIMIT 50)) < 50) BEGIN
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
                    WHEN (OLD.stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = OLD.stashId AND (date, amountCents) > (OLD.date, \
                    OLD.amountCents)
                        LIMIT 50)) < 50) OR (NEW.stashId IS NOT NULL AND (SELECT COUNT(*) FROM (
                        SELECT 1 FROM ledger WHERE stashId = NEW.stashId AND (date, amountCents) > (NEW.date, \
                    NEW.amountCents)
                        LIMIT 50)) < 50) BEGIN
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

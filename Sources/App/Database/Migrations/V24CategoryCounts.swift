import GRDB

/// Migration v24 as it ran: literal SQL that calls no app code, never to be edited.
enum V24CategoryCounts {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24: transaction counts per category") { db in
            // How many transactions each category holds, kept like the account balances: the categories page tells
            // each one's count, and counting a category's whole history on every visit grew with the history.
            try db.execute(
                sql: """
                    ALTER TABLE category ADD COLUMN entryCount INTEGER NOT NULL DEFAULT 0;
                    UPDATE category SET entryCount = (SELECT COUNT(*) FROM ledger WHERE ledger.categoryId = category.id);
                    CREATE TRIGGER ledger_category_count_insert AFTER INSERT ON ledger WHEN NEW.categoryId IS NOT NULL \
                    BEGIN
                        UPDATE category SET entryCount = entryCount + 1 WHERE id = NEW.categoryId;
                    END;
                    CREATE TRIGGER ledger_category_count_delete AFTER DELETE ON ledger WHEN OLD.categoryId IS NOT NULL \
                    BEGIN
                        UPDATE category SET entryCount = entryCount - 1 WHERE id = OLD.categoryId;
                    END;
                    CREATE TRIGGER ledger_category_count_update AFTER UPDATE OF categoryId ON ledger
                    WHEN OLD.categoryId IS NOT NEW.categoryId BEGIN
                        UPDATE category SET entryCount = entryCount - 1 WHERE id = OLD.categoryId;
                        UPDATE category SET entryCount = entryCount + 1 WHERE id = NEW.categoryId;
                    END
                    """
            )
        }
    }
}

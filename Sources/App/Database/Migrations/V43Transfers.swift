import GRDB

/// Migration v43 as it ran: literal SQL that calls no app code, never to be edited.
enum V43Transfers {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v43: transfers between accounts, cleared rows and reconciliations") { db in
            // Money moved between two of the member's accounts is a pair of ledger rows: the one leaving (kind
            // `transfer`, or a `saving` that names where it goes) and the one arriving (kind `transfer-in`, whose
            // `pairId` names the leaving row and goes with it). An arriving row adds to its account's balance, so the
            // account triggers are made again with that measure; no row of the new kinds exists yet, so the kept
            // balances stand. Each row is open, cleared (seen on a statement) or reconciled (locked by a
            // reconciliation); an account keeps the sum of its cleared rows beside its balance, and its last
            // reconciliation's statement date and closing balance.
            try db.execute(
                sql: """
                    ALTER TABLE ledger ADD COLUMN pairId INTEGER REFERENCES ledger(id) ON DELETE CASCADE;
                    ALTER TABLE ledger ADD COLUMN clearing TEXT NOT NULL DEFAULT 'open';
                    CREATE INDEX ledger_on_pairId ON ledger (pairId) WHERE pairId IS NOT NULL;
                    ALTER TABLE account ADD COLUMN clearedTotalCents INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE account ADD COLUMN reconciledOn TEXT;
                    ALTER TABLE account ADD COLUMN reconciledCents INTEGER;
                    DROP TRIGGER ledger_account_insert;
                    DROP TRIGGER ledger_account_delete;
                    DROP TRIGGER ledger_account_update;
                    CREATE TRIGGER ledger_account_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND NEW.accountId IS NOT NULL BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents + (CASE NEW.kind WHEN 'income' THEN \
                    NEW.amountCents WHEN 'transfer-in' THEN NEW.amountCents ELSE -NEW.amountCents END) WHERE id = \
                    NEW.accountId;
                    END;
                    CREATE TRIGGER ledger_account_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 FROM \
                    ledgerBulkWrite) AND OLD.accountId IS NOT NULL BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents WHEN 'transfer-in' THEN OLD.amountCents ELSE -OLD.amountCents END) WHERE id = \
                    OLD.accountId;
                    END;
                    CREATE TRIGGER ledger_account_update AFTER UPDATE OF accountId, kind, amountCents ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.accountId IS NOT NEW.accountId OR \
                    OLD.kind IS NOT NEW.kind OR OLD.amountCents IS NOT NEW.amountCents) BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents WHEN 'transfer-in' THEN OLD.amountCents ELSE -OLD.amountCents END) WHERE id = \
                    OLD.accountId AND OLD.accountId IS NOT NULL;
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents + (CASE NEW.kind WHEN 'income' THEN \
                    NEW.amountCents WHEN 'transfer-in' THEN NEW.amountCents ELSE -NEW.amountCents END) WHERE id = \
                    NEW.accountId AND NEW.accountId IS NOT NULL;
                    END;
                    CREATE TRIGGER ledger_account_cleared_insert AFTER INSERT ON ledger WHEN NOT EXISTS (SELECT 1 \
                    FROM ledgerBulkWrite) AND NEW.accountId IS NOT NULL AND NEW.clearing <> 'open' BEGIN
                        UPDATE account SET clearedTotalCents = clearedTotalCents + (CASE NEW.kind WHEN 'income' \
                    THEN NEW.amountCents WHEN 'transfer-in' THEN NEW.amountCents ELSE -NEW.amountCents END) WHERE \
                    id = NEW.accountId;
                    END;
                    CREATE TRIGGER ledger_account_cleared_delete AFTER DELETE ON ledger WHEN NOT EXISTS (SELECT 1 \
                    FROM ledgerBulkWrite) AND OLD.accountId IS NOT NULL AND OLD.clearing <> 'open' BEGIN
                        UPDATE account SET clearedTotalCents = clearedTotalCents - (CASE OLD.kind WHEN 'income' \
                    THEN OLD.amountCents WHEN 'transfer-in' THEN OLD.amountCents ELSE -OLD.amountCents END) WHERE \
                    id = OLD.accountId;
                    END;
                    CREATE TRIGGER ledger_account_cleared_update AFTER UPDATE OF accountId, kind, amountCents, \
                    clearing ON ledger
                    WHEN NOT EXISTS (SELECT 1 FROM ledgerBulkWrite) AND (OLD.accountId IS NOT NEW.accountId OR \
                    OLD.kind IS NOT NEW.kind OR OLD.amountCents IS NOT NEW.amountCents OR OLD.clearing IS NOT \
                    NEW.clearing) BEGIN
                        UPDATE account SET clearedTotalCents = clearedTotalCents - (CASE OLD.kind WHEN 'income' \
                    THEN OLD.amountCents WHEN 'transfer-in' THEN OLD.amountCents ELSE -OLD.amountCents END) WHERE \
                    id = OLD.accountId AND OLD.accountId IS NOT NULL AND OLD.clearing <> 'open';
                        UPDATE account SET clearedTotalCents = clearedTotalCents + (CASE NEW.kind WHEN 'income' \
                    THEN NEW.amountCents WHEN 'transfer-in' THEN NEW.amountCents ELSE -NEW.amountCents END) WHERE \
                    id = NEW.accountId AND NEW.accountId IS NOT NULL AND NEW.clearing <> 'open';
                    END;
                    """
            )
        }
    }
}

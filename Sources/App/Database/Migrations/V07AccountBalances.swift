import GRDB

/// Migration v7 as it ran: literal SQL that calls no app code, never to be edited.
enum V07AccountBalances {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7: account balances kept in step with the ledger") { db in
            // Balance = opening balance + this running total, so no page sums an account's whole history. Triggers
            // keep it right whichever code writes the ledger (forms, undo, demo data, category moves).
            try db.execute(
                sql: """
                    ALTER TABLE "account" ADD COLUMN "ledgerTotalCents" INTEGER NOT NULL DEFAULT 0;
                    UPDATE account SET ledgerTotalCents = (
                        SELECT COALESCE(SUM((CASE ledger.kind WHEN 'income' THEN ledger.amountCents ELSE \
                    -ledger.amountCents END)), 0) FROM ledger WHERE ledger.accountId = account.id);
                    CREATE TRIGGER ledger_account_insert AFTER INSERT ON ledger WHEN NEW.accountId IS NOT NULL BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents + (CASE NEW.kind WHEN 'income' THEN \
                    NEW.amountCents ELSE -NEW.amountCents END) WHERE id = NEW.accountId;
                    END;
                    CREATE TRIGGER ledger_account_delete AFTER DELETE ON ledger WHEN OLD.accountId IS NOT NULL BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents ELSE -OLD.amountCents END) WHERE id = OLD.accountId;
                    END;
                    CREATE TRIGGER ledger_account_update AFTER UPDATE OF accountId, kind, amountCents ON ledger BEGIN
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents - (CASE OLD.kind WHEN 'income' THEN \
                    OLD.amountCents ELSE -OLD.amountCents END) WHERE id = OLD.accountId;
                        UPDATE account SET ledgerTotalCents = ledgerTotalCents + (CASE NEW.kind WHEN 'income' THEN \
                    NEW.amountCents ELSE -NEW.amountCents END) WHERE id = NEW.accountId;
                    END
                    """
            )
        }
    }
}

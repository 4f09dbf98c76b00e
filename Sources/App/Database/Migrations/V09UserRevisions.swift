import GRDB

/// Migration v9 as it ran: literal SQL that calls no app code, never to be edited.
enum V09UserRevisions {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9: user revisions") { db in
            // Two numbers per user that writes raise, so a page can keep what it built until the data under it
            // changes instead of reading and rendering it all again: `data` moves with every write to any table that
            // holds the user's data (Home keeps its HTML on it), `wallet` with writes to the wallet's tables (Home
            // keeps its wallet widgets on it). Triggers keep them right whichever code writes (forms, undo, demo
            // data from another process). No foreign key: deleting a user cascades to their rows, whose triggers
            // must not fail. User ids are never reused (AUTOINCREMENT), so a row left by a deleted user is never read.
            // Every table that holds a user's data: its owner column, or nil when the row names its stash instead.
            // A row without its own userId names its stash; when the stash itself is being deleted the
            // SELECT finds nothing and the stash's own trigger has raised the revision.
            try db.execute(
                sql: """
                    CREATE TABLE userRevision (
                        userId INTEGER PRIMARY KEY,
                        data INTEGER NOT NULL DEFAULT 0,
                        wallet INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TRIGGER user_revision_insert AFTER INSERT ON user BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.id, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER user_revision_update AFTER UPDATE ON user BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.id, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER user_revision_delete AFTER DELETE ON user BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.id, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER account_revision_insert AFTER INSERT ON account BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER account_revision_update AFTER UPDATE ON account BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER account_revision_delete AFTER DELETE ON account BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER category_revision_insert AFTER INSERT ON category BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER category_revision_update AFTER UPDATE ON category BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER category_revision_delete AFTER DELETE ON category BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER incomeSource_revision_insert AFTER INSERT ON incomeSource BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER incomeSource_revision_update AFTER UPDATE ON incomeSource BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER incomeSource_revision_delete AFTER DELETE ON incomeSource BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER ledger_revision_insert AFTER INSERT ON ledger BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER ledger_revision_update AFTER UPDATE ON ledger BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER ledger_revision_delete AFTER DELETE ON ledger BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER ledgerMonth_revision_insert AFTER INSERT ON ledgerMonth BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER ledgerMonth_revision_update AFTER UPDATE ON ledgerMonth BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER ledgerMonth_revision_delete AFTER DELETE ON ledgerMonth BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stash_revision_insert AFTER INSERT ON stash BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stash_revision_update AFTER UPDATE ON stash BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stash_revision_delete AFTER DELETE ON stash BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stashTarget_revision_insert AFTER INSERT ON stashTarget BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT userId, 1, \
                    0 FROM stash WHERE id = NEW.stashId
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stashTarget_revision_update AFTER UPDATE ON stashTarget BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT userId, 1, \
                    0 FROM stash WHERE id = NEW.stashId
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stashTarget_revision_delete AFTER DELETE ON stashTarget BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT userId, 1, \
                    0 FROM stash WHERE id = OLD.stashId
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stashMonth_revision_insert AFTER INSERT ON stashMonth BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT userId, 1, \
                    0 FROM stash WHERE id = NEW.stashId
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stashMonth_revision_update AFTER UPDATE ON stashMonth BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT userId, 1, \
                    0 FROM stash WHERE id = NEW.stashId
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER stashMonth_revision_delete AFTER DELETE ON stashMonth BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT userId, 1, \
                    0 FROM stash WHERE id = OLD.stashId
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER badge_revision_insert AFTER INSERT ON badge BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER badge_revision_update AFTER UPDATE ON badge BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER badge_revision_delete AFTER DELETE ON badge BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER walletSettings_revision_insert AFTER INSERT ON walletSettings BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER walletSettings_revision_update AFTER UPDATE ON walletSettings BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER walletSettings_revision_delete AFTER DELETE ON walletSettings BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 0 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER walletCard_revision_insert AFTER INSERT ON walletCard BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER walletCard_revision_update AFTER UPDATE ON walletCard BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER walletCard_revision_delete AFTER DELETE ON walletCard BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER cardBenefit_revision_insert AFTER INSERT ON cardBenefit BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER cardBenefit_revision_update AFTER UPDATE ON cardBenefit BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER cardBenefit_revision_delete AFTER DELETE ON cardBenefit BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER benefitUse_revision_insert AFTER INSERT ON benefitUse BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER benefitUse_revision_update AFTER UPDATE ON benefitUse BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER benefitUse_revision_delete AFTER DELETE ON benefitUse BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER subscription_revision_insert AFTER INSERT ON subscription BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER subscription_revision_update AFTER UPDATE ON subscription BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER subscription_revision_delete AFTER DELETE ON subscription BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER coupon_revision_insert AFTER INSERT ON coupon BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER coupon_revision_update AFTER UPDATE ON coupon BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT NEW.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END;
                    CREATE TRIGGER coupon_revision_delete AFTER DELETE ON coupon BEGIN
                        INSERT INTO userRevision (userId, data, wallet) SELECT OLD.userId, 1, 1 WHERE true
                        ON CONFLICT (userId) DO UPDATE SET data = data + 1, wallet = wallet + excluded.wallet;
                    END
                    """
            )
        }
    }
}

import GRDB

/// Migration v10 as it ran: literal SQL that calls no app code, never to be edited.
enum V10WalletRevisions {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10: wallet revisions only") { db in
            // Pages are rendered afresh on every visit now, so nothing keeps what it built from the user's data and
            // the `data` revision goes, with the 48 triggers of v9 that raised it on every write. Home's wallet
            // widgets are still kept (building them reads the whole wallet), so the wallet's tables, and only those,
            // raise the user's wallet revision.
            try db.execute(
                sql: """
                    DROP TRIGGER "user_revision_insert";
                    DROP TRIGGER "user_revision_update";
                    DROP TRIGGER "user_revision_delete";
                    DROP TRIGGER "account_revision_insert";
                    DROP TRIGGER "account_revision_update";
                    DROP TRIGGER "account_revision_delete";
                    DROP TRIGGER "category_revision_insert";
                    DROP TRIGGER "category_revision_update";
                    DROP TRIGGER "category_revision_delete";
                    DROP TRIGGER "incomeSource_revision_insert";
                    DROP TRIGGER "incomeSource_revision_update";
                    DROP TRIGGER "incomeSource_revision_delete";
                    DROP TRIGGER "ledger_revision_insert";
                    DROP TRIGGER "ledger_revision_update";
                    DROP TRIGGER "ledger_revision_delete";
                    DROP TRIGGER "ledgerMonth_revision_insert";
                    DROP TRIGGER "ledgerMonth_revision_update";
                    DROP TRIGGER "ledgerMonth_revision_delete";
                    DROP TRIGGER "stash_revision_insert";
                    DROP TRIGGER "stash_revision_update";
                    DROP TRIGGER "stash_revision_delete";
                    DROP TRIGGER "stashTarget_revision_insert";
                    DROP TRIGGER "stashTarget_revision_update";
                    DROP TRIGGER "stashTarget_revision_delete";
                    DROP TRIGGER "stashMonth_revision_insert";
                    DROP TRIGGER "stashMonth_revision_update";
                    DROP TRIGGER "stashMonth_revision_delete";
                    DROP TRIGGER "badge_revision_insert";
                    DROP TRIGGER "badge_revision_update";
                    DROP TRIGGER "badge_revision_delete";
                    DROP TRIGGER "walletSettings_revision_insert";
                    DROP TRIGGER "walletSettings_revision_update";
                    DROP TRIGGER "walletSettings_revision_delete";
                    DROP TRIGGER "walletCard_revision_insert";
                    DROP TRIGGER "walletCard_revision_update";
                    DROP TRIGGER "walletCard_revision_delete";
                    DROP TRIGGER "cardBenefit_revision_insert";
                    DROP TRIGGER "cardBenefit_revision_update";
                    DROP TRIGGER "cardBenefit_revision_delete";
                    DROP TRIGGER "benefitUse_revision_insert";
                    DROP TRIGGER "benefitUse_revision_update";
                    DROP TRIGGER "benefitUse_revision_delete";
                    DROP TRIGGER "subscription_revision_insert";
                    DROP TRIGGER "subscription_revision_update";
                    DROP TRIGGER "subscription_revision_delete";
                    DROP TRIGGER "coupon_revision_insert";
                    DROP TRIGGER "coupon_revision_update";
                    DROP TRIGGER "coupon_revision_delete";
                    DROP TABLE userRevision;
                    CREATE TABLE userRevision (
                        userId INTEGER PRIMARY KEY,
                        wallet INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE TRIGGER walletCard_revision_insert AFTER INSERT ON walletCard BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER walletCard_revision_update AFTER UPDATE ON walletCard BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER walletCard_revision_delete AFTER DELETE ON walletCard BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (OLD.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER cardBenefit_revision_insert AFTER INSERT ON cardBenefit BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER cardBenefit_revision_update AFTER UPDATE ON cardBenefit BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER cardBenefit_revision_delete AFTER DELETE ON cardBenefit BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (OLD.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER benefitUse_revision_insert AFTER INSERT ON benefitUse BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER benefitUse_revision_update AFTER UPDATE ON benefitUse BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER benefitUse_revision_delete AFTER DELETE ON benefitUse BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (OLD.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER subscription_revision_insert AFTER INSERT ON subscription BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER subscription_revision_update AFTER UPDATE ON subscription BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER subscription_revision_delete AFTER DELETE ON subscription BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (OLD.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER coupon_revision_insert AFTER INSERT ON coupon BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER coupon_revision_update AFTER UPDATE ON coupon BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (NEW.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END;
                    CREATE TRIGGER coupon_revision_delete AFTER DELETE ON coupon BEGIN
                        INSERT INTO userRevision (userId, wallet) VALUES (OLD.userId, 1)
                        ON CONFLICT (userId) DO UPDATE SET wallet = wallet + 1;
                    END
                    """
            )
        }
    }
}

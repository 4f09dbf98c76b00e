import GRDB

/// Migration v46 as it ran: literal SQL that calls no app code, never to be edited.
enum V46Splits {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v46: a transaction split across categories") { db in
            // Each part is a ledger row of its own, so every total counts it in its own category; the parts name the
            // first part (which names itself), and go with it.
            try db.execute(
                sql: """
                    ALTER TABLE ledger ADD COLUMN splitId INTEGER REFERENCES ledger(id) ON DELETE CASCADE;
                    CREATE INDEX ledger_on_splitId ON ledger (splitId) WHERE splitId IS NOT NULL
                    """
            )
        }
    }
}

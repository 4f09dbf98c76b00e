import GRDB

/// Migration v45 as it ran: literal SQL that calls no app code, never to be edited.
enum V45PayeesAndTags {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v45: a transaction's payee and tags") { db in
            // Both optional: who was paid (or paid in), and free tags kept between commas (`,holiday,gifts,`).
            try db.execute(
                sql: """
                    ALTER TABLE ledger ADD COLUMN payee TEXT NOT NULL DEFAULT '';
                    ALTER TABLE ledger ADD COLUMN tags TEXT NOT NULL DEFAULT ''
                    """
            )
        }
    }
}

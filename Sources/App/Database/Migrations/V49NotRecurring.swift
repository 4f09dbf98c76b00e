import GRDB

/// Migration v49 as it ran: literal SQL that calls no app code, never to be edited.
enum V49NotRecurring {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v49: expenses the member said don't repeat") { db in
            // A suggested schedule the member answered "Not recurring": its normalised description, kept for good.
            try db.execute(
                sql: """
                    CREATE TABLE scheduleSuggestionDismissal (
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        key TEXT NOT NULL,
                        createdAt DATETIME NOT NULL,
                        PRIMARY KEY (userId, key)
                    )
                    """
            )
        }
    }
}

import GRDB

/// Migration v55 as it ran: literal SQL that calls no app code, never to be edited.
enum V55ApiTokens {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v55: API tokens") { db in
            // A member's key to the JSON API: random, kept only as its SHA-256 (`tokenHash`), so it survives upgrades
            // and restarts and a copy of the database reveals none. `scope` is 'read' or 'write' (read and write);
            // `hint` is the token's last four characters, to tell tokens apart; `expiresOn` its last day in the
            // member's time zone (none: it never expires).
            try db.execute(
                sql: """
                    CREATE TABLE apiToken (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        scope TEXT NOT NULL,
                        tokenHash TEXT NOT NULL UNIQUE,
                        hint TEXT NOT NULL,
                        expiresOn TEXT,
                        lastUsedAt DATETIME,
                        createdAt DATETIME NOT NULL
                    );
                    CREATE INDEX apiToken_on_userId ON apiToken (userId)
                    """
            )
        }
    }
}

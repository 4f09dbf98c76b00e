import GRDB

/// Migration v19 as it ran: literal SQL that calls no app code, never to be edited.
enum V19TwoFactor {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19: two-factor sign-in") { db in
            // One row per user who has set up (or is setting up) a one-time-code app. `lastStep` is the last 30-second
            // step whose code was taken, so no code is taken twice.
            try db.execute(
                sql: """
                    CREATE TABLE twoFactor (
                        userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                        secret TEXT,
                        pendingSecret TEXT,
                        enabledAt DATETIME,
                        lastStep INTEGER
                    );
                    CREATE TABLE recoveryCode (
                        id INTEGER PRIMARY KEY,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        codeHash TEXT NOT NULL,
                        usedAt DATETIME,
                        UNIQUE (userId, codeHash)
                    )
                    """
            )
        }
    }
}

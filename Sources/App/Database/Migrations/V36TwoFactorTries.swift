import GRDB

/// Migration v36 as it ran: literal SQL that calls no app code, never to be edited.
enum V36TwoFactorTries {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v36: two-factor code tries per account") { db in
            // Each one-time code tried at sign-in, whatever address it came from, until the account signs in or the
            // try is 15 minutes old: too many lock two-factor sign-in for that account for a while.
            try db.execute(
                sql: """
                    CREATE TABLE twoFactorTry (
                        id INTEGER PRIMARY KEY,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        triedAt DATETIME NOT NULL
                    );
                    CREATE INDEX twoFactorTry_user ON twoFactorTry (userId, triedAt)
                    """
            )
        }
    }
}

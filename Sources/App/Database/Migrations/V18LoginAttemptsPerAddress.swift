import GRDB

/// Migration v18 as it ran: literal SQL that calls no app code, never to be edited.
enum V18LoginAttemptsPerAddress {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18: log-in attempts per address") { db in
            // Attempts count per account and client address, and per address alone (any email, plausible or not).
            try db.execute(
                sql: """
                    ALTER TABLE loginAttempt ADD COLUMN address TEXT NOT NULL DEFAULT '';
                    DROP INDEX loginAttempt_on_email_attemptedAt;
                    CREATE INDEX loginAttempt_on_email_address ON loginAttempt (email, address, attemptedAt);
                    CREATE INDEX loginAttempt_on_address ON loginAttempt (address, attemptedAt);
                    CREATE INDEX loginAttempt_on_attemptedAt ON loginAttempt (attemptedAt)
                    """
            )
        }
    }
}

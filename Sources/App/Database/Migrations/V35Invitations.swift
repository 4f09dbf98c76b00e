import GRDB

/// Migration v35 as it ran: literal SQL that calls no app code, never to be edited.
enum V35Invitations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v35: invitations to sign up") { db in
            // A one-time link the owner gives one person, so they can make an account while sign-up is closed: kept
            // only as the SHA-256 of its token, for one email, until it expires or is used.
            try db.execute(
                sql: """
                    CREATE TABLE invitation (
                        id INTEGER PRIMARY KEY,
                        email TEXT NOT NULL,
                        tokenHash TEXT NOT NULL UNIQUE,
                        createdAt DATETIME NOT NULL,
                        expiresAt DATETIME NOT NULL,
                        usedAt DATETIME
                    );
                    CREATE INDEX invitation_email ON invitation (email)
                    """
            )
        }
    }
}

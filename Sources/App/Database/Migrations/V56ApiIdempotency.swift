import GRDB

/// Migration v56 as it ran: literal SQL that calls no app code, never to be edited.
enum V56ApiIdempotency {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v56: API idempotency keys") { db in
            // The answer to a JSON API POST sent with an `Idempotency-Key`, so a retry gets it back instead of
            // changing anything twice. `requestHash` is the SHA-256 of the method, path and body, so the same key with
            // another body is told apart; `status` is NULL while the first request is still being answered.
            try db.execute(
                sql: """
                    CREATE TABLE apiIdempotency (
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        key TEXT NOT NULL,
                        requestHash TEXT NOT NULL,
                        status INTEGER,
                        contentType TEXT,
                        body BLOB,
                        createdAt DATETIME NOT NULL,
                        PRIMARY KEY (userId, key)
                    ) WITHOUT ROWID;
                    CREATE INDEX apiIdempotency_on_createdAt ON apiIdempotency (createdAt)
                    """
            )
        }
    }
}

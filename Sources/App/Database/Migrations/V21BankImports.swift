import GRDB

/// Migration v21 as it ran: literal SQL that calls no app code, never to be edited.
enum V21BankImports {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v21: bank statement imports") { db in
            // A statement being mapped (one per user, until imported or replaced), each import as one batch whose rows
            // go with it when it is undone, and an index to find a description's category among earlier transactions.
            try db.execute(
                sql: """
                    CREATE TABLE bankImportDraft (
                        userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                        filename TEXT NOT NULL,
                        content TEXT NOT NULL,
                        createdAt DATETIME NOT NULL
                    );
                    CREATE TABLE importBatch (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        filename TEXT NOT NULL,
                        rowCount INTEGER NOT NULL,
                        createdAt DATETIME NOT NULL
                    );
                    CREATE INDEX importBatch_on_userId ON importBatch (userId, createdAt);
                    ALTER TABLE ledger ADD COLUMN importBatchId INTEGER REFERENCES importBatch(id) ON DELETE CASCADE;
                    CREATE INDEX ledger_on_importBatchId ON ledger (importBatchId) WHERE importBatchId IS NOT NULL;
                    CREATE INDEX ledger_on_userId_note ON ledger (userId, note, date) WHERE categoryId IS NOT NULL
                    """
            )
        }
    }
}

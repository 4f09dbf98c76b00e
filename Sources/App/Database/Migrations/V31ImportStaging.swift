import GRDB

/// Migration v31 as it ran: literal SQL that calls no app code, never to be edited.
enum V31ImportStaging {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v31: an import is written under a user of its own until all of it is in") { db in
            // An account import writes its rows in many short transactions under a user nobody can sign in as, which
            // names the member it is for; the last transaction makes that user the member's account (see
            // `AccountImport+Staging`). One left by a stop is deleted at start.
            try db.execute(
                sql: """
                    ALTER TABLE user ADD COLUMN importingFor INTEGER REFERENCES user(id) ON DELETE CASCADE
                    """
            )
        }
    }
}

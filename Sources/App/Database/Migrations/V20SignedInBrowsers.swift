import GRDB

/// Migration v20 as it ran: literal SQL that calls no app code, never to be edited.
enum V20SignedInBrowsers {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v20: signed-in browsers") { db in
            // What Profile lists of each signed-in browser. Sessions from before stay NULL: "Unknown browser".
            try db.execute(
                sql: """
                    ALTER TABLE session ADD COLUMN userAgent TEXT;
                    ALTER TABLE session ADD COLUMN address TEXT;
                    ALTER TABLE session ADD COLUMN lastSeenAt DATETIME
                    """
            )
        }
    }
}

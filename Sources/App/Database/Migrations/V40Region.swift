import GRDB

/// Migration v40 as it ran: literal SQL that calls no app code, never to be edited.
enum V40Region {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v40: the region whose formats a member's amounts are written and typed in") { db in
            // A BCP 47 locale such as `de-CH`. Members from before kept the formats of the United States.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN region TEXT NOT NULL DEFAULT 'en-US'")
        }
    }
}

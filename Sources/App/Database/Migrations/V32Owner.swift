import GRDB

/// Migration v32 as it ran: literal SQL that calls no app code, never to be edited.
enum V32Owner {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v32: the server's owner is marked") { db in
            // The owner is the oldest account unless one is marked: an import that gives the owner's account a new
            // row marks it, so the owner stays the owner.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN isOwner BOOLEAN NOT NULL DEFAULT 0")
        }
    }
}

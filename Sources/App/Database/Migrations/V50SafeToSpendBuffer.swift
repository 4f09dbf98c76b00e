import GRDB

/// Migration v50 as it ran: literal SQL that calls no app code, never to be edited.
enum V50SafeToSpendBuffer {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v50: the money safe to spend keeps aside") { db in
            // What the member keeps aside before anything is safe to spend, in cents.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN safeBufferCents INTEGER NOT NULL DEFAULT 0")
        }
    }
}

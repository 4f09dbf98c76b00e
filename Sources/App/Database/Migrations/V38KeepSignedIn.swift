import GRDB

/// Migration v38 as it ran: literal SQL that calls no app code, never to be edited.
enum V38KeepSignedIn {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v38: sessions kept signed in or ended when idle") { db in
            // Whether the browser ticked "Keep me signed in": a session that didn't ends after a while without use
            // (counted from `lastSeenAt`), and its cookie with the browser. Sessions from before were kept.
            try db.execute(sql: "ALTER TABLE session ADD COLUMN keepSignedIn BOOLEAN NOT NULL DEFAULT 1")
        }
    }
}

import GRDB

/// Migration v29 as it ran: literal SQL that calls no app code, never to be edited.
enum V29PushSwitchAndDigest {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v29: push channels switched off, and reminders pushed as one digest") { db in
            // A push channel can be kept but switched off (an imported export's channels come in so: the server it
            // came from may still push to them). How reminders due at once are pushed: `auto` (one digest when more
            // than three are due), `each` (one push per reminder) or `digest` (always one).
            try db.execute(
                sql: """
                    ALTER TABLE pushChannel ADD COLUMN enabled BOOLEAN NOT NULL DEFAULT 1;
                    ALTER TABLE walletSettings ADD COLUMN pushDigest TEXT NOT NULL DEFAULT 'auto'
                    """
            )
        }
    }
}

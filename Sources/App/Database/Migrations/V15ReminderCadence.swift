import GRDB

/// Migration v15 as it ran: literal SQL that calls no app code, never to be edited.
enum V15ReminderCadence {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15: reminder cadence") { db in
            // The frequency now says how often stashes behind pace are named (off, weekly on `weekday`, monthly);
            // the earlier digest choices become weekly.
            try db.execute(
                sql: """
                    ALTER TABLE walletSettings ADD COLUMN weekday INTEGER NOT NULL DEFAULT 1;
                    UPDATE walletSettings SET frequency = 'weekly' WHERE frequency NOT IN ('off', 'weekly', 'monthly')
                    """
            )
        }
    }
}

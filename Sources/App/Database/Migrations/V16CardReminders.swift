import GRDB

/// Migration v16 as it ran: literal SQL that calls no app code, never to be edited.
enum V16CardReminders {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16: reminders per card") { db in
            try db.execute(sql: "ALTER TABLE walletCard ADD COLUMN notify BOOLEAN NOT NULL DEFAULT 1")
        }
    }
}

import GRDB

/// Migration v30 as it ran: literal SQL that calls no app code, never to be edited.
enum V30FirstRun {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v30: the first run is shown once") { db in
            // Whether the member has finished or skipped the welcome that follows sign-up. Members who signed up
            // before it existed count as done, so they never see it; sign-up starts a new member at 0.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN firstRunDone BOOLEAN NOT NULL DEFAULT 1")
        }
    }
}

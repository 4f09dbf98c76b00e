import GRDB

/// Migration v41 as it ran: literal SQL that calls no app code, never to be edited.
enum V41Language {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v41: the language a member's pages, messages and files are written in") { db in
            // `en`, `de`, `fr` or `es`. Members from before kept English.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN language TEXT NOT NULL DEFAULT 'en'")
        }
    }
}

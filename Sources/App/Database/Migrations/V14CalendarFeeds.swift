import GRDB

/// Migration v14 as it ran: literal SQL that calls no app code, never to be edited.
enum V14CalendarFeeds {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14: calendar feeds") { db in
            // The secret of each user's calendar feed URL; a new one replaces (and so revokes) the old.
            try db.execute(
                sql: """
                    CREATE TABLE calendarFeed (
                        userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                        token TEXT NOT NULL UNIQUE,
                        createdAt DATETIME NOT NULL
                    )
                    """
            )
        }
    }
}

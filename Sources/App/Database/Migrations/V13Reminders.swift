import GRDB

/// Migration v13 as it ran: literal SQL that calls no app code, never to be edited.
enum V13Reminders {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13: reminders") { db in
            // One row per reminder: its key (user, kind, subject, due date) is unique, so a reminder is recorded
            // once however often, and however many at once, the engine looks. `reminderDay` is the last day (in
            // the user's time zone) the engine has worked out for each user.
            try db.execute(
                sql: """
                    CREATE TABLE notification (
                        id INTEGER PRIMARY KEY,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        dueOn TEXT NOT NULL,
                        title TEXT NOT NULL,
                        body TEXT NOT NULL,
                        path TEXT NOT NULL,
                        createdAt DATETIME NOT NULL,
                        readAt DATETIME,
                        UNIQUE (userId, kind, subject, dueOn)
                    );
                    CREATE INDEX notification_list ON notification (userId, createdAt);
                    CREATE INDEX notification_unread ON notification (userId) WHERE readAt IS NULL;
                    CREATE TABLE reminderDay (
                        userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                        day TEXT NOT NULL
                    )
                    """
            )
        }
    }
}

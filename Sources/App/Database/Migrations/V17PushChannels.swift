import GRDB

/// Migration v17 as it ran: literal SQL that calls no app code, never to be edited.
enum V17PushChannels {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v17: push channels") { db in
            // Where each user's reminders are pushed (one ntfy topic, one webhook), and each reminder's delivery to
            // each channel: tried until delivered or out of attempts, never twice for one reminder and channel.
            try db.execute(
                sql: """
                    CREATE TABLE pushChannel (
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        url TEXT NOT NULL,
                        topic TEXT NOT NULL DEFAULT '',
                        token TEXT NOT NULL DEFAULT '',
                        PRIMARY KEY (userId, kind)
                    );
                    CREATE TABLE pushDelivery (
                        id INTEGER PRIMARY KEY,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        notificationId INTEGER NOT NULL REFERENCES notification(id) ON DELETE CASCADE,
                        channel TEXT NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        nextAttemptAt DATETIME NOT NULL,
                        lastAttemptAt DATETIME,
                        lastError TEXT,
                        deliveredAt DATETIME,
                        UNIQUE (notificationId, channel)
                    );
                    CREATE INDEX pushDelivery_due ON pushDelivery (nextAttemptAt) WHERE deliveredAt IS NULL;
                    CREATE INDEX pushDelivery_user ON pushDelivery (userId, lastAttemptAt)
                    """
            )
        }
    }
}

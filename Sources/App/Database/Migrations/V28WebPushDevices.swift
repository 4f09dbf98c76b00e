import GRDB

/// Migration v28 as it ran: literal SQL that calls no app code, never to be edited.
enum V28WebPushDevices {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v28: web push devices") { db in
            // Each browser a user turned notifications on in: its push service endpoint, the keys its messages
            // are encrypted with, and the session it was signed in with (logging that session out, here or from
            // another browser, turns the browser's notifications off). A reminder's delivery now names the device it
            // goes to (none for ntfy and the webhook), so it goes once to each: the table is rebuilt for that key.
            try db.execute(
                sql: """
                    CREATE TABLE pushDevice (
                        id INTEGER PRIMARY KEY,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        endpoint TEXT NOT NULL UNIQUE,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        name TEXT NOT NULL,
                        createdAt DATETIME NOT NULL,
                        lastSentAt DATETIME,
                        sessionId TEXT
                    );
                    CREATE INDEX pushDevice_user ON pushDevice (userId);
                    CREATE INDEX pushDevice_session ON pushDevice (sessionId) WHERE sessionId IS NOT NULL;
                    CREATE TABLE pushDelivery_new (
                        id INTEGER PRIMARY KEY,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        notificationId INTEGER NOT NULL REFERENCES notification(id) ON DELETE CASCADE,
                        channel TEXT NOT NULL,
                        deviceId INTEGER REFERENCES pushDevice(id) ON DELETE CASCADE,
                        attempts INTEGER NOT NULL DEFAULT 0,
                        nextAttemptAt DATETIME NOT NULL,
                        lastAttemptAt DATETIME,
                        lastError TEXT,
                        deliveredAt DATETIME
                    );
                    INSERT INTO pushDelivery_new (id, userId, notificationId, channel, attempts, nextAttemptAt, \
                    lastAttemptAt,
                                                  lastError, deliveredAt)
                        SELECT id, userId, notificationId, channel, attempts, nextAttemptAt, lastAttemptAt, lastError, \
                    deliveredAt
                        FROM pushDelivery;
                    DROP TABLE pushDelivery;
                    ALTER TABLE pushDelivery_new RENAME TO pushDelivery;
                    CREATE UNIQUE INDEX pushDelivery_once ON pushDelivery (notificationId, channel, IFNULL(deviceId, 0));
                    CREATE INDEX pushDelivery_due ON pushDelivery (nextAttemptAt) WHERE deliveredAt IS NULL;
                    CREATE INDEX pushDelivery_user ON pushDelivery (userId, lastAttemptAt);
                    CREATE INDEX pushDelivery_device ON pushDelivery (deviceId) WHERE deviceId IS NOT NULL
                    """
            )
        }
    }
}

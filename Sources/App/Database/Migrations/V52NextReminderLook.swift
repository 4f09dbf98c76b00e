import GRDB

/// Migration v52 as it ran: literal SQL that calls no app code, never to be edited.
enum V52NextReminderLook {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v52: when a member's next reminders may be due") { db in
            // `nextReminderAt`: the reminder engine reads, through its index, only members whose time has come. It
            // is set when a member's day is done (no later than the next day's reminder time), empty until then, and
            // emptied when the reminder time or the time zone changes or reminders are turned on; turned off, it is
            // the end of time.
            try db.execute(
                sql: """
                    ALTER TABLE user ADD COLUMN nextReminderAt DATETIME;
                    CREATE INDEX user_on_nextReminderAt ON user (nextReminderAt);
                    UPDATE user SET nextReminderAt = '9999-12-31 00:00:00.000'
                    WHERE id IN (SELECT userId FROM walletSettings WHERE NOT notificationsEnabled);
                    CREATE TRIGGER walletSettings_reminder_insert AFTER INSERT ON walletSettings BEGIN
                        UPDATE user SET nextReminderAt = CASE WHEN NEW.notificationsEnabled THEN NULL
                            ELSE '9999-12-31 00:00:00.000' END
                        WHERE id = NEW.userId;
                    END;
                    CREATE TRIGGER walletSettings_reminder_update
                    AFTER UPDATE OF reminderTime, notificationsEnabled ON walletSettings
                    WHEN OLD.reminderTime IS NOT NEW.reminderTime OR OLD.notificationsEnabled IS NOT NEW.notificationsEnabled
                    BEGIN
                        UPDATE user SET nextReminderAt = CASE WHEN NEW.notificationsEnabled THEN NULL
                            ELSE '9999-12-31 00:00:00.000' END
                        WHERE id = NEW.userId;
                    END;
                    CREATE TRIGGER user_timeZone_update AFTER UPDATE OF timeZone ON user
                    WHEN OLD.timeZone IS NOT NEW.timeZone AND NEW.nextReminderAt IS NOT '9999-12-31 00:00:00.000'
                    BEGIN
                        UPDATE user SET nextReminderAt = NULL WHERE id = NEW.id;
                    END
                    """
            )
        }
    }
}

import GRDB

/// Migration v53 as it ran: literal SQL that calls no app code, never to be edited.
enum V53NextScheduleLook {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v53: when a member's next schedule day may come") { db in
            // `nextScheduleAt`: the schedule engine reads, through its index, only members whose next schedule day
            // (or moved occurrence) may have come where they live. The engine sets it after each look at the member;
            // any change to their schedules, planned occurrences or time zone empties it, so the next look reads them.
            try db.execute(
                sql: """
                    ALTER TABLE user ADD COLUMN nextScheduleAt DATETIME;
                    CREATE INDEX user_on_nextScheduleAt ON user (nextScheduleAt);
                    CREATE TRIGGER schedule_next_insert AFTER INSERT ON schedule BEGIN
                        UPDATE user SET nextScheduleAt = NULL WHERE id = NEW.userId;
                    END;
                    CREATE TRIGGER schedule_next_update AFTER UPDATE ON schedule BEGIN
                        UPDATE user SET nextScheduleAt = NULL WHERE id = NEW.userId;
                    END;
                    CREATE TRIGGER occurrence_next_insert AFTER INSERT ON occurrence WHEN NEW.state = 'planned' BEGIN
                        UPDATE user SET nextScheduleAt = NULL WHERE id = NEW.userId;
                    END;
                    CREATE TRIGGER occurrence_next_update AFTER UPDATE OF state, postOn ON occurrence
                    WHEN NEW.state = 'planned'
                    BEGIN
                        UPDATE user SET nextScheduleAt = NULL WHERE id = NEW.userId;
                    END;
                    CREATE TRIGGER user_timeZone_schedules AFTER UPDATE OF timeZone ON user
                    WHEN OLD.timeZone IS NOT NEW.timeZone
                    BEGIN
                        UPDATE user SET nextScheduleAt = NULL WHERE id = NEW.id;
                    END
                    """
            )
        }
    }
}

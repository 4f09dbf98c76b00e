import GRDB

/// Migration v54 as it ran: literal SQL that calls no app code, never to be edited.
enum V54SchedulePayday {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v54: schedules that keep to an income source's pay days") { db in
            // `paydayOf`: the income source whose pay days the schedule repeats on; saving the source with other pay
            // days moves the schedule's days with them.
            try db.execute(
                sql: """
                    ALTER TABLE schedule ADD COLUMN paydayOf INTEGER REFERENCES incomeSource(id) ON DELETE SET NULL;
                    CREATE INDEX schedule_on_paydayOf ON schedule (paydayOf) WHERE paydayOf IS NOT NULL
                    """
            )
        }
    }
}

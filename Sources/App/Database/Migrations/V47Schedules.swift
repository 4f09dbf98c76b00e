import GRDB

/// Migration v47 as it ran: literal SQL that calls no app code, never to be edited.
enum V47Schedules {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v47: schedules and their occurrences") { db in
            // A schedule: a recurrence rule (RRULE text from `startsOn`), what a weekend day does, and the ledger row
            // each occurrence makes (kind, category, account, stash, amount, note). `amountCents` is the amount, or
            // the least of an amount that varies up to `maxCents`. `posting`: 'auto' posts on the day, 'confirm'
            // waits in "To confirm", 'expect' only expects it. `nextOn` is the first rule day not yet handled (NULL
            // once the rule has ended), so a look at the member's schedules reads only those due.
            try db.execute(
                sql: """
                    CREATE TABLE schedule (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        rule TEXT NOT NULL,
                        startsOn TEXT NOT NULL,
                        weekend TEXT NOT NULL DEFAULT 'keep',
                        kind TEXT NOT NULL,
                        categoryId INTEGER REFERENCES category(id) ON DELETE SET NULL,
                        accountId INTEGER REFERENCES account(id) ON DELETE SET NULL,
                        stashId INTEGER REFERENCES stash(id) ON DELETE SET NULL,
                        amountCents INTEGER NOT NULL,
                        maxCents INTEGER,
                        note TEXT NOT NULL DEFAULT '',
                        posting TEXT NOT NULL DEFAULT 'confirm',
                        nextOn TEXT,
                        createdAt DATETIME NOT NULL,
                        updatedAt DATETIME NOT NULL
                    );
                    CREATE INDEX schedule_on_userId_nextOn ON schedule (userId, nextOn);
                    CREATE INDEX schedule_on_nextOn ON schedule (nextOn) WHERE nextOn IS NOT NULL;
                    CREATE INDEX schedule_on_categoryId ON schedule (categoryId) WHERE categoryId IS NOT NULL;
                    CREATE INDEX schedule_on_accountId ON schedule (accountId) WHERE accountId IS NOT NULL;
                    CREATE INDEX schedule_on_stashId ON schedule (stashId) WHERE stashId IS NOT NULL
                    """
            )
            // One row per (schedule, rule day) that is anything but plain: posted, waiting to be confirmed, skipped,
            // or planned differently (moved to `postOn`, or another `amountCents`). The unique key makes each
            // occurrence post once. `ledgerId` is the row it posted; `seenAt` stays empty until Home has said that
            // the service posted it (or that it waits) while the member was away.
            try db.execute(
                sql: """
                    CREATE TABLE occurrence (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        scheduleId INTEGER NOT NULL REFERENCES schedule(id) ON DELETE CASCADE,
                        userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                        dueOn TEXT NOT NULL,
                        postOn TEXT NOT NULL,
                        state TEXT NOT NULL,
                        amountCents INTEGER,
                        ledgerId INTEGER REFERENCES ledger(id) ON DELETE SET NULL,
                        seenAt DATETIME,
                        createdAt DATETIME NOT NULL,
                        UNIQUE (scheduleId, dueOn)
                    );
                    CREATE INDEX occurrence_on_userId_state_postOn ON occurrence (userId, state, postOn);
                    CREATE INDEX occurrence_on_userId_unseen ON occurrence (userId) WHERE seenAt IS NULL;
                    CREATE INDEX occurrence_on_ledgerId ON occurrence (ledgerId) WHERE ledgerId IS NOT NULL
                    """
            )
        }
    }
}

import GRDB

/// Migration v51 as it ran: literal SQL that calls no app code, never to be edited.
enum V51LinkedSchedules {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v51: subscriptions and income sources repeat as schedules") { db in
            // Each subscription and income source has the schedule it repeats as; a subscription can post its charge
            // on renewal, an income source its income on pay day. `paidOn` is an income source's first pay day.
            try db.execute(
                sql: """
                    ALTER TABLE subscription ADD COLUMN scheduleId INTEGER REFERENCES schedule(id) ON DELETE SET NULL;
                    ALTER TABLE subscription ADD COLUMN postsCharge BOOLEAN NOT NULL DEFAULT 0;
                    ALTER TABLE incomeSource ADD COLUMN scheduleId INTEGER REFERENCES schedule(id) ON DELETE SET NULL;
                    ALTER TABLE incomeSource ADD COLUMN paidOn TEXT;
                    ALTER TABLE incomeSource ADD COLUMN postsIncome BOOLEAN NOT NULL DEFAULT 0;
                    CREATE INDEX subscription_on_scheduleId ON subscription(scheduleId);
                    CREATE INDEX incomeSource_on_scheduleId ON incomeSource(scheduleId);
                    """
            )
            // A monthly income was counted for its whole month: it is expected on the 1st, from its month on.
            try db.execute(
                sql: """
                    UPDATE incomeSource SET paidOn = CASE frequency
                        WHEN 'biweekly' THEN date(createdAt)
                        ELSE date(createdAt, 'start of month') END
                    """
            )
            // The rule of a day of the month past the 28th is "that day, or the month's last day when shorter", as
            // renewals have always rolled. Each new schedule carries a marker note until it is linked. Its days are
            // only expected, and the service passes the ones gone by from its first day on.
            try db.execute(
                sql: """
                    INSERT INTO schedule (userId, name, rule, startsOn, weekend, kind, categoryId, accountId, stashId,
                        amountCents, maxCents, note, posting, nextOn, createdAt, updatedAt)
                    SELECT s.userId, s.name,
                        CASE s.frequency
                            WHEN 'weekly' THEN 'FREQ=WEEKLY;BYDAY='
                                || substr('SUMOTUWETHFRSA', CAST(strftime('%w', s.renewsOn) AS INTEGER) * 2 + 1, 2)
                            ELSE (CASE s.frequency
                                    WHEN 'monthly' THEN 'FREQ=MONTHLY;'
                                    WHEN 'quarterly' THEN 'FREQ=MONTHLY;INTERVAL=3;'
                                    ELSE 'FREQ=YEARLY;BYMONTH=' || CAST(strftime('%m', s.renewsOn) AS INTEGER) || ';' END)
                                || (CASE CAST(strftime('%d', s.renewsOn) AS INTEGER)
                                    WHEN 29 THEN 'BYMONTHDAY=28,29;BYSETPOS=-1'
                                    WHEN 30 THEN 'BYMONTHDAY=28,29,30;BYSETPOS=-1'
                                    WHEN 31 THEN 'BYMONTHDAY=28,29,30,31;BYSETPOS=-1'
                                    ELSE 'BYMONTHDAY=' || CAST(strftime('%d', s.renewsOn) AS INTEGER) END)
                        END,
                        s.renewsOn, 'keep', 'expense',
                        COALESCE(
                            (SELECT id FROM category c WHERE c.userId = s.userId AND c.kind = 'wants' AND c.name = 'Subscriptions'),
                            (SELECT id FROM category c WHERE c.userId = s.userId AND c.kind = 'wants' AND c.name = 'Other')),
                        NULL, NULL, s.amountCents, NULL, char(1) || 'subscription ' || s.id, 'expect',
                        s.renewsOn, s.createdAt, s.updatedAt
                    FROM subscription s WHERE date(s.renewsOn) IS NOT NULL;
                    UPDATE subscription SET scheduleId = (
                        SELECT id FROM schedule WHERE schedule.userId = subscription.userId
                        AND schedule.note = char(1) || 'subscription ' || subscription.id);
                    INSERT INTO schedule (userId, name, rule, startsOn, weekend, kind, categoryId, accountId, stashId,
                        amountCents, maxCents, note, posting, nextOn, createdAt, updatedAt)
                    SELECT i.userId, i.name,
                        CASE i.frequency
                            WHEN 'biweekly' THEN 'FREQ=WEEKLY;INTERVAL=2;BYDAY='
                                || substr('SUMOTUWETHFRSA', CAST(strftime('%w', i.paidOn) AS INTEGER) * 2 + 1, 2)
                            ELSE 'FREQ=MONTHLY;BYMONTHDAY=1' END,
                        i.paidOn, 'keep', 'income',
                        COALESCE(
                            (SELECT id FROM category c WHERE c.userId = i.userId AND c.kind = 'income' AND c.name = 'Salary'),
                            (SELECT id FROM category c WHERE c.userId = i.userId AND c.kind = 'income' AND c.name = 'Other')),
                        NULL, NULL, i.amountCents, NULL, char(1) || 'income ' || i.id, 'expect',
                        i.paidOn, i.createdAt, i.updatedAt
                    FROM incomeSource i WHERE i.paidOn IS NOT NULL;
                    UPDATE incomeSource SET scheduleId = (
                        SELECT id FROM schedule WHERE schedule.userId = incomeSource.userId
                        AND schedule.note = char(1) || 'income ' || incomeSource.id);
                    UPDATE schedule SET note = '' WHERE substr(note, 1, 1) = char(1);
                    """
            )
        }
    }
}

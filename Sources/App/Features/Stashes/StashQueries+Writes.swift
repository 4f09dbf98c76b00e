import Foundation
import GRDB

/// Writes to stashes and their entries. Triggers keep the month totals in `categoryMonth` in step with the ledger
/// (`LedgerTotal`); each write then judges the badges of the months it touched, inside the same database transaction, so
/// badge state can never disagree with the entries.
extension MemberStore {
    /// What a write did to the stash-months it touched.
    struct Outcome: Sendable {
        /// Badges earned by this write (the "Receive badge" dialog shows them).
        var newBadgeIds: [Int64] = []
    }

    // MARK: - Stashes

    /// Adds a stash; without a category chosen, `newCategory` names it (`StashCategory.resolve`).
    func createStash(
        _ stash: Stash,
        newCategory: String = "",
        targetCents: Int64,
        month: Month,
        now: Date
    ) async throws -> Stash {
        try await write { member in
            let db = member.db
            var stash = try own(stash, in: db)
            if stash.categoryId == nil {
                stash.categoryId = try StashCategory.resolve(member, kind: stash.kind, name: newCategory, now: now)
            }
            stash = try stash.inserted(db)
            guard let id = stash.id else { throw DatabaseError(message: "stash has no id") }
            _ = try StashTarget(id: nil, stashId: id, month: month.description, amountCents: targetCents).inserted(db)
            return stash
        }
    }

    /// Saves the stash; a changed target applies from `month` on. Every month of the stash is judged again
    /// (a kind or target change can complete or un-complete months). Entries follow the stash into a new category;
    /// a new kind takes all of them along, as a category has one kind.
    func updateStash(
        _ stash: Stash,
        newCategory: String = "",
        targetCents: Int64,
        month: Month,
        today: CalendarDay,
        now: Date
    ) async throws -> Outcome {
        try await write { member in
            let db = member.db
            var stash = try own(stash, in: db)
            guard let id = stash.id,
                let old = try Stash.filter(Stash.Columns.id == id && Stash.Columns.userId == userId).fetchOne(db)
            else { return Outcome() }
            if stash.categoryId == nil {
                stash.categoryId = try StashCategory.resolve(member, kind: stash.kind, name: newCategory, now: now)
            }
            try stash.update(db)
            if old.kind != stash.kind {
                try db.execute(
                    sql: "UPDATE ledger SET kind = ?, categoryId = ? WHERE stashId = ? AND userId = ?",
                    arguments: [stash.kind.entryKind.rawValue, stash.categoryId, id, userId]
                )
            } else if old.categoryId != stash.categoryId {
                try db.execute(
                    sql: """
                        UPDATE ledger SET categoryId = ? WHERE stashId = ? AND userId = ? AND (categoryId IS ? OR categoryId IS NULL)
                        """,
                    arguments: [stash.categoryId, id, userId, old.categoryId]
                )
            }
            if try Self.targetCents(db, stashId: id, month: month) != targetCents {
                try Self.keepEarlierTarget(db, stashId: id, before: month)
                try db.execute(
                    sql: """
                        INSERT INTO stashTarget (stashId, month, amountCents) VALUES (?, ?, ?)
                        ON CONFLICT (stashId, month) DO UPDATE SET amountCents = excluded.amountCents
                        """,
                    arguments: [id, month.description, targetCents]
                )
                // Targets set for later months are superseded by this edit.
                try db.execute(
                    sql: "DELETE FROM stashTarget WHERE stashId = ? AND month > ?",
                    arguments: [id, month.description]
                )
            }
            let months = try String.fetchAll(
                db,
                sql: "SELECT DISTINCT month FROM categoryMonth WHERE stashId = ? ORDER BY month",
                arguments: [id]
            )
            var outcome = Outcome()
            for monthText in months {
                guard let month = Month(monthText) else { continue }
                if let badge = try Self.judge(db, stash: stash, month: month, today: today, now: now) {
                    outcome.newBadgeIds.append(badge)
                }
            }
            return outcome
        }
    }

    /// Months before a stash's first target take that target. Before the target changes in `month`, the earliest
    /// month with entries, if it is earlier and has no target row of its own, gets the target it has had so far:
    /// a back-filled month keeps its target when a later one changes.
    static func keepEarlierTarget(_ db: Database, stashId: Int64, before month: Month) throws {
        guard
            let first = try String.fetchOne(
                db,
                sql: "SELECT MIN(month) FROM categoryMonth WHERE stashId = ?",
                arguments: [stashId]
            ),
            first < month.description, let firstMonth = Month(first),
            try !Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM stashTarget WHERE stashId = ? AND month <= ?)",
                arguments: [stashId, first]
            )!
        else { return }
        try db.execute(
            sql: "INSERT INTO stashTarget (stashId, month, amountCents) VALUES (?, ?, ?)",
            arguments: [stashId, first, try targetCents(db, stashId: stashId, month: firstMonth)]
        )
    }

    /// Deletes the stash with its entries, targets and badges, and the schedules that pay into it (with nothing to
    /// pay into, they would post entries to no stash).
    func deleteStash(id: Int64) async throws {
        _ = try await write { db in
            // Before the stash, whose deletion would set their stash to none.
            try db.execute(sql: "DELETE FROM schedule WHERE stashId = ? AND userId = ?", arguments: [id, userId])
            try Stash.filter(Stash.Columns.id == id && Stash.Columns.userId == userId).deleteAll(db)
        }
    }

    // MARK: - Entries

    /// Adds what a valid entry form (the page's or the API's) describes to `stash`, and judges its month.
    func addEntry(
        _ draft: EntryDraft,
        to stash: Stash,
        today: CalendarDay,
        now: Date
    ) async throws -> (LedgerEntry, Outcome) {
        var entry = LedgerEntry.blank(userId: userId, kind: stash.kind.entryKind, stash: stash, now: now)
        draft.apply(to: &entry)
        return try await addEntry(entry, to: stash, into: draft.intoAccountId, today: today, now: now)
    }

    /// Adds an entry to a stash and judges its month.
    func addEntry(
        _ entry: LedgerEntry,
        to stash: Stash,
        into accountId: Int64? = nil,
        today: CalendarDay,
        now: Date
    ) async throws -> (LedgerEntry, Outcome) {
        try await write { db in
            let stash = try own(stash, in: db)
            let entry = try own(entry, in: db).inserted(db)
            try Self.placeArrival(db, of: entry, into: accountId)
            return (entry, try Self.judge(db, stash: stash, months: [entry.month], today: today, now: now))
        }
    }

    /// Saves an edited entry and the account its money goes into (nil: none); both its old and new month are judged.
    func updateEntry(
        _ entry: LedgerEntry,
        was old: LedgerEntry,
        stash: Stash,
        into accountId: Int64?,
        today: CalendarDay,
        now: Date
    ) async throws -> Outcome {
        try await write { db in
            let entry = try own(entry, in: db)
            let old = try own(old, in: db)
            let stash = try own(stash, in: db)
            try entry.update(db)
            try Self.placeArrival(db, of: entry, into: accountId)
            return try Self.judge(db, stash: stash, months: [old.month, entry.month], today: today, now: now)
        }
    }

    /// Moves an entry to the trash (so it can be restored exactly) and judges its month. Returns the trash id.
    func deleteEntry(_ entry: LedgerEntry, stash: Stash, today: CalendarDay, now: Date) async throws -> Int64 {
        try await write { db in
            let entry = try own(entry, in: db)
            let stash = try own(stash, in: db)
            let trashId = try Self.moveToTrash(db, entry, now: now)
            _ = try Self.judge(db, stash: stash, months: [entry.month], today: today, now: now)
            return trashId
        }
    }

    /// Puts a deleted entry back as it was (same id, same fields). Nil if there is nothing to restore.
    func restoreEntry(trashId: Int64, today: CalendarDay, now: Date) async throws -> (LedgerEntry, Outcome)? {
        try await write { member in
            let db = member.db
            guard
                let payload = try Data.fetchOne(
                    db,
                    sql: "SELECT payload FROM trash WHERE id = ? AND userId = ?",
                    arguments: [trashId, userId]
                ),
                let rows = Self.trashedRows(payload), let entry = rows.first,
                rows.allSatisfy({ $0.userId == userId })
            else { return nil }
            // The row's arrival in another account, if it had one and that account is still there; the other parts
            // of its split, in the kind's "Other" if their category went meanwhile.
            var arrivals: [LedgerEntry] = []
            for var extra in rows.dropFirst() {
                if extra.kind == .transferIn {
                    guard
                        try extra.accountId.map({ try Self.exists(db, MoneyAccount.self, id: $0, userId: userId) })
                            ?? false
                    else { continue }
                } else if let categoryId = extra.categoryId,
                    try !Self.exists(db, Category.self, id: categoryId, userId: userId)
                {
                    extra.categoryId = try Self.otherCategoryId(
                        member,
                        kind: extra.kind == .income ? .income : extra.kind == .saving ? .savings : .wants,
                        now: now
                    )
                }
                if let accountId = extra.accountId,
                    try !Self.exists(db, MoneyAccount.self, id: accountId, userId: userId)
                {
                    extra.accountId = nil
                }
                // A part whose stash went meanwhile stays in its category.
                if let stashId = extra.stashId, try !Self.exists(db, Stash.self, id: stashId, userId: userId) {
                    extra.stashId = nil
                }
                arrivals.append(extra)
            }
            // A budget transaction (no stash) comes back as it was, with nothing to judge — except that a category
            // deleted meanwhile gives way to the kind's "Other", and a deleted account to none.
            guard let stashId = entry.stashId else {
                try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [trashId])
                var restored = entry
                if let categoryId = entry.categoryId,
                    try !Self.exists(db, Category.self, id: categoryId, userId: userId)
                {
                    let kind: Category.Kind =
                        switch entry.kind {
                        case .expense, .transfer, .transferIn: .wants
                        case .income: .income
                        case .saving: .savings
                        }
                    restored.categoryId = try Self.otherCategoryId(member, kind: kind, now: now)
                }
                if let accountId = entry.accountId,
                    try !Self.exists(db, MoneyAccount.self, id: accountId, userId: userId)
                {
                    restored.accountId = nil
                }
                try restored.insert(db)
                for arrival in arrivals { _ = try arrival.inserted(db) }
                return (restored, try Self.judgeStashMonths(db, arrivals, userId: userId, today: today, now: now))
            }
            guard try Self.exists(db, Stash.self, id: stashId, userId: userId) else { return nil }
            try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [trashId])
            var restored = entry
            try restored.insert(db)
            for arrival in arrivals { _ = try arrival.inserted(db) }
            return (entry, try Self.judgeStashMonths(db, [entry] + arrivals, userId: userId, today: today, now: now))
        }
    }

    /// Moves a ledger row to the trash, where "Undo" finds it for a day: drops the user's trash older than that,
    /// keeps the row as it is, then deletes it. Returns the trash id.
    /// A row that moved money into another account goes with its arrival, which comes back with it.
    static func moveToTrash(_ db: Database, _ transaction: LedgerEntry, now: Date) throws -> Int64 {
        let arriving = try transaction.id.flatMap { try Self.arrival(db, of: $0) }
        // The other parts of a split the row heads go with it.
        let parts =
            try transaction.id.flatMap { id in
                transaction.splitId == id ? try Self.splitParts(db, of: id).filter { $0.id != id } : nil
            } ?? []
        let extras = (arriving.map { [$0] } ?? []) + parts
        let payload =
            if extras.isEmpty { try JSONEncoder().encode(transaction) } else {
                try JSONEncoder().encode([transaction] + extras)
            }
        try db.execute(
            sql: "DELETE FROM trash WHERE userId = ? AND deletedAt < ?",
            arguments: [transaction.userId, now.addingTimeInterval(-24 * 3600)]
        )
        try db.execute(
            sql: "INSERT INTO trash (userId, payload, deletedAt) VALUES (?, ?, ?)",
            arguments: [transaction.userId, payload, now]
        )
        let trashId = db.lastInsertedRowID
        for extra in extras { _ = try extra.delete(db) }
        _ = try transaction.delete(db)
        return trashId
    }

    /// The rows a trash payload holds: one row, or a row and its arrival.
    static func trashedRows(_ payload: Data) -> [LedgerEntry]? {
        let decoder = JSONDecoder()
        if let rows = try? decoder.decode([LedgerEntry].self, from: payload), !rows.isEmpty { return rows }
        return (try? decoder.decode(LedgerEntry.self, from: payload)).map { [$0] }
    }

    /// Whether the user still has the row `id` of `Record` (a category or an account).
    private static func exists<Record: TableRecord>(
        _ db: Database,
        _ record: Record.Type,
        id: Int64,
        userId: Int64
    ) throws -> Bool {
        try !Record.filter(Column("id") == id && Column("userId") == userId).isEmpty(db)
    }

    // MARK: - Judging

    /// Judges each month an entry write touched, once the write (and the triggers after it) are done.
    private static func judge(
        _ db: Database,
        stash: Stash,
        months: [String],
        today: CalendarDay,
        now: Date
    ) throws -> Outcome {
        var outcome = Outcome()
        for month in Set(months).sorted() {
            guard let month = Month(month) else { continue }
            if let badge = try judge(db, stash: stash, month: month, today: today, now: now) {
                outcome.newBadgeIds.append(badge)
            }
        }
        return outcome
    }

    /// Brings the badge of (stash, month) in line with its entries. Returns the badge id if it was earned just now.
    @discardableResult
    static func judge(_ db: Database, stash: Stash, month: Month, today: CalendarDay, now: Date) throws -> Int64? {
        guard let stashId = stash.id else { return nil }
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth
                WHERE stashId = ? AND month = ? GROUP BY stashId
                """,
            arguments: [stashId, month.description]
        )
        let progress = StashProgress(
            kind: stash.kind,
            totalCents: row?["totalCents"] ?? 0,
            entryCount: row?["entryCount"] ?? 0,
            targetCents: try targetCents(db, stashId: stashId, month: month),
            monthClosed: month < today.monthValue
        )
        let existing = try Badge.filter(Badge.Columns.stashId == stashId && Badge.Columns.month == month.description)
            .fetchOne(db)

        guard progress.isCompleted else {
            if var badge = existing, badge.earned {
                badge.earned = false
                try badge.update(db)
            }
            return nil
        }
        let completedOn = try completionDay(db, stash: stash, month: month, target: progress.targetCents)
        if var badge = existing {
            let wasEarned = badge.earned
            badge.earned = true
            badge.completedOn = completedOn
            badge.points = Badge.pointsPerBadge
            try badge.update(db)
            guard !wasEarned else { return nil }
            try tellEarned(db, badge: badge, stash: stash, month: month, now: now)
            return badge.id
        }
        let badge = try Badge(
            id: nil,
            userId: stash.userId,
            stashId: stashId,
            month: month.description,
            completedOn: completedOn,
            points: Badge.pointsPerBadge,
            earned: true,
            claimedAt: nil
        )
        .inserted(db)
        try tellEarned(db, badge: badge, stash: stash, month: month, now: now)
        return badge.id
    }

    /// Puts "Badge earned" in the user's notification list (in the app only), once per badge. The note keeps the
    /// stash's name as its title; the list words it in the reader's language (`NotificationPages.Day.grouped`).
    private static func tellEarned(_ db: Database, badge: Badge, stash: Stash, month: Month, now: Date) throws {
        guard let id = badge.id else { return }
        try Reminder(
            id: nil,
            userId: stash.userId,
            kind: .badge,
            subject: "badge:\(id)",
            dueOn: month.lastDay.description,
            title: stash.name,
            body: "",
            path: BadgePaths.badge(id),
            createdAt: now,
            readAt: nil
        )
        .insert(db, onConflict: .ignore)
    }

    /// The day a month was completed: for a save stash, the day its running total reached the target; for a
    /// spend stash, the last day of the month.
    private static func completionDay(_ db: Database, stash: Stash, month: Month, target: Int64) throws -> String {
        guard stash.kind == .save, let stashId = stash.id else { return month.lastDay.description }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT date, amountCents FROM ledger WHERE stashId = ? AND date BETWEEN ? AND ? ORDER BY date, id
                """,
            arguments: [stashId, month.firstDay.description, month.lastDay.description]
        )
        var running: Int64 = 0
        for row in rows {
            running += row["amountCents"] as Int64
            if running >= target { return row["date"] }
        }
        return month.lastDay.description
    }

    /// The target a stash had in `month` (see `targetSQL`).
    static func targetCents(_ db: Database, stashId: Int64, month: Month) throws -> Int64 {
        try Int64.fetchOne(
            db,
            sql: "SELECT \(targetSQL(stashId: ":stashId", month: ":month"))",
            arguments: ["stashId": stashId, "month": month.description]
        ) ?? 0
    }

    /// Judges the member's spend stashes for every month closed since `judgedThrough` (the month last judged), then
    /// remembers the last closed month. Cheap when there is nothing new: one comparison.
    func judgeClosedMonths(judgedThrough: String?, today: CalendarDay, now: Date) async throws {
        let lastClosed = today.monthValue.previous.description
        if let judgedThrough, judgedThrough >= lastClosed { return }
        let since = judgedThrough ?? "0000-00"
        try await write { db in
            let stashes = try Stash.filter(
                Stash.Columns.userId == userId && Stash.Columns.kind == Stash.Kind.spend.rawValue
            )
            .fetchAll(db)
            for stash in stashes {
                guard let stashId = stash.id else { continue }
                let months = try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT month FROM categoryMonth WHERE stashId = ? AND month > ? AND month <= ? ORDER BY month
                        """,
                    arguments: [stashId, since, lastClosed]
                )
                for month in months.compactMap(Month.init) {
                    try Self.judge(db, stash: stash, month: month, today: today, now: now)
                }
            }
            try db.execute(sql: "UPDATE user SET spendJudgedThrough = ? WHERE id = ?", arguments: [lastClosed, userId])
        }
    }
}

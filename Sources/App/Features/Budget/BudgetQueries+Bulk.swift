import Foundation
import GRDB

/// What a change to many rows at once did, kept in the trash for a day so "Undo" can put it back: the rows as they
/// were, to insert again (a delete) or to set back (a change of category or statement state).
struct BulkUndo: Codable, Sendable {
    enum Action: String, Codable, Sendable {
        case delete, update
    }

    var action: Action
    var rows: [LedgerEntry]
}

/// Changes to many of the member's rows at once, from the transactions list, each with its Undo.
extension MemberStore {
    /// What a bulk change did: how many rows it changed, how many it left as they were, and its Undo.
    struct BulkOutcome: Sendable {
        var changed = 0
        var skipped = 0
        var trashId: Int64?
    }

    /// Files the rows under `category`; a row of another kind (an expense can't become income), a stash's entry (it
    /// follows its stash) or a transfer stays as it is.
    func bulkRecategorise(ids: [Int64], category: Category, now: Date) async throws -> BulkOutcome {
        try await write { db in
            let category = try own(category, in: db)
            let rows = try Self.ownRows(db, ids: ids, userId: userId)
            let eligible = rows.filter {
                $0.stashId == nil && $0.kind == category.kind.transactionKind && $0.categoryId != category.id
            }
            for var row in eligible {
                row.categoryId = category.id
                row.updatedAt = now
                try row.update(db)
            }
            return try Self.keepUndo(db, .update, eligible, skipped: rows.count - eligible.count, now: now)
        }
    }

    /// Adds `tag` to the rows; one that has it already (whatever its case) or has as many tags as a row may stays as
    /// it is.
    func bulkTag(ids: [Int64], tag: String, now: Date) async throws -> BulkOutcome {
        try await write { db in
            let rows = try Self.ownRows(db, ids: ids, userId: userId)
            let eligible = rows.filter { row in
                row.tagList.count < TagRules.most
                    && !row.tagList.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
            }
            for var row in eligible {
                row.tags = LedgerEntry.tagsText(row.tagList + [tag])
                row.updatedAt = now
                try row.update(db)
            }
            return try Self.keepUndo(db, .update, eligible, skipped: rows.count - eligible.count, now: now)
        }
    }

    /// Marks the rows cleared or open again; a row without an account or locked by a reconciliation stays as it is.
    func bulkSetCleared(ids: [Int64], cleared: Bool, now: Date) async throws -> BulkOutcome {
        let target: LedgerEntry.Clearing = cleared ? .cleared : .open
        return try await write { db in
            let rows = try Self.ownRows(db, ids: ids, userId: userId)
            let eligible = rows.filter { $0.accountId != nil && $0.clearing != .reconciled && $0.clearing != target }
            for var row in eligible {
                row.clearing = target
                try row.update(db)
            }
            return try Self.keepUndo(db, .update, eligible, skipped: rows.count - eligible.count, now: now)
        }
    }

    /// Deletes the rows; a transfer and a split go whole (any side or part chosen), and a stash's months are judged
    /// again. A row locked by a reconciliation (and the rest of its transfer or split) stays as it is.
    func bulkDelete(ids: [Int64], today: CalendarDay, now: Date) async throws -> BulkOutcome {
        try await write { db in
            var rows = try Self.ownRows(db, ids: ids, userId: userId)
            // An arriving transfer stands for the row it left.
            let leavingIds = rows.filter { $0.kind == .transferIn }.compactMap(\.pairId)
            rows = rows.filter { $0.kind != .transferIn }
            var chosen = Set(rows.compactMap(\.id))
            rows += try Self.ownRows(db, ids: leavingIds.filter { !chosen.contains($0) }, userId: userId)
            chosen = Set(rows.compactMap(\.id))
            // Every part of a split that a chosen row belongs to.
            for splitId in Set(rows.compactMap(\.splitId)) {
                let parts = try Self.splitParts(db, of: splitId).filter { !chosen.contains($0.id ?? 0) }
                rows += parts
                chosen.formUnion(parts.compactMap(\.id))
            }
            var arrivals = try rows.compactMap { try $0.id.flatMap { try Self.arrival(db, of: $0) } }
            // A row locked by a reconciliation stays, and with it the rest of its transfer or split.
            let byId = Dictionary(rows.map { ($0.id ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
            func group(_ row: LedgerEntry) -> Int64 {
                let leaving = row.kind == .transferIn ? row.pairId.flatMap { byId[$0] } ?? row : row
                return leaving.splitId ?? leaving.id ?? 0
            }
            let locked = Set((rows + arrivals).filter { $0.clearing == .reconciled }.map(group))
            let skipped = Set(ids).intersection(
                (rows + arrivals).filter { locked.contains(group($0)) }.compactMap(\.id)
            )
            rows.removeAll { locked.contains(group($0)) }
            arrivals.removeAll { locked.contains(group($0)) }
            for arrival in arrivals { _ = try arrival.delete(db) }
            for row in rows.sorted(by: { ($0.id ?? 0) > ($1.id ?? 0) }) { _ = try row.delete(db) }
            try Self.judgeStashMonths(db, rows, userId: userId, today: today, now: now)
            // Oldest first, so a restore writes a split's first part and a transfer's leaving row before the rows
            // that name them.
            let kept = (rows + arrivals).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
            var outcome = try Self.keepUndo(db, .delete, kept, skipped: skipped.count, now: now)
            outcome.changed = rows.count
            return outcome
        }
    }

    /// Puts back what the bulk change kept in the trash as `trashId`: deleted rows come back as they were (a category
    /// or account deleted since gives way, as for one row's Undo), changed rows get their category and statement
    /// state and tags back. Returns how many rows, or nil when there is nothing to undo.
    func undoBulk(trashId: Int64, today: CalendarDay, now: Date) async throws -> Int? {
        try await write { member in
            let db = member.db
            guard
                let payload = try Data.fetchOne(
                    db,
                    sql: "SELECT payload FROM trash WHERE id = ? AND userId = ?",
                    arguments: [trashId, userId]
                ),
                let undo = try? JSONDecoder().decode(BulkUndo.self, from: payload),
                undo.rows.allSatisfy({ $0.userId == userId })
            else { return nil }
            try db.execute(sql: "DELETE FROM trash WHERE id = ?", arguments: [trashId])
            switch undo.action {
            case .update:
                for row in undo.rows {
                    try db.execute(
                        sql: "UPDATE ledger SET categoryId = ?, clearing = ?, tags = ? WHERE id = ? AND userId = ?",
                        arguments: [row.categoryId, row.clearing.rawValue, row.tags, row.id, userId]
                    )
                }
            case .delete:
                for var row in undo.rows {
                    if let categoryId = row.categoryId,
                        try Category.filter(Column("id") == categoryId && Column("userId") == userId).isEmpty(db)
                    {
                        let kind: Category.Kind =
                            switch row.kind {
                            case .income: .income
                            case .saving: .savings
                            case .expense, .transfer, .transferIn: .wants
                            }
                        row.categoryId = try Self.otherCategoryId(member, kind: kind, now: now)
                    }
                    if let accountId = row.accountId,
                        try MoneyAccount.filter(Column("id") == accountId && Column("userId") == userId).isEmpty(db)
                    {
                        row.accountId = nil
                    }
                    if let stashId = row.stashId,
                        try Stash.filter(Column("id") == stashId && Column("userId") == userId).isEmpty(db)
                    {
                        continue
                    }
                    try row.insert(db)
                }
                try Self.judgeStashMonths(db, undo.rows, userId: userId, today: today, now: now)
            }
            return undo.rows.filter { $0.kind != .transferIn || undo.action == .update }.count
        }
    }

    /// The member's rows among `ids`; any other id stops the write (a forged form).
    private static func ownRows(_ db: Database, ids: [Int64], userId: Int64) throws -> [LedgerEntry] {
        guard !ids.isEmpty else { return [] }
        let rows = try LedgerEntry.fetchAll(
            db,
            SQLRequest<LedgerEntry>("SELECT * FROM ledger WHERE userId = \(userId) AND id IN \(Set(ids).sorted())")
        )
        guard rows.count == Set(ids).count else { throw NotTheMembersRecord() }
        return rows
    }

    /// Keeps `rows` as they were in the trash for "Undo" (none when nothing changed).
    private static func keepUndo(
        _ db: Database,
        _ action: BulkUndo.Action,
        _ rows: [LedgerEntry],
        skipped: Int,
        now: Date
    ) throws -> BulkOutcome {
        var outcome = BulkOutcome(changed: rows.count, skipped: skipped)
        guard let userId = rows.first?.userId else { return outcome }
        try db.execute(
            sql: "DELETE FROM trash WHERE userId = ? AND deletedAt < ?",
            arguments: [userId, now.addingTimeInterval(-24 * 3600)]
        )
        try db.execute(
            sql: "INSERT INTO trash (userId, payload, deletedAt) VALUES (?, ?, ?)",
            arguments: [userId, try JSONEncoder().encode(BulkUndo(action: action, rows: rows)), now]
        )
        outcome.trashId = db.lastInsertedRowID
        return outcome
    }

    /// Judges again the badge of every stash month the rows belong to; returns the badges earned just now.
    @discardableResult
    static func judgeStashMonths(
        _ db: Database,
        _ rows: [LedgerEntry],
        userId: Int64,
        today: CalendarDay,
        now: Date
    ) throws -> Outcome {
        var outcome = Outcome()
        let months = Dictionary(grouping: rows.filter { $0.stashId != nil }, by: { $0.stashId ?? 0 })
        for (stashId, entries) in months.sorted(by: { $0.key < $1.key }) {
            guard let stash = try Stash.filter(Column("id") == stashId && Column("userId") == userId).fetchOne(db)
            else { continue }
            for month in Set(entries.compactMap { $0.day?.monthValue }).sorted() {
                if let badge = try judge(db, stash: stash, month: month, today: today, now: now) {
                    outcome.newBadgeIds.append(badge)
                }
            }
        }
        return outcome
    }
}

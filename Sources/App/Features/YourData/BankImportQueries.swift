import Foundation
import GRDB

/// A statement uploaded and waiting to be mapped and imported (its text is read only when its parse isn't kept).
struct BankImportDraft: Sendable, Equatable {
    let filename: String
    let createdAt: Date
}

/// One earlier import, which can be undone as a whole.
struct ImportBatch: Sendable {
    let id: Int64
    let filename: String
    let rowCount: Int
    let createdAt: Date
}

/// What the preview shows and the import writes: every row with its category, whether it is already in the ledger.
struct BankImportPlan: Sendable {
    struct Item: Sendable {
        let row: BankRow
        let categoryId: Int64?
        /// Guessed from an earlier transaction with the same description, or matched by name from the file.
        let categoryName: String?
        let isDuplicate: Bool
    }

    let items: [Item]
    var importable: [Item] { items.filter { $0.row.problem == nil } }
    var duplicates: [Item] { importable.filter(\.isDuplicate) }
}

extension MemberStore {
    /// Keeps the statement's text as the member's draft, replacing any other; returns the draft as stored.
    func saveBankDraft(filename: String, content: String, now: Date) async throws -> BankImportDraft? {
        let userId = self.userId
        return try await write { member in
            let db = member.db
            try db.execute(
                sql: """
                    INSERT INTO bankImportDraft (userId, filename, content, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT (userId) DO UPDATE SET filename = excluded.filename, content = excluded.content, createdAt = excluded.createdAt
                    """,
                arguments: [userId, filename, content, now]
            )
            return try Self.bankDraft(member)
        }
    }

    func bankDraft() throws -> BankImportDraft? {
        try read { member in try Self.bankDraft(member) }
    }

    private static func bankDraft(_ member: MemberDatabase) throws -> BankImportDraft? {
        let (db, userId) = (member.db, member.userId)
        return try Row.fetchOne(
            db,
            sql: "SELECT filename, createdAt FROM bankImportDraft WHERE userId = ?",
            arguments: [userId]
        )
        .map { BankImportDraft(filename: $0["filename"], createdAt: $0["createdAt"]) }
    }

    /// The draft's text, if it is still `draft`.
    func bankDraftContent(_ draft: BankImportDraft) throws -> String? {
        let userId = self.userId
        return try read { member in
            let db = member.db
            guard try Self.bankDraft(member) == draft else { return nil }
            return try String.fetchOne(
                db,
                sql: "SELECT content FROM bankImportDraft WHERE userId = ?",
                arguments: [userId]
            )
        }
    }

    /// The member's latest imports, newest first.
    func importBatches(limit: Int = 10) throws -> [ImportBatch] {
        let userId = self.userId
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, filename, rowCount, createdAt FROM importBatch WHERE userId = ? ORDER BY createdAt DESC, id DESC LIMIT ?
                    """,
                arguments: [userId, limit]
            ).map {
                ImportBatch(
                    id: $0["id"],
                    filename: $0["filename"],
                    rowCount: $0["rowCount"],
                    createdAt: $0["createdAt"]
                )
            }
        }
    }

    /// Works out each row's category and whether it is a duplicate. Reads only the ledger's rows in the statement's
    /// date range (for duplicates) and one indexed lookup per distinct description (for categories).
    func bankImportPlan(_ rows: [BankRow]) throws -> BankImportPlan {
        let userId = self.userId
        return try read { db in
            var categories: [String: (id: Int64, name: String, kind: String)] = [:]
            for row in try Row.fetchAll(
                db,
                sql: "SELECT id, name, kind FROM category WHERE userId = ?",
                arguments: [userId]
            ) {
                let name: String = row["name"]
                categories[name.lowercased()] = categories[name.lowercased()] ?? (row["id"], name, row["kind"])
            }
            let byId = Dictionary(categories.values.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var guesses: [String: Int64?] = [:]
            let guess = try db.makeStatement(
                sql: """
                    SELECT categoryId FROM ledger WHERE userId = ? AND note = ? AND categoryId IS NOT NULL ORDER BY date DESC LIMIT 1
                    """
            )
            let days = rows.compactMap(\.day)
            var existing = Set<String>()
            if let first = days.min(), let last = days.max() {
                let cursor = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT date, kind, amountCents, note FROM ledger WHERE userId = ? AND date BETWEEN ? AND ?
                        """,
                    arguments: [userId, first.description, last.description]
                )
                while let row = try cursor.next() {
                    let kind: String = row["kind"]
                    let cents: Int64 = row["amountCents"]
                    existing.insert(
                        Self.duplicateKey(
                            date: row["date"],
                            cents: kind == "income" ? cents : -cents,
                            note: row["note"]
                        )
                    )
                }
            }
            let items = try rows.map { row -> BankImportPlan.Item in
                var category: (id: Int64, name: String, kind: String)?
                if !row.categoryName.isEmpty { category = categories[row.categoryName.lowercased()] }
                if category == nil, !row.description.isEmpty {
                    if guesses[row.description] == nil {
                        guesses[row.description] = try Int64.fetchOne(guess, arguments: [userId, row.description])
                    }
                    category = guesses[row.description]!.flatMap { byId[$0] }
                }
                // An income category for money out (or the other way round) would put it on the wrong side.
                if let found = category, let cents = row.cents, (found.kind == "income") != (cents > 0) {
                    category = nil
                }
                let duplicate =
                    row.day.map { day in
                        existing.contains(
                            Self.duplicateKey(date: day.description, cents: row.cents ?? 0, note: row.description)
                        )
                    } ?? false
                return .init(row: row, categoryId: category?.id, categoryName: category?.name, isDuplicate: duplicate)
            }
            return BankImportPlan(items: items)
        }
    }

    static func duplicateKey(date: String, cents: Int64, note: String) -> String {
        "\(date)|\(cents)|\(note.lowercased().trimmingCharacters(in: .whitespaces))"
    }

    /// Writes `items` as one batch of transactions (money in as income, money out as expenses) into `accountId`
    /// (which must be the member's), and forgets the draft. Returns the batch's id.
    func importBank(
        _ items: [BankImportPlan.Item],
        filename: String,
        accountId: Int64?,
        now: Date
    ) async throws -> Int64 {
        let userId = self.userId
        return try await write { db in
            if let accountId,
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM account WHERE id = ? AND userId = ?",
                    arguments: [accountId, userId]
                ) != 1
            {
                throw NotTheMembersRecord()
            }
            try db.execute(
                sql: "INSERT INTO importBatch (userId, filename, rowCount, createdAt) VALUES (?, ?, ?, ?)",
                arguments: [userId, filename, items.count, now]
            )
            let batchId = db.lastInsertedRowID
            try db.insertRows(
                into: "ledger",
                columns: [
                    "userId", "date", "amountCents", "kind", "note", "categoryId", "accountId",
                    "importBatchId", "createdAt", "updatedAt",
                ]
            ) { rows in
                for item in items {
                    guard let day = item.row.day, let cents = item.row.cents else { continue }
                    try rows.insert([
                        userId, day.description, abs(cents), cents > 0 ? "income" : "expense",
                        item.row.description, item.categoryId, accountId, batchId, now, now,
                    ])
                }
            }
            try db.execute(sql: "DELETE FROM bankImportDraft WHERE userId = ?", arguments: [userId])
            return batchId
        }
    }

    /// Removes an import's transactions, all of them; nil when the member has no such batch.
    func undoImport(batchId: Int64) async throws -> ImportBatch? {
        let userId = self.userId
        return try await write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT * FROM importBatch WHERE id = ? AND userId = ?",
                    arguments: [batchId, userId]
                )
            else { return nil }
            try db.execute(sql: "DELETE FROM importBatch WHERE id = ? AND userId = ?", arguments: [batchId, userId])
            return ImportBatch(
                id: row["id"],
                filename: row["filename"],
                rowCount: row["rowCount"],
                createdAt: row["createdAt"]
            )
        }
    }

    /// The member's accounts, for the "Into account" choice.
    func accountChoices() throws -> [(id: Int64, name: String)] {
        let userId = self.userId
        return try read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT id, name FROM account WHERE userId = ? ORDER BY name COLLATE NOCASE",
                arguments: [userId]
            )
            .map { ($0["id"], $0["name"]) }
        }
    }
}

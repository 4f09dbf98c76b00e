import Foundation
import GRDB

/// An import is written in many short transactions, so the writes of other members never wait long behind it, yet the
/// member sees all of it or none: every row goes in under a user of its own that nobody can sign in as (a row of
/// `user` whose `importingFor` names the member), and one last short transaction hands the member's sign-in, sessions
/// and settings over to that user, which then is the member's account. Until then the member's own account is
/// untouched; a failed import's rows are deleted, again a batch at a time, and those of an import cut short by a
/// stop are deleted when the server starts.
extension MemberStore {
    /// Puts every record of the checked `document` into the member's empty account: all of it, or (on any problem)
    /// nothing. The member keeps their own email, password and sign-ins. `batchRows` is about how many rows each
    /// transaction writes.
    func importDocument(
        _ document: AccountDocument,
        now: Date,
        batchRows: Int = AccountDocument.importBatchRows
    ) async throws {
        let userId = self.userId
        try document.check()
        guard try accountIsEmpty() else { throw ImportProblem.accountHasData }
        let database = self.database
        // On a task of its own: a request cut off midway must still see its rows written or deleted to the end.
        try await Task {
            let staging = try await database.write { db in
                try AccountDocument.createStagingUser(db, for: userId, document: document, now: now)
            }
            do {
                try await document.insertInBatches(database, userId: staging, batchRows: batchRows)
                try await database.write { db in
                    try document.insertSettings(MemberDatabase(db: db, userId: staging))
                    try AccountDocument.handOver(db, staging: staging, to: userId)
                }
            } catch {
                try? await AccountDocument.discardStagingUser(staging, database: database, batchRows: batchRows)
                throw error
            }
        }.value
    }
}

extension AppDatabase {
    /// Deletes what imports cut short by a stop left behind; run at start.
    func discardUnfinishedImports() async throws {
        let staging = try read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM user WHERE importingFor IS NOT NULL")
        }
        for userId in staging {
            try await AccountDocument.discardStagingUser(
                userId,
                database: self,
                batchRows: AccountDocument.importBatchRows
            )
        }
    }
}

extension AccountDocument {
    /// About how many rows one transaction of an import writes: about a tenth of a second's work.
    static let importBatchRows = 2_000

    /// The tables an import fills (and those the ledger's triggers fill from them). The member's rows in these (the
    /// default categories and settings sign-up made) give way to the import's; the member's rows in every other table
    /// that names a user (sessions, sign-in, photo, notifications…) are handed over.
    static let importedTables: Set<String> = [
        "category", "account", "incomeSource", "stash", "ledger", "badge", "walletCard", "cardBenefit", "benefitUse",
        "subscription", "coupon", "walletSettings", "pushChannel", "ledgerDay", "categoryMonth", "schedule",
        "occurrence", "scheduleSuggestionDismissal",
    ]

    /// The user the import writes under, with the document's profile: its email can't be typed by anyone and its
    /// password hash matches no password.
    static func createStagingUser(
        _ db: Database,
        for userId: Int64,
        document: AccountDocument,
        now: Date
    ) throws -> Int64 {
        let profile = document.profile
        try db.execute(
            sql: """
                INSERT INTO user (name, email, passwordHash, location, age, salaryCents, householdSize, currency, timeZone, theme,
                    homeView, spendJudgedThrough, createdAt, updatedAt, importingFor, region, language, safeBufferCents)
                VALUES (?, ?, '!', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                profile.name, "import-\(userId)-\(UUID().uuidString)@import.invalid", profile.location,
                profile.age, profile.salaryCents, profile.householdSize, profile.currency, profile.timeZone,
                profile.theme.rawValue, profile.homeView.rawValue, profile.spendJudgedThrough, now, now, userId,
                profile.region ?? Region.unitedStates.identifier, profile.language ?? Language.en.rawValue,
                profile.safeBufferCents ?? 0,
            ]
        )
        return db.lastInsertedRowID
    }

    /// The staging user becomes the member's account, in the caller's transaction: refused, changing nothing, when
    /// the member's account got data of its own meanwhile (from another browser).
    static func handOver(_ db: Database, staging: Int64, to userId: Int64) throws {
        guard try accountIsEmpty(MemberDatabase(db: db, userId: userId)) else { throw ImportProblem.accountHasData }
        guard try Int64.fetchOne(db, sql: "SELECT importingFor FROM user WHERE id = ?", arguments: [staging]) == userId,
            let member = try Row.fetchOne(db, sql: "SELECT * FROM user WHERE id = ?", arguments: [userId])
        else { throw ImportProblem(.interrupted) }
        let owner = try AppDatabase.ownerId(db) == userId
        // Every row that names the member outside the imported tables moves to the staging user, whatever table it
        // is in; anything made for the staging user meanwhile (a reminder) goes first.
        let references = try Row.fetchAll(
            db,
            sql: """
                SELECT m.name AS tableName, f."from" AS column FROM sqlite_master m, pragma_foreign_key_list(m.name) f
                WHERE m.type = 'table' AND f."table" = 'user' AND m.name != 'user'
                """
        ).map { (table: $0["tableName"] as String, column: $0["column"] as String) }
        for (table, column) in references where !importedTables.contains(table) {
            let (quotedTable, quotedColumn) = (table.quotedDatabaseIdentifier, column.quotedDatabaseIdentifier)
            try db.execute(sql: "DELETE FROM \(quotedTable) WHERE \(quotedColumn) = ?", arguments: [staging])
            try db.execute(
                sql: "UPDATE \(quotedTable) SET \(quotedColumn) = ? WHERE \(quotedColumn) = ?",
                arguments: [staging, userId]
            )
        }
        // A session names its user in its JSON too.
        let sessions = try Row.fetchAll(db, sql: "SELECT id, data FROM session WHERE userId = ?", arguments: [staging])
        for session in sessions {
            guard var payload = try? JSONDecoder().decode(SessionPayload.self, from: session["data"] as Data) else {
                continue
            }
            payload.userId = staging
            try db.execute(
                sql: "UPDATE session SET data = ? WHERE id = ?",
                arguments: [try JSONEncoder().encode(payload), session["id"] as String]
            )
        }
        // The member's row goes (with the defaults sign-up made); the staging user takes everything of it but the
        // profile the export brought.
        try db.execute(sql: "UPDATE user SET importingFor = NULL WHERE id = ?", arguments: [staging])
        try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [userId])
        try db.execute(sql: "DELETE FROM userRevision WHERE userId = ?", arguments: [userId])
        let kept = member.columnNames.filter {
            !["id", "importingFor"].contains($0) && !importedProfileColumns.contains($0)
        }
        try db.execute(
            sql:
                "UPDATE user SET \(kept.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")) WHERE id = ?",
            arguments: StatementArguments(kept.map { member[$0] as DatabaseValue } + [staging.databaseValue])
        )
        // The server's owner stays its owner under the new row.
        if owner { try db.execute(sql: "UPDATE user SET isOwner = 1 WHERE id = ?", arguments: [staging]) }
    }

    /// The columns of `user` the export's profile fills.
    static let importedProfileColumns: Set<String> = [
        "name", "location", "age", "salaryCents", "householdSize", "currency", "timeZone", "theme", "homeView",
        "spendJudgedThrough", "updatedAt", "region", "language", "safeBufferCents",
    ]

    /// Deletes the staging user and everything written under it, the largest tables a batch at a time.
    static func discardStagingUser(_ userId: Int64, database: AppDatabase, batchRows: Int) async throws {
        for table in [
            "occurrence", "schedule", "ledger", "benefitUse", "cardBenefit", "badge", "coupon", "subscription",
            "walletCard", "stash", "category",
        ] {
            while try await database.write({ db in
                guard
                    try Int64.fetchOne(db, sql: "SELECT importingFor FROM user WHERE id = ?", arguments: [userId])
                        != nil
                else { return false }
                try db.execute(
                    sql: """
                        DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM \(table) WHERE userId = ? LIMIT ?)
                        """,
                    arguments: [userId, batchRows]
                )
                return db.changesCount > 0
            }) {}
        }
        try await database.write { db in
            try db.execute(sql: "DELETE FROM user WHERE id = ? AND importingFor IS NOT NULL", arguments: [userId])
            try db.execute(sql: "DELETE FROM userRevision WHERE userId = ?", arguments: [userId])
        }
    }
}

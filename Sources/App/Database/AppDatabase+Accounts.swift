import Foundation
import GRDB

/// One account as the server's owner sees it in `stashify users list`.
public struct AccountSummary: Sendable {
    public let id: Int64
    public let email: String
    public let name: String
    public let createdAt: Date
    public let entries: Int
    public let twoFactorOn: Bool
    public let lastSeenAt: Date?
}

/// What the server's owner does to whole accounts: list them, give one a new password, delete one with all its data.
extension AppDatabase {
    /// Every account (or only the one with `email`), oldest first, with how many ledger rows it holds and when it
    /// was last seen signed in.
    public func accountSummaries(email: String? = nil) throws -> [AccountSummary] {
        let email = email.map(User.normalize(email:))
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT u.id, u.email, u.name, u.createdAt,
                           (SELECT SUM(entryCount) FROM categoryMonth WHERE userId = u.id) AS entries,
                           EXISTS (SELECT 1 FROM twoFactor WHERE userId = u.id AND enabledAt IS NOT NULL) AS twoFactorOn,
                           (SELECT MAX(COALESCE(lastSeenAt, createdAt)) FROM session WHERE userId = u.id) AS lastSeenAt
                    FROM user u WHERE (?1 IS NULL OR u.email = ?1) AND u.importingFor IS NULL ORDER BY u.id
                    """,
                arguments: [email]
            ).map { row in
                AccountSummary(
                    id: row["id"],
                    email: row["email"],
                    name: row["name"],
                    createdAt: row["createdAt"],
                    entries: row["entries"] ?? 0,
                    twoFactorOn: row["twoFactorOn"],
                    lastSeenAt: row["lastSeenAt"]
                )
            }
        }
    }

    /// Gives the account a new password, made here, and signs it out everywhere; its log-in throttle starts afresh.
    /// Returns the password to hand over, or nil when no account has that email.
    public func resetPassword(
        email: String,
        now: Date,
        hasher: PasswordHasher = PasswordHasher()
    ) async throws -> String? {
        let email = User.normalize(email: email)
        let password = Secrets.typeableCode()
        let hash = try await hasher.hash(password)
        return try await write { db in
            guard let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE email = ?", arguments: [email])
            else {
                return nil
            }
            try db.execute(
                sql: "UPDATE user SET passwordHash = ?, updatedAt = ? WHERE id = ?",
                arguments: [hash, now, userId]
            )
            try db.execute(sql: "DELETE FROM session WHERE userId = ?", arguments: [userId])
            try db.execute(sql: "DELETE FROM loginAttempt WHERE email = ?", arguments: [email])
            return password
        }
    }

    /// Deletes the account and every row of its data in one transaction: its sessions, ledger, stashes, wallet,
    /// reminders, settings, its log-in tries. No other account's row is touched. False when there was no such account.
    @discardableResult
    public func deleteUser(userId: Int64) async throws -> Bool {
        try await write { db in try Self.deleteUser(userId: userId, db) }
    }

    static func deleteUser(userId: Int64, _ db: Database) throws -> Bool {
        guard let email = try String.fetchOne(db, sql: "SELECT email FROM user WHERE id = ?", arguments: [userId])
        else {
            return false
        }
        // Every other table of the account's data names the user (or its stash) with ON DELETE CASCADE.
        try db.execute(sql: "DELETE FROM user WHERE id = ?", arguments: [userId])
        try db.execute(sql: "DELETE FROM userRevision WHERE userId = ?", arguments: [userId])
        try db.execute(sql: "DELETE FROM loginAttempt WHERE email = ?", arguments: [email])
        return true
    }
}

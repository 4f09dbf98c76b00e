import Foundation
import GRDB

/// A user's two-factor sign-in as stored: on (with its secret), being set up (a secret offered, not yet confirmed),
/// or off.
struct TwoFactorState: Sendable, Equatable {
    /// The confirmed secret, when two-factor sign-in is on.
    var secret: TOTP?
    var enabledAt: Date?
    /// The secret the set-up page offers, until a first code confirms it.
    var pendingSecret: TOTP?
    /// Recovery codes not used yet.
    var recoveryCodesLeft: Int

    var isOn: Bool { secret != nil }
    static let off = TwoFactorState(secret: nil, enabledAt: nil, pendingSecret: nil, recoveryCodesLeft: 0)
}

/// Ten single-use codes for when the phone is lost: shown once, stored as SHA-256 digests (each holds 80 random
/// bits, too many to guess or to search for from a digest).
enum RecoveryCodes {
    static let count = 10

    /// Ten new codes, `xxxx-xxxx-xxxx-xxxx` in lower-case Base32.
    static func make() -> [String] {
        (0..<count).map { _ in Secrets.typeableCode() }
    }

    /// The stored digest of a code as typed: case, spaces and dashes don't matter.
    static func digest(_ typed: String) -> String {
        let normalised = typed.lowercased().filter { $0 != " " && $0 != "-" }
        return Secrets.digest(normalised)
    }

    /// Whether `typed` has the shape of a recovery code (16 Base32 characters, dashes and spaces aside).
    static func isShaped(_ typed: String) -> Bool {
        let normalised = typed.uppercased().filter { $0 != " " && $0 != "-" }
        return normalised.count == 16 && Base32.decode(normalised) != nil
    }
}

extension AppDatabase {
    /// The user's two-factor state, read for signing in.
    func twoFactor(userId: Int64) throws -> TwoFactorState {
        try read { db in try TwoFactorState.fetch(db, userId: userId) }
    }

    /// Takes the code of `step` for the user, unless a code of that step or a later one was taken already (a code
    /// can't be used twice). Checked and recorded in one statement, so two posts of one code can't both pass.
    func takeCode(userId: Int64, step: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE twoFactor SET lastStep = ?
                    WHERE userId = ? AND secret IS NOT NULL AND (lastStep IS NULL OR lastStep < ?)
                    """,
                arguments: [step, userId, step]
            )
            return db.changesCount == 1
        }
    }

    /// Uses up the recovery code typed, if it is one of the user's unused ones; how many are left after it.
    func takeRecoveryCode(userId: Int64, typed: String, now: Date) async throws -> Int? {
        let digest = RecoveryCodes.digest(typed)
        return try await write { db in
            try db.execute(
                sql: "UPDATE recoveryCode SET usedAt = ? WHERE userId = ? AND codeHash = ? AND usedAt IS NULL",
                arguments: [now, userId, digest]
            )
            guard db.changesCount == 1 else { return nil }
            return try Int.fetchOne(
                db,
                sql: "SELECT COUNT(*) FROM recoveryCode WHERE userId = ? AND usedAt IS NULL",
                arguments: [userId]
            ) ?? 0
        }
    }

    /// Turns two-factor sign-in off for the account with `email` (the server owner's way back in for someone who
    /// lost their phone). False when no account has that email.
    public func disableTwoFactor(email: String) async throws -> Bool {
        let email = User.normalize(email: email)
        return try await write { db in
            guard let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE email = ?", arguments: [email])
            else {
                return false
            }
            try TwoFactorState.delete(db, userId: userId)
            return true
        }
    }
}

extension MemberStore {
    /// The member's two-factor state.
    func twoFactor() throws -> TwoFactorState {
        try read { db in try TwoFactorState.fetch(db, userId: userId) }
    }

    /// The secret the set-up page offers: the one offered before, or a new one.
    func pendingTwoFactorSecret() async throws -> TOTP {
        try await write { db in
            let state = try TwoFactorState.fetch(db, userId: userId)
            if let pending = state.pendingSecret { return pending }
            let secret = TOTP(secret: TOTP.makeSecret())
            try db.execute(
                sql: """
                    INSERT INTO twoFactor (userId, pendingSecret) VALUES (?, ?)
                    ON CONFLICT (userId) DO UPDATE SET pendingSecret = excluded.pendingSecret
                    """,
                arguments: [userId, Base32.encode(secret.secret)]
            )
            return secret
        }
    }

    /// Turns two-factor sign-in on with the offered secret, confirmed by the code of `step`, and stores the digests
    /// of the new recovery codes. False when the offered secret is no longer `secret` (set up again elsewhere).
    func enableTwoFactor(secret: TOTP, step: Int64, recoveryCodes: [String], now: Date) async throws -> Bool {
        let encoded = Base32.encode(secret.secret)
        return try await write { db in
            try db.execute(
                sql: """
                    UPDATE twoFactor SET secret = pendingSecret, pendingSecret = NULL, enabledAt = ?, lastStep = ?
                    WHERE userId = ? AND pendingSecret = ? AND secret IS NULL
                    """,
                arguments: [now, step, userId, encoded]
            )
            guard db.changesCount == 1 else { return false }
            try replaceRecoveryCodes(recoveryCodes, in: db)
            return true
        }
    }

    /// New recovery codes; the old ones stop working.
    func replaceRecoveryCodes(_ codes: [String]) async throws {
        try await write { db in try replaceRecoveryCodes(codes, in: db) }
    }

    private func replaceRecoveryCodes(_ codes: [String], in db: Database) throws {
        try db.execute(sql: "DELETE FROM recoveryCode WHERE userId = ?", arguments: [userId])
        for code in codes {
            try db.execute(
                sql: "INSERT INTO recoveryCode (userId, codeHash) VALUES (?, ?)",
                arguments: [userId, RecoveryCodes.digest(code)]
            )
        }
    }

    /// Turns two-factor sign-in off: the secret and the recovery codes are forgotten.
    func disableTwoFactor() async throws {
        try await write { db in try TwoFactorState.delete(db, userId: userId) }
    }
}

extension TwoFactorState {
    static func fetch(_ db: Database, userId: Int64) throws -> TwoFactorState {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT secret, pendingSecret, enabledAt,
                           (SELECT COUNT(*) FROM recoveryCode WHERE userId = twoFactor.userId AND usedAt IS NULL) AS codesLeft
                    FROM twoFactor WHERE userId = ?
                    """,
                arguments: [userId]
            )
        else { return .off }
        let secret: String? = row["secret"]
        let pending: String? = row["pendingSecret"]
        return TwoFactorState(
            secret: secret.flatMap(Base32.decode).map { TOTP(secret: $0) },
            enabledAt: try row.decode(forColumn: "enabledAt"),
            pendingSecret: pending.flatMap(Base32.decode).map { TOTP(secret: $0) },
            recoveryCodesLeft: row["codesLeft"]
        )
    }

    static func delete(_ db: Database, userId: Int64) throws {
        try db.execute(sql: "DELETE FROM twoFactor WHERE userId = ?", arguments: [userId])
        try db.execute(sql: "DELETE FROM recoveryCode WHERE userId = ?", arguments: [userId])
    }
}

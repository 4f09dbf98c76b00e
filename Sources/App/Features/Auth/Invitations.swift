import Crypto
import Foundation
import GRDB
import HTTPTypes
import Hummingbird

/// A one-time link the owner gives one person, so they can make an account while sign-up is closed. Only the
/// SHA-256 of its token is kept: the link itself is shown once, when it is made.
public struct Invitation: Sendable, Equatable, Decodable, FetchableRecord {
    public let id: Int64
    public let email: String
    public let createdAt: Date
    public let expiresAt: Date
    public let usedAt: Date?

    init(id: Int64, email: String, createdAt: Date, expiresAt: Date, usedAt: Date?) {
        self.id = id
        self.email = email
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// An invitation just made: the record, and its link's token (never stored).
public struct NewInvitation: Sendable {
    public let invitation: Invitation
    public let token: String

    /// The link's path and query: the sign-up form for this invitation.
    public var path: String { AuthPaths.signup + "?invite=" + token }
}

/// Why an invitation can't be made for an email.
public struct InvitationRefused: Error, CustomStringConvertible {
    public let description: String
}

enum Invitations {
    /// How long a link works.
    static let lifetime: TimeInterval = 7 * 86_400

    /// The SHA-256 of a link's token, in hex: what the database keeps.
    static func digest(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// The invitation whose link holds `token`, used or not, expired or not.
    static func find(token: String, _ db: Database) throws -> Invitation? {
        guard !token.isEmpty, token.count <= 128 else { return nil }
        return try Invitation.fetchOne(
            db,
            sql: "SELECT * FROM invitation WHERE tokenHash = ?",
            arguments: [digest(token)]
        )
    }
}

extension AppDatabase {
    /// A new invitation for `email`, in place of any earlier one for it not yet used. Refused for an email that isn't
    /// one, or that an account already has, in plain English (the command line's `stashify invite`).
    public func invite(email raw: String, now: Date) async throws -> NewInvitation {
        try await invite(email: raw, now: now, t: nil)
    }

    /// `invite(email:now:)` for a page: refusals in `t`'s language.
    func invite(email raw: String, now: Date, t: Words?) async throws -> NewInvitation {
        var errors = t.map { FieldErrors(t: $0) } ?? FieldErrors()
        let email = ProfileRules.email(raw, into: &errors)
        if let message = errors["email"] {
            throw InvitationRefused(description: t == nil ? "Enter an email address like name@example.com." : message)
        }
        let token = Data(Secrets.randomBytes(32)).base64URLEncoded
        let invitation = try await write { db in
            if try User.filter(email: email).fetchCount(db) > 0 {
                throw InvitationRefused(
                    description: t.map { t in t["auth.invite.email_taken"] }
                        ?? "An account with this email already exists."
                )
            }
            try db.execute(sql: "DELETE FROM invitation WHERE email = ? AND usedAt IS NULL", arguments: [email])
            let expiresAt = now.addingTimeInterval(Invitations.lifetime)
            try db.execute(
                sql: """
                    INSERT INTO invitation (email, tokenHash, createdAt, expiresAt) VALUES (?, ?, ?, ?)
                    """,
                arguments: [email, Invitations.digest(token), now, expiresAt]
            )
            return Invitation(id: db.lastInsertedRowID, email: email, createdAt: now, expiresAt: expiresAt, usedAt: nil)
        }
        return NewInvitation(invitation: invitation, token: token)
    }

    /// The invitations not yet used, expired ones too, the newest first.
    func unusedInvitations() throws -> [Invitation] {
        try read { db in
            try Invitation.fetchAll(
                db,
                sql: "SELECT * FROM invitation WHERE usedAt IS NULL ORDER BY createdAt DESC, id DESC"
            )
        }
    }

    /// Withdraws an unused invitation: its link stops working. Returns its email, or nil when there is none by `id`.
    func revokeInvitation(id: Int64) async throws -> String? {
        try await write { db in
            let email = try String.fetchOne(
                db,
                sql: "SELECT email FROM invitation WHERE id = ? AND usedAt IS NULL",
                arguments: [id]
            )
            try db.execute(sql: "DELETE FROM invitation WHERE id = ? AND usedAt IS NULL", arguments: [id])
            return email
        }
    }
}

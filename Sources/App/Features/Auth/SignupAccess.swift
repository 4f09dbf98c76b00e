import Foundation
import GRDB

/// Who may make an account once the owner's, the first, exists: only the people the owner invites (the default), or
/// anyone who finds the server.
public enum SignupMode: String, Sendable {
    case closed
    case open
}

/// Whether a sign-up may go ahead, and why.
enum SignupAccess: Sendable, Equatable {
    /// No account exists yet: this one will be the server's owner's.
    case owner
    /// Sign-up is open to anyone.
    case open
    /// The owner invited this person: the invitation is unused and still valid.
    case invited(Invitation)
    /// Sign-up is closed, or the invitation doesn't hold: the refusal says which.
    case refused(Refusal)

    /// Why no account can be made.
    enum Refusal: Sendable, Equatable {
        /// Sign-up is closed and the form came from no invitation link.
        case closed
        /// The invitation link names no invitation (withdrawn or mistyped).
        case unknownLink
        /// The invitation made an account already.
        case usedLink
        case expiredLink
        /// The invitation is for another email than the one typed.
        case otherEmail(String)

        /// The sentence the sign-up page shows.
        func message(_ t: Words) -> String {
            switch self {
            case .closed: t["auth.refusal.closed"]
            case .unknownLink: t["auth.refusal.unknown_link"]
            case .usedLink: t["auth.refusal.used_link"]
            case .expiredLink: t["auth.refusal.expired_link"]
            case .otherEmail(let email): t["auth.refusal.other_email", ["email": email]]
            }
        }
    }

    var isAllowed: Bool {
        if case .refused = self { false } else { true }
    }

    /// Who may sign up now under `mode`, with the invitation link's `token` if the form came from one. While sign-up
    /// is open, a link that no longer works is only an ordinary sign-up.
    static func check(mode: SignupMode, token: String?, now: Date, _ db: Database) throws -> SignupAccess {
        guard try AppDatabase.hasUsers(db) else { return .owner }
        let fallback: SignupAccess = mode == .open ? .open : .refused(.closed)
        guard let token, !token.isEmpty else { return fallback }
        guard let invitation = try Invitations.find(token: token, db) else {
            return mode == .open ? .open : .refused(.unknownLink)
        }
        if invitation.usedAt != nil {
            return mode == .open ? .open : .refused(.usedLink)
        }
        if invitation.expiresAt <= now {
            return mode == .open ? .open : .refused(.expiredLink)
        }
        return .invited(invitation)
    }

    /// The email an invitation was made for, which the account must have.
    var invitedEmail: String? {
        if case .invited(let invitation) = self { invitation.email } else { nil }
    }
}

/// A sign-up refused inside the transaction that would have made the account (sign-up closed or an invitation
/// taken meanwhile).
struct SignupRefused: Error {
    let refusal: SignupAccess.Refusal
}

extension AppDatabase {
    /// Whether any account exists yet: until one does, sign-up is offered for the owner whatever the mode.
    static func hasUsers(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM user WHERE importingFor IS NULL)") ?? false
    }

    /// The server's owner: the account marked so, else the first account made on it (the oldest one left). Imports
    /// that hand an account a new row carry the mark over (`AccountDocument.handOver`).
    static func ownerId(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE importingFor IS NULL ORDER BY isOwner DESC, id LIMIT 1")
    }

    /// Who may sign up now under `mode`, with an invitation link's `token`.
    func signupAccess(mode: SignupMode, token: String? = nil, now: Date) throws -> SignupAccess {
        try read { db in try SignupAccess.check(mode: mode, token: token, now: now, db) }
    }

    /// The server's owner (`ownerId(_:)`).
    func ownerId() throws -> Int64? {
        try read { db in try Self.ownerId(db) }
    }

    /// Makes the account, with the default budget categories, if sign-up still allows it: checked in the same
    /// transaction as the insert, so two sign-ups on a new server can't both become its owner, nor one invitation
    /// make two accounts. An invitation used is marked so. Throws `SignupRefused` otherwise.
    func signUp(_ user: User, mode: SignupMode, token: String?) async throws -> User {
        try await write { db in
            let access = try SignupAccess.check(mode: mode, token: token, now: user.createdAt, db)
            if case .refused(let refusal) = access { throw SignupRefused(refusal: refusal) }
            if case .invited(let invitation) = access {
                guard invitation.email == user.email else {
                    throw SignupRefused(refusal: .otherEmail(invitation.email))
                }
                try db.execute(
                    sql: "UPDATE invitation SET usedAt = ? WHERE id = ?",
                    arguments: [user.createdAt, invitation.id]
                )
            }
            let user = try user.inserted(db)
            if let id = user.id { try Category.insertDefaults(userId: id, now: user.createdAt, db) }
            return user
        }
    }
}

extension AppDatabase {
    /// Makes an account from the command line (`stashify users add`), by the sign-up form's rules; on a server with
    /// no account yet it is the owner's. Any unused invitation for the email goes. Refusals are one sentence each.
    public func addAccount(
        name: String?,
        email: String,
        password: String,
        resourcesDirectory: String,
        now: Date,
        hasher: PasswordHasher = PasswordHasher()
    ) async throws -> User {
        // The sign-up form's messages, in English: the command line speaks it.
        let english = try Catalogue.load(folder: Catalogue.folder(resourcesDirectory: resourcesDirectory))
        var errors = FieldErrors(t: Words(.en, region: .unitedStates, catalogue: english))
        let email = ProfileRules.email(email, into: &errors)
        let name = ProfileRules.name(name ?? email.split(separator: "@").first.map(String.init), into: &errors)
        let common = try CommonPasswords.load(path: CommonPasswords.path(resourcesDirectory: resourcesDirectory))
        let password = ProfileRules.newPassword(password, common: common, into: &errors)
        for field in ["email", "name", "password"] {
            if let message = errors[field] { throw StartupError("\(field): \(message)") }
        }
        if try emailIsTaken(email) { throw StartupError("an account with the email \(email) already exists") }
        let hash = try await hasher.hash(password)
        let user = User(
            id: nil,
            name: name,
            email: email,
            passwordHash: hash,
            location: nil,
            age: nil,
            salaryCents: nil,
            householdSize: nil,
            currency: Currency.usd.code,
            timeZone: ProfileRules.signupTimeZone(browser: nil),
            theme: .system,
            createdAt: now,
            updatedAt: now,
            firstRunDone: false
        )
        return try await write { db in
            let user = try user.inserted(db)
            if let id = user.id { try Category.insertDefaults(userId: id, now: now, db) }
            try db.execute(sql: "DELETE FROM invitation WHERE email = ? AND usedAt IS NULL", arguments: [email])
            return user
        }
    }
}

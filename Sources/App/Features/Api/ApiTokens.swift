import Foundation
import GRDB

/// A token just made: the row kept, and the token itself, shown to the member once and never kept.
struct NewApiToken: Sendable {
    let token: ApiToken
    let secret: String
}

/// The member behind an API request's token, and what the token may do.
struct ApiCaller: Sendable, Equatable {
    let userId: Int64
    let tokenId: Int64
    let scope: ApiToken.Scope
    /// The member's language and region, for the API's refusals and the forms' messages.
    let language: String
    let region: String

    /// The member's words.
    func words(_ catalogue: Catalogue) -> Words {
        Words(.named(language), region: .named(region), catalogue: catalogue)
    }
}

extension MemberStore {
    /// The member's tokens, the newest first.
    func apiTokens() throws -> [ApiToken] {
        try read { db in
            try ApiToken.fetchAll(
                db,
                sql: "SELECT * FROM apiToken WHERE userId = ? ORDER BY createdAt DESC, id DESC",
                arguments: [userId]
            )
        }
    }

    /// Makes a token; its secret is returned this once.
    func createApiToken(
        name: String,
        scope: ApiToken.Scope,
        expiresOn: CalendarDay?,
        now: Date
    ) async throws
        -> NewApiToken
    {
        let secret = ApiToken.newSecret()
        let token = try await write { db in
            try ApiToken(
                id: nil,
                userId: userId,
                name: name,
                scope: scope,
                tokenHash: Secrets.digest(secret),
                hint: String(secret.suffix(4)),
                expiresOn: expiresOn?.description,
                lastUsedAt: nil,
                createdAt: now
            ).inserted(db)
        }
        return NewApiToken(token: token, secret: secret)
    }

    /// Revokes the member's token `id`: it stops working at once. Returns its name, nil when there is none.
    func revokeApiToken(id: Int64) async throws -> String? {
        try await write { db in
            let name = try String.fetchOne(
                db,
                sql: "SELECT name FROM apiToken WHERE id = ? AND userId = ?",
                arguments: [id, userId]
            )
            try db.execute(sql: "DELETE FROM apiToken WHERE id = ? AND userId = ?", arguments: [id, userId])
            return name
        }
    }
}

extension AppDatabase {
    /// How long a token's last use may be out of date: a busy script doesn't write on every request.
    static let apiLastUseInterval: TimeInterval = 60

    /// Who `secret` belongs to, if it is a live token (not revoked, not past its last day where its member lives),
    /// noting its use.
    func apiCaller(secret: String, now: Date) async throws -> ApiCaller? {
        guard secret.hasPrefix(ApiToken.prefix) else { return nil }
        let hash = Secrets.digest(secret)
        let found = try read { db -> (ApiToken, String, String, String)? in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT apiToken.*, user.timeZone AS zone, user.language, user.region FROM apiToken
                        JOIN user ON user.id = apiToken.userId
                        WHERE apiToken.tokenHash = ?
                        """,
                    arguments: [hash]
                )
            else { return nil }
            return (try ApiToken(row: row), row["zone"], row["language"], row["region"])
        }
        guard let (token, zone, language, region) = found, let id = token.id else { return nil }
        let today = CalendarDay.today(in: TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!, now: now)
        guard token.isLive(today: today) else { return nil }
        if token.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.apiLastUseInterval }) ?? true {
            try await write { db in
                try db.execute(sql: "UPDATE apiToken SET lastUsedAt = ? WHERE id = ?", arguments: [now, id])
            }
        }
        return ApiCaller(userId: token.userId, tokenId: id, scope: token.scope, language: language, region: region)
    }

    /// Every token on the server with its member's email, the newest first (the owner's command line).
    public func apiTokenList() throws -> [(
        id: Int64, email: String, name: String, scope: String, hint: String,
        expiresOn: String?, lastUsedAt: Date?
    )] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT apiToken.*, user.email FROM apiToken JOIN user ON user.id = apiToken.userId
                    ORDER BY apiToken.createdAt DESC, apiToken.id DESC
                    """
            ).map {
                ($0["id"], $0["email"], $0["name"], $0["scope"], $0["hint"], $0["expiresOn"], $0["lastUsedAt"])
            }
        }
    }

    /// Revokes token `id` whoever's it is (the owner's command line). Returns whether there was one.
    public func revokeApiToken(id: Int64) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM apiToken WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("API tokens: made in Profile, shown once, kept as a digest, read-only or not, expiring, revoked at will")
struct ApiTokensTests {
    static let email = "ann@example.com"

    /// The token shown on the page just made.
    static func secret(in html: String) -> String? {
        html.firstMatch(of: /id="token-secret" type="text" readonly value="(stsh_[A-Za-z0-9_-]+)"/).map {
            String($0.output.1)
        }
    }

    static func tokens(_ database: AppDatabase) throws -> [ApiToken] {
        try database.read { db in try ApiToken.order(Column("id")).fetchAll(db) }
    }

    @Test("bad input keeps what was typed; a token is shown once, kept as its digest, and listed without it")
    func makeAndList() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            #expect(try await browser.get("/profile").html.contains("href=\"/profile/api-tokens\""))
            let empty = try await browser.get("/profile/api-tokens")
            #expect(empty.status == .ok)
            #expect(empty.html.contains("No tokens yet."))
            #expect(empty.html.contains("value=\"read\" checked"))

            let refused = try await browser.post(
                "/profile/api-tokens",
                [("name", ""), ("scope", "write"), ("expires", "2026-11-21")]
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.fieldError("name") == "Give the token a name.")
            #expect(refused.fieldError("expires") == "Choose today or a later day.")
            #expect(refused.html.contains("value=\"write\" checked"))
            #expect(refused.fieldValue("expires") == "2026-11-21")
            let forged = try await browser.post("/profile/api-tokens", [("name", "Script"), ("scope", "admin")])
            #expect(forged.status == .unprocessableContent)
            #expect(forged.fieldError("scope") == "Choose what the token may do.")
            #expect(forged.fieldValue("name") == "Script")
            #expect(try Self.tokens(database).isEmpty)

            let made = try await browser.post(
                "/profile/api-tokens",
                [("name", "Home Assistant"), ("scope", "read"), ("expires", "")]
            )
            #expect(made.status == .ok)
            #expect(made.html.contains("Your token “Home Assistant”"))
            let secret = try #require(Self.secret(in: made.html))
            #expect(secret.count == 5 + 43)
            let stored = try #require(try Self.tokens(database).first)
            #expect(stored.tokenHash == Secrets.digest(secret) && stored.scope == .read && stored.expiresOn == nil)
            #expect(stored.hint == String(secret.suffix(4)))
            let dump = try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM apiToken").description }
            #expect(!dump.contains(secret), "only the digest is kept")

            let list = try await browser.get("/profile/api-tokens").html
            #expect(Self.secret(in: list) == nil, "shown only once")
            #expect(!list.contains(secret))
            for text in ["Home Assistant", "Read only", "Ends in …\(stored.hint)", "Never expires", "Never used"] {
                #expect(list.contains(text), "\(text)")
            }
        }
    }

    @Test("a token works until its last day where its member lives, notes its use, and stops once revoked")
    func useExpireRevoke() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/profile/api-tokens")
            let write = try #require(
                Self.secret(
                    in: try await browser.post(
                        "/profile/api-tokens",
                        [("name", "Shortcut"), ("scope", "write"), ("expires", "2026-11-23")]
                    ).html
                )
            )
            let read = try #require(
                Self.secret(
                    in: try await browser.post("/profile/api-tokens", [("name", "Tile"), ("scope", "read")]).html
                )
            )
            let ann = try await LedgerFixture.userId(database, email: Self.email)
            let caller = try #require(try await database.apiCaller(secret: write, now: clock.now))
            #expect(caller.userId == ann && caller.scope == .write)
            #expect(try await database.apiCaller(secret: read, now: clock.now)?.scope == .read)
            #expect(try await database.apiCaller(secret: "stsh_not-a-token", now: clock.now) == nil)
            #expect(try await database.apiCaller(secret: String(write.dropFirst(5)), now: clock.now) == nil)
            let list = try await browser.get("/profile/api-tokens").html
            #expect(list.contains("Last used Nov 22, 2026"))
            #expect(list.contains("Works until Nov 23, 2026"))

            // Its last day still works; the day after it doesn't, and the list says so
            clock.advance(by: 86_400)
            #expect(try await database.apiCaller(secret: write, now: clock.now) != nil)
            clock.advance(by: 86_400)
            #expect(try await database.apiCaller(secret: write, now: clock.now) == nil)
            #expect(try await browser.get("/profile/api-tokens").html.contains("Expired after Nov 23, 2026"))

            // Another member neither sees nor revokes it
            let other = Browser(client: browser.client)
            try await other.signUp(email: "bo@example.com")
            let theirs = try await other.get("/profile/api-tokens")
            #expect(theirs.html.contains("No tokens yet.") && !theirs.html.contains("Tile"))
            let tile = try #require(try Self.tokens(database).first { $0.name == "Tile" }?.id)
            #expect(try await other.post("/profile/api-tokens/\(tile)/delete").status == .notFound)
            #expect(try await database.apiCaller(secret: read, now: clock.now) != nil)

            // Revoked, it stops at once
            let revoked = try await browser.post("/profile/api-tokens/\(tile)/delete")
            #expect(revoked.status == .seeOther && revoked.location == "/profile/api-tokens")
            #expect(try await browser.get("/profile/api-tokens").html.contains("Revoked “Tile”: it no longer works."))
            #expect(try await database.apiCaller(secret: read, now: clock.now) == nil)
            #expect(try Self.tokens(database).map(\.name) == ["Shortcut"])

            // The owner's command line lists and revokes too
            let listed = try database.apiTokenList()
            #expect(listed.map(\.email) == [Self.email] && listed.map(\.name) == ["Shortcut"])
            #expect(try await database.revokeApiToken(id: listed[0].id))
            #expect(try await database.revokeApiToken(id: listed[0].id) == false)
            #expect(try Self.tokens(database).isEmpty)
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// The ntfy access token is sealed in the database with a key kept in the data folder, never shown back on the
/// settings page; a database without its key loses only the token.
@Suite("Sealed ntfy token")
struct SealedTokenTests {
    static func ntfyToken(_ database: AppDatabase) async throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT token FROM pushChannel WHERE kind = 'ntfy'")
        }
    }

    @Test("a saved token is kept sealed, sent as typed, never shown; empty keeps it, and Remove removes it")
    func sealedAndHidden() async throws {
        try await PushTests.withServer { port, inbox in
            try await TestApp.run { browser, database in
                // When Ann saves ntfy with a token
                try await browser.signUp(email: "ann@example.com")
                try await browser.get("/profile/notifications")
                let saved = try await browser.post(
                    "/profile/notifications/push",
                    [
                        ("ntfyServer", "http://127.0.0.1:\(port)/ntfy"), ("ntfyTopic", "ann"),
                        ("ntfyToken", "tk_first_secret"),
                        ("webhookURL", ""),
                    ]
                )
                #expect(saved.status == .seeOther)

                // Then the database holds it sealed, and the page never shows it
                let stored = try #require(try await Self.ntfyToken(database))
                #expect(stored.hasPrefix("sealed:") && !stored.contains("tk_first_secret"))
                let page = try await browser.get("/profile/notifications")
                #expect(!page.html.contains("tk_first_secret") && !page.html.contains(stored))
                #expect(page.fieldValue("ntfyToken") == "")
                #expect(page.html.contains("A token is saved. Leave this empty to keep it, or enter a new one."))
                #expect(page.html.contains("Remove the saved token"))

                // The test goes with the token as typed
                #expect(try await browser.post("/profile/notifications/push/test").status == .seeOther)
                #expect(inbox.received.last?.headers["authorization"] == "Bearer tk_first_secret")

                // Saved again with the token left empty, it is kept
                try await browser.get("/profile/notifications")
                try await browser.post(
                    "/profile/notifications/push",
                    [
                        ("ntfyServer", "http://127.0.0.1:\(port)/ntfy"), ("ntfyTopic", "ann2"), ("ntfyToken", ""),
                        ("webhookURL", ""),
                    ]
                )
                #expect(try await Self.ntfyToken(database) == stored)

                // Remove takes it away
                try await browser.get("/profile/notifications")
                try await browser.post(
                    "/profile/notifications/push",
                    [
                        ("ntfyServer", "http://127.0.0.1:\(port)/ntfy"), ("ntfyTopic", "ann2"), ("ntfyToken", ""),
                        ("ntfyTokenRemove", "yes"), ("webhookURL", ""),
                    ]
                )
                #expect(try await Self.ntfyToken(database) == "")
                #expect(!(try await browser.get("/profile/notifications").html.contains("Remove the saved token")))
            }
        }
    }

    @Test(
        "plain tokens kept from before are sealed at start; without the key the channel says so and fails, never crashes"
    )
    func sealedAtStartAndLostWithoutKey() async throws {
        try await TestApp.withDataFolder { folder, database in
            // Given a database holding a plain token, as an older server kept it
            try await database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO user (name, email, passwordHash, currency, timeZone, theme, createdAt, updatedAt)
                            VALUES ('Ann', 'ann@example.com', 'x', 'USD', 'UTC', 'system', '2026-11-22', '2026-11-22')
                        """
                )
                try PushChannel(
                    userId: 1,
                    kind: .ntfy,
                    url: "https://ntfy.example.org",
                    topic: "ann",
                    token: "tk_plain"
                ).insert(db)
            }

            // When the server starts, the token is sealed with the data folder's key, made readable by its owner only
            let key = try TokenSeal.loadOrCreate(at: folder + "/secrets/channel-token.key")
            let mode =
                try FileManager.default.attributesOfItem(atPath: folder + "/secrets/channel-token.key")[
                    .posixPermissions
                ] as? Int
            #expect(mode == 0o600)
            #expect(try await database.sealPlainTokens(with: key) == 1)
            let stored = try #require(try await Self.ntfyToken(database))
            #expect(stored.hasPrefix("sealed:"))
            #expect(key.open(stored) == "tk_plain")
            #expect(try await database.sealPlainTokens(with: key) == 0, "sealed once")
            #expect(try TokenSeal.loadOrCreate(at: folder + "/secrets/channel-token.key").open(stored) == "tk_plain")

            // With another key (the database restored without its key file) the token is lost, nothing more
            let other = TokenSeal()
            #expect(other.open(stored) == nil)
            var pusher = PushDeliverer(
                database: database,
                now: { TestClock().now },
                webPush: .init(key: PushTests.vapid, contact: "mailto:ops@example.org")
            )
            pusher.tokens = other
            let channel = try #require(try database.for(userId: 1).pushChannels().first)
            await #expect(throws: PushDeliverer.Failure.self) {
                try await pusher.send(OutboundPolicyTests.message, over: channel)
            }
        }
    }

    @Test("the server seals a plain token as it starts")
    func sealedByStart() async throws {
        let database = try AppDatabase.inMemory()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (name, email, passwordHash, currency, timeZone, theme, createdAt, updatedAt)
                        VALUES ('Ann', 'ann@example.com', 'x', 'USD', 'UTC', 'system', '2026-11-22', '2026-11-22')
                    """
            )
            try PushChannel(userId: 1, kind: .ntfy, url: "https://ntfy.example.org", topic: "ann", token: "tk_plain")
                .insert(db)
        }
        try await TestApp.run(database: database) { (_: Browser, database: AppDatabase) async throws in
            #expect(try await Self.ntfyToken(database)?.hasPrefix("sealed:") == true)
        }
    }

    @Test("the settings page says when the saved token can't be read")
    func unreadableShown() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            try await database.for(userId: ann).setPushChannel(
                .ntfy,
                to: PushChannel(
                    userId: ann,
                    kind: .ntfy,
                    url: "https://ntfy.example.org",
                    topic: "ann",
                    token: try TokenSeal().seal("tk_other_key")
                )
            )
            let page = try await browser.get("/profile/notifications")
            #expect(page.status == .ok)
            #expect(
                page.html.contains(
                    "The saved token can&#39;t be read: the server&#39;s key file was replaced. Enter the token again."
                )
            )
        }
    }
}

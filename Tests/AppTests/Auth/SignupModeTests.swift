import Foundation
import GRDB
import Testing

@testable import App

@Suite("Who can sign up")
struct SignupModeTests {
    /// The server as it starts by default: sign-up closed once the owner's account exists.
    static func closed(_ config: inout AppConfig) {
        config.signups = .closed
    }

    @Test("a new server offers sign-up for its owner, whose first run still leads to the welcome")
    func ownerSignsUpFirst() async throws {
        try await TestApp.run(configure: Self.closed) { owner, database in
            // Given: a server with no account
            let login = try await owner.get("/login")
            #expect(login.html.contains("Create an account"))
            let form = try await owner.get("/signup")
            #expect(form.status == .ok)
            #expect(form.html.contains("You&#39;re the first here: this account is the server&#39;s owner&#39;s"))

            // When
            let page = try await owner.signUp(email: "owner@example.com")

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/signup/details")
            try await owner.get("/signup/details")
            let details = try await owner.post("/signup/details", [("currency", "USD"), ("timeZone", "Europe/Lisbon")])
            #expect(details.location == "/welcome")
            #expect(try database.ownerId() == database.user(email: "owner@example.com")?.id)
        }
    }

    @Test(
        "after the owner's account, sign-up is closed by default: the page says so, a post is refused with nothing written, and log-in offers no link"
    )
    func closedByDefault() async throws {
        #expect(AppConfig(now: { Date() }).signups == .closed)
        try await TestApp.run(configure: Self.closed) { owner, database in
            // Given
            try await owner.signUp(email: "owner@example.com")
            try await owner.logOut()
            let stranger = Browser(client: owner.client)
            await stranger.setHeader("X-Forwarded-For", "203.0.113.9")
            let attempts = try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loginAttempt")
            }

            // When
            let login = try await stranger.get("/login")
            let page = try await stranger.get("/signup")
            let post = try await stranger.post(
                "/signup",
                [
                    ("name", "Mallory"), ("email", "mallory@example.com"),
                    ("password", "correct horse battery"),
                ]
            )

            // Then
            #expect(!login.html.contains("Create an account"))
            #expect(!login.html.contains("href=\"/signup\""))
            #expect(page.status == .forbidden)
            #expect(page.html.contains("Sign-up is closed on this server. Ask its owner for an invitation."))
            #expect(!page.html.contains("action=\"/signup\""), "no form to fill in")
            #expect(page.html.contains("href=\"/login\""))
            #expect(post.status == .forbidden)
            #expect(post.html.contains("Sign-up is closed on this server. Ask its owner for an invitation."))
            #expect(post.setCookie("stashify_session") == nil)
            #expect(try database.read { db in try User.fetchCount(db) } == 1)
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loginAttempt")
                } == attempts,
                "a refused sign-up isn't even counted"
            )
            #expect(try await owner.logIn(email: "owner@example.com").status == .seeOther)
        }
    }

    @Test("with sign-up open, anyone may make an account after the owner, and log-in offers the link")
    func openSignup() async throws {
        let configure: (inout AppConfig) -> Void = { $0.signups = .open }
        try await TestApp.run(configure: configure) { owner, database in
            try await owner.signUp(email: "owner@example.com")
            try await owner.logOut()
            let other = Browser(client: owner.client)
            #expect(try await other.get("/login").html.contains("Create an account"))
            let page = try await other.signUp(email: "sam@example.com")
            #expect(page.status == .seeOther)
            #expect(try database.read { db in try User.fetchCount(db) } == 2)
            #expect(try database.ownerId() == database.user(email: "owner@example.com")?.id)
        }
    }

    @Test("--signups and STASHIFY_SIGNUPS choose closed or open; anything else stops the server with a sentence")
    func setting() throws {
        func settings(_ flag: String?, _ environment: [String: String] = [:]) -> ServeSettings {
            ServeSettings(
                host: nil,
                port: nil,
                dataDir: nil,
                tlsCert: nil,
                tlsKey: nil,
                noTLS: false,
                resourcesDir: TestApp.root,
                logLevel: nil,
                signups: flag,
                environment: environment
            )
        }
        #expect(try settings(nil).config(clock: { Date() }).signups == .closed)
        #expect(try settings("open").config(clock: { Date() }).signups == .open)
        #expect(try settings(nil, ["STASHIFY_SIGNUPS": "OPEN"]).config(clock: { Date() }).signups == .open)
        #expect(
            try settings("closed", ["STASHIFY_SIGNUPS": "open"]).config(clock: { Date() }).signups == .closed,
            "the flag wins"
        )
        #expect {
            try settings("anyone").config(clock: { Date() })
        } throws: { error in
            "\(error)".contains("--signups must be closed (only people the owner invites) or open (anyone)")
        }
    }
}

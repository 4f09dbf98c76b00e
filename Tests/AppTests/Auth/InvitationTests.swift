import Crypto
import Foundation
import GRDB
import Testing

@testable import App

@Suite("Invitations")
struct InvitationTests {
    /// The owner's browser, signed in on a server whose sign-up is closed, with an invitation made for `email` from
    /// Household; returns the link's path and query.
    static func invite(_ owner: Browser, email: String = "sam@example.com") async throws -> String {
        try await owner.get("/profile/household")
        let page = try await owner.post("/profile/household", [("email", email)])
        #expect(page.status == .ok)
        let start = try #require(page.html.range(of: "id=\"invite-url\" type=\"text\" readonly value=\""))
        let url = page.html[start.upperBound...].prefix { $0 != "\"" }
        let path = try #require(url.range(of: "/signup?invite=")).lowerBound
        return String(url[path...])
    }

    static func users(_ database: AppDatabase) async throws -> Int {
        try database.read { db in try User.fetchCount(db) }
    }

    /// Posts the sign-up form of `link` (a closed page has no form: the token comes from the log-in page's).
    static func post(_ guest: Browser, _ link: String, email: String = "sam@example.com") async throws -> Page {
        try await guest.get("/login")
        let token = String(link.dropFirst("/signup?invite=".count))
        return try await guest.post(
            "/signup",
            [
                ("name", "Sam Lee"), ("email", email),
                ("password", "correct horse battery"), ("invite", token),
            ]
        )
    }

    @Test(
        "the owner invites from Household: the link is shown once, only its SHA-256 is kept, and it makes one account for that email"
    )
    func validInvitation() async throws {
        try await TestApp.run(configure: SignupModeTests.closed) { owner, database in
            // Given
            try await owner.signUp(email: "owner@example.com")
            let profile = try await owner.get("/profile")
            #expect(profile.html.contains("href=\"/profile/household\""))
            let household = try await owner.get("/profile/household")
            #expect(household.status == .ok)
            #expect(household.html.contains("owner@example.com"))
            #expect(household.html.contains("Sign-up is closed: only the people you invite can make an account."))

            // When
            let made = try await owner.post("/profile/household", [("email", " Sam@Example.com ")])

            // Then: the link, once
            #expect(made.html.contains("Invitation for sam@example.com"))
            let link = try await Self.invite(owner)
            let token = String(link.dropFirst("/signup?invite=".count))
            #expect(token.count >= 43)
            let rows = try await database.readRows { db in
                try Row.fetchAll(db, sql: "SELECT email, tokenHash, createdAt, expiresAt, usedAt FROM invitation")
            }
            #expect(rows.count == 1, "a new invitation for the same email replaces the unused one")
            let row = try #require(rows.first)
            let digest = SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
            #expect(row["email"] as String == "sam@example.com")
            #expect(row["tokenHash"] as String == digest)
            #expect((row["expiresAt"] as Date).timeIntervalSince(row["createdAt"] as Date) == 7 * 86_400)
            let later = try await owner.get("/profile/household")
            #expect(!later.html.contains(token), "the link is shown only when made")
            #expect(later.html.contains("sam@example.com"))
            #expect(later.html.contains("Expires "))

            // And: the link opens the form with the email filled in, and makes the account
            let guest = Browser(client: owner.client)
            let form = try await guest.get(link)
            #expect(form.status == .ok)
            #expect(form.html.contains("You&#39;re invited to make an account for sam@example.com on this server."))
            #expect(form.fieldValue("email") == "sam@example.com")
            #expect(form.html.contains("name=\"invite\" value=\"\(token)\""))
            let signedUp = try await Self.post(guest, link)
            #expect(signedUp.status == .seeOther)
            #expect(signedUp.location == "/signup/details")
            #expect(try database.user(email: "sam@example.com") != nil)
            #expect(
                try database.read { db in
                    try Date.fetchOne(db, sql: "SELECT usedAt FROM invitation")
                } != nil
            )
            #expect(
                !(try await owner.get("/profile/household").html.contains("Withdraw")),
                "no invitation is left unused"
            )
        }
    }

    @Test("a used link works no more")
    func usedInvitation() async throws {
        try await TestApp.run(configure: SignupModeTests.closed) { owner, database in
            try await owner.signUp(email: "owner@example.com")
            let link = try await Self.invite(owner)
            #expect(try await Self.post(Browser(client: owner.client), link).status == .seeOther)

            let again = Browser(client: owner.client)
            let page = try await again.get(link)
            #expect(page.status == .forbidden)
            #expect(page.html.contains("This invitation was already used to make an account."))
            let post = try await Self.post(again, link, email: "sam2@example.com")
            #expect(post.status == .forbidden)
            #expect(try await Self.users(database) == 2)
        }
    }

    @Test("a link expires after 7 days")
    func expiredInvitation() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock, configure: SignupModeTests.closed) { owner, database in
            try await owner.signUp(email: "owner@example.com")
            let link = try await Self.invite(owner)
            clock.advance(by: 7 * 86_400 + 1)

            let guest = Browser(client: owner.client)
            let page = try await guest.get(link)
            #expect(page.status == .forbidden)
            #expect(page.html.contains("This invitation has expired. Ask the server&#39;s owner for a new one."))
            #expect(try await Self.post(guest, link).status == .forbidden)
            #expect(try await Self.users(database) == 1)
            let household = try await owner.get("/profile/household")
            #expect(household.html.contains("Expired"))
        }
    }

    @Test("a withdrawn link works no more; Household is the owner's alone")
    func revokedInvitation() async throws {
        try await TestApp.run(configure: SignupModeTests.closed) { owner, database in
            // Given: a member who came by invitation, and an invitation for someone else
            try await owner.signUp(email: "owner@example.com")
            #expect(
                try await Self.post(Browser(client: owner.client), try await Self.invite(owner)).status == .seeOther
            )
            let member = Browser(client: owner.client)
            #expect(try await member.logIn(email: "sam@example.com").status == .seeOther)
            let link = try await Self.invite(owner, email: "kim@example.com")
            let id = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM invitation WHERE email = 'kim@example.com'")
                }
            )

            // Then: the member can't see or withdraw it
            #expect(!(try await member.get("/profile").html.contains("/profile/household")))
            #expect(try await member.get("/profile/household").status == .notFound)
            #expect(try await member.post("/profile/household", [("email", "x@example.com")]).status == .notFound)
            #expect(try await member.post("/profile/household/invitations/\(id)/delete").status == .notFound)

            // When: the owner withdraws it
            try await owner.get("/profile/household")
            let revoked = try await owner.post("/profile/household/invitations/\(id)/delete")
            #expect(revoked.status == .seeOther)
            #expect(revoked.location == "/profile/household")
            #expect(
                try await owner.get("/profile/household").html.contains(
                    "The invitation for kim@example.com was withdrawn."
                )
            )

            // Then
            let guest = Browser(client: owner.client)
            let page = try await guest.get(link)
            #expect(page.status == .forbidden)
            #expect(page.html.contains("This invitation link doesn&#39;t work"))
            #expect(try await Self.post(guest, link, email: "kim@example.com").status == .forbidden)
            #expect(try await Self.users(database) == 2)
            #expect(try await owner.post("/profile/household/invitations/\(id)/delete").status == .notFound)
        }
    }

    @Test("a link works only for its email; an email with an account can't be invited")
    func wrongEmail() async throws {
        try await TestApp.run(configure: SignupModeTests.closed) { owner, database in
            try await owner.signUp(email: "owner@example.com")
            let link = try await Self.invite(owner)

            let guest = Browser(client: owner.client)
            try await guest.get(link)
            let page = try await Self.post(guest, link, email: "mallory@example.com")
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("email")?.hasPrefix("This invitation is for sam@example.com.") == true)
            #expect(page.fieldValue("email") == "mallory@example.com")
            #expect(try await Self.users(database) == 1)
            #expect(
                try database.read { db in
                    try Date.fetchOne(db, sql: "SELECT usedAt FROM invitation")
                } == nil
            )

            try await owner.get("/profile/household")
            let taken = try await owner.post("/profile/household", [("email", "OWNER@example.com")])
            #expect(taken.status == .unprocessableContent)
            #expect(taken.fieldError("email") == "An account with this email already exists.")
            #expect(taken.fieldValue("email") == "OWNER@example.com")
        }
    }

    @Test("stashify users invite and add: a link from the data folder, and an account by the sign-up rules")
    func commandLine() async throws {
        try await TestApp.run(configure: SignupModeTests.closed) { browser, database in
            // An account made on an empty server is the owner's
            let now = TestClock().now
            await #expect {
                try await database.addAccount(
                    name: nil,
                    email: "owner@example.com",
                    password: "password123",
                    resourcesDirectory: TestApp.root,
                    now: now,
                    hasher: PasswordHasher(cost: 4)
                )
            } throws: { "\($0)".contains("one of the most common passwords") }
            let owner = try await database.addAccount(
                name: nil,
                email: "Owner@Example.com",
                password: "correct horse battery",
                resourcesDirectory: TestApp.root,
                now: now,
                hasher: PasswordHasher(cost: 4)
            )
            #expect(owner.name == "owner")
            #expect(try database.ownerId() == owner.id)
            #expect(try await browser.logIn(email: "owner@example.com").status == .seeOther)
            await #expect {
                try await database.addAccount(
                    name: "Again",
                    email: "owner@example.com",
                    password: "correct horse battery",
                    resourcesDirectory: TestApp.root,
                    now: now,
                    hasher: PasswordHasher(cost: 4)
                )
            } throws: { "\($0)".contains("already exists") }

            // An invitation made from the command line works in the browser
            let made = try await database.invite(email: "kim@example.com", now: now)
            #expect(made.path.hasPrefix("/signup?invite="))
            await #expect(throws: InvitationRefused.self) { try await database.invite(email: "not an email", now: now) }
            let guest = Browser(client: browser.client)
            #expect(try await guest.get(made.path).fieldValue("email") == "kim@example.com")
            #expect(try await Self.post(guest, made.path, email: "kim@example.com").status == .seeOther)
        }
    }
}

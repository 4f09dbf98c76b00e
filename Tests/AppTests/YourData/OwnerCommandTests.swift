import Foundation
import GRDB
import Testing

@testable import App

@Suite("stashify users: list, reset-password, delete")
struct OwnerCommandTests {
    @Test(
        "the owner lists accounts, gives one a new password that signs in (logging out its browsers), and deletes one only with --yes"
    )
    func ownerCommands() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = TestClock()
        let database = try AppDatabase.open(dataDirectory: folder)
        try await TestApp.run(database: database, clock: clock) { browser, database in
            try await browser.signUp(name: "Ann Lee", email: "ann@example.com")
            // 300 demo entries and the two transfers `fill` adds, two rows each
            _ = try await AccountRows.fill(database, email: "ann@example.com", entries: 300, clock: clock)
            let bob = Browser(client: browser.client)
            try await bob.signUp(name: "Bob Stone", email: "bob@example.com")
        }
        try database.close()

        // list
        let list = try ServerSetupTests.stashify(["users", "list", "--data-dir", folder])
        #expect(list.status == 0, "\(list.output)")
        let lines = list.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("EMAIL") == true)
        // 300 demo entries, the two rows each of the two transfers `fill` adds, and its split in two parts
        #expect(
            lines.contains {
                $0.hasPrefix("ann@example.com") && $0.contains("Ann Lee") && $0.contains(" 306 ") && $0.contains("off")
            }
        )
        #expect(lines.contains { $0.hasPrefix("bob@example.com") && $0.contains("Bob Stone") && $0.contains(" 0 ") })

        // reset-password
        let missing = try ServerSetupTests.stashify([
            "users", "reset-password", "nobody@example.com", "--data-dir", folder,
        ])
        #expect(missing.status != 0)
        #expect(missing.output.contains("no account has the email nobody@example.com"))
        let reset = try ServerSetupTests.stashify(["users", "reset-password", "Bob@Example.com", "--data-dir", folder])
        #expect(reset.status == 0, "\(reset.output)")
        let password = try #require(
            reset.output.split(separator: "\n").first?.split(separator: " ").last.map(String.init)
        )
        #expect(password.count == 19)
        let reopened = try AppDatabase.open(dataDirectory: folder)
        let bobHash = try #require(try reopened.user(email: "bob@example.com")?.passwordHash)
        #expect(try await PasswordHasher(cost: 4, pool: TestApp.hashing).verify(password, hash: bobHash))
        let bobSessions = try reopened.read { db in
            try Int.fetchOne(
                db,
                sql:
                    "SELECT COUNT(*) FROM session JOIN user ON user.id = session.userId WHERE email = 'bob@example.com'"
            )
        }
        #expect(bobSessions == 0, "every browser signed in to it is logged out")
        let annId = try #require(try reopened.user(email: "ann@example.com")?.id)
        let annBefore = try await AccountRows.counts(reopened, userId: annId)
        try reopened.close()

        // delete
        let dryRun = try ServerSetupTests.stashify(["users", "delete", "bob@example.com", "--data-dir", folder])
        #expect(dryRun.status == 0)
        #expect(dryRun.output.contains("This would delete bob@example.com (Bob Stone)"))
        #expect(dryRun.output.contains("Run again with --yes"))
        let deleted = try ServerSetupTests.stashify([
            "users", "delete", "bob@example.com", "--yes", "--data-dir", folder,
        ])
        #expect(deleted.status == 0, "\(deleted.output)")
        #expect(deleted.output.contains("Deleted bob@example.com and all of its data."))
        let after = try AppDatabase.open(dataDirectory: folder)
        #expect(try after.user(email: "bob@example.com")?.id == nil)
        #expect(try await AccountRows.counts(after, userId: annId) == annBefore, "the other account is untouched")
        try after.close()
    }
}

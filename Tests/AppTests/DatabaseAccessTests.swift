import Foundation
import GRDB
import Testing
@testable import App

/// Reads block their thread for the moment SQLite takes; writes wait off it. Under many requests at once, on the
/// file database the server uses, every request is answered and nothing is lost.
@Suite("Database access")
struct DatabaseAccessTests {
    @Test("hundreds of concurrent page loads and entries over the file database all answer, and every entry is kept")
    func concurrentReadsAndWrites() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(path: folder + "/stashify.sqlite")

        try await TestApp.run(database: database) { browser, database in
            // Given: a signed-in user with a stash
            try await browser.signUp(email: "alex@example.com")
            let stash = try await browser.createStash(name: "Trip", target: "100")
            try await browser.get("/")

            // When: 300 page loads and 40 entries are sent at once
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<340 {
                    group.addTask {
                        if index % 17 == 0 {
                            return try await browser.post("/stashes/\(stash)/entries",
                                                          [("amount", "1"), ("date", "2026-11-20")]).status.code
                        }
                        return try await browser.get(index % 2 == 0 ? "/" : "/stashes/\(stash)").status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }

            // Then: every page loaded, every entry was saved and counted
            #expect(statuses.filter { $0 == 200 }.count == 320)
            #expect(statuses.filter { $0 == 303 }.count == 20)
            #expect(try await database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE stashId = ?", arguments: [stash])
            } == 20)
            #expect(try await browser.get("/").html.contains("$20.00 saved of $100.00"))
        }
    }
}

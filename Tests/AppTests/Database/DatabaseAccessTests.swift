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
                            return try await browser.post(
                                "/stashes/\(stash)/entries",
                                [("amount", "1"), ("date", "2026-11-20")]
                            ).status.code
                        }
                        return try await browser.get(index % 2 == 0 ? "/" : "/stashes/\(stash)").status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }

            // Then: every page loaded, every entry was saved and counted
            #expect(statuses.filter { $0 == 200 }.count == 320)
            #expect(statuses.filter { $0 == 303 }.count == 20)
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE stashId = ?", arguments: [stash])
                } == 20
            )
            #expect(try await browser.get("/").html.contains("$20.00 saved of $100.00"))
        }
    }

    @Test("reads on the file database see every write finished before them, can't write, and stop when it closes")
    func readConnections() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(path: folder + "/stashify.sqlite")
        try await database.write { db in try db.execute(sql: "CREATE TABLE counter (value INTEGER NOT NULL)") }
        try await database.write { db in try db.execute(sql: "INSERT INTO counter VALUES (0)") }

        // Reads running side by side each open or reuse a connection, and each sees the writes before it
        try await withThrowingTaskGroup(of: Void.self) { group in
            for step in 1...40 {
                group.addTask {
                    let written = try await database.write { db -> Int in
                        try db.execute(sql: "UPDATE counter SET value = value + 1")
                        return try Int.fetchOne(db, sql: "SELECT value FROM counter")!
                    }
                    let read = try database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") }
                    #expect(try #require(read) >= written, "step \(step)")
                }
            }
            try await group.waitForAll()
        }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") } == 40)
        let writeCount = database.writeCount

        // A read can't change anything, and a failed read leaves the database as it was
        #expect(throws: DatabaseError.self) {
            try database.read { db in try db.execute(sql: "UPDATE counter SET value = 0") }
        }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") } == 40)
        #expect(database.writeCount == writeCount)

        try database.close()
        #expect(throws: DatabaseError.self) {
            try database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") }
        }
    }
}

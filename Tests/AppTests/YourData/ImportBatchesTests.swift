import Foundation
import GRDB
import Testing

@testable import App

@Suite("Imports written in batches")
struct ImportBatchesTests {
    /// The export of a demo account of `entries` entries, made in an app of its own.
    static func export(entries: Int, clock: TestClock) async throws -> AccountDocument {
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "source@example.com")
            _ = try await AccountRows.fill(database, email: "source@example.com", entries: entries, clock: clock)
            let download = try await browser.get("/profile/data/export")
            return try AccountDocument.decode(try #require(try AccountRows.unzip(download.bytes)["stashify.json"]))
        }
    }

    /// The staging user of the import into `userId`, once it has written some of the ledger.
    static func stagingUser(_ database: AppDatabase, importingFor userId: Int64) async throws -> Int64 {
        for _ in 0..<20_000 {
            let staging = try database.read { db in
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM user WHERE importingFor = ? AND EXISTS (SELECT 1 FROM ledger WHERE ledger.userId = user.id)
                        """,
                    arguments: [userId]
                )
            }
            if let staging { return staging }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw CancellationError()
    }

    /// Whether a staging user (an import not handed over) exists, and how many ledger rows the member has.
    static func state(_ database: AppDatabase, userId: Int64) async throws -> (staging: Int, entries: Int) {
        try database.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE importingFor IS NOT NULL") ?? -1,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE userId = ?", arguments: [userId]) ?? -1
            )
        }
    }

    @Test(
        "another member's write goes through while a large import runs, and the importing member sees none of it until all is in"
    )
    func othersWriteMeanwhile() async throws {
        let clock = TestClock()
        let document = try await Self.export(entries: 6_000, clock: clock)
        try await TestApp.run(clock: clock) { browser, database in
            // Given: Alex imports, Sam uses the app meanwhile
            try await browser.signUp(email: "alex@example.com")
            let alex = try #require(try database.user(email: "alex@example.com")?.id)
            let sam = Browser(client: browser.client)
            try await sam.signUp(email: "sam@example.com")
            let store = database.for(userId: alex)

            // When: the import runs, a few hundred rows a transaction…
            let importing = Task { try await store.importDocument(document, now: clock.now, batchRows: 200) }
            // …and once its first batches are written, Sam adds a stash
            let staging = try await Self.stagingUser(database, importingFor: alex)
            let stash = try await sam.createStash(name: "Bike", target: "300")

            // Then: Sam's stash was written before the import was whole, and Alex saw nothing of the import yet
            let meanwhile = try await Self.state(database, userId: alex)
            #expect(meanwhile.staging == 1, "the import was still running when Sam's write went through")
            #expect(meanwhile.entries == 0, "the importing member sees none of a running import")
            let written = try await Self.state(database, userId: staging).entries
            #expect(written < document.ledger.count, "Sam's write went in between two of the ledger's batches")
            #expect(try database.for(userId: alex).accountIsEmpty())

            // When: the import ends
            try await importing.value

            // Then: all of it is Alex's, under Alex's sign-in, and Sam's stash is there
            let after = try await Self.state(database, userId: staging)
            #expect(after.staging == 0)
            #expect(after.entries == document.ledger.count)
            #expect(
                try database.user(email: "alex@example.com")?.id == staging,
                "the account the import was written to is Alex's"
            )
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user WHERE id = ?", arguments: [alex])
                } == 0
            )
            let page = try await browser.get("/profile/data")
            #expect(page.status == .ok, "Alex is still signed in")
            #expect(page.html.contains("An export can only be imported into an empty account"))
            #expect(
                try database.for(userId: staging).exportDocument(now: clock.now).comparable == document.comparable
            )
            #expect(try await sam.get("/stashes/\(stash)").status == .ok)
        }
    }

    @Test("the server's owner is still its owner after an import gives their account a new row")
    func ownerKeepsHousehold() async throws {
        let clock = TestClock()
        let document = try await Self.export(entries: 20, clock: clock)
        try await TestApp.run(clock: clock) { owner, database in
            try await owner.signUp(email: "alex@example.com")
            let sam = Browser(client: owner.client)
            try await sam.signUp(email: "sam@example.com")
            let before = try #require(try database.user(email: "alex@example.com")?.id)

            try await database.for(userId: before).importDocument(document, now: clock.now, batchRows: 5)

            let after = try #require(try database.user(email: "alex@example.com")?.id)
            #expect(after != before, "the import gave Alex's account a new row")
            #expect(try database.ownerId() == after)
            #expect(try await owner.get("/profile/household").status == .ok)
            #expect(try await sam.get("/profile/household").status == .notFound)
        }
    }

    @Test(
        "an import the member's account got data during is refused, and its rows are deleted; none are ever the member's"
    )
    func refusedAtTheEnd() async throws {
        let clock = TestClock()
        let document = try await Self.export(entries: 3_000, clock: clock)
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let alex = try #require(try database.user(email: "alex@example.com")?.id)
            let store = database.for(userId: alex)

            // When: Alex adds a stash in another tab while the import runs
            let importing = Task { try await store.importDocument(document, now: clock.now, batchRows: 200) }
            _ = try await Self.stagingUser(database, importingFor: alex)
            let stash = try await browser.createStash(name: "Bike", target: "300")

            // Then
            await #expect(throws: ImportProblem.accountHasData) { try await importing.value }
            let after = try await Self.state(database, userId: alex)
            #expect(after.staging == 0)
            #expect(after.entries == 0)
            let counts = try await AccountRows.counts(database, userId: alex)
            #expect(counts["stash"] == 1)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") } == 0)
            #expect(try await AccountRows.orphans(database) == 0)
            #expect(try await browser.get("/stashes/\(stash)").status == .ok)
        }
    }

    @Test("what an import cut short by a stop left behind is deleted when the server starts")
    func leftoversDeletedAtStart() async throws {
        let clock = TestClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "import-leftovers-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        let document = try await Self.export(entries: 500, clock: clock)
        // Given: an import stopped midway (its staging user and some of its rows)
        let (alex, before) = try await TestApp.run(database: database, clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let alex = try #require(try database.user(email: "alex@example.com")?.id)
            let staging = try await database.write { db in
                try AccountDocument.createStagingUser(db, for: alex, document: document, now: clock.now)
            }
            var partial = document
            partial.ledger = Array(document.ledger.prefix(300))
            partial.cards = []
            partial.badges = []
            try await partial.insertInBatches(database, userId: staging, batchRows: 100)
            let state = try await Self.state(database, userId: staging)
            #expect(state.staging == 1)
            #expect(state.entries == 300)
            return (alex, try await AccountRows.counts(database, userId: alex))
        }
        try database.close()

        // When: the server starts again
        try await TestApp.run(database: try AppDatabase.open(dataDirectory: folder), clock: clock) {
            (_: Browser, database: AppDatabase) async throws in
            // Then
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") } == 1)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger") } == 0)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stash") } == 0)
            // The imported tables (background services may add reminders of their own meanwhile).
            let after = try await AccountRows.counts(database, userId: alex)
            for table in AccountDocument.importedTables.union(["user"]) {
                #expect(after[table] == before[table], "\(table)")
            }
        }
    }
}

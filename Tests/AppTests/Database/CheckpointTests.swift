import Foundation
import GRDB
import Logging
import Testing

@testable import App

/// The data folder holds the database at its real size: the write-ahead log is emptied at a graceful stop and once
/// writes pause, and cut back after a large write.
@Suite("Write-ahead log")
struct CheckpointTests {
    /// The log's size in bytes; 0 when there is no log file.
    static func walSize(_ folder: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + AppDatabase.fileName + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// `count` log-in tries with a note of `padding` bytes each, in one transaction.
    static func write(_ database: AppDatabase, count: Int, padding: Int = 100) async throws {
        try await database.write { db in
            for index in 0..<count {
                try db.execute(
                    sql: "INSERT INTO loginAttempt (email, address, attemptedAt) VALUES (?, ?, ?)",
                    arguments: ["try\(index)@example.com", String(repeating: "x", count: padding), Date()]
                )
            }
        }
    }

    static func attempts(_ database: AppDatabase) async throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loginAttempt") ?? 0 }
    }

    @Test("every connection keeps a statement's undo pages in memory instead of writing them to a file of their own")
    func statementJournalsInMemory() async throws {
        try await TestApp.withDataFolder { _, database in
            // 2 is MEMORY: a many-row statement inside a transaction no longer writes its pages to a temporary file.
            let writer = try await database.write { db in try Int.fetchOne(db, sql: "PRAGMA temp_store") }
            let reader = try database.read { db in try Int.fetchOne(db, sql: "PRAGMA temp_store") }
            #expect(writer == 2)
            #expect(reader == 2)
        }
    }

    @Test("after a graceful stop the log is empty and every write is in the database file")
    func emptyAfterClose() async throws {
        try await TestApp.withDataFolder { folder, database in
            try await Self.write(database, count: 2_000)
            #expect(try await Self.attempts(database) == 2_000)
            #expect(Self.walSize(folder) > 0)

            try database.close()

            #expect(Self.walSize(folder) == 0)
            // A second close, or a late look from the idle service, touches nothing
            try database.close()
            try await database.checkpoint()
            let again = try AppDatabase.open(dataDirectory: folder)
            #expect(try await Self.attempts(again) == 2_000)
            try again.close()
        }
    }

    @Test("once writes pause for a whole look, the log is emptied; while they go on, or with nothing new, it is left")
    func emptiedWhenIdle() async throws {
        try await TestApp.withDataFolder { folder, database in
            let service = IdleCheckpoints(database: database, logger: Logger(label: "test"))
            var watch = IdleCheckpoints.Watch()

            try await Self.write(database, count: 500)
            #expect(await service.look(&watch) == false, "the first look only notes the count")
            try await Self.write(database, count: 500)
            #expect(await service.look(&watch) == false, "written since the last look")
            #expect(Self.walSize(folder) > 0)

            #expect(await service.look(&watch) == true, "a whole look without a write")
            #expect(Self.walSize(folder) == 0)
            #expect(await service.look(&watch) == false, "nothing new since the checkpoint")
            #expect(try await Self.attempts(database) == 1_000)
        }
    }

    @Test("a large write leaves the log no larger than the limit once the next write begins it again")
    func cutBackAfterLargeWrite() async throws {
        try await TestApp.withDataFolder { folder, database in
            try await Self.write(database, count: 12_000, padding: 1_000)
            #expect(Self.walSize(folder) > AppDatabase.journalSizeLimit, "one transaction of about 12 MB")

            try await Self.write(database, count: 1)

            #expect(Self.walSize(folder) <= AppDatabase.journalSizeLimit)
            #expect(try await Self.attempts(database) == 12_001)
        }
    }
}

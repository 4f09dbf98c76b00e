import Foundation
import GRDB
import Testing
@testable import App

@Suite("Backups")
struct BackupTests {
    /// Runs the built `stashify` with `arguments` on a thread of its own (the test's tasks keep writing meanwhile);
    /// its output and exit status.
    static func stashify(_ arguments: [String]) async throws -> (output: String, status: Int32) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: try ServerSetupTests.stashify(arguments))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    static func insertAttempt(_ database: AppDatabase, _ index: Int) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO loginAttempt (email, address, attemptedAt) VALUES (?, 'test', ?)",
                           arguments: ["try\(index)@example.com", Date()])
        }
    }

    @Test("stashify backup copies the database while it takes writes: the copy is whole, checks out, and holds every write finished before it")
    func backupUnderWrites() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        for index in 0..<300 { try await Self.insertAttempt(database, index) }

        // Writes go on, one transaction each, for as long as the backup runs.
        let stop = ManagedFlag()
        let writer = Task {
            var index = 300
            while !stop.isSet {
                try await Self.insertAttempt(database, index)
                index += 1
            }
            return index
        }
        let target = folder + "/copy/backup.sqlite"
        let result = try await Self.stashify(["backup", "--to", target, "--data-dir", folder])
        stop.set()
        let written = try await writer.value
        try database.close()

        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Backed up to \(target)"))
        #expect(!FileManager.default.fileExists(atPath: target + ".partial"))
        let copy = try DatabaseQueue(path: target)
        let check = try await copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
        let ids = try await copy.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM loginAttempt ORDER BY id") }
        #expect(ids.count >= 300, "every write finished before the backup began is in it")
        #expect(written > 300, "writes went on while the backup ran")
        #expect(ids.count <= written)
        #expect(ids == Array(1...Int64(ids.count)), "one snapshot: a whole prefix of the writes, none half-done")
        let migrations = try await copy.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") }
        #expect(migrations == AppDatabase.migrator.migrations.count)
        try copy.close()
        let permissions = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600, "a backup is readable by its owner only")
    }

    @Test("a backup never overwrites a file, and says what's wrong when there's no database")
    func refusals() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = try await Self.stashify(["backup", "--data-dir", folder + "/nothing"])
        #expect(empty.status != 0)
        #expect(empty.output.contains("no database in \(folder)/nothing"))

        let database = try AppDatabase.open(dataDirectory: folder)
        try database.close()
        let existing = folder + "/keep.sqlite"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: existing))
        let refused = try await Self.stashify(["backup", "--to", existing, "--data-dir", folder])
        #expect(refused.status != 0)
        #expect(refused.output.contains("already exists"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "mine")

        let made = try await Self.stashify(["backup", "--data-dir", folder])
        #expect(made.status == 0, "\(made.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: AppDatabase.backupsDirectory(dataDirectory: folder))
        #expect(files.count == 1)
        #expect(files.first?.hasPrefix("stashify-") == true && files.first?.hasSuffix(".sqlite") == true)
    }
}

/// A flag one task sets and another reads.
final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

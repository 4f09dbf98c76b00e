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
            try db.execute(
                sql: "INSERT INTO loginAttempt (email, address, attemptedAt) VALUES (?, 'test', ?)",
                arguments: ["try\(index)@example.com", Date()]
            )
        }
    }

    @Test(
        "stashify backup copies the database while it takes writes: the copy is whole, checks out, and holds every write finished before it"
    )
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
        let files = try FileManager.default.contentsOfDirectory(
            atPath: AppDatabase.backupsDirectory(dataDirectory: folder)
        )
        #expect(files.count == 1)
        #expect(files.first?.hasPrefix("stashify-") == true && files.first?.hasSuffix(".sqlite") == true)
    }
}

extension BackupTests {
    static func emails(in folder: String) async throws -> [String] {
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        return try database.read { db in try String.fetchAll(db, sql: "SELECT email FROM user ORDER BY email") }
    }

    static func addUser(_ email: String, to folder: String) async throws {
        let database = try AppDatabase.open(dataDirectory: folder)
        let now = Date()
        _ = try await database.create(
            User(
                id: nil,
                name: "Someone",
                email: email,
                passwordHash: "x",
                location: nil,
                age: nil,
                salaryCents: nil,
                householdSize: nil,
                currency: "USD",
                timeZone: "UTC",
                theme: .system,
                createdAt: now,
                updatedAt: now
            )
        )
        try database.close()
    }

    @Test("stashify restore puts a backup back and keeps the database it replaced")
    func restoreRoundTrip() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await Self.addUser("ann@example.com", to: folder)
        let backup = folder + "/ann.sqlite"
        #expect(try await Self.stashify(["backup", "--to", backup, "--data-dir", folder]).status == 0)
        try await Self.addUser("bob@example.com", to: folder)

        let restored = try await Self.stashify(["restore", backup, "--data-dir", folder])
        #expect(restored.status == 0, "\(restored.output)")
        #expect(restored.output.contains("Restored \(backup)"))
        #expect(try await Self.emails(in: folder) == ["ann@example.com"])
        let replaced = try FileManager.default.contentsOfDirectory(atPath: folder + "/replaced")
        #expect(replaced.count == 1)
        let aside = try DatabaseQueue(path: folder + "/replaced/" + replaced[0])
        #expect(
            try await aside.read { db in try String.fetchAll(db, sql: "SELECT email FROM user ORDER BY email") }
                == ["ann@example.com", "bob@example.com"]
        )
        try aside.close()
    }

    @Test("a damaged file, a file from a newer version, or a running server: restore refuses and changes nothing")
    func restoreRefusals() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await Self.addUser("ann@example.com", to: folder)

        let garbage = folder + "/garbage.sqlite"
        try Data((0..<8192).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: garbage))
        let damaged = try await Self.stashify(["restore", garbage, "--data-dir", folder])
        #expect(damaged.status != 0)
        #expect(damaged.output.contains("is not a database Stashify can read") || damaged.output.contains("is damaged"))

        let newer = folder + "/newer.sqlite"
        #expect(try await Self.stashify(["backup", "--to", newer, "--data-dir", folder]).status == 0)
        let future = try DatabaseQueue(path: newer)
        try await future.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from the future')")
        }
        try future.close()
        let fromTheFuture = try await Self.stashify(["restore", newer, "--data-dir", folder])
        #expect(fromTheFuture.status != 0)
        #expect(fromTheFuture.output.contains("made by a newer Stashify"))

        let good = folder + "/good.sqlite"
        #expect(try await Self.stashify(["backup", "--to", good, "--data-dir", folder]).status == 0)
        let lock = try #require(try DataFolderLock(dataDirectory: folder), "as a running server holds it")
        let busy = try await Self.stashify(["restore", good, "--data-dir", folder])
        #expect(busy.status != 0)
        #expect(busy.output.contains("a Stashify server is using"))
        withExtendedLifetime(lock) {}

        #expect(!FileManager.default.fileExists(atPath: folder + "/replaced"), "nothing was replaced")
        #expect(try await Self.emails(in: folder) == ["ann@example.com"])
    }
}

extension BackupTests {
    @Test("a second server on a data folder already in use stops at once and says why")
    func oneServerPerFolder() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let lock = try #require(try DataFolderLock(dataDirectory: folder))
            #expect(try DataFolderLock(dataDirectory: folder) == nil, "one holder at a time")
            let second = try await Self.stashify([
                "--data-dir", folder, "--no-tls", "--host", "127.0.0.1", "--port", "1",
                "--resources-dir", TestApp.root,
            ])
            #expect(second.status != 0)
            #expect(second.output.contains("another Stashify server is using the data folder \(folder)"))
            withExtendedLifetime(lock) {}
        }
        #expect(try DataFolderLock(dataDirectory: folder) != nil, "free again once let go")
    }
}

/// A flag one task sets and another reads.
final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

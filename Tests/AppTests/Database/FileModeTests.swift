import Foundation
import GRDB
import Testing

@testable import App

/// The data folder holds password hashes, sessions and finances: its files are readable by their owner only.
@Suite("File modes")
struct FileModeTests {
    static func mode(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test("a new data folder is 0700; the database, its -wal and -shm are 0600")
    func newFolder() async throws {
        let parent = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/data"

        // When
        let database = try AppDatabase.open(dataDirectory: folder)
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO loginAttempt (email, address, attemptedAt) VALUES ('a', 'b', '2026-11-22')"
            )
        }

        // Then
        let path = folder + "/" + AppDatabase.fileName
        #expect(try Self.mode(folder) == 0o700)
        #expect(try Self.mode(path) == 0o600)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try Self.mode(path + "-wal") == 0o600)
        #expect(try Self.mode(path + "-shm") == 0o600)
        try database.close()
    }

    @Test("a database left readable by others is made 0600 when opened; a folder that exists keeps its mode")
    func existingFiles() throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: folder)
        let path = folder + "/" + AppDatabase.fileName
        try AppDatabase.open(path: path).close()
        for file in [path, path + "-wal"] {
            FileManager.default.createFile(atPath: file, contents: FileManager.default.contents(atPath: file) ?? Data())
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }

        // When
        try AppDatabase.open(dataDirectory: folder).close()

        // Then
        #expect(try Self.mode(path) == 0o600)
        #expect(try Self.mode(folder) == 0o750)
    }

    @Test("backups, the restored database and the copy a restore keeps aside are 0600")
    func backupAndRestore() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        let backup = AppDatabase.backupsDirectory(dataDirectory: folder) + "/first.sqlite"
        try database.backup(to: backup)
        try database.close()
        let path = folder + "/" + AppDatabase.fileName
        // As an older version left it
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        // When
        let restored = try AppDatabase.restore(from: backup, into: folder, now: Date())

        // Then
        #expect(try Self.mode(backup) == 0o600)
        #expect(try Self.mode(AppDatabase.backupsDirectory(dataDirectory: folder)) == 0o700)
        #expect(try Self.mode(path) == 0o600)
        let aside = try #require(restored.keptAside)
        #expect(try Self.mode(aside) == 0o600)
        #expect(try Self.mode(folder + "/replaced") == 0o700)
    }
}

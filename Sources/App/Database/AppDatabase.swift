import Foundation
import GRDB

/// The one way into the app's SQLite store: a `DatabasePool` (WAL) on a file, or an in-memory queue in tests.
public struct AppDatabase: Sendable {
    /// The connection (pool or queue) every query goes through.
    public let writer: any DatabaseWriter

    /// Wraps an opened connection and brings its schema up to date.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// Opens (or creates) `stashify.sqlite` in `folder`, creating the folder readable by this user only (password
    /// hashes, sessions, finances); a problem is one clear start-up error.
    public static func open(dataDirectory folder: String) throws -> AppDatabase {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
        } catch {
            throw StartupError("cannot create the data folder \(folder): \(error.localizedDescription)")
        }
        let path = folder + "/" + fileName
        do {
            return try open(path: path)
        } catch {
            throw StartupError("cannot open the database \(path): \(error)")
        }
    }

    /// The database's file name inside the data folder.
    public static let fileName = "stashify.sqlite"

    /// Opens (or creates) the database file at `path`, in WAL mode, and migrates it.
    public static func open(path: String) throws -> AppDatabase {
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try AppDatabase(pool)
    }

    /// A fresh, empty, migrated in-memory database (for tests and tools).
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    static var configuration: Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        return config
    }

    /// Answers when the database can be read (used by `/healthz`).
    public func isHealthy() async -> Bool {
        (try? await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
    }

    /// Closes the connection; used at shutdown so the WAL is checkpointed.
    public func close() throws {
        if let pool = writer as? DatabasePool {
            try pool.close()
        } else if let queue = writer as? DatabaseQueue {
            try queue.close()
        }
    }
}

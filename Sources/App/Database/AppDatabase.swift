import Foundation
import GRDB
import NIOConcurrencyHelpers

/// The one way into the app's SQLite store: a `DatabasePool` (WAL) on a file, or an in-memory queue in tests.
public struct AppDatabase: Sendable {
    /// The connection (pool or queue) every query goes through, only ever through `read` and `write`.
    private let writer: any DatabaseWriter
    private let writes = NIOLockedValueBox<UInt64>(0)
    /// Set by the first `close()`: the connections are gone, and nothing may reach SQLite through them again.
    private let closed = NIOLockedValueBox(false)
    /// Taken by the account import running on this database, so only one runs at a time.
    let importGate = ImportGate()

    /// Wraps an opened connection and brings its schema up to date.
    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
    }

    /// How many writes this process has finished, counted after each commit (or failure). A value read from the
    /// database is still what the database holds for as long as this count is what it was just before the read:
    /// every write of the app goes through `write`, and only the app writes while it runs.
    public var writeCount: UInt64 {
        writes.withLockedValue { $0 }
    }

    /// Opens (or creates) `stashify.sqlite` in `folder`, creating the folder readable by this user only (password
    /// hashes, sessions, finances); a folder that exists keeps its mode. A problem is one clear start-up error.
    public static func open(dataDirectory folder: String) throws -> AppDatabase {
        do {
            if !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
            }
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

    /// Opens (or creates) the database file at `path`, in WAL mode, and migrates it. The file is readable by its
    /// owner only (`ownerOnly`), and so are its `-wal` and `-shm`.
    public static func open(path: String) throws -> AppDatabase {
        try ownerOnly(databaseAt: path)
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try AppDatabase(pool)
    }

    /// Makes the database file at `path` (created empty, with that mode, when missing) and its `-wal` and `-shm`, if
    /// there, readable and writable by their owner only. SQLite makes a database's `-wal`, `-shm` and `-journal` with
    /// the database file's own mode, so those it makes later are too.
    static func ownerOnly(databaseAt path: String) throws {
        if !FileManager.default.fileExists(atPath: path),
            !FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        {
            throw StartupError("cannot create \(path)")
        }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }
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
            // SQLite reuses the write-ahead log from its start after each checkpoint but never shrinks the file: one
            // large write (an import) would leave it that large for good. Past this size it is cut back.
            try db.execute(sql: "PRAGMA journal_size_limit = \(journalSizeLimit)")
            // A statement that writes many rows inside a transaction keeps the pages it changes aside, so it alone can
            // be undone; past 64 KB SQLite moved them to a file of its own, written again for every statement (1.3 GB
            // of writes for a 200,000-entry import). Kept in memory, that costs the size of one statement's pages.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
        }
        return config
    }

    /// The size the write-ahead log is cut back to after a checkpoint, in bytes.
    static let journalSizeLimit = 8 * 1_048_576

    /// Reads in one snapshot (a read transaction) on one of GRDB's reader connections, on the calling thread.
    ///
    /// Synchronous on purpose: SQLite answers the app's indexed reads from its page cache in microseconds, and
    /// GRDB's asynchronous read hops to the reader's queue and back to a task thread, which cost more CPU than most
    /// pages' queries and, on a busy machine, milliseconds of waiting for each thread to wake. A read holds its
    /// thread only while SQLite works, and never waits for a write (WAL). Every read of the app comes through here,
    /// none through GRDB's asynchronous reads: a suspended read would hold a reader connection that threads blocked
    /// here might need.
    public func read<T>(_ block: (Database) throws -> T) throws -> T {
        try writer.read(block)
    }

    /// Writes in one transaction, off the calling thread: a write waits for the writes before it, and that wait
    /// must not hold a thread that requests need.
    public func write<T: Sendable>(_ block: @Sendable (Database) throws -> T) async throws -> T {
        defer { writes.withLockedValue { $0 &+= 1 } }
        return try await writer.write(block)
    }

    /// Answers when the database can be read (used by `/healthz`).
    public func isHealthy() -> Bool {
        (try? read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT 1")) }) == 1
    }

    /// Copies every page of the database to `copy` through SQLite's online backup, from one read snapshot (see
    /// `backup(to:)`).
    func copyAll(to copy: DatabaseQueue) throws {
        try writer.backup(to: copy)
    }

    /// Copies the write-ahead log into the database file and empties it (a TRUNCATE checkpoint), so the data folder
    /// holds the database at its real size. Waits, up to the busy timeout, for reads that still use the log.
    public func checkpoint() async throws {
        guard writer is DatabasePool else { return }
        let closed = self.closed
        try await writer.writeWithoutTransaction { db in
            // Checked on the writer's queue, which `close()` waits for: a closed connection can't be checkpointed.
            guard !closed.withLockedValue({ $0 }) else { return }
            try db.checkpoint(.truncate)
        }
    }

    /// Closes the connections, once; used at shutdown, with the write-ahead log emptied first. Closing again does
    /// nothing.
    public func close() throws {
        guard
            closed.withLockedValue({ wasClosed in
                defer { wasClosed = true }
                return !wasClosed
            })
        else { return }
        if let pool = writer as? DatabasePool {
            try? pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            try pool.close()
        } else if let queue = writer as? DatabaseQueue {
            try queue.close()
        }
    }
}

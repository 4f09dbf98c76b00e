import Foundation
import GRDB

extension AppDatabase {
    /// What a restore did: where the replaced database was kept, if there was one.
    public struct Restored: Sendable {
        public let keptAside: String?
    }

    /// Puts the backup at `file` in place of the database in `folder`, after checking it is a whole Stashify
    /// database this version can open (`PRAGMA integrity_check`, and no schema change this version doesn't know).
    /// The database it replaces is kept in `<folder>/replaced/`. The caller holds the folder's lock, so no server is
    /// using it. Anything wrong stops it before the folder is touched.
    public static func restore(from file: String, into folder: String, now: Date) throws -> Restored {
        guard FileManager.default.fileExists(atPath: file) else { throw StartupError("\(file) doesn't exist") }
        // Opening a FIFO or a device would wait for a writer, or read forever.
        let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        guard (try? FileManager.default.attributesOfItem(atPath: resolved)[.type] as? FileAttributeType) == .typeRegular
        else {
            throw StartupError("\(file) is not a regular file; give a backup file made by stashify backup")
        }
        try check(backup: file)

        let path = folder + "/" + fileName
        var keptAside: String?
        if FileManager.default.fileExists(atPath: path) {
            // Fold any write-ahead log into the file, so the file alone is the whole database.
            try AppDatabase.open(path: path).close()
            let replaced = folder + "/replaced"
            try FileManager.default.createDirectory(
                atPath: replaced,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
            let aside = replaced + "/" + backupFileName(at: now)
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            keptAside = aside
        }
        do {
            let source = try DatabaseQueue(path: file, configuration: readOnly)
            try ownerOnly(databaseAt: path)
            let target = try DatabaseQueue(path: path)
            try source.backup(to: target)
            try source.close()
            try target.close()
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
            try AppDatabase.open(path: path).close()  // brings an older backup's schema up to date
        } catch {
            // Put the replaced database back as it was.
            try? FileManager.default.removeItem(atPath: path)
            if let keptAside { try? FileManager.default.moveItem(atPath: keptAside, toPath: path) }
            throw error
        }
        return Restored(keptAside: keptAside)
    }

    /// Throws, saying what is wrong, unless `file` is a whole Stashify database this version knows.
    static func check(backup file: String) throws {
        let applied: [String]
        do {
            let source = try DatabaseQueue(path: file, configuration: readOnly)
            defer { try? source.close() }
            applied = try source.read { db -> [String] in
                let problems = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard problems == ["ok"] else {
                    throw StartupError("\(file) is damaged: \(problems.prefix(3).joined(separator: "; "))")
                }
                guard try db.tableExists("grdb_migrations"), try db.tableExists("user") else {
                    throw StartupError("\(file) is not a Stashify database")
                }
                return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            }
        } catch let error as StartupError {
            throw error
        } catch {
            throw StartupError("\(file) is not a database Stashify can read (\(error))")
        }
        let known = Set(migrator.migrations)
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw StartupError("\(file) was made by a newer Stashify (it has \"\(unknown)\"); update Stashify first")
        }
    }

    private static var readOnly: Configuration {
        var config = Configuration()
        config.readonly = true
        return config
    }
}

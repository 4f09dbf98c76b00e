import Foundation
import GRDB

extension AppDatabase {
    /// The backups folder inside the data folder.
    public static func backupsDirectory(dataDirectory: String) -> String {
        dataDirectory + "/backups"
    }

    /// A file name for a backup made at `date`: `stashify-2026-11-25-084012.sqlite` (UTC), sorting by age.
    public static func backupFileName(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return "stashify-\(formatter.string(from: date)).sqlite"
    }

    /// Copies the whole database to a new file at `path` through SQLite's online backup, from one read snapshot:
    /// the copy holds every write committed before it began and none half-done, while the server goes on reading
    /// and writing. The copy is written beside `path` first and renamed when complete and checked, so `path` is
    /// never a partial file. Returns the copy's size in bytes.
    @discardableResult
    public func backup(to path: String) throws -> Int64 {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw StartupError("\(path) already exists; choose another file")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(
                atPath: folder,
                withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700]
            )
        }
        let partial = path + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        do {
            try AppDatabase.ownerOnly(databaseAt: partial)
            let copy = try DatabaseQueue(path: partial)
            try copyAll(to: copy)
            let problems = try copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            try copy.close()
            guard problems == ["ok"] else {
                throw StartupError("the copy failed its integrity check: \(problems.prefix(3).joined(separator: "; "))")
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: partial)
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
        return size ?? 0
    }
}

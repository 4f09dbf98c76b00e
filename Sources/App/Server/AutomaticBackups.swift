import Foundation
import Logging
import NIOPosix
import ServiceLifecycle

/// How often the server backs up its own database, and how many of those backups it keeps.
public struct BackupSchedule: Sendable, Equatable {
    public var every: Duration
    public var keep: Int

    public init(every: Duration, keep: Int) {
        self.every = every
        self.keep = keep
    }

    /// Reads a period such as `24h`, `30m`, `7d` or `90s` (a whole number and one unit); nil for anything else.
    public static func period(_ text: String) -> Duration? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = text.last, let number = Int64(text.dropLast()), number > 0, number <= 10_000 else {
            return nil
        }
        switch unit {
        case "s": return .seconds(number)
        case "m": return .seconds(number * 60)
        case "h": return .seconds(number * 3_600)
        case "d": return .seconds(number * 86_400)
        default: return nil
        }
    }
}

/// Backs up the database into `<data-dir>/backups/` at start when the newest backup there is older than the period
/// (or there is none), then once every period, keeping the newest `keep` and removing older ones. A failure is
/// logged and tried again at the next period; it never stops the server.
struct AutomaticBackups: Service {
    let database: AppDatabase
    let dataDirectory: String
    let schedule: BackupSchedule
    let logger: Logger
    /// The app's clock: it names each backup and says when the next is due.
    let now: @Sendable () -> Date

    var folder: String { AppDatabase.backupsDirectory(dataDirectory: dataDirectory) }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let newest = Self.backups(in: folder).last?.date
                try? await Task.sleep(for: Self.wait(newest: newest, now: now(), every: schedule.every))
                guard !Task.isCancelled else { break }
                // The copy blocks its thread for as long as it takes: off the threads that serve requests.
                _ = try? await NIOThreadPool.singleton.runIfActive { backUpOnce(now: now()) }
            }
        }
    }

    /// One backup, then the oldest removed past `keep`. Returns the new file's path, or nil when it failed (logged).
    @discardableResult
    func backUpOnce(now: Date) -> String? {
        let path = folder + "/" + AppDatabase.backupFileName(at: now)
        do {
            let size = try database.backup(to: path)
            logger.info("Backed up the database to \(path) (\(size) bytes)")
        } catch {
            logger.error("Automatic backup to \(path) failed: \(error)")
            return nil
        }
        for old in Self.backups(in: folder).dropLast(schedule.keep) {
            do {
                try FileManager.default.removeItem(atPath: old.path)
                logger.info("Removed the old backup \(old.path)")
            } catch {
                logger.error("Removing the old backup \(old.path) failed: \(error)")
            }
        }
        return path
    }

    /// How long to wait before the next backup: none when there is no backup yet or the newest is a period old.
    static func wait(newest: Date?, now: Date, every: Duration) -> Duration {
        guard let newest else { return .zero }
        let age = now.timeIntervalSince(newest)
        let period = Double(every.components.seconds)
        return age >= period || age < 0 ? .zero : .milliseconds(Int64((period - age) * 1_000))
    }

    /// The backups in `folder` that this server names (`stashify-<date>-<time>.sqlite`), oldest first.
    static func backups(in folder: String) -> [(path: String, date: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return
            names
            .filter { $0.hasPrefix("stashify-") && $0.hasSuffix(".sqlite") }
            .sorted()
            .map { name in
                let path = folder + "/" + name
                let date =
                    (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
                    ?? .distantPast
                return (path, date)
            }
    }
}

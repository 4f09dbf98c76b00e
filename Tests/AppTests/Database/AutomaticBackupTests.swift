import Foundation
import Logging
import Testing

@testable import App

@Suite("Automatic backups")
struct AutomaticBackupTests {
    func settings(every: String?, keep: String?, environment: [String: String] = [:]) throws -> AppConfig {
        try TestApp.config(environment: environment) {
            $0.noTLS = false
            $0.backupEvery = every
            $0.backupKeep = keep
        }
    }

    @Test(
        "--backup-every and --backup-keep, or their environment variables, set the schedule; bad values are refused plainly"
    )
    func schedule() throws {
        #expect(try settings(every: nil, keep: nil).automaticBackups == nil)
        #expect(
            try settings(every: "24h", keep: nil).automaticBackups == BackupSchedule(every: .seconds(86_400), keep: 7)
        )
        #expect(
            try settings(every: "12h", keep: "3").automaticBackups == BackupSchedule(every: .seconds(43_200), keep: 3)
        )
        let env = ["STASHIFY_BACKUP_EVERY": "7d", "STASHIFY_BACKUP_KEEP": "4"]
        #expect(
            try settings(every: nil, keep: nil, environment: env).automaticBackups
                == BackupSchedule(every: .seconds(604_800), keep: 4)
        )
        #expect(
            try settings(every: "30m", keep: nil, environment: env).automaticBackups
                == BackupSchedule(every: .seconds(1_800), keep: 4)
        )
        for (every, keep, message) in [
            (
                "daily", nil,
                "--backup-every must be a period of at least a minute, like 24h, 12h, 30m or 7d, not \"daily\""
            ),
            ("30s", nil, "--backup-every must be a period of at least a minute, like 24h, 12h, 30m or 7d, not \"30s\""),
            ("24h", "0", "--backup-keep must be a whole number from 1 to 1000, not \"0\""),
            (nil, "7", "--backup-keep needs --backup-every too, like --backup-every 24h --backup-keep 7"),
        ] as [(String?, String?, String)] {
            do {
                _ = try settings(every: every, keep: keep)
                Issue.record("\(String(describing: every)) \(String(describing: keep)) was taken")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test("the first backup is due at once, then a period after the newest one")
    func due() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(AutomaticBackups.wait(newest: nil, now: now, every: .seconds(86_400)) == .zero)
        #expect(
            AutomaticBackups.wait(newest: now.addingTimeInterval(-3_600), now: now, every: .seconds(86_400))
                == .seconds(82_800)
        )
        #expect(
            AutomaticBackups.wait(newest: now.addingTimeInterval(-90_000), now: now, every: .seconds(86_400)) == .zero
        )
    }

    @Test(
        "each backup is a whole copy; past the number to keep, the oldest are removed, and other files are left alone"
    )
    func keepsTheNewest() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let logs = LogCapture()
        let service = AutomaticBackups(
            database: database,
            dataDirectory: folder,
            schedule: .init(every: .seconds(3_600), keep: 3),
            logger: logs.logger,
            now: { Date() }
        )
        let backups = folder + "/backups"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: backups + "/mine.sqlite", contents: Data("keep me".utf8))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var made: [String] = []
        for hour in 0..<5 {
            try await BackupTests.insertAttempt(database, hour)
            made.append(try #require(service.backUpOnce(now: start.addingTimeInterval(Double(hour) * 3_600))))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: backups).sorted()
        #expect(left == (made.suffix(3).map { ($0 as NSString).lastPathComponent } + ["mine.sqlite"]).sorted())
        let newest = try AppDatabase.open(path: try #require(made.last))
        let count = try newest.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM loginAttempt") }
        try newest.close()
        #expect(count == 5)
        #expect(logs.messages.filter { $0.contains("Removed the old backup") }.count == 2)
    }

    @Test("a backup that fails is logged and leaves the server running")
    func failureLogged() throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        FileManager.default.createFile(atPath: folder + "/backups", contents: Data("not a folder".utf8))
        let logs = LogCapture()
        let service = AutomaticBackups(
            database: database,
            dataDirectory: folder,
            schedule: .init(every: .seconds(3_600), keep: 3),
            logger: logs.logger,
            now: { Date() }
        )
        #expect(service.backUpOnce(now: Date()) == nil)
        #expect(logs.messages.contains { $0.hasPrefix("error: Automatic backup to \(folder)/backups/stashify-") })
    }

    @Test("running, the service backs up at once when there is no backup yet, named by the app's clock")
    func backsUpAtStart() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let now = TestClock.date("2026-02-28T23:59:30Z")
        let service = AutomaticBackups(
            database: database,
            dataDirectory: folder,
            schedule: .init(every: .seconds(3_600), keep: 3),
            logger: LogCapture().logger,
            now: { now }
        )
        let running = Task { try await service.run() }
        var found: [String] = []
        for _ in 0..<100 where found.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            found = AutomaticBackups.backups(in: folder + "/backups").map(\.path)
        }
        running.cancel()
        try await running.value
        #expect(found.count == 1)
        #expect(found.map { ($0 as NSString).lastPathComponent } == [AppDatabase.backupFileName(at: now)])
    }
}

/// Collects what a logger logs, as `level: message` lines.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var messages: [String] { lock.withLock { lines } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(capture: self) }
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(
            level: Logger.Level,
            message: Logger.Message,
            metadata: Logger.Metadata?,
            source: String,
            file: String,
            function: String,
            line: UInt
        ) {
            capture.lock.withLock { capture.lines.append("\(level): \(message)") }
        }
    }
}

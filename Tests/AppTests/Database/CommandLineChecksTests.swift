import Foundation
import GRDB
import Testing

@testable import App

/// The owner's commands check what they are given before touching anything.
@Suite("Command-line checks")
struct CommandLineChecksTests {
    @Test("commands that read a database refuse a folder without one, say so, and make nothing there")
    func missingDatabase() async throws {
        let parent = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let typo = parent + "/dta"
        let empty = parent + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let commands = [
            ["users", "list"], ["users", "disable-2fa", "ann@example.com"],
            ["users", "delete", "ann@example.com", "--yes"], ["users", "reset-password", "ann@example.com"],
            ["backup"],
        ]
        for folder in [typo, empty] {
            for arguments in commands {
                let result = try await BackupTests.stashify(arguments + ["--data-dir", folder])
                #expect(result.status != 0, "\(arguments)")
                #expect(result.output.contains("no database in \(folder)"), "\(arguments): \(result.output)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: typo), "no folder made")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty, "no database made")

        // With a database, they work as before
        try await BackupTests.addUser("ann@example.com", to: empty)
        let listed = try await BackupTests.stashify(["users", "list", "--data-dir", empty])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains("ann@example.com"))
    }

    @Test("restore refuses anything but a regular file at once (a FIFO would hang it), and changes nothing")
    func restoreRegularFilesOnly() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await BackupTests.addUser("ann@example.com", to: folder)
        let fifo = folder + "/backup.sqlite"
        #expect(mkfifo(fifo, 0o600) == 0)
        let subfolder = folder + "/a-folder"
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: true)

        for file in [fifo, subfolder] {
            let started = Date()
            let result = try await BackupTests.stashify(["restore", file, "--data-dir", folder])
            #expect(result.status != 0)
            #expect(result.output.contains("\(file) is not a regular file"), "\(result.output)")
            #expect(
                Date().timeIntervalSince(started) < 600,
                "refused, not hung: a hung restore never returns; a loaded machine may take minutes to start one"
            )
        }
        #expect(try await BackupTests.emails(in: folder) == ["ann@example.com"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/replaced"))
    }
}

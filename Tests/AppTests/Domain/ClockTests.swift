import Foundation
import GRDB
import Testing

@testable import App

/// The app reads the time only through its injected clock, so a fixed clock fixes every time it stores.
@Suite("The app's clock")
struct ClockTests {
    @Test("the app library never reads the real clock: the executable hands it one")
    func noRealClockInTheLibrary() throws {
        // Given
        let folder = TestApp.root + "/Sources/App"
        let files = try #require(FileManager.default.subpaths(atPath: folder)).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50, "the library's sources were found")

        // When
        let readers = try files.filter { file in
            try String(contentsOfFile: folder + "/" + file, encoding: .utf8).contains("Date()")
        }

        // Then
        #expect(readers.isEmpty, "Date() outside the injected clock in \(readers.sorted())")
    }

    @Test("a badge earned is noted in the notification list at the app's time")
    func badgeNotificationTime() async throws {
        let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "100", reward: "Cinema night")
            clock.advance(by: 90)

            // When
            try await browser.addEntry(stash: id, amount: "100", date: "2026-11-04")

            // Then
            let noted = try database.read { db in
                try Date.fetchAll(db, sql: "SELECT createdAt FROM notification WHERE kind = 'badge'")
            }
            #expect(noted == [TestClock.date("2026-11-22T10:01:30Z")])
        }
    }

    @Test("a missing Other category is made again at the app's time")
    func otherCategoryTime() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let now = TestClock.date("2024-02-29T23:30:00Z")
            try await database.write { db in
                try db.execute(
                    sql: """
                        DELETE FROM category WHERE userId = 1 AND kind = 'wants' AND isDefault = 1 AND name = ?
                        """,
                    arguments: [Category.otherName]
                )
            }

            // When
            let made = try await database.write { db in
                try MemberStore.otherCategoryId(MemberDatabase(db: db, userId: 1), kind: .wants, now: now)
            }

            // Then
            let createdAt = try database.read { db in
                try Date.fetchOne(db, sql: "SELECT createdAt FROM category WHERE id = ?", arguments: [made])
            }
            #expect(createdAt == now)
        }
    }

    @Test("a password reset stamps the account with the time it is given")
    func resetPasswordTime() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let now = TestClock.date("2026-12-31T23:59:59Z")

            // When
            let password = try await database.resetPassword(email: "alex@example.com", now: now)

            // Then
            #expect(password != nil)
            let updatedAt = try database.read { db in
                try Date.fetchOne(db, sql: "SELECT updatedAt FROM user WHERE email = 'alex@example.com'")
            }
            #expect(updatedAt == now)
        }
    }

    @Test("a restore names the database it keeps aside by the time it is given")
    func restoreKeptAsideName() throws {
        // Given
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        let backup = AppDatabase.backupsDirectory(dataDirectory: folder) + "/first.sqlite"
        try database.backup(to: backup)
        try database.close()
        let now = TestClock.date("2025-01-01T00:00:05Z")

        // When
        let restored = try AppDatabase.restore(from: backup, into: folder, now: now)

        // Then
        #expect(restored.keptAside == folder + "/replaced/" + AppDatabase.backupFileName(at: now))
    }
}

import Foundation
import GRDB
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import Testing

@testable import App

/// A settable clock, so tests can pin "now" and move it forward.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ date: Date = TestClock.date("2026-11-22T10:00:00Z")) {
        current = date
    }

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }

    static func date(_ iso: String) -> Date {
        ISO8601DateFormatter().date(from: iso)!
    }
}

/// Builds the app the way production does, over an in-memory (or given) database, plain HTTP, cheap bcrypt.
enum TestApp {
    /// The package root, where `Public/` and `Resources/` live.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    /// Every language's words, as the app loads them.
    static let catalogue: Catalogue = {
        do {
            return try Catalogue.load(folder: Catalogue.folder(resourcesDirectory: root))
        } catch {
            fatalError("\(error)")
        }
    }()

    /// The words of `language` in its usual region.
    static func words(_ language: Language, region: String? = nil) -> Words {
        Words(language, region: .named(region ?? language.defaultRegion), catalogue: catalogue)
    }

    static func config(clock: TestClock, tls: AppConfig.TLSMode = .none, dataDirectory: String = "data") -> AppConfig {
        let clock = clock
        var config = AppConfig(
            dataDirectory: dataDirectory,
            resourcesDirectory: root,
            tls: tls,
            bcryptCost: 4,
            logLevel: .critical,
            now: { clock.now }
        )
        config.passwordHashing = hashing
        // Most tests sign up several people; the closed default has tests of its own, which set it back.
        config.signups = .open
        config.outbound = outbound
        return config
    }

    /// The tests' push services run on this machine, which the server is allowed to reach as an owner would allow
    /// one on their network (`--allow-outbound 127.0.0.1`); tests of the default policy set it back.
    static let outbound = OutboundPolicy(allowed: OutboundPolicy.AllowList("127.0.0.1") ?? .init())

    /// The tests' hashing pool: many apps run side by side, each signing people up, so its queue has no real limit.
    static let hashing = HashingPool(threads: 2, limit: 100_000)

    /// Runs `test` against a fresh app, its settings changed by `configure`; returns what `test` returns.
    @discardableResult
    static func run<Value: Sendable>(
        database: AppDatabase? = nil,
        clock: TestClock = TestClock(),
        tls: AppConfig.TLSMode = .none,
        dataDirectory: String = "data",
        configure: (inout AppConfig) -> Void = { _ in },
        _ test: @Sendable (Browser, AppDatabase) async throws -> Value
    ) async throws -> Value {
        let database = try database ?? AppDatabase.inMemory()
        var config = config(clock: clock, tls: tls, dataDirectory: dataDirectory)
        configure(&config)
        let app = try await buildApplication(config, database: database)
        return try await app.test(.router) { client in
            try await test(Browser(client: client), database)
        }
    }

    /// Runs `test` with the app served on a free local port (plain HTTP unless `tls` says otherwise), for clients
    /// that need a real socket. A `test` whose only `try`s are inside `#expect` spells out its signature
    /// (`{ (port: Int) async throws in … }`), or Swift takes it for one that doesn't throw.
    static func live(
        tls: AppConfig.TLSMode = .none,
        dataDirectory: String = "data",
        idleTimeout: Duration? = nil,
        maxConnections: Int? = nil,
        configure: (inout AppConfig) -> Void = { _ in },
        _ test: @Sendable (Int) async throws -> Void
    ) async throws {
        var config = config(clock: TestClock(), tls: tls, dataDirectory: dataDirectory)
        config.host = "127.0.0.1"
        config.port = 0
        if let idleTimeout { config.idleTimeout = idleTimeout }
        config.maxConnections = maxConnections
        configure(&config)
        let app = try await buildApplication(config, database: AppDatabase.inMemory())
        try await app.test(.live) { client in
            try await test(try #require(client.port))
        }
    }

    /// A temporary folder, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "stashify-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A database in a throw-away data folder for `body` (the folder's path and the database), closed and removed
    /// afterwards.
    static func withDataFolder(_ body: (String, AppDatabase) async throws -> Void) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        try await body(folder, database)
    }
}

extension PasswordHasher {
    /// A hash of the password exactly as typed, as passwords were hashed before they were normalised.
    func hashAsTyped(_ password: String) async throws -> String {
        Bcrypt.hash(Self.prehash(password, normalised: false), cost: cost)
    }
}

/// Databases as an older version of the app left them, for upgrade tests.
enum UpgradeFixture {
    /// A database migrated up to `migration` (its name), holding Ann (user 1) in `currency`.
    static func database(upTo migration: String, currency: String = "USD") throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: migration)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO user (name, email, passwordHash, currency, timeZone, theme, createdAt, updatedAt)
                        VALUES ('Ann', 'ann@example.com', 'x', ?, 'UTC', 'system', '2026-11-22', '2026-11-22')
                    """,
                arguments: [currency]
            )
        }
        return queue
    }
}

extension TestApp {
    /// The configuration `stashify` would start with, given the options `set` sets (over plain HTTP from this
    /// folder) and these environment variables.
    static func config(
        environment: [String: String] = [:],
        _ set: (inout ServeSettings) -> Void = { _ in }
    ) throws -> AppConfig {
        var settings = ServeSettings(
            host: nil,
            port: nil,
            dataDir: nil,
            tlsCert: nil,
            tlsKey: nil,
            noTLS: true,
            resourcesDir: root,
            logLevel: nil,
            environment: environment
        )
        set(&settings)
        return try settings.config(clock: { Date() })
    }
}

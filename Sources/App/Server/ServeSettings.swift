import Foundation
import Logging
import NIOCore

/// Turns the `serve` command's flags and environment variables into an `AppConfig`, refusing bad values
/// with one clear sentence each. A flag wins over its environment variable.
public struct ServeSettings {
    var host: String?
    var port: String?
    var dataDir: String?
    var tlsCert: String?
    var tlsKey: String?
    var noTLS: Bool
    var resourcesDir: String?
    var logLevel: String?
    var maxConnections: String?
    var backupEvery: String?
    var backupKeep: String?
    var pushContact: String?
    var publicURL: String?
    var bodyTimeout: String?
    var bodyMinRate: String?
    var maxConnectionsPerAddress: String?
    var signups: String?
    var importMaxSize: String?
    var allowOutbound: String?
    var testPushesPerMinute: String?
    var apiRequestsPerMinute: String?
    var sessionLifetime: String?
    var sessionIdle: String?
    var environment: [String: String]

    public init(
        host: String?,
        port: String?,
        dataDir: String?,
        tlsCert: String?,
        tlsKey: String?,
        noTLS: Bool,
        resourcesDir: String?,
        logLevel: String?,
        maxConnections: String? = nil,
        backupEvery: String? = nil,
        backupKeep: String? = nil,
        pushContact: String? = nil,
        publicURL: String? = nil,
        bodyTimeout: String? = nil,
        bodyMinRate: String? = nil,
        maxConnectionsPerAddress: String? = nil,
        signups: String? = nil,
        importMaxSize: String? = nil,
        allowOutbound: String? = nil,
        testPushesPerMinute: String? = nil,
        apiRequestsPerMinute: String? = nil,
        sessionLifetime: String? = nil,
        sessionIdle: String? = nil,
        environment: [String: String]
    ) {
        self.bodyTimeout = bodyTimeout
        self.bodyMinRate = bodyMinRate
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.signups = signups
        self.importMaxSize = importMaxSize
        self.testPushesPerMinute = testPushesPerMinute
        self.apiRequestsPerMinute = apiRequestsPerMinute
        self.allowOutbound = allowOutbound
        self.sessionLifetime = sessionLifetime
        self.sessionIdle = sessionIdle
        self.publicURL = publicURL
        self.pushContact = pushContact
        self.backupEvery = backupEvery
        self.backupKeep = backupKeep
        self.maxConnections = maxConnections
        self.host = host
        self.port = port
        self.dataDir = dataDir
        self.tlsCert = tlsCert
        self.tlsKey = tlsKey
        self.noTLS = noTLS
        self.resourcesDir = resourcesDir
        self.logLevel = logLevel
        self.environment = environment
    }

    /// The server's configuration, reading the time from `clock` (the executable passes the system clock).
    public func config(clock: @escaping @Sendable () -> Date) throws -> AppConfig {
        var config = AppConfig(now: clock)
        if let host = value(host, "STASHIFY_HOST") {
            guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
                throw StartupError("--host must be an address or host name, like 0.0.0.0 or 127.0.0.1")
            }
            config.host = host
        }
        if let port = value(port, "STASHIFY_PORT") {
            guard let number = Int(port), (1...65535).contains(number) else {
                throw StartupError("--port must be a whole number from 1 to 65535, not \"\(port)\"")
            }
            config.port = number
        }
        if let dataDir = value(dataDir, "STASHIFY_DATA_DIR") {
            guard !dataDir.isEmpty else { throw StartupError("--data-dir must not be empty") }
            config.dataDirectory = dataDir
        }
        if let resourcesDir = value(resourcesDir, "STASHIFY_RESOURCES_DIR") {
            config.resourcesDirectory = resourcesDir
        }
        if let maximum = value(maxConnections, "STASHIFY_MAX_CONNECTIONS") {
            guard let number = Int(maximum), (1...1_000_000).contains(number) else {
                throw StartupError("--max-connections must be a whole number from 1 to 1000000, not \"\(maximum)\"")
            }
            config.maxConnections = number
        }
        if let perAddress = value(maxConnectionsPerAddress, "STASHIFY_MAX_CONNECTIONS_PER_ADDRESS") {
            guard let number = Int(perAddress), (1...1_000_000).contains(number) else {
                throw StartupError(
                    "--max-connections-per-address must be a whole number from 1 to 1000000, not \"\(perAddress)\""
                )
            }
            config.maxConnectionsPerAddress = number
        }
        if let timeout = value(bodyTimeout, "STASHIFY_BODY_TIMEOUT") {
            guard let period = BackupSchedule.period(timeout), period <= .seconds(3_600) else {
                throw StartupError(
                    "--body-timeout must be a period of at most an hour, like 20s or 2m, not \"\(timeout)\""
                )
            }
            config.bodyReadLimit.timeout = period
        }
        if let rate = value(bodyMinRate, "STASHIFY_BODY_MIN_RATE") {
            guard let number = Int(rate), (1...1_000_000_000).contains(number) else {
                throw StartupError(
                    "--body-min-rate must be a whole number of bytes a second, like 500, not \"\(rate)\""
                )
            }
            config.bodyReadLimit.minimumRate = number
        }
        let every = value(backupEvery, "STASHIFY_BACKUP_EVERY")
        let keep = value(backupKeep, "STASHIFY_BACKUP_KEEP")
        if let every {
            guard let period = BackupSchedule.period(every), period >= .seconds(60) else {
                throw StartupError(
                    "--backup-every must be a period of at least a minute, like 24h, 12h, 30m or 7d, not \"\(every)\""
                )
            }
            var schedule = BackupSchedule(every: period, keep: 7)
            if let keep {
                guard let number = Int(keep), (1...1_000).contains(number) else {
                    throw StartupError("--backup-keep must be a whole number from 1 to 1000, not \"\(keep)\"")
                }
                schedule.keep = number
            }
            config.automaticBackups = schedule
        } else if keep != nil {
            throw StartupError("--backup-keep needs --backup-every too, like --backup-every 24h --backup-keep 7")
        }
        if let url = value(publicURL, "STASHIFY_PUBLIC_URL") {
            guard url.hasPrefix("https://") || url.hasPrefix("http://"), URL(string: url)?.host != nil,
                !url.contains(where: \.isWhitespace)
            else {
                throw StartupError(
                    "--public-url must be the address members reach Stashify at, like https://stashify.example.org"
                )
            }
            config.publicURL = url
        }
        if let signups = value(signups, "STASHIFY_SIGNUPS") {
            guard let mode = SignupMode(rawValue: signups.lowercased()) else {
                throw StartupError(
                    "--signups must be closed (only people the owner invites) or open (anyone), not \"\(signups)\""
                )
            }
            config.signups = mode
        }
        if let contact = value(pushContact, "STASHIFY_PUSH_CONTACT") {
            guard contact.hasPrefix("mailto:") || contact.hasPrefix("https://"), contact.count > 8,
                !contact.contains(where: \.isWhitespace)
            else {
                throw StartupError("--push-contact must be a mailto: or https: address, like mailto:you@example.org")
            }
            config.pushContact = contact
        }
        if let size = value(importMaxSize, "STASHIFY_IMPORT_MAX_SIZE") {
            guard let megabytes = Int(size), (1...4_096).contains(megabytes) else {
                throw StartupError(
                    "--import-max-size must be a whole number of megabytes from 1 to 4096, not \"\(size)\""
                )
            }
            config.importMaxSize = megabytes * 1_048_576
        }
        if let list = value(allowOutbound, "STASHIFY_ALLOW_OUTBOUND") {
            guard let allowed = OutboundPolicy.AllowList(list) else {
                throw StartupError(
                    "--allow-outbound must list addresses, ranges and host names separated by commas, like 192.168.1.10,10.0.0.0/24,ntfy.lan"
                )
            }
            config.outbound.allowed = allowed
        }
        if let limit = value(testPushesPerMinute, "STASHIFY_TEST_PUSHES_PER_MINUTE") {
            guard let number = Int(limit), (1...60).contains(number) else {
                throw StartupError("--test-pushes-per-minute must be a whole number from 1 to 60, not \"\(limit)\"")
            }
            config.testPushesPerMinute = number
        }
        if let limit = value(apiRequestsPerMinute, "STASHIFY_API_REQUESTS_PER_MINUTE") {
            guard let number = Int(limit), (1...100_000).contains(number) else {
                throw StartupError(
                    "--api-requests-per-minute must be a whole number from 1 to 100000, not \"\(limit)\""
                )
            }
            config.apiRequestsPerMinute = number
        }
        if let lifetime = value(sessionLifetime, "STASHIFY_SESSION_LIFETIME") {
            guard let period = BackupSchedule.period(lifetime), period >= .seconds(3_600) else {
                throw StartupError(
                    "--session-lifetime must be a period of at least an hour, like 30d or 12h, not \"\(lifetime)\""
                )
            }
            config.sessionLifetime = period
        }
        if let idle = value(sessionIdle, "STASHIFY_SESSION_IDLE") {
            // Last seen is noted every five minutes: a shorter limit would end sessions in use.
            guard let period = BackupSchedule.period(idle), period >= .seconds(3_600) else {
                throw StartupError(
                    "--session-idle must be a period of at least an hour, like 12h or 2h, not \"\(idle)\""
                )
            }
            config.sessionIdleLimit = period
        }
        if let level = value(logLevel, "STASHIFY_LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw StartupError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
            }
            config.logLevel = parsed
        }

        let noTLS = self.noTLS || ["1", "true", "yes"].contains((environment["STASHIFY_NO_TLS"] ?? "").lowercased())
        let certificate = value(tlsCert, "STASHIFY_TLS_CERT")
        let key = value(tlsKey, "STASHIFY_TLS_KEY")
        switch (certificate, key, noTLS) {
        case (.some, _, true), (_, .some, true):
            throw StartupError("--no-tls can't be combined with --tls-cert or --tls-key")
        case (nil, nil, true):
            config.tls = .none
        case (nil, nil, false):
            config.tls = .generated
        case (.some(let certificate), .some(let key), false):
            for (flag, path) in [("--tls-cert", certificate), ("--tls-key", key)]
            where !FileManager.default.isReadableFile(atPath: path) {
                throw StartupError("\(flag) \(path) can't be read")
            }
            config.tls = .files(certificate: certificate, key: key)
        case (.some, nil, false):
            throw StartupError("--tls-cert needs --tls-key too")
        case (nil, .some, false):
            throw StartupError("--tls-key needs --tls-cert too")
        }
        guard FileManager.default.fileExists(atPath: config.publicDirectory) else {
            throw StartupError(
                "no Public/ folder in \(config.resourcesDirectory); run from the Stashify folder or pass --resources-dir"
            )
        }
        return config
    }

    /// The flag if given, else the environment variable if set and non-empty.
    private func value(_ flag: String?, _ variable: String) -> String? {
        if let flag { return flag }
        if let env = environment[variable], !env.isEmpty { return env }
        return nil
    }
}

extension StartupError {
    /// A server failure told plainly: a port already taken, or a permission problem, gets its own sentence.
    public static func explaining(_ error: any Error, host: String, port: Int) -> any Error {
        if let io = error as? IOError {
            switch io.errnoCode {
            case EADDRINUSE:
                return StartupError(
                    "cannot listen on \(host):\(port): the port is already in use; stop the other program or pick another with --port"
                )
            case EACCES:
                return StartupError(
                    "cannot listen on \(host):\(port): permission denied; ports below 1024 need extra rights, use --port 8443"
                )
            case EADDRNOTAVAIL:
                return StartupError("cannot listen on \(host):\(port): this machine has no such address; check --host")
            default:
                return StartupError("cannot listen on \(host):\(port): \(io)")
            }
        }
        return error
    }
}

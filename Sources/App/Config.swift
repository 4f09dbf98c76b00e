import Foundation
import Logging
import WebPush

/// Every setting of the server. The command line fills it from flags, then environment variables, then defaults.
public struct AppConfig: Sendable {
    /// How the server speaks TLS.
    public enum TLSMode: Sendable, Equatable {
        /// A certificate made and kept in the data folder (the default).
        case generated
        /// A real certificate and key, as PEM files.
        case files(certificate: String, key: String)
        /// Plain HTTP, for running behind a reverse proxy that terminates TLS.
        case none
    }

    public var host: String
    public var port: Int
    public var dataDirectory: String
    /// The folder holding `Public/` (static files) and `Resources/` (the card catalogue).
    public var resourcesDirectory: String
    public var tls: TLSMode
    /// bcrypt work factor (tests lower it to keep them fast).
    public var bcryptCost: UInt8
    /// The threads that hash passwords, with their bounded queue (tests use a small one of their own).
    public var passwordHashing: HashingPool = .shared
    /// How long a sign-in lasts.
    public var sessionLifetime: Duration
    /// How long a sign-in without "Keep me signed in" lasts unused.
    public var sessionIdleLimit: Duration = .seconds(12 * 3600)
    /// A connection that sends nothing for this long (before its first request or between requests) is closed, so
    /// idle connections can't use up the server's open files.
    public var idleTimeout: Duration = .seconds(30)
    /// At most this many connections are open at once; past it new ones wait in the listen queue until one closes.
    /// Nil: worked out at start from the open-files limit (`OpenFilesLimit.connections`).
    public var maxConnections: Int?
    /// How slowly a request's body may arrive before its connection is closed.
    public var bodyReadLimit = BodyReadLimit()
    /// At most this many connections from one client address (an IPv6 one by its /64) when the server is reached
    /// directly over TLS; behind a proxy (plain HTTP) the proxy limits them.
    public var maxConnectionsPerAddress = 32
    public var logLevel: Logger.Level
    /// Backups the server makes of its own database into `<data-dir>/backups/`; nil: none.
    public var automaticBackups: BackupSchedule?
    /// The contact push services are given with every Web Push (a mailto: or https: address).
    public var pushContact = AppConfig.defaultPushContact
    /// A contact made from the machine's name; some push services refuse one that isn't a real address.
    public static let defaultPushContact = "mailto:stashify@" + ProcessInfo.processInfo.hostName
    /// The address members reach the server at, like https://stashify.example.org, for the links in pushes and
    /// calendar events; nil: the machine's name and the port.
    public var publicURL: String?
    /// Whether anyone may make an account, or only the people the owner invites (the first account, the owner's, may
    /// always be made).
    public var signups: SignupMode = .closed
    /// The largest `stashify.json` an import unpacks, in bytes (`--import-max-size`, in MB).
    public var importMaxSize = AppConfig.defaultImportMaxSize
    /// Room for an export of a million entries (about 180 MB unpacked).
    public static let defaultImportMaxSize = 256 * 1_048_576
    /// How many test notifications one member may send in a minute.
    public var testPushesPerMinute = 3
    /// How many requests one API token may make in a minute.
    public var apiRequestsPerMinute = 120
    /// Where the server may send requests for addresses members set (webhooks, ntfy, browsers' push services): public
    /// addresses, and what `--allow-outbound` adds.
    var outbound = OutboundPolicy()
    /// Every language speaks the pseudo-language made from English (`Catalogue.pseudo`), so a test can tell the
    /// catalogue's words from words written in code.
    public var pseudoLanguage = false
    /// The Web Push key to use instead of the data folder's (tests).
    public var webPushKey: VAPIDKey?
    /// The clock; tests inject a fixed date.
    public var now: @Sendable () -> Date

    public init(
        host: String = "0.0.0.0",
        port: Int = 8443,
        dataDirectory: String = "data",
        resourcesDirectory: String = ".",
        tls: TLSMode = .generated,
        bcryptCost: UInt8 = 12,
        sessionLifetime: Duration = .seconds(30 * 24 * 3600),
        logLevel: Logger.Level = .info,
        now: @escaping @Sendable () -> Date
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.resourcesDirectory = resourcesDirectory
        self.tls = tls
        self.bcryptCost = bcryptCost
        self.sessionLifetime = sessionLifetime
        self.logLevel = logLevel
        self.now = now
    }

    public var databasePath: String { dataDirectory + "/" + AppDatabase.fileName }
    public var certificateDirectory: String { dataDirectory + "/tls" }
    /// The server's Web Push (VAPID) key, made at first start.
    public var webPushKeyPath: String { dataDirectory + "/web-push/vapid-private-key.pem" }
    /// The key channel tokens are sealed with in the database, made at first start.
    public var tokenKeyPath: String { dataDirectory + "/secrets/channel-token.key" }
    public var publicDirectory: String { resourcesDirectory + "/Public" }
    public var usesTLS: Bool { tls != .none }
    /// `publicURL` without a trailing slash, or the machine's name and port as the server is reached on the network.
    public var publicBase: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        return (usesTLS ? "https://" : "http://") + ProcessInfo.processInfo.hostName + ":\(port)"
    }
}

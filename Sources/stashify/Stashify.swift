import App
import ArgumentParser
import Foundation
import Logging

/// The `stashify` command: serves the app (the default) and holds the admin sub-commands.
struct Stashify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stashify: a self-hosted personal-finance web app.",
        subcommands: [
            Serve.self, BackupCommand.self, RestoreCommand.self, UsersCommand.self, ApiTokensCommand.self,
            DemoDataCommand.self,
        ],
        defaultSubcommand: Serve.self
    )
}

/// `stashify serve` (or just `stashify`): runs the HTTPS server until SIGINT or SIGTERM.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve Stashify over HTTPS (the default command).",
        discussion: "Each option can also be set by the environment variable shown; a flag wins over the variable."
    )

    @Option(help: "Address to listen on. [env: STASHIFY_HOST] (default: 0.0.0.0, all interfaces)")
    var host: String?

    @Option(help: "Port to listen on. [env: STASHIFY_PORT] (default: 8443)")
    var port: String?

    @Option(help: "Folder for the database and the self-made certificate. [env: STASHIFY_DATA_DIR] (default: ./data)")
    var dataDir: String?

    @Option(help: "PEM file of a real TLS certificate (chain); needs --tls-key. [env: STASHIFY_TLS_CERT]")
    var tlsCert: String?

    @Option(help: "PEM file of the real certificate's private key. [env: STASHIFY_TLS_KEY]")
    var tlsKey: String?

    @Flag(help: "Serve plain HTTP, for running behind a reverse proxy that terminates TLS. [env: STASHIFY_NO_TLS=1]")
    var noTls = false

    @Option(help: "Folder holding Public/ and Resources/. [env: STASHIFY_RESOURCES_DIR] (default: the current folder)")
    var resourcesDir: String?

    @Option(
        help:
            "Log level: trace, debug, info, notice, warning, error or critical. [env: STASHIFY_LOG_LEVEL] (default: info)"
    )
    var logLevel: String?

    @Option(
        help:
            "Most connections open at once; more wait until one closes. [env: STASHIFY_MAX_CONNECTIONS] (default: the open-files limit less 256, at most 10000)"
    )
    var maxConnections: String?

    @Option(
        help:
            "Back up the database into <data-dir>/backups/ at this period, like 24h, 12h or 7d. [env: STASHIFY_BACKUP_EVERY] (default: no automatic backups)"
    )
    var backupEvery: String?

    @Option(
        help: "How many automatic backups to keep; older ones are removed. [env: STASHIFY_BACKUP_KEEP] (default: 7)"
    )
    var backupKeep: String?

    @Option(
        help:
            "A mailto: or https: address push services may reach you at about this server's notifications. [env: STASHIFY_PUSH_CONTACT] (default: mailto:stashify@<host name>)"
    )
    var pushContact: String?

    @Option(
        help:
            "The address members reach Stashify at, for links in pushes and calendar events. [env: STASHIFY_PUBLIC_URL] (default: https://<host name>:<port>)"
    )
    var publicUrl: String?

    @Option(
        help:
            "Most connections open at once from one client address (an IPv6 one by its /64), when serving TLS directly. [env: STASHIFY_MAX_CONNECTIONS_PER_ADDRESS] (default: 32)"
    )
    var maxConnectionsPerAddress: String?

    @Option(
        help:
            "How long a request's body may take, plus a second for every --body-min-rate bytes received, like 20s. [env: STASHIFY_BODY_TIMEOUT] (default: 20s)"
    )
    var bodyTimeout: String?

    @Option(
        help:
            "Bytes a second a request's body must keep up, on average, once its time is used. [env: STASHIFY_BODY_MIN_RATE] (default: 500)"
    )
    var bodyMinRate: String?

    @Option(
        help:
            "Who may make an account after the owner's, the first: closed (only people the owner invites from Profile → Household or stashify users invite) or open (anyone who finds the server). [env: STASHIFY_SIGNUPS] (default: closed)"
    )
    var signups: String?

    @Option(
        help:
            "Largest stashify.json an account import unpacks, in MB; a million-entry export is about 180. [env: STASHIFY_IMPORT_MAX_SIZE] (default: 256)"
    )
    var importMaxSize: String?

    @Option(
        help:
            "Private addresses, ranges and host names webhooks, ntfy servers and push services may be at, like 192.168.1.10,10.0.0.0/24,ntfy.lan; others must be public internet addresses. [env: STASHIFY_ALLOW_OUTBOUND] (default: none)"
    )
    var allowOutbound: String?

    @Option(
        help:
            "How many test notifications one member may send in a minute. [env: STASHIFY_TEST_PUSHES_PER_MINUTE] (default: 3)"
    )
    var testPushesPerMinute: String?

    @Option(
        help:
            "How many requests one API token may make in a minute. [env: STASHIFY_API_REQUESTS_PER_MINUTE] (default: 120)"
    )
    var apiRequestsPerMinute: String?

    @Option(
        help:
            "How long a sign-in with \"Keep me signed in\" lasts, like 30d. [env: STASHIFY_SESSION_LIFETIME] (default: 30d)"
    )
    var sessionLifetime: String?

    @Option(
        help:
            "How long a sign-in without \"Keep me signed in\" lasts unused, at least 1h. [env: STASHIFY_SESSION_IDLE] (default: 12h)"
    )
    var sessionIdle: String?

    func run() async throws {
        let config = try ServeSettings(
            host: host,
            port: port,
            dataDir: dataDir,
            tlsCert: tlsCert,
            tlsKey: tlsKey,
            noTLS: noTls,
            resourcesDir: resourcesDir,
            logLevel: logLevel,
            maxConnections: maxConnections,
            backupEvery: backupEvery,
            backupKeep: backupKeep,
            pushContact: pushContact,
            publicURL: publicUrl,
            bodyTimeout: bodyTimeout,
            bodyMinRate: bodyMinRate,
            maxConnectionsPerAddress: maxConnectionsPerAddress,
            signups: signups,
            importMaxSize: importMaxSize,
            allowOutbound: allowOutbound,
            testPushesPerMinute: testPushesPerMinute,
            apiRequestsPerMinute: apiRequestsPerMinute,
            sessionLifetime: sessionLifetime,
            sessionIdle: sessionIdle,
            environment: ProcessInfo.processInfo.environment
        ).config(clock: { Date() })
        // Held until the process ends: a restore refuses while a server uses the folder.
        guard let lock = try DataFolderLock(dataDirectory: config.dataDirectory) else {
            throw StartupError("another Stashify server is using the data folder \(config.dataDirectory)")
        }
        defer { withExtendedLifetime(lock) {} }
        let app = try await buildApplication(config)
        do {
            try await app.runService()
        } catch {
            throw StartupError.explaining(error, host: config.host, port: config.port)
        }
    }
}

/// `stashify backup [--to FILE]`: a consistent copy of the database, safe while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a file, safely while the server runs and writes.",
        discussion: "The copy holds every write finished before it began. Without --to it goes to <data-dir>/backups/."
    )

    @Option(
        help: "The file to write; it must not exist yet. (default: <data-dir>/backups/stashify-<date>-<time>.sqlite)"
    )
    var to: String?

    @OptionGroup var data: DataFolderOption

    func run() async throws {
        let folder = data.folder
        try data.requireDatabase()
        let path =
            to ?? AppDatabase.backupsDirectory(dataDirectory: folder) + "/" + AppDatabase.backupFileName(at: Date())
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let size = try database.backup(to: path)
        print("Backed up to \(path) (\(ByteCountFormatter.string(fromByteCount: size, countStyle: .file))).")
    }
}

/// `stashify restore FILE`: puts a backup in place of the database, while no server runs.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup; the server must be stopped.",
        discussion:
            "The backup is checked first (integrity and schema version). The database it replaces is kept in <data-dir>/replaced/."
    )

    @Argument(help: "The backup file, as made by stashify backup.")
    var file: String

    @OptionGroup var data: DataFolderOption

    func run() async throws {
        let folder = data.folder
        guard let lock = try DataFolderLock(dataDirectory: folder) else {
            throw StartupError("a Stashify server is using \(folder); stop it, then restore")
        }
        let restored = try withExtendedLifetime(lock) { try AppDatabase.restore(from: file, into: folder, now: Date()) }
        print("Restored \(file) into \(folder).")
        if let aside = restored.keptAside { print("The database it replaced is kept as \(aside).") }
    }
}

/// `stashify users …`: what the server's owner does for the people who use it.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Help the people who use this server.",
        subcommands: [List.self, Invite.self, Add.self, ResetPassword.self, Delete.self, DisableTwoFactor.self]
    )

    /// `stashify users invite EMAIL`
    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a one-time link for someone to make their account with, even while sign-up is closed.",
            discussion:
                "The link works once, for this email, for 7 days, and is printed only now: send it to them yourself. The owner can also make and withdraw invitations in Profile → Household."
        )

        @Argument(help: "Email of the person invited.")
        var email: String

        @Option(help: "The address members reach Stashify at, to print a whole link. [env: STASHIFY_PUBLIC_URL]")
        var publicUrl: String?

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let email = self.email
            let made: NewInvitation
            do {
                made = try await data.withDatabase { try await $0.invite(email: email, now: Date()) }
            } catch let refused as InvitationRefused {
                throw StartupError("can't invite \(email): \(refused.description)")
            }
            let until = made.invitation.expiresAt.formatted(.iso8601.year().month().day())
            let base =
                publicUrl
                ?? ProcessInfo.processInfo.environment["STASHIFY_PUBLIC_URL"].flatMap { $0.isEmpty ? nil : $0 }
            if let base {
                print("Invitation for \(made.invitation.email), valid until \(until):")
                print((base.hasSuffix("/") ? String(base.dropLast()) : base) + made.path)
            } else {
                print(
                    "Invitation for \(made.invitation.email), valid until \(until). Its link is this path on your server's address:"
                )
                print(made.path)
                print("For example https://stashify.example.org\(made.path); pass --public-url to print it whole.")
            }
        }
    }

    /// `stashify users add EMAIL`
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an account, with a password typed at the prompt or given with --password.",
            discussion:
                "The password follows the sign-up form's rules. On a server with no account yet, this one is the owner's."
        )

        @Argument(help: "Email of the new account.")
        var email: String

        @Option(help: "Name of the account's owner. (default: the part of the email before the @)")
        var name: String?

        @Option(help: "The password; without it, it is asked for (and not shown as it is typed).")
        var password: String?

        @Option(
            help:
                "Folder holding Resources/ (the list of passwords too common to take). [env: STASHIFY_RESOURCES_DIR] (default: the current folder)"
        )
        var resourcesDir: String?

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let typed = try password ?? Self.prompt("Password for \(email): ")
            let resources = resourcesDir ?? ProcessInfo.processInfo.environment["STASHIFY_RESOURCES_DIR"] ?? "."
            let (email, name) = (email, name)
            let user = try await data.withDatabase {
                try await $0.addAccount(
                    name: name,
                    email: email,
                    password: typed,
                    resourcesDirectory: resources,
                    now: Date()
                )
            }
            print("Made the account \(user.email) (\(user.name)). They log in with that email and password.")
        }

        /// Reads a password from the terminal without showing it, or a line from standard input when it isn't one.
        static func prompt(_ text: String) throws -> String {
            if isatty(STDIN_FILENO) == 1, let typed = getpass(text) {
                return String(cString: typed)
            }
            guard let line = readLine(strippingNewline: true) else {
                throw StartupError("no password given: type it at the prompt or pass --password")
            }
            return line
        }
    }

    /// `stashify users list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the accounts: email, name, when made, entries, two-factor sign-in and when last seen."
        )

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let accounts = try await data.withDatabase { try $0.accountSummaries() }
            guard !accounts.isEmpty else {
                print("No accounts yet.")
                return
            }
            let day = { (date: Date) in date.formatted(.iso8601.year().month().day()) }
            let rows =
                [["EMAIL", "NAME", "SINCE", "ENTRIES", "2FA", "LAST SEEN"]]
                + accounts.map {
                    [
                        $0.email, $0.name, day($0.createdAt), String($0.entries), $0.twoFactorOn ? "on" : "off",
                        $0.lastSeenAt.map(day) ?? "never",
                    ]
                }
            printTable(rows)
        }
    }

    /// `stashify users reset-password EMAIL`
    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Give an account a new password, printed once; every browser signed in to it is logged out.",
            discussion: "Hand the password over privately; its owner changes it in Profile → Password."
        )

        @Argument(help: "Email of the account.")
        var email: String

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let password = try await data.withDatabase { try await $0.resetPassword(email: email, now: Date()) }
            guard let password else { throw StartupError("no account has the email \(email)") }
            print("New password for \(email): \(password)")
            print("Every browser signed in to it was logged out. They can change it in Profile → Password.")
        }
    }

    /// `stashify users delete EMAIL --yes`
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an account and all of its data. It can't be undone; make a backup first.",
            discussion: "Without --yes it only says what would be deleted."
        )

        @Argument(help: "Email of the account.")
        var email: String

        @Flag(help: "Really delete.")
        var yes = false

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let (email, yes) = (email, yes)
            let account = try await data.withDatabase { database in
                guard let account = try database.accountSummaries(email: email).first else {
                    throw StartupError("no account has the email \(email)")
                }
                if yes { try await database.deleteUser(userId: account.id) }
                return account
            }
            guard yes else {
                print(
                    "This would delete \(account.email) (\(account.name)) with all of its data: \(account.entries) entries, its stashes, wallet and settings."
                )
                print("Run again with --yes to delete it. Make a backup first: stashify backup")
                return
            }
            print("Deleted \(account.email) and all of its data.")
        }
    }

    /// `stashify users disable-2fa EMAIL`
    struct DisableTwoFactor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable-2fa",
            abstract: "Turn off two-factor sign-in for an account whose owner lost their phone and recovery codes.",
            discussion: "Their password alone signs them in again; they can turn two-factor sign-in back on in Profile."
        )

        @Argument(help: "Email of the account.")
        var email: String

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let found = try await data.withDatabase { try await $0.disableTwoFactor(email: email) }
            guard found else { throw StartupError("no account has the email \(email)") }
            print("Two-factor sign-in is off for \(email). Their password alone signs them in now.")
        }
    }
}

/// `stashify demo-data`: creates (or fills) an account with realistic stashes and entries.
/// `stashify api-tokens`: the members' API tokens, seen and revoked by the server's owner.
struct ApiTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-tokens",
        abstract: "List or revoke the API tokens members made in Profile → API tokens.",
        subcommands: [List.self, Revoke.self]
    )

    /// `stashify api-tokens list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "List every token: its number, whose, its name, what it may do, its last characters, until when and when last used."
        )

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let tokens = try await data.withDatabase { try $0.apiTokenList() }
            guard !tokens.isEmpty else {
                print("No API tokens.")
                return
            }
            let day = { (date: Date) in date.formatted(.iso8601.year().month().day()) }
            printTable(
                [["ID", "EMAIL", "NAME", "SCOPE", "ENDS IN", "EXPIRES", "LAST USED"]]
                    + tokens.map {
                        [
                            String($0.id), $0.email, $0.name, $0.scope, "…" + $0.hint, $0.expiresOn ?? "never",
                            $0.lastUsedAt.map(day) ?? "never",
                        ]
                    }
            )
        }
    }

    /// `stashify api-tokens revoke ID`
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: it stops working at once.")

        @Argument(help: "The token's number, from `stashify api-tokens list`.")
        var id: Int64

        @OptionGroup var data: DataFolderOption

        func run() async throws {
            let id = id
            guard try await data.withDatabase({ try await $0.revokeApiToken(id: id) }) else {
                throw StartupError("no API token has the number \(id)")
            }
            print("Revoked API token \(id).")
        }
    }
}

/// Prints `rows` as columns, the first row the heading.
func printTable(_ rows: [[String]]) {
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
        print(
            row.indices.map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        )
    }
}

struct DemoDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-data",
        abstract: "Create (or fill) an account with realistic demo stashes and entries."
    )

    @Option(help: "Email of the account to fill; it is created if it doesn't exist.")
    var email: String

    @Option(help: "Password for a newly created account.")
    var password = "stashify-demo"

    @Option(help: "How many years of history to spread the entries over.")
    var years = 3

    @Option(help: "How many entries to add.")
    var entries = 2_000

    @OptionGroup var data: DataFolderOption

    func run() async throws {
        guard (1...20).contains(years) else { throw StartupError("--years must be from 1 to 20") }
        guard (0...5_000_000).contains(entries) else { throw StartupError("--entries must be from 0 to 5,000,000") }
        guard password.count >= 8 else { throw StartupError("--password needs at least 8 characters") }
        let folder = data.folder
        let database = try AppDatabase.open(dataDirectory: folder)
        let password = self.password
        let started = Date()
        let summary = try await DemoData.fill(
            database: database,
            email: email,
            passwordHash: { try await PasswordHasher().hash(password) },
            years: years,
            entries: entries,
            now: Date(),
            timeZone: TimeZone.current.identifier
        )
        try database.close()
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        print(
            "Filled \(summary.email): \(summary.stashes) stashes, \(summary.entries) entries, \(summary.badges) badges in \(seconds)s."
        )
        if summary.createdUser { print("New account; log in with the password \"\(password)\".") }
    }
}

/// `--data-dir` of the commands that work on a data folder.
struct DataFolderOption: ParsableArguments {
    @Option(help: "Folder holding the database. [env: STASHIFY_DATA_DIR] (default: ./data)")
    var dataDir: String?

    /// The folder: the flag, else the environment variable, else `./data`.
    var folder: String {
        dataDir ?? ProcessInfo.processInfo.environment["STASHIFY_DATA_DIR"] ?? "data"
    }

    /// Throws unless the folder holds a database: a command that reads one must not make an empty one in a mistyped
    /// folder (only `serve` and the demo-filling commands may).
    func requireDatabase() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder + "/" + AppDatabase.fileName, isDirectory: &isFolder),
            !isFolder.boolValue
        else {
            throw StartupError("no database in \(folder); pass --data-dir with the folder the server uses")
        }
    }

    /// Runs `body` on the folder's existing database, closed afterwards whether `body` succeeds or throws.
    func withDatabase<T>(_ body: (AppDatabase) async throws -> T) async throws -> T {
        try requireDatabase()
        let database = try AppDatabase.open(dataDirectory: folder)
        do {
            let result = try await body(database)
            try database.close()
            return result
        } catch {
            try? database.close()
            throw error
        }
    }
}

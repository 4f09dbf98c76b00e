import App
import ArgumentParser
import Foundation
import Logging

/// The `stashify` command: serves the app (the default) and holds the admin sub-commands.
struct Stashify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stashify: a self-hosted personal-finance web app.",
        subcommands: [Serve.self],
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

    @Option(help: "Folder holding Views/ and Public/. [env: STASHIFY_RESOURCES_DIR] (default: the current folder)")
    var resourcesDir: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error or critical. [env: STASHIFY_LOG_LEVEL] (default: info)")
    var logLevel: String?

    func run() async throws {
        let config = try ServeSettings(
            host: host, port: port, dataDir: dataDir, tlsCert: tlsCert, tlsKey: tlsKey, noTLS: noTls,
            resourcesDir: resourcesDir, logLevel: logLevel, environment: ProcessInfo.processInfo.environment
        ).config()
        let app = try await buildApplication(config)
        do {
            try await app.runService()
        } catch {
            throw StartupError.explaining(error, host: config.host, port: config.port)
        }
    }
}

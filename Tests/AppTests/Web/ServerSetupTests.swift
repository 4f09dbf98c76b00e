import Crypto
import Foundation
import HummingbirdTesting
import NIOCore
import SwiftASN1
import Testing
import WebPush
import X509

@testable import App

@Suite("Command line and certificate")
struct ServerSetupTests {
    /// The `stashify` binary built beside the tests.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stashify")
    }

    /// Runs the `stashify` binary built beside the tests with `arguments`; its standard output and exit status. One
    /// still running after 30 seconds (a server that should have refused to start, say) is stopped.
    static func stashify(_ arguments: [String]) throws -> (output: String, status: Int32) {
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "stashify is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test("stashify --help lists the commands, and stashify serve --help the server's options")
    func commandLineHelp() throws {
        for arguments in [["--help"], ["help"]] {
            let help = try Self.stashify(arguments)
            #expect(help.status == 0)
            #expect(help.output.contains("USAGE: stashify <subcommand>"), "\(arguments)")
            #expect(help.output.contains("serve (default)"), "\(arguments)")
            #expect(help.output.contains("demo-data"), "\(arguments)")
            #expect(!help.output.contains("Show subcommand help information"), "\(arguments)")
        }
        for arguments in [["serve", "--help"], ["help", "serve"]] {
            let help = try Self.stashify(arguments)
            #expect(help.status == 0)
            for option in [
                "--host", "--port", "--data-dir", "--tls-cert", "--tls-key", "--no-tls", "--resources-dir",
                "--log-level",
                "--max-connections", "--backup-every", "--backup-keep", "--push-contact", "--allow-outbound",
                "--test-pushes-per-minute", "--max-connections-per-address", "--body-timeout", "--body-min-rate",
                "--signups", "--import-max-size",
            ] {
                #expect(help.output.contains(option), "\(arguments) lists \(option)")
            }
        }
    }

    func settings(
        host: String? = nil,
        port: String? = nil,
        dataDir: String? = nil,
        tlsCert: String? = nil,
        tlsKey: String? = nil,
        noTLS: Bool = false,
        environment: [String: String] = [:]
    ) -> ServeSettings {
        ServeSettings(
            host: host,
            port: port,
            dataDir: dataDir,
            tlsCert: tlsCert,
            tlsKey: tlsKey,
            noTLS: noTLS,
            resourcesDir: TestApp.root,
            logLevel: nil,
            environment: environment
        )
    }

    @Test("defaults: HTTPS with a made certificate on 0.0.0.0:8443, data in ./data")
    func defaults() throws {
        let config = try settings().config(clock: { Date() })
        #expect(config.host == "0.0.0.0")
        #expect(config.port == 8443)
        #expect(config.databasePath == "data/stashify.sqlite")
        #expect(config.tls == .generated)
    }

    @Test("environment variables fill in; flags win over them")
    func environment() throws {
        let env = [
            "STASHIFY_HOST": "127.0.0.1", "STASHIFY_PORT": "9000", "STASHIFY_DATA_DIR": "/srv/stash",
            "STASHIFY_NO_TLS": "1",
        ]
        let fromEnv = try settings(environment: env).config(clock: { Date() })
        #expect(fromEnv.host == "127.0.0.1")
        #expect(fromEnv.port == 9000)
        #expect(fromEnv.dataDirectory == "/srv/stash")
        #expect(fromEnv.tls == AppConfig.TLSMode.none)
        let flags = try settings(port: "8080", environment: env).config(clock: { Date() })
        #expect(flags.port == 8080)
    }

    @Test(
        "bad values end with one clear sentence",
        arguments: [
            ("abc", "--port must be a whole number from 1 to 65535, not \"abc\""),
            ("70000", "--port must be a whole number from 1 to 65535, not \"70000\""),
        ]
    )
    func badPort(port: String, message: String) {
        #expect(throws: StartupError.self) { try settings(port: port).config(clock: { Date() }) }
        do { _ = try settings(port: port).config(clock: { Date() }) } catch { #expect("\(error)" == message) }
    }

    @Test("the Web Push contact is a mailto: or https: address, from the flag or the environment")
    func pushContact() throws {
        #expect(try settings().config(clock: { Date() }).pushContact.hasPrefix("mailto:stashify@"))
        let fromEnv = try settings(environment: ["STASHIFY_PUSH_CONTACT": "https://example.org/contact"]).config(
            clock: { Date() })
        #expect(fromEnv.pushContact == "https://example.org/contact")
        for bad in ["ops@example.org", "mailto:", "mailto:a b@example.org", "http://example.org"] {
            do {
                _ = try settings(environment: ["STASHIFY_PUSH_CONTACT": bad]).config(clock: { Date() })
                Issue.record("\(bad) was taken")
            } catch {
                #expect("\(error)" == "--push-contact must be a mailto: or https: address, like mailto:you@example.org")
            }
        }
    }

    @Test("slow bodies and connections per address have limits by default, set by flag or environment")
    func connectionLimits() throws {
        let defaults = try settings().config(clock: { Date() })
        #expect(defaults.bodyReadLimit == BodyReadLimit(timeout: .seconds(20), minimumRate: 500))
        #expect(defaults.maxConnectionsPerAddress == 32)
        let env = [
            "STASHIFY_BODY_TIMEOUT": "1m", "STASHIFY_BODY_MIN_RATE": "2000",
            "STASHIFY_MAX_CONNECTIONS_PER_ADDRESS": "8",
        ]
        let set = try settings(environment: env).config(clock: { Date() })
        #expect(set.bodyReadLimit == BodyReadLimit(timeout: .seconds(60), minimumRate: 2_000))
        #expect(set.maxConnectionsPerAddress == 8)
        for (variable, bad, message) in [
            (
                "STASHIFY_BODY_TIMEOUT", "2h",
                "--body-timeout must be a period of at most an hour, like 20s or 2m, not \"2h\""
            ),
            (
                "STASHIFY_BODY_MIN_RATE", "fast",
                "--body-min-rate must be a whole number of bytes a second, like 500, not \"fast\""
            ),
            (
                "STASHIFY_MAX_CONNECTIONS_PER_ADDRESS", "0",
                "--max-connections-per-address must be a whole number from 1 to 1000000, not \"0\""
            ),
        ] {
            do {
                _ = try settings(environment: [variable: bad]).config(clock: { Date() })
                Issue.record("\(variable)=\(bad) was taken")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test("the Web Push key is made in the data folder at first start and kept across restarts")
    func webPushKey() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = TestApp.config(clock: TestClock(), dataDirectory: folder)
        var shown: [String] = []
        for email in ["ann@example.com", "bob@example.com"] {
            let app = try await buildApplication(config)
            let key = try await app.test(.router) { client in
                let browser = Browser(client: client)
                try await browser.signUp(email: email)
                let html = try await browser.get("/profile/notifications").html
                return try #require(
                    html.firstRange(of: "data-push-key=\"").map { String(html[$0.upperBound...].prefix { $0 != "\"" }) }
                )
            }
            shown.append(key)
        }
        let kept = try VAPIDKey.loadOrCreate(at: config.webPushKeyPath)
        #expect(shown == [kept.publicKey, kept.publicKey])
        let mode =
            try FileManager.default.attributesOfItem(atPath: config.webPushKeyPath)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test("TLS flags must come as a pair, readable, and not with --no-tls")
    func tlsFlags() {
        #expect(throws: StartupError.self) { try settings(tlsCert: "/etc/hostname").config(clock: { Date() }) }
        #expect(throws: StartupError.self) { try settings(tlsKey: "/etc/hostname").config(clock: { Date() }) }
        #expect(throws: StartupError.self) {
            try settings(tlsCert: "/nope.pem", tlsKey: "/nope.key").config(clock: { Date() })
        }
        #expect(throws: StartupError.self) {
            try settings(tlsCert: "/etc/hostname", tlsKey: "/etc/hostname", noTLS: true).config(clock: { Date() })
        }
    }

    @Test("a port in use is told plainly")
    func portInUse() {
        let error = StartupError.explaining(IOError(errnoCode: EADDRINUSE, reason: "bind"), host: "0.0.0.0", port: 8443)
        #expect("\(error)".hasPrefix("cannot listen on 0.0.0.0:8443: the port is already in use"))
    }

    @Test("the certificate is made once, for the right names, with a private key only its owner can read")
    func localCertificate() throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // When
        let first = try LocalCertificate.loadOrCreate(in: folder, hostName: "homeserver", now: Date())
        let second = try LocalCertificate.loadOrCreate(in: folder, hostName: "homeserver", now: Date())

        // Then
        #expect(first.fingerprint == second.fingerprint, "reused, not remade")
        #expect(first.fingerprint.count == 95)
        for key in [first.keyPath, folder + "/ca-key.pem"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: key)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(key)")
        }
        let pem = try String(contentsOfFile: first.certificatePath, encoding: .utf8)
        let documents = try PEMDocument.parseMultiple(pemString: pem)
        #expect(documents.count == 2, "server certificate, then the authority")
        let certificate = try Certificate(pemDocument: try #require(documents.first))
        #expect(P256.Signing.PublicKey(certificate.publicKey) != nil, "a P-256 key")
        let authority = try Certificate(pemDocument: documents[1])
        let constraints = try #require(try authority.extensions.nameConstraints)
        #expect(
            Array(constraints.permittedDNSDomains).contains("homeserver"),
            "the authority signs for this server only"
        )
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? NSNumber
        #expect(folderMode?.intValue == 0o700)
        let names = try #require(try certificate.extensions.subjectAlternativeNames)
        let described = names.map { "\($0)" }.joined(separator: " ")
        #expect(described.contains("localhost"))
        #expect(described.contains("homeserver"))
        #expect(described.contains("IPAddress([127, 0, 0, 1])"))
        #expect(names.count == 5, "localhost, homeserver, homeserver.local, 127.0.0.1, ::1")
        #expect(try certificate.extensions.basicConstraints == .notCertificateAuthority)
    }

    @Test("a certificate near its end is renewed")
    func renewal() throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = Date()
        let first = try LocalCertificate.loadOrCreate(in: folder, hostName: "homeserver", now: now)
        let later = now.addingTimeInterval(LocalCertificate.serverLifetime - 10 * 24 * 3600)
        let renewed = try LocalCertificate.loadOrCreate(in: folder, hostName: "homeserver", now: later)
        #expect(first.fingerprint != renewed.fingerprint)
    }
}

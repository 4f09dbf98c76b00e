import AsyncHTTPClient
import Foundation
import GRDB
import NIOCore
import NIOSSL
import Testing

@testable import App

@Suite("Security")
struct SecurityTests {
    @Test("a POST without the right CSRF token gets 403 and changes nothing")
    func csrfRejected() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")
            let form = ProfileTests.fullForm

            // When
            let missing = try await browser.post("/profile", form, csrf: .none)
            let wrong = try await browser.post("/profile", form, csrf: .value(CSRFMiddleware.makeToken()))
            let logout = try await browser.post("/logout", csrf: .none)

            // Then
            for page in [missing, wrong, logout] {
                #expect(page.status == .forbidden)
                #expect(page.html.contains("This form has expired"))
            }
            let user = try #require(try database.user(email: "alex@example.com"))
            #expect(user.name == "Alex Doe")
            #expect(try await browser.get("/").status == .ok, "still signed in")
        }
    }

    @Test("text a user typed is escaped on every page, even a < followed by a combining mark")
    func htmlEscaping() async throws {
        try await TestApp.run { browser, _ in
            // Given: names that would be markup if they reached the page as typed
            try await browser.signUp(email: "alex@example.com")
            let plain = try await browser.createStash(name: "<b>Bold</b> & \"quoted\" 'single'", target: "10")
            let combining = try await browser.createStash(name: "<\u{0338}img src=x onerror=alert(1)>", target: "10")

            // When
            let home = try await browser.get("/")
            let detail = try await browser.get("/stashes/\(plain)")
            let other = try await browser.get("/stashes/\(combining)")

            // Then
            for page in [home, detail] {
                #expect(page.html.contains("&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;single&#39;"))
                #expect(!page.html.contains("<b>Bold</b>"))
            }
            // Compared as bytes: Swift's `contains` treats "<" + U+0338 and "≮" as the same text.
            for page in [home, other] {
                let bytes = Data(page.html.utf8)
                #expect(bytes.range(of: Data("&lt;\u{0338}img src=x onerror=alert(1)&gt;".utf8)) != nil)
                #expect(bytes.range(of: Data("<\u{0338}".utf8)) == nil)
            }
        }
    }

    @Test("page numbers past any list (or past Int64) show an empty page, never crash")
    func hugePageNumbers() async throws {
        try await TestApp.run { browser, _ in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let id = try await browser.createStash(name: "Fund", target: "10")
            try await browser.addEntry(stash: id, amount: "5", date: "2026-11-20")
            // When / Then
            for path in [
                "/stashes/\(id)?page=9223372036854775807", "/badges?tab=all&page=9223372036854775807",
                "/stashes/\(id)?page=-9223372036854775808", "/badges?tab=completed&page=99999999",
            ] {
                let page = try await browser.get(path)
                #expect(page.status == .ok, "\(path)")
            }
            #expect(try await browser.get("/stashes/\(id)?page=1").html.contains("$5.00"))
        }
    }

    @Test("forms without a session use a cookie token; a post without it is refused")
    func csrfOnAnonymousForms() async throws {
        try await TestApp.run { browser, database in
            // Given: a visitor who never loaded the form (no token cookie)
            let page = try await browser.post(
                "/signup",
                [("name", "Eve"), ("email", "eve@example.com"), ("password", "a quiet evening")],
                csrf: .value(CSRFMiddleware.makeToken())
            )
            // Then
            #expect(page.status == .forbidden)
            #expect(try database.read { db in try User.fetchCount(db) } == 0)

            // When: the form was loaded, so the cookie and the field agree
            let form = try await browser.get("/signup")
            #expect(form.setCookie("stashify_csrf")?.contains("HttpOnly") == true)
            let created = try await browser.post(
                "/signup",
                [("name", "Eve"), ("email", "eve@example.com"), ("password", "a quiet evening")]
            )
            #expect(created.status == .seeOther)
        }
    }

    @Test("a new session gets a new CSRF token")
    func csrfRotatesWithSession() async throws {
        try await TestApp.run { browser, _ in
            try await browser.get("/signup")
            let anonymous = try #require(await browser.csrfToken)
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile")
            let signedIn = try #require(await browser.csrfToken)
            #expect(anonymous != signedIn)
        }
    }

    @Test("a NUL byte in a path is a 404, never the file its name starts with")
    func nulInPath() async throws {
        try await TestApp.run { browser, _ in
            #expect(try await browser.get("/css/app.css").status == .ok)
            for path in ["/css/app.css%00.txt", "/css/app.css%00", "/manifest.webmanifest%00.js", "/login%00"] {
                let page = try await browser.get(path)
                #expect(page.status == .notFound, "\(path)")
                #expect(!page.html.contains("--accent:"), "no stylesheet at \(path)")
            }
        }
    }

    @Test("a form with a thousand fields is refused with a clear message, and nothing is saved")
    func tooManyFormFields() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/stashes/new")
            var form = [("name", "Bike"), ("kind", "save"), ("category", "Travel"), ("goal", "100"), ("target", "10")]
            form += (0..<1_000).map { ("extra\($0)", "x") }
            let page = try await browser.post("/stashes", form)
            #expect(page.status == .contentTooLarge)
            #expect(page.html.contains("The form has too many fields."))
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stash") } == 0)

            // The same form with its own fields is taken
            let saved = try await browser.post("/stashes", Array(form.prefix(5)))
            #expect(saved.status == .seeOther)
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stash") } == 1)
        }
    }

    @Test("a body over the limit gets 413 with a clear message, a form's and an upload's, and nothing is saved")
    func bodyTooLarge() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/stashes/new")
            let note = String(repeating: "x", count: UploadedForm.maxFormSize)
            let page = try await browser.post(
                "/stashes",
                [
                    ("name", "Bike"), ("kind", "save"), ("category", "Travel"),
                    ("goal", "100"), ("target", "10"), ("note", note),
                ]
            )
            #expect(page.status == .contentTooLarge)
            #expect(page.html.contains("The form is too large."))
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stash") } == 0)

            try await browser.get("/transactions/import")
            let file = [UInt8](repeating: UInt8(ascii: "a"), count: UploadedForm.maxBodySize)
            let upload = try await browser.upload("/transactions/import", files: [("statement", "bank.csv", file)])
            #expect(upload.status == .contentTooLarge)
            #expect(upload.html.contains("The file is too large."))
        }
    }

    @Test("every response carries the security headers")
    func securityHeaders() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            for path in ["/", "/profile", "/login", "/nowhere", "/css/app.css", "/healthz"] {
                let page = try await browser.get(path)
                let csp = page.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("default-src 'self'"), "\(path)")
                #expect(csp.contains("frame-ancestors 'none'"), "\(path)")
                #expect(!csp.contains("unsafe-inline"), "\(path)")
                #expect(page.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(page.headers[.referrerPolicy] == "same-origin", "\(path)")
                #expect(page.headers[.strictTransportSecurity] == nil, "no HSTS over plain HTTP (\(path))")
            }
        }
    }

    @Test("over TLS: HSTS on every response, and cookies that are Secure and named __Host- for the whole site")
    func tlsHeadersAndCookies() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await TestApp.run(tls: .generated, dataDirectory: folder) { browser, _ in
            let form = try await browser.get("/signup")
            #expect(form.headers[.strictTransportSecurity] == "max-age=31536000")
            #expect(form.setCookie("stashify_csrf") == nil, "no cookie without the prefix")
            let csrf = try #require(form.setCookie("__Host-stashify_csrf"))
            let page = try await browser.signUp(email: "alex@example.com")
            #expect(page.setCookie("stashify_session") == nil)
            let session = try #require(page.setCookie("__Host-stashify_session"))
            try await browser.get("/signup/details")
            let details = try await browser.post("/signup/details", [("currency", "USD"), ("timeZone", "UTC")])
            let flash = try #require(details.setCookie("__Host-stashify_flash"))
            for cookie in [csrf, session, flash] {
                // The browser takes a __Host- cookie only when it is Secure, for path / and names no domain.
                #expect(cookie.contains("Secure"), "\(cookie)")
                #expect(cookie.contains("Path=/;") || cookie.hasSuffix("Path=/"), "\(cookie)")
                #expect(!cookie.lowercased().contains("domain="), "\(cookie)")
                #expect(cookie.contains("HttpOnly"), "\(cookie)")
                #expect(cookie.contains("SameSite=Lax"), "\(cookie)")
            }
            // The prefixed cookies are the ones read: the session goes on, with its flash shown once.
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.html.contains("Welcome to Stashify, Alex!"))
            // A cookie without the prefix, as a neighbouring site could plant, is not a session.
            let sessionId = try #require(await browser.cookies["__Host-stashify_session"])
            await browser.setCookie("__Host-stashify_session", nil)
            await browser.setCookie("stashify_session", sessionId)
            #expect(try await browser.get("/profile").status == .seeOther)
            let authority = try await browser.get("/ca.crt")
            #expect(authority.status == .ok)
            #expect(authority.headers[.contentType] == "application/x-x509-ca-cert")
        }
    }

    @Test("over TLS 1.2 only ECDHE with AES-GCM or ChaCha20 is offered: a client limited to CBC suites can't connect")
    func tls12CipherSuites() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await TestApp.live(tls: .generated, dataDirectory: folder) { (port: Int) async throws in
            /// Whether `/healthz` answers over a TLS 1.2 (or, with nil, any version) connection offering `ciphers`. A
            /// refused handshake is tried again by the client until the deadline, hence a short one where a refusal is
            /// expected, and a long one where an answer is (a loaded machine may take seconds to answer).
            @Sendable func connects(
                tls12 ciphers: [NIOTLSCipher]?,
                within timeout: TimeAmount = .seconds(30)
            ) async throws -> Bool {
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.certificateVerification = .none
                if let ciphers {
                    tls.maximumTLSVersion = .tlsv12
                    tls.cipherSuiteValues = ciphers
                }
                let http = HTTPClient(
                    eventLoopGroupProvider: .singleton,
                    configuration: .init(tlsConfiguration: tls)
                )
                let answered: Bool
                do {
                    let response = try await http.execute(
                        HTTPClientRequest(url: "https://127.0.0.1:\(port)/healthz"),
                        timeout: timeout
                    )
                    answered = response.status == .ok
                } catch {
                    answered = false
                }
                try await http.shutdown()
                return answered
            }
            #expect(
                try await connects(
                    tls12: [
                        .TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA, .TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA,
                        .TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA, .TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA,
                        .TLS_RSA_WITH_AES_128_CBC_SHA, .TLS_RSA_WITH_AES_256_CBC_SHA,
                    ],
                    within: .seconds(2)
                ) == false
            )
            #expect(
                try await connects(
                    tls12: [.TLS_RSA_WITH_AES_128_GCM_SHA256, .TLS_RSA_WITH_AES_256_GCM_SHA384],
                    within: .seconds(2)
                ) == false,
                "no key exchange without forward secrecy"
            )
            #expect(
                try await connects(tls12: [
                    .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
                ])
            )
            #expect(
                try await connects(tls12: [
                    .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
                    .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
                ])
            )
            #expect(try await connects(tls12: nil), "TLS 1.3 as before")
        }
    }

    /// The status line the server answers `request` (raw bytes) with, sent over a plain socket.
    private static func statusLine(port: Int, request: String) async throws -> String {
        try await RawSocket.onOwnThread {
            let socket = try RawSocket(port: port, timeout: 10)
            try socket.send(request)
            return Self.firstLine(try socket.receive(limit: 4_096))
        }
    }

    /// The first line of an answer, without its line end.
    private static func firstLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    @Test("a malformed chunked body is a 400, not a 500")
    func malformedChunkedBody() async throws {
        try await TestApp.live { (port: Int) async throws in
            let head =
                "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n"
            #expect(
                try await Self.statusLine(port: port, request: head + "ZZ\r\nabc\r\n0\r\n\r\n")
                    == "HTTP/1.1 400 Bad Request",
                "a chunk size that isn't hexadecimal"
            )
            #expect(
                try await Self.statusLine(port: port, request: head + "5\r\nabcdefghij\r\n0\r\n\r\n")
                    == "HTTP/1.1 400 Bad Request",
                "a chunk longer than its size"
            )
            #expect(
                try await Self.statusLine(port: port, request: "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    == "HTTP/1.1 200 OK",
                "the server still answers"
            )
        }
    }

    @Test("a connection that sends nothing, or nothing more after a request, is closed after the idle timeout")
    func idleConnectionsAreClosed() async throws {
        try await TestApp.live(idleTimeout: .seconds(1)) { (port: Int) async throws in
            // The client waits up to 10 s for the server to close each connection and says how long it took.
            let said = try await RawSocket.onOwnThread {
                func closedAfter(_ first: String) -> String {
                    do {
                        let socket = try RawSocket(port: port, timeout: 10)
                        var start = ContinuousClock.now
                        if !first.isEmpty {
                            try socket.send(first)
                            _ = try socket.receive()
                            start = ContinuousClock.now
                        }
                        while try !socket.receive().isEmpty {}
                        return String(format: "%.1f", RawSocket.tenths(since: start))
                    } catch {
                        return "\(error)"
                    }
                }
                return closedAfter("") + " " + closedAfter("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            }
            let times = said.split(separator: " ").map { Double($0) }
            #expect(times.count == 2, "the client said \(said)")
            for (index, time) in times.enumerated() {
                let seconds = try #require(time, "connection \(index + 1) was closed (the client said \(said))")
                #expect(seconds >= 0.5 && seconds < 8, "connection \(index + 1) closed after \(seconds) s")
            }
        }
    }

    @Test("a request head sent a byte at a time (slowloris) is cut off at the idle timeout, however steady the trickle")
    func slowHeadersAreCutOff() async throws {
        try await TestApp.live(idleTimeout: .seconds(2)) { (port: Int) async throws in
            let said = try await RawSocket.onOwnThread {
                let socket = try RawSocket(port: port, timeout: 10)
                let start = ContinuousClock.now
                let head =
                    Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8)
                    + Array(repeating: UInt8(ascii: "a"), count: 40)
                do {
                    for byte in head {
                        try socket.send([byte])
                        Thread.sleep(forTimeInterval: 0.25)
                    }
                    return "sent all"
                } catch {
                    return String(format: "%.1f", RawSocket.tenths(since: start))
                }
            }
            let seconds = try #require(
                Double(said.trimmingCharacters(in: .whitespacesAndNewlines)),
                "the client said \(said)"
            )
            #expect(seconds >= 1.5 && seconds < 8, "cut off after \(seconds) s")
        }
    }

    @Test("a request body sent a byte at a time is cut off when its time runs out; a body at a real speed is served")
    func slowBodiesAreCutOff() async throws {
        let configure: (inout AppConfig) -> Void = {
            $0.bodyReadLimit = BodyReadLimit(timeout: .seconds(2), minimumRate: 500)
        }
        try await TestApp.live(configure: configure) {
            (port: Int) async throws in
            let said = try await RawSocket.onOwnThread {
                let form =
                    Array("email=a%40example.com&password=".utf8) + Array(repeating: UInt8(ascii: "x"), count: 20_000)
                let head =
                    "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: \(form.count)\r\n\r\n"
                let slow = try RawSocket(port: port, timeout: 10)
                try slow.send(head)
                let start = ContinuousClock.now
                let trickle: String
                do {
                    for byte in form.prefix(60) {
                        try slow.send([byte])
                        Thread.sleep(forTimeInterval: 0.25)
                    }
                    trickle = "sent all"
                } catch {
                    trickle = String(format: "%.1f", RawSocket.tenths(since: start))
                }
                let fast = try RawSocket(port: port, timeout: 10)
                try fast.send(head)
                for offset in stride(from: 0, to: form.count, by: 4_000) {
                    try fast.send(Array(form[offset..<min(offset + 4_000, form.count)]))
                    Thread.sleep(forTimeInterval: 0.4)
                }
                let answer = Self.firstLine(try fast.receive())
                return trickle + "|" + answer
            }
            let parts = said.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map(String.init)
            #expect(parts.count == 2, "the client said \(said)")
            let seconds = try #require(Double(parts.first ?? ""), "the client said \(said)")
            #expect(seconds >= 1.5 && seconds < 8, "cut off after \(seconds) s")
            #expect(
                parts.last?.hasPrefix("HTTP/1.1 ") == true && parts.last?.contains("408") == false,
                "the client said \(said)"
            )
        }
    }

    /// "closed" when the server has closed `socket` (or reset it), "open" when nothing comes within half a second.
    private static func closedOrOpen(_ socket: RawSocket) -> String {
        socket.setTimeout(0.5)
        do {
            return try socket.receive(limit: 1).isEmpty ? "closed" : "open"
        } catch RawSocket.Failure.timedOut {
            return "open"
        } catch {
            return "closed"
        }
    }

    @Test(
        "past the connections one address may hold, its next is closed at once; another address isn't counted with it"
    )
    func connectionsPerAddress() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let configure: (inout AppConfig) -> Void = { $0.maxConnectionsPerAddress = 3 }
        try await TestApp.live(tls: .generated, dataDirectory: folder, configure: configure) {
            (port: Int) async throws in
            let said = try await RawSocket.onOwnThread {
                let held = try (0..<3).map { _ in try RawSocket(port: port, timeout: 5) }
                Thread.sleep(forTimeInterval: 0.3)
                let extra = try RawSocket(port: port, timeout: 5)
                let first = Self.closedOrOpen(extra)
                let other = try RawSocket(port: port, source: "127.0.0.2", timeout: 5)
                held[0].close()
                Thread.sleep(forTimeInterval: 0.3)
                let again = try RawSocket(port: port, timeout: 5)
                let said = [first, Self.closedOrOpen(other), Self.closedOrOpen(again)].joined(separator: " ")
                // Every connection stays open until all are looked at.
                withExtendedLifetime((held, extra, other)) {}
                return said
            }
            #expect(
                said.trimmingCharacters(in: .whitespacesAndNewlines) == "closed open open",
                "the client said \(said)"
            )
        }
    }

    @Test("past the connection cap a new connection waits until another closes, and is then served")
    func connectionCap() async throws {
        // The built server, as the owner runs it: the test harness's own server drops the cap setting.
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let said = try await RawSocket.onOwnThread {
            let port = try RawSocket.freePort()
            let server = Process()
            server.executableURL = ServerSetupTests.binary
            server.arguments = [
                "--data-dir", folder, "--resources-dir", TestApp.root, "--no-tls",
                "--host", "127.0.0.1", "--port", String(port), "--max-connections", "3",
            ]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            try server.run()
            defer {
                server.terminate()
                server.waitUntilExit()
            }
            for _ in 0..<200 {
                if (try? RawSocket(port: port, timeout: 1)) != nil { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Thread.sleep(forTimeInterval: 0.3)
            let held = try (0..<3).map { _ in try RawSocket(port: port, timeout: 5) }
            Thread.sleep(forTimeInterval: 0.3)
            let extra = try RawSocket(port: port, timeout: 5)
            try extra.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            extra.setTimeout(1.0)
            let waited: String
            do {
                waited = try extra.receive().isEmpty ? "closed" : "answered"
            } catch RawSocket.Failure.timedOut {
                waited = "waited"
            }
            held[0].close()
            extra.setTimeout(5.0)
            let served: String
            do {
                served = try extra.receive().starts(with: Array("HTTP/1.1 200".utf8)) ? "served" : "other"
            } catch RawSocket.Failure.timedOut {
                served = "timeout"
            }
            withExtendedLifetime(held) {}
            return waited + " " + served
        }
        #expect(said.trimmingCharacters(in: .whitespacesAndNewlines) == "waited served", "the client said \(said)")
    }

    @Test("the connection cap leaves files for the database, whatever the open-files limit")
    func connectionCapFromFilesLimit() {
        #expect(OpenFilesLimit.connections(files: 1_024) == 768)
        #expect(OpenFilesLimit.connections(files: 100) == 64)
        #expect(OpenFilesLimit.connections(files: 1_048_576) == 10_000)
    }

    @Test("at start the soft open-files limit is raised to the hard one")
    func openFilesLimit() throws {
        // Given: a soft limit lowered below the hard one, as many systems start a process
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        let hard = UInt64(limit.rlim_max)
        try #require(hard > 512)
        limit.rlim_cur = 512
        #expect(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)

        // When, then: it is raised to the hard limit
        let files = try #require(OpenFilesLimit.raise())
        #expect(files.before == 512)
        #expect(files.after == hard)
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        #expect(UInt64(limit.rlim_cur) == hard)
    }

    @Test("pages are never stored by the browser cache")
    func noStore() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            #expect(try await browser.get("/profile").headers[.cacheControl] == "no-store")
        }
    }

    @Test("a second user never sees or changes the first user's profile")
    func twoUsersAreIsolated() async throws {
        try await TestApp.run { first, database in
            // Given: two accounts in two browsers
            try await first.signUp(name: "Alex Doe", email: "alex@example.com")
            try await first.get("/signup/details")
            try await first.post(
                "/signup/details",
                [
                    ("location", "Lisbon"), ("age", "34"), ("salary", "99,000"),
                    ("householdSize", "3"), ("currency", "EUR"), ("timeZone", "Europe/Lisbon"),
                ]
            )
            let second = Browser(client: first.client)
            try await second.signUp(name: "Sam Roe", email: "sam@example.com")

            // When: the second user looks at and edits "the" profile, and tries to take the first's email
            let profile = try await second.get("/profile")
            let takeover = try await second.post(
                "/profile",
                [
                    ("name", "Sam Roe"), ("email", "ALEX@example.com"), ("currency", "USD"), ("timeZone", "UTC"),
                    ("theme", "system"),
                ]
            )
            let edit = try await second.post(
                "/profile",
                [
                    ("name", "Sam R."), ("email", "sam@example.com"), ("location", "Oslo"), ("currency", "NOK"),
                    ("timeZone", "Europe/Oslo"), ("theme", "light"),
                ]
            )

            // Then
            #expect(profile.html.contains("sam@example.com"))
            #expect(!profile.html.contains("alex@example.com"))
            #expect(profile.fieldValue("location") == "")
            #expect(!profile.html.contains("99000"))
            #expect(takeover.status == .unprocessableContent)
            #expect(takeover.fieldError("email") == "Another account already uses this email.")
            #expect(edit.status == .seeOther)
            let alex = try #require(try database.user(email: "alex@example.com"))
            #expect(alex.name == "Alex Doe")
            #expect(alex.location == "Lisbon")
            #expect(alex.currency == "EUR")
            let sam = try #require(try database.user(email: "sam@example.com"))
            #expect(sam.location == "Oslo")
            let firstView = try await first.get("/profile")
            #expect(firstView.fieldValue("location") == "Lisbon")
            #expect(firstView.fieldValue("email") == "alex@example.com")
        }
    }

    @Test("a session whose user is gone is ended")
    func deletedUser() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await database.write { db in _ = try User.deleteAll(db) }
            let page = try await browser.get("/profile")
            #expect(page.status == .seeOther)
            #expect(page.location?.hasPrefix("/login") == true)
        }
    }
}

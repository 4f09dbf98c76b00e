import Foundation
import GRDB
import Hummingbird
import Testing

@testable import App

@Suite("Two-factor sign-in")
struct TwoFactorTests {
    // MARK: - The algorithm

    @Test("TOTP gives RFC 6238's SHA-1 test values")
    func rfc6238Vectors() {
        let totp = TOTP(secret: Array("12345678901234567890".utf8), digits: 8)
        let vectors: [(TimeInterval, String)] = [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ]
        for (seconds, code) in vectors {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(totp.code(step: totp.step(at: date)) == code, "\(seconds)")
            #expect(totp.matchingStep(code, at: date) == totp.step(at: date))
        }
    }

    @Test("a code is taken one step early or late, not two; spaces don't matter, other shapes never match")
    func window() {
        let totp = TOTP(secret: TOTP.makeSecret())
        let now = TestClock.date("2026-11-22T10:00:00Z")
        let step = totp.step(at: now)
        #expect(totp.matchingStep(totp.code(step: step - 1), at: now) == step - 1)
        #expect(totp.matchingStep(totp.code(step: step + 1), at: now) == step + 1)
        #expect(totp.matchingStep(totp.code(step: step - 2), at: now) == nil)
        #expect(totp.matchingStep(totp.code(step: step + 2), at: now) == nil)
        let code = totp.code(step: step)
        #expect(totp.matchingStep(String(code.prefix(3)) + " " + code.dropFirst(3), at: now) == step)
        #expect(totp.matchingStep("", at: now) == nil)
        #expect(totp.matchingStep("12345", at: now) == nil)
        #expect(totp.matchingStep("abcdef", at: now) == nil)
    }

    @Test("Base32 follows RFC 4648's test values and reads what it writes")
    func base32() {
        let vectors = [
            ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"),
            ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI"),
        ]
        for (text, encoded) in vectors {
            #expect(Base32.encode(Array(text.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(text.utf8))
            #expect(Base32.decode(encoded.lowercased() + "===") == Array(text.utf8))
        }
        #expect(Base32.decode("MZ1W") == nil)
        let secret = TOTP.makeSecret()
        #expect(secret.count == 20)
        #expect(Base32.decode(Base32.encode(secret)) == secret)
    }

    @Test("secrets: groups of four for typing, base64url without padding, and a compare that only says equal or not")
    func secretsHelpers() {
        #expect(Secrets.groups("ABCDEFGHIJ", of: 4) == ["ABCD", "EFGH", "IJ"])
        #expect(Secrets.groups("", of: 4).isEmpty)
        #expect(Data([0xfb, 0xff, 0xfe]).base64URLEncoded == "-__-")
        #expect(Data([0x01]).base64URLEncoded == "AQ")
        #expect(Secrets.randomBytes(20).count == 20)
        #expect(Secrets.randomBytes(20) != Secrets.randomBytes(20))
        #expect(Secrets.constantTimeEquals("123456", "123456"))
        #expect(!Secrets.constantTimeEquals("123456", "123457"))
        #expect(!Secrets.constantTimeEquals("12345", "123456"))
    }

    @Test("the otpauth address names the issuer and the account, escaped")
    func otpauthURI() {
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        #expect(
            totp.uri(account: "ann+1@example.com", issuer: "Stashify")
                == "otpauth://totp/Stashify%3Aann%2B1@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Stashify&algorithm=SHA1&digits=6&period=30"
        )
    }

    // MARK: - Setting it up

    /// The key the set-up page shows, as typed by hand.
    static func secret(on page: Page) throws -> TOTP {
        let start = try #require(page.html.range(of: "class=\"two-factor__secret\"><code>"))
        let rest = page.html[start.upperBound...]
        let end = try #require(rest.range(of: "</code>"))
        let key = rest[..<end.lowerBound].replacingOccurrences(of: "<span>", with: "")
            .replacingOccurrences(of: "</span>", with: "").replacingOccurrences(of: " ", with: "")
        return TOTP(secret: try #require(Base32.decode(key)))
    }

    /// The recovery codes a page shows.
    static func recoveryCodes(on page: Page) -> [String] {
        page.html.components(separatedBy: "<li><code>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// Signs up and turns two-factor sign-in on; returns the secret and the recovery codes.
    static func turnOn(
        _ browser: Browser,
        clock: TestClock,
        email: String = "alex@example.com"
    ) async throws
        -> (totp: TOTP, codes: [String])
    {
        try await browser.signUp(email: email)
        let setup = try await browser.get("/profile/two-factor")
        let totp = try secret(on: setup)
        let on = try await browser.post("/profile/two-factor", [("code", totp.code(step: totp.step(at: clock.now)))])
        #expect(on.status == .ok)
        return (totp, recoveryCodes(on: on))
    }

    /// Runs a tool; its standard output.
    static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "\(path) is installed (zbar-tools, librsvg2-bin)"
        )
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    @Test("set-up shows a QR code that a real reader decodes to the otpauth address of the key shown beside it")
    func setupQRCodeDecodes() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let profile = try await browser.get("/profile")
            #expect(profile.html.contains("Turn on two-factor sign-in"))
            let setup = try await browser.get("/profile/two-factor")
            #expect(setup.status == .ok)
            let totp = try Self.secret(on: setup)
            #expect(
                try Self.secret(on: try await browser.get("/profile/two-factor")) == totp,
                "the same key on a second look"
            )

            let svg = try await browser.get("/profile/two-factor/qr.svg")
            #expect(svg.status == .ok)
            #expect(svg.headers[.contentType] == "image/svg+xml")
            #expect(svg.headers[.cacheControl] == "no-store")
            let folder = try TestApp.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Data(svg.html.utf8).write(to: URL(fileURLWithPath: folder + "/qr.svg"))
            #expect(
                try Self.run(
                    "/usr/bin/rsvg-convert",
                    ["-w", "480", "-b", "white", folder + "/qr.svg", "-o", folder + "/qr.png"]
                ).status == 0
            )
            let decoded = try Self.run("/usr/bin/zbarimg", ["--raw", "-q", folder + "/qr.png"])
            #expect(decoded.status == 0)
            #expect(
                String(decoding: decoded.output, as: UTF8.self).trimmingCharacters(in: .newlines)
                    == totp.uri(account: "alex@example.com", issuer: "Stashify")
            )
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactor WHERE secret IS NULL")
                } == 1
            )
        }
    }

    @Test("a wrong first code leaves it off; the right one turns it on and shows ten recovery codes, stored hashed")
    func turnOnWithFirstCode() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let totp = try Self.secret(on: try await browser.get("/profile/two-factor"))
            let empty = try await browser.post("/profile/two-factor", [("code", "")])
            #expect(empty.status == .unprocessableContent)
            #expect(empty.fieldError("code") == "Enter the 6-digit code your authenticator app shows.")
            let wrong = try await browser.post(
                "/profile/two-factor",
                [("code", totp.code(step: totp.step(at: clock.now) - 3))]
            )
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("code")?.hasPrefix("That code didn") == true)
            #expect(try Self.secret(on: wrong) == totp, "the same key is offered again")
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactor WHERE secret IS NOT NULL")
                } == 0
            )

            let on = try await browser.post(
                "/profile/two-factor",
                [("code", totp.code(step: totp.step(at: clock.now)))]
            )
            #expect(on.status == .ok)
            #expect(on.html.contains("this is the only time they are shown"))
            let codes = Self.recoveryCodes(on: on)
            #expect(codes.count == 10)
            #expect(Set(codes).count == 10)
            #expect(codes.allSatisfy { $0.count == 19 && RecoveryCodes.isShaped($0) })
            let stored = try database.read { db in
                try String.fetchAll(db, sql: "SELECT codeHash FROM recoveryCode")
            }
            #expect(stored.count == 10)
            #expect(Set(stored) == Set(codes.map(RecoveryCodes.digest)))
            #expect(codes.allSatisfy { !stored.contains($0) })

            let status = try await browser.get("/profile/two-factor")
            #expect(status.html.contains("Two-factor sign-in is on"))
            #expect(status.html.contains("You have 10 recovery codes left."))
            #expect(!status.html.contains("two-factor__secret"), "the key is never shown again")
            #expect(try await browser.get("/profile/two-factor/qr.svg").status == .notFound)
            #expect(try await browser.get("/profile").html.contains("Recovery codes and turning off"))
        }
    }

    // MARK: - Signing in

    @Test("signing in asks for the code after the password; a code is taken once; the next one signs in")
    func signInWithCode() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            let (totp, _) = try await Self.turnOn(browser, clock: clock)
            try await browser.logOut()

            let password = try await browser.logIn(email: "alex@example.com", next: "/wallet")
            #expect(password.status == .seeOther)
            #expect(password.location == "/login/code")
            #expect(password.setCookie("stashify_session") == nil, "no session before the code")
            #expect(try await browser.get("/profile").status == .seeOther)
            let form = try await browser.get("/login/code")
            #expect(form.status == .ok)
            #expect(form.html.contains("Enter your code"))

            // The code that turned it on can't be used again, even within its 30 seconds.
            let replay = try await browser.post("/login/code", [("code", totp.code(step: totp.step(at: clock.now)))])
            #expect(replay.status == .unprocessableContent)
            #expect(replay.fieldError("code")?.contains("each works once") == true)

            clock.advance(by: 30)
            let code = totp.code(step: totp.step(at: clock.now))
            let signedIn = try await browser.post("/login/code", [("code", code)])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.location == "/wallet")
            #expect(signedIn.setCookie("stashify_session") != nil)
            #expect(try await browser.get("/wallet").status == .ok)
            #expect(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT lastStep FROM twoFactor") }
                    == totp.step(at: clock.now)
            )

            // A second browser can't reuse the code just taken.
            let other = Browser(client: browser.client)
            try await other.logIn(email: "alex@example.com")
            try await other.get("/login/code")
            #expect(try await other.post("/login/code", [("code", code)]).status == .unprocessableContent)
        }
    }

    @Test("without the password step, the code page leads back to log-in, and its post signs no one in")
    func codeNeedsPasswordFirst() async throws {
        try await TestApp.run { browser, _ in
            #expect(try await browser.get("/login/code").location == "/login")
            try await browser.get("/login")
            let posted = try await browser.post("/login/code", [("code", "123456")])
            #expect(posted.location == "/login")
            #expect(posted.setCookie("stashify_session") == nil)
        }
    }

    @Test("a recovery code signs in once, and says how many are left")
    func recoveryCode() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            let (_, codes) = try await Self.turnOn(browser, clock: clock)
            try await browser.logOut()
            try await browser.logIn(email: "alex@example.com")
            try await browser.get("/login/code")
            let used = try await browser.post("/login/code", [("code", codes[3].uppercased())])
            #expect(used.status == .seeOther)
            #expect(try await browser.get("/").html.contains("9 left"))
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recoveryCode WHERE usedAt IS NULL")
                } == 9
            )

            try await browser.logOut()
            try await browser.logIn(email: "alex@example.com")
            try await browser.get("/login/code")
            #expect(try await browser.post("/login/code", [("code", codes[3])]).status == .unprocessableContent)
            #expect(try await browser.post("/login/code", [("code", codes[4])]).status == .seeOther)
        }
    }

    @Test("three wrong codes end the sign-in; the password must be typed again")
    func wrongCodesEndTheSignIn() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, _ in
            let (totp, _) = try await Self.turnOn(browser, clock: clock)
            try await browser.logOut()
            try await browser.logIn(email: "alex@example.com")
            try await browser.get("/login/code")
            let wrong = totp.code(step: totp.step(at: clock.now) + 5)
            for _ in 1..<PendingSignIns.wrongCodesAllowed {
                #expect(try await browser.post("/login/code", [("code", wrong)]).status == .unprocessableContent)
            }
            let ended = try await browser.post("/login/code", [("code", wrong)])
            #expect(ended.location == "/login")
            clock.advance(by: 30)
            let late = try await browser.post("/login/code", [("code", totp.code(step: totp.step(at: clock.now)))])
            #expect(late.location == "/login", "the right code no longer helps")
            #expect(late.setCookie("stashify_session") == nil)
        }
    }

    @Test("code tries count with password tries: a guesser's address is stopped with 429")
    func codesAreThrottled() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, _ in
            let (totp, _) = try await Self.turnOn(browser, clock: clock)
            try await browser.logOut()
            var statuses: [HTTPResponse.Status] = []
            for round in 0..<3 {
                try await browser.logIn(email: "alex@example.com")
                try await browser.get("/login/code")
                for _ in 0..<2 {
                    let page = try await browser.post(
                        "/login/code",
                        [("code", totp.code(step: totp.step(at: clock.now) + 9 + Int64(round)))]
                    )
                    statuses.append(page.status)
                }
            }
            #expect(statuses.contains(.tooManyRequests))
        }
    }

    // MARK: - Managing it

    @Test("new recovery codes and turning off need the password; old codes stop working")
    func newCodesAndTurnOff() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            let (_, old) = try await Self.turnOn(browser, clock: clock)
            try await browser.get("/profile/two-factor")
            let refused = try await browser.post(
                "/profile/two-factor/recovery-codes",
                [("codesPassword", "not it at all")]
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.fieldError("codesPassword") == "That isn&#39;t your current password.")
            let renewed = try await browser.post(
                "/profile/two-factor/recovery-codes",
                [("codesPassword", "correct horse battery")]
            )
            #expect(renewed.status == .ok)
            let codes = Self.recoveryCodes(on: renewed)
            #expect(codes.count == 10)
            #expect(Set(codes).isDisjoint(with: old))
            let stored = try database.read { db in
                try String.fetchAll(db, sql: "SELECT codeHash FROM recoveryCode")
            }
            #expect(Set(stored) == Set(codes.map(RecoveryCodes.digest)))

            try await browser.get("/profile/two-factor")
            #expect(
                try await browser.post("/profile/two-factor/off", [("offPassword", "")]).fieldError("offPassword")
                    == "Enter your current password."
            )
            let off = try await browser.post("/profile/two-factor/off", [("offPassword", "correct horse battery")])
            #expect(off.location == "/profile")
            #expect(try await browser.get("/profile").html.contains("Two-factor sign-in is off."))
            #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM twoFactor") } == 0)
            #expect(
                try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM recoveryCode") } == 0
            )
            try await browser.logOut()
            let plain = try await browser.logIn(email: "alex@example.com")
            #expect(plain.location == "/welcome", "the password alone signs in again")
        }
    }

    @Test("stashify users disable-2fa EMAIL turns it off for that account only")
    func commandLineDisable() async throws {
        let folder = try TestApp.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = TestClock()
        let database = try AppDatabase.open(dataDirectory: folder)
        try await TestApp.run(database: database, clock: clock) { browser, _ in
            _ = try await Self.turnOn(browser, clock: clock, email: "ann@example.com")
            let bob = Browser(client: browser.client)
            _ = try await Self.turnOn(bob, clock: clock, email: "bob@example.com")
        }
        try database.close()

        let missing = try ServerSetupTests.stashify([
            "users", "disable-2fa", "nobody@example.com", "--data-dir", folder,
        ])
        #expect(missing.status != 0)
        #expect(missing.output.contains("no account has the email nobody@example.com"))
        let done = try ServerSetupTests.stashify(["users", "disable-2fa", "ANN@example.com", "--data-dir", folder])
        #expect(done.status == 0)
        #expect(done.output.contains("Two-factor sign-in is off for ANN@example.com"))

        let reopened = try AppDatabase.open(dataDirectory: folder)
        let emails = try reopened.read { db in
            try String.fetchAll(db, sql: "SELECT email FROM user JOIN twoFactor ON twoFactor.userId = user.id")
        }
        #expect(emails == ["bob@example.com"])
        try reopened.close()
    }
}

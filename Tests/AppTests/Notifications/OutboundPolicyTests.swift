import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import App

/// Addresses members set (webhooks, ntfy, browsers' push services) reach only the public internet unless the owner
/// allows more: every form of a loopback or private address is refused, the address checked is the one connected
/// to, and a redirect is never followed.
@Suite("Outbound addresses")
struct OutboundPolicyTests {
    static let kinds: [(String, IPAddress.Kind)] = [
        ("93.184.216.34", IPAddress.Kind.global), ("1.1.1.1", .global), ("2606:4700::1111", .global),
        ("127.0.0.1", .loopback), ("127.255.0.9", .loopback), ("0.0.0.0", .loopback), ("0.1.2.3", .loopback),
        ("::1", .loopback), ("::", .loopback),
        ("10.0.0.1", .privateNetwork), ("172.16.5.4", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.10", .privateNetwork), ("100.64.0.1", .privateNetwork), ("100.127.255.254", .privateNetwork),
        ("fd00::1", .privateNetwork), ("fc00::1", .privateNetwork),
        ("169.254.169.254", .notPublic), ("169.254.0.1", .notPublic), ("fe80::1", .notPublic),
        ("224.0.0.1", .notPublic), ("239.255.255.250", .notPublic), ("255.255.255.255", .notPublic),
        ("240.0.0.1", .notPublic), ("192.0.2.1", .notPublic), ("198.51.100.7", .notPublic),
        ("203.0.113.9", .notPublic), ("198.18.0.1", .notPublic), ("192.0.0.8", .notPublic),
        ("2001:db8::1", .notPublic), ("ff02::1", .notPublic), ("100::1", .notPublic), ("3fff::1", .notPublic),
        ("2001::1", .notPublic),
        // IPv4-mapped, IPv4-compatible, NAT64 and 6to4 are judged by the IPv4 address inside
        ("::ffff:127.0.0.1", .loopback), ("::ffff:10.0.0.1", .privateNetwork),
        ("::ffff:169.254.169.254", .notPublic), ("::ffff:93.184.216.34", .global),
        ("::127.0.0.1", .loopback), ("::192.168.0.1", .privateNetwork),
        ("64:ff9b::7f00:1", .loopback), ("64:ff9b::a9fe:a9fe", .notPublic), ("64:ff9b::5db8:d822", .global),
        ("2002:7f00:1::", .loopback), ("2002:c0a8:101::1", .privateNetwork), ("2002:5db8:d822::1", .global),
        ("64:ff9b:1::1", .notPublic),
        // Just outside the ranges
        ("172.32.0.1", .global), ("100.128.0.1", .global), ("11.0.0.1", .global), ("223.255.255.254", .global),
    ]

    static let refusedURLs: [(String, IPAddress.Kind)] = [
        ("http://127.0.0.1:8080/hook", IPAddress.Kind.loopback), ("http://localhost/", .loopback),
        ("http://LOCALHOST/", .loopback), ("http://[::1]:9/", .loopback), ("http://2130706433/", .loopback),
        ("http://0x7f000001/", .loopback), ("http://127.1/", .loopback), ("http://0177.0.0.1/", .loopback),
        ("http://0.0.0.0:22/", .loopback), ("http://0/", .loopback), ("http://[::ffff:127.0.0.1]/", .loopback),
        ("http://[::]/", .loopback), ("https://10.0.0.5/", .privateNetwork), ("http://192.168.1.1/", .privateNetwork),
        ("http://172.16.0.1/", .privateNetwork), ("http://100.64.1.1/", .privateNetwork),
        ("http://[fd12:3456::1]/", .privateNetwork), ("http://169.254.169.254/latest/meta-data/", .notPublic),
        ("http://[fe80::1]/", .notPublic), ("http://[::ffff:a9fe:a9fe]/", .notPublic),
        ("http://[64:ff9b::a00:1]/", .privateNetwork), ("http://[2002:7f00:1::]/", .loopback),
    ]

    @Test(
        "addresses are sorted into public, loopback, private and not public, IPv6 forms by the IPv4 they carry",
        arguments: Self.kinds
    )
    func classify(address: String, kind: IPAddress.Kind) throws {
        #expect(try #require(IPAddress(address)).kind == kind, "\(address)")
    }

    @Test(
        "every way of writing the server's own or a private address is refused by default, through the real resolver",
        arguments: Self.refusedURLs
    )
    func refusedByDefault(url: String, kind: IPAddress.Kind) async {
        #expect(await OutboundPolicy().check(url) == .failure(.refused(kind)), "\(url)")
    }

    @Test("a public address goes to the address it was checked at; a name with no address, or no web URL, is refused")
    func publicAllowed() async throws {
        let policy = OutboundPolicy(resolve: { host in
            host == "hooks.example.org"
                ? [IPAddress("93.184.216.34"), IPAddress("2606:2800::1")].compactMap { $0 } : []
        })
        let target = try await policy.check("https://hooks.example.org/x").get()
        #expect(
            target
                == OutboundPolicy.Target(host: "hooks.example.org", address: try #require(IPAddress("93.184.216.34")))
        )
        #expect(try await policy.check("http://[2606:4700::1111]/").get().address == IPAddress("2606:4700::1111"))
        #expect(await policy.check("https://gone.example.org/") == .failure(.unresolved))
        #expect(await policy.check("ftp://hooks.example.org/") == .failure(.notWeb))
        #expect(await policy.check("http+unix://%2Ftmp%2Fsock/") == .failure(.notWeb))
    }

    @Test("a name with one refused address among public ones is refused")
    func mixedRefused() async {
        let policy = OutboundPolicy(resolve: { _ in
            [IPAddress("93.184.216.34"), IPAddress("10.0.0.1")].compactMap { $0 }
        })
        #expect(await policy.check("https://both.example.org/") == .failure(.refused(.privateNetwork)))
    }

    @Test("the owner's list allows addresses, ranges and host names whatever they resolve to, and nothing more")
    func allowList() async throws {
        let allowed = try #require(
            OutboundPolicy.AllowList(" 192.168.1.10, ntfy.lan ,10.0.0.0/24,fd00::/8,Hooks.Home.")
        )
        #expect(allowed.hosts == ["ntfy.lan", "hooks.home"])
        let policy = OutboundPolicy(
            allowed: allowed,
            resolve: { host in
                ["ntfy.lan": ["192.168.7.7"], "hooks.home.": ["127.0.0.1"], "other.lan": ["192.168.1.11"]][host]?
                    .compactMap { IPAddress($0) } ?? []
            }
        )
        #expect(try await policy.check("http://192.168.1.10:8080/").get().address == IPAddress("192.168.1.10"))
        #expect(
            try await policy.check("http://[::ffff:192.168.1.10]/").get().address == IPAddress("::ffff:192.168.1.10")
        )
        #expect(try await policy.check("http://10.0.0.200/").get().address == IPAddress("10.0.0.200"))
        #expect(try await policy.check("http://[fd00::5]/").get().address == IPAddress("fd00::5"))
        #expect(try await policy.check("https://ntfy.lan/").get().address == IPAddress("192.168.7.7"))
        #expect(try await policy.check("https://hooks.home./").get().address == IPAddress("127.0.0.1"))
        #expect(await policy.check("http://10.0.1.1/") == .failure(.refused(.privateNetwork)))
        #expect(await policy.check("http://192.168.1.11/") == .failure(.refused(.privateNetwork)))
        #expect(await policy.check("http://other.lan/") == .failure(.refused(.privateNetwork)))
        #expect(await policy.check("http://127.0.0.1/") == .failure(.refused(.loopback)))

        for bad in ["10.0.0.0/33", "10.0.0.0/", "ntfy.lan/8", "http://ntfy.lan", "a b", "fd00::/129", "1.2.3.4/8/8"] {
            #expect(OutboundPolicy.AllowList(bad) == nil, "\(bad)")
        }
        #expect(OutboundPolicy.AllowList("")?.ranges.isEmpty == true)
    }

    @Test("--allow-outbound and STASHIFY_ALLOW_OUTBOUND fill the list; a bad entry stops the start with a sentence")
    func setting() throws {
        func config(_ flag: String?, env: [String: String] = [:]) throws -> AppConfig {
            try TestApp.config(environment: env) { $0.allowOutbound = flag }
        }
        #expect(try config(nil).outbound.allowed == OutboundPolicy.AllowList())
        #expect(try config("ntfy.lan,10.0.0.0/24").outbound.allowed.hosts == ["ntfy.lan"])
        #expect(try config(nil, env: ["STASHIFY_ALLOW_OUTBOUND": "192.168.1.10"]).outbound.allowed.ranges.count == 1)
        #expect(throws: StartupError.self) { try config("10.0.0.0/99") }
    }

    // MARK: - Sending

    static let message = PushDeliverer.Message(
        title: "Test",
        body: "Body",
        kind: .summary,
        path: "/notifications",
        dueOn: "2026-11-22"
    )

    static func pusher(_ outbound: OutboundPolicy) throws -> PushDeliverer {
        var pusher = PushDeliverer(
            database: try AppDatabase.inMemory(),
            now: { TestClock().now },
            webPush: .init(key: PushTests.vapid, contact: "mailto:ops@example.org")
        )
        pusher.outbound = outbound
        return pusher
    }

    static func webhook(_ url: String) -> PushChannel {
        PushChannel(userId: 1, kind: .webhook, url: url)
    }

    @Test("a webhook on this machine gets nothing by default, with a plain failure, and gets the push once allowed")
    func loopbackServer() async throws {
        try await PushTests.withServer { port, inbox in
            let refused = try Self.pusher(OutboundPolicy())
            for url in [
                "http://127.0.0.1:\(port)/hook", "http://localhost:\(port)/hook", "http://2130706433:\(port)/hook",
                "http://[::ffff:127.0.0.1]:\(port)/hook", "http://127.1:\(port)/hook",
            ] {
                await #expect(throws: PushDeliverer.Failure.self) {
                    try await refused.send(Self.message, over: Self.webhook(url))
                }
            }
            do {
                try await refused.send(Self.message, over: Self.webhook("http://127.0.0.1:\(port)/hook"))
            } catch let failure as PushDeliverer.Failure {
                #expect(failure.description == "address not allowed")
            }
            #expect(inbox.received.isEmpty)

            let allowed = try Self.pusher(OutboundPolicy(allowed: try #require(OutboundPolicy.AllowList("127.0.0.1"))))
            try await allowed.send(Self.message, over: Self.webhook("http://127.0.0.1:\(port)/hook"))
            try await allowed.send(Self.message, over: Self.webhook("http://2130706433:\(port)/numeric"))
            #expect(inbox.received.map(\.path) == ["/hook", "/numeric"])
        }
    }

    @Test("a closed port and a refused address fail alike, without the connection's error")
    func noPortDetail() async throws {
        let allowed = try Self.pusher(OutboundPolicy(allowed: try #require(OutboundPolicy.AllowList("127.0.0.1"))))
        do {
            try await allowed.send(Self.message, over: Self.webhook("http://127.0.0.1:1/closed"))
            Issue.record("sent to a closed port")
        } catch let failure as PushDeliverer.Failure {
            #expect(failure.description == "could not connect")
        }
    }

    @Test("the name is connected to at the address that was checked, resolved once, with its Host header kept")
    func checkedAddressConnected() async throws {
        try await PushTests.withServer { port, inbox in
            // A resolver that answers the loopback address once and a refused one after, as a rebinding name would
            let answers = NIOLockedValueBox(["127.0.0.1", "10.9.9.9", "10.9.9.9"])
            let policy = OutboundPolicy(
                allowed: try #require(OutboundPolicy.AllowList("127.0.0.1")),
                resolve: { _ in
                    [answers.withLockedValue { $0.removeFirst() }].compactMap { IPAddress($0) }
                }
            )
            let url = "http://push.example.test:\(port)/hook"
            let target = try await policy.check(url).get()
            #expect(PushDeliverer.configuration(for: target).dnsOverride["push.example.test"] == "127.0.0.1")

            answers.withLockedValue { $0 = ["127.0.0.1", "10.9.9.9", "10.9.9.9"] }
            try await Self.pusher(policy).send(Self.message, over: Self.webhook(url))
            #expect(answers.withLockedValue { $0.count } == 2, "resolved once, by the check")
            let received = try #require(inbox.received.first)
            #expect(received.path == "/hook")
            #expect(received.headers["host"] == "push.example.test:\(port)")
        }
    }

    @Test("a redirect is never followed, so it can't lead a push to an address the owner didn't allow")
    func redirectRefused() async throws {
        try await PushTests.withServer { port, inbox in
            // Only the name hooks.test is allowed; it redirects to 127.0.0.1, which is not
            let policy = OutboundPolicy(
                allowed: try #require(OutboundPolicy.AllowList("hooks.test")),
                resolve: { host in
                    host == "hooks.test" ? [IPAddress("127.0.0.1")].compactMap { $0 } : []
                }
            )
            let to = "http://127.0.0.1:\(port)/hook".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            do {
                try await Self.pusher(policy).send(
                    Self.message,
                    over: Self.webhook("http://hooks.test:\(port)/redirect?to=\(to)")
                )
                Issue.record("a redirect counted as sent")
            } catch let failure as PushDeliverer.Failure {
                #expect(failure.description == "HTTP 307")
            }
            #expect(inbox.received.map(\.path) == ["/redirect"])
        }
    }

    // MARK: - Settings

    @Test("a channel at a refused address is refused on save with a sentence next to the field, keeping what was typed")
    func refusedOnSave() async throws {
        let configure: (inout AppConfig) -> Void = { $0.outbound = OutboundPolicy() }
        try await TestApp.run(configure: configure) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            try await browser.get("/profile/notifications")
            let page = try await browser.post(
                "/profile/notifications/push",
                [
                    ("ntfyServer", "http://localhost:8080"), ("ntfyTopic", "ann"), ("ntfyToken", ""),
                    ("webhookURL", "http://192.168.1.20/hook"),
                ]
            )
            #expect(page.status == .unprocessableContent)
            #expect(
                page.fieldError("ntfyServer")
                    == "This address points at the Stashify server itself. The server&#39;s owner can allow it with --allow-outbound."
            )
            #expect(
                page.fieldError("webhookURL")
                    == "This address is on a private network. The server&#39;s owner can allow it with --allow-outbound."
            )
            #expect(page.fieldValue("ntfyServer") == "http://localhost:8080")
            #expect(page.fieldValue("webhookURL") == "http://192.168.1.20/hook")
            #expect(try database.for(userId: ann).pushChannels().isEmpty)

            try await browser.get("/profile/notifications")
            let metadata = try await browser.post(
                "/profile/notifications/push",
                [
                    ("ntfyServer", ""), ("ntfyTopic", ""), ("ntfyToken", ""),
                    ("webhookURL", "http://169.254.169.254/latest"),
                ]
            )
            #expect(
                metadata.fieldError("webhookURL")
                    == "This address isn&#39;t on the public internet. The server&#39;s owner can allow it with --allow-outbound."
            )
        }
    }

    @Test("an address the owner allows is saved")
    func allowedOnSave() async throws {
        let configure: (inout AppConfig) -> Void = {
            $0.outbound = OutboundPolicy(allowed: OutboundPolicy.AllowList("192.168.1.20") ?? .init())
        }
        try await TestApp.run(configure: configure) { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
            try await browser.get("/profile/notifications")
            let saved = try await browser.post(
                "/profile/notifications/push",
                [
                    ("ntfyServer", ""), ("ntfyTopic", ""), ("ntfyToken", ""),
                    ("webhookURL", "http://192.168.1.20/hook"),
                ]
            )
            #expect(saved.status == .seeOther)
            #expect(try database.for(userId: ann).pushChannels().map(\.url) == ["http://192.168.1.20/hook"])
        }
    }

    @Test("the test button says only failed for a refused address, and nothing reaches it")
    func testButtonRefused() async throws {
        try await PushTests.withServer { port, inbox in
            try await TestApp.run(configure: { $0.outbound = OutboundPolicy() }) { browser, database in
                try await browser.signUp(email: "ann@example.com")
                let ann = try await LedgerFixture.userId(database, email: "ann@example.com")
                try await database.for(userId: ann).setPushChannel(
                    .webhook,
                    to: Self.webhook("http://127.0.0.1:\(port)/hook")
                )
                try await browser.get("/profile/notifications")
                #expect(try await browser.post("/profile/notifications/push/test").status == .seeOther)
                let page = try await browser.get("/profile/notifications").html
                #expect(page.contains("Webhook: failed."))
                #expect(!page.contains("not allowed") && !page.contains("could not"))
                #expect(inbox.received.isEmpty)
            }
        }
    }
}

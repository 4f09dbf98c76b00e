import Crypto
import Foundation
import GRDB
import Testing
import WebPush

@testable import App

/// Web Push end to end: a browser's subscription is posted from Settings, and a local server plays its push
/// service. It checks each push's VAPID token against the key the page gave the browser, and decrypts the message
/// with the subscription's own private key and auth secret, as the browser would.
@Suite("Web Push to browsers")
struct WebPushDeliveryTests {
    /// What a browser's `PushSubscription` holds: the endpoint at its push service, and its own keys.
    struct Subscription: Sendable {
        let endpoint: String
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })

        /// The form `/js/push.js` posts.
        var form: [(String, String)] {
            [
                ("endpoint", endpoint), ("p256dh", Base64URL.encode(key.publicKey.x963Representation)),
                ("auth", Base64URL.encode(auth)),
            ]
        }
    }

    static let pixel =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

    /// The push service's side of one push: the VAPID claims, checked, and the message, decrypted.
    static func open(
        _ push: PushTests.Inbox.Received,
        for subscription: Subscription,
        now: Date
    ) throws -> (claims: VAPID.Claims, message: [String: String]) {
        let endpoint = try #require(URL(string: subscription.endpoint))
        let claims = try VAPID.verify(
            authorization: try #require(push.headers["authorization"]),
            endpoint: endpoint,
            now: now
        )
        let plaintext = try PushEncryption.decrypt(
            Data(push.bytes),
            subscriberKey: subscription.key,
            authSecret: subscription.auth
        )
        let message = try #require(try JSONSerialization.jsonObject(with: plaintext) as? [String: String])
        return (claims, message)
    }

    /// Opens Settings (for its form token) and posts `subscription` as `/js/push.js` does.
    @discardableResult
    static func turnOn(_ browser: Browser, _ subscription: Subscription) async throws -> Page {
        try await browser.get("/profile/notifications")
        return try await browser.post("/profile/notifications/devices", subscription.form)
    }

    static func devices(_ database: AppDatabase) async throws -> [PushDevice] {
        try database.read { db in try PushDevice.order(Column("id")).fetchAll(db) }
    }

    @Test(
        "a browser turned on in Settings gets each reminder signed and encrypted for it, once, beside ntfy and the webhook"
    )
    func delivered() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock, configure: { $0.webPushKey = PushTests.vapid }) { browser, database in
                // Given Ann's phone, which subscribed with the key the page gave it
                let ann = try await PushTests.ann(browser, database, port: port)
                await browser.setHeader("User-Agent", Self.pixel)
                let before = try await browser.get("/profile/notifications")
                #expect(before.html.contains("data-push-key=\"\(PushTests.vapid.publicKey)\""))
                #expect(before.html.contains("Enable notifications on this device"))
                #expect(before.html.contains("No browser gets notifications yet."))
                let phone = Subscription(endpoint: "http://127.0.0.1:\(port)/push/ann-phone")
                let added = try await browser.post("/profile/notifications/devices", phone.form)
                #expect(added.status == .seeOther)
                #expect(added.location == "/profile/notifications#devices-title")
                let listed = try await browser.get("/profile/notifications").html
                #expect(listed.contains("Notifications are on in Chrome on Android. Send a test to check."))
                #expect(
                    HTMLPage(listed).contains("span", attributes: ["class": "session__name"], text: "Chrome on Android")
                )
                #expect(listed.contains("Added Nov 22, 2026") && listed.contains("Not notified yet"))
                let device = try #require(try await Self.devices(database).first)
                #expect(device.userId == ann && device.endpoint == phone.endpoint && device.name == "Chrome on Android")

                // When a coupon's reminder comes due
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 1
                )
                let pusher = PushTests.pusher(database, clock)
                #expect(try await pusher.deliverDue() == 3)

                // Then the push service gets it for the phone, and the phone can read it
                let push = try #require(inbox.received.first { $0.path == "/push/ann-phone" })
                #expect(push.headers["content-encoding"] == "aes128gcm")
                #expect(push.headers["ttl"] == "86400")
                #expect(push.headers["urgency"] == "normal")
                let (claims, message) = try Self.open(push, for: phone, now: clock.now)
                #expect(claims.publicKey == PushTests.vapid.publicKey)
                #expect(claims.audience == "http://127.0.0.1:\(port)")
                #expect(claims.subject == "mailto:ops@example.org")
                #expect(message["title"] == "Coupon expiring: Pizza")
                #expect(message["body"] == "$5.00 · expires in 2 days")
                #expect(message["path"]?.hasPrefix("/") == true)
                // Another subscription's keys can't open it
                #expect(throws: PushEncryption.Failure.cannotDecrypt) {
                    try Self.open(push, for: Subscription(endpoint: phone.endpoint), now: clock.now)
                }
                let deliveries = try await PushTests.deliveries(database)
                #expect(deliveries.count == 3 && deliveries.allSatisfy { $0.deliveredAt != nil })
                #expect(deliveries.first { $0.channel == .webPush }?.deviceId == device.id)
                #expect(try await Self.devices(database).first?.lastSentAt == clock.now)
                #expect(try await browser.get("/profile/notifications").html.contains("Last notified Nov 22, 2026"))

                // Nothing goes twice
                #expect(try await pusher.deliverDue() == 0)
                #expect(inbox.received.count == 3)
            }
        }
    }

    @Test("a browser its push service no longer knows is forgotten, by a reminder or by the test button")
    func gone() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock, configure: { $0.webPushKey = PushTests.vapid }) { browser, database in
                let ann = try await PushTests.ann(browser, database, port: port)
                let store = database.for(userId: ann)
                try await store.setPushChannel(.ntfy, to: nil)
                try await store.setPushChannel(.webhook, to: nil)
                await browser.setHeader("User-Agent", Self.pixel)
                let phone = Subscription(endpoint: "http://127.0.0.1:\(port)/push/phone")
                #expect(try await Self.turnOn(browser, phone).status == .seeOther)

                // The test button reaches the phone, and the push opens with its keys
                try await browser.get("/profile/notifications")
                #expect(try await browser.post("/profile/notifications/push/test").status == .seeOther)
                #expect(try await browser.get("/profile/notifications").html.contains("Chrome on Android: sent."))
                let test = try #require(inbox.received.last)
                #expect(try Self.open(test, for: phone, now: clock.now).message["title"] == "Stashify test")

                // A reminder to a subscription that expired: the device and its delivery go, nothing is retried
                inbox.answer(with: [410])
                #expect(
                    try await ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                        .tick() == 1
                )
                #expect(try await PushTests.pusher(database, clock).deliverDue() == 0)
                #expect(try await Self.devices(database).isEmpty)
                #expect(try await PushTests.deliveries(database).isEmpty)
                #expect(
                    try await browser.get("/notifications").html.contains("Coupon expiring: Pizza"),
                    "the in-app list keeps it"
                )

                // The test button says so too
                await browser.setHeader(
                    "User-Agent",
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
                )
                #expect(
                    try await Self.turnOn(browser, Subscription(endpoint: "http://127.0.0.1:\(port)/push/laptop"))
                        .status == .seeOther
                )
                inbox.answer(with: [404])
                try await browser.get("/profile/notifications")
                try await browser.post("/profile/notifications/push/test")
                let page = try await browser.get("/profile/notifications").html
                #expect(
                    page.contains(
                        "Firefox on Windows: failed. Firefox on Windows is no longer subscribed, so it was removed."
                    )
                )
                #expect(page.contains("No browser gets notifications yet."))
                #expect(try await Self.devices(database).isEmpty)
            }
        }
    }

    @Test("the test button tells each channel and browser only sent or failed, every one in the list's order")
    func testButton() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock, configure: { $0.webPushKey = PushTests.vapid }) { browser, database in
                // Given ntfy (answering 200), a webhook (201), a phone (200) and a laptop whose push service fails
                let ann = try await PushTests.ann(browser, database, port: port)
                try await database.for(userId: ann).setPushChannel(
                    .webhook,
                    to: PushChannel(userId: ann, kind: .webhook, url: "http://127.0.0.1:\(port)/status/201/hook")
                )
                await browser.setHeader("User-Agent", Self.pixel)
                #expect(
                    try await Self.turnOn(browser, Subscription(endpoint: "http://127.0.0.1:\(port)/push/phone")).status
                        == .seeOther
                )
                await browser.setHeader(
                    "User-Agent",
                    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
                )
                #expect(
                    try await Self.turnOn(
                        browser,
                        Subscription(endpoint: "http://127.0.0.1:\(port)/status/500/push/laptop")
                    )
                    .status == .seeOther
                )

                // When the test button is pressed
                try await browser.get("/profile/notifications")
                let tested = try await browser.post("/profile/notifications/push/test")

                // Then each is told, in the list's order, with no status or address
                #expect(tested.status == .seeOther)
                #expect(tested.location == "/profile/notifications#push-title")
                let page = try await browser.get("/profile/notifications").html
                #expect(
                    HTMLPage(page).contains(
                        "span",
                        attributes: ["class": "flash__message"],
                        text: "ntfy: sent · Webhook: sent · Chrome on Android: sent · Firefox on Linux: failed."
                    )
                )
                #expect(
                    Set(inbox.received.map(\.path)) == [
                        "/ntfy/ann-reminders", "/status/201/hook", "/push/phone",
                        "/status/500/push/laptop",
                    ]
                )
                #expect(try await Self.devices(database).count == 2, "a failing browser is kept")
            }
        }
    }

    @Test(
        "a subscription that can't be used, or one browser too many, is refused next to the button, and nothing is kept"
    )
    func refused() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let good = Subscription(endpoint: "https://push.example.net/send/abc")
            let cases: [(form: [(String, String)], message: String)] = [
                (
                    [("endpoint", "ftp://push.example.net/x")] + good.form.dropFirst(),
                    "This browser gave no push service address Stashify can use."
                ),
                (
                    [("endpoint", "http://push.example.net/x")] + good.form.dropFirst(),
                    "This browser gave no push service address Stashify can use."
                ),
                (
                    [("endpoint", "")] + good.form.dropFirst(),
                    "This browser gave no push service address Stashify can use."
                ),
                (
                    [good.form[0], ("p256dh", "bm90IGEga2V5"), good.form[2]],
                    "This browser&#39;s encryption key can&#39;t be read."
                ),
                (
                    [good.form[0], good.form[1], ("auth", Base64URL.encode(Data(repeating: 7, count: 8)))],
                    "This browser&#39;s auth secret can&#39;t be read."
                ),
                ([good.form[0], good.form[1]], "This browser&#39;s auth secret can&#39;t be read."),
            ]
            for (form, message) in cases {
                try await browser.get("/profile/notifications")
                let page = try await browser.post("/profile/notifications/devices", form)
                #expect(page.status == .unprocessableContent)
                #expect(
                    page.document.contains(
                        "span",
                        attributes: ["class": "field__error"],
                        text: message.replacingOccurrences(of: "&#39;", with: "'")
                    ),
                    "\(form)"
                )
            }
            #expect(try await Self.devices(database).isEmpty)

            // Twenty browsers at most; the same browser again replaces its own row
            for number in 1...PushDeviceRules.maxDevices {
                let page = try await Self.turnOn(browser, Subscription(endpoint: "https://push.example.net/\(number)"))
                #expect(page.status == .seeOther)
            }
            let again = try await Self.turnOn(browser, Subscription(endpoint: "https://push.example.net/20"))
            #expect(again.status == .seeOther)
            let full = try await Self.turnOn(browser, Subscription(endpoint: "https://push.example.net/21"))
            #expect(full.status == .unprocessableContent)
            #expect(full.html.contains("20 browsers get notifications already. Remove one you no longer use first."))
            #expect(try await Self.devices(database).count == PushDeviceRules.maxDevices)
        }
    }

    @Test("a browser is one user's: another can't see or remove it, and its owner can")
    func isolated() async throws {
        try await TestApp.run { ann, database in
            try await ann.signUp(email: "ann@example.com")
            await ann.setHeader("User-Agent", Self.pixel)
            try await Self.turnOn(ann, Subscription(endpoint: "https://push.example.net/ann"))
            let device = try #require(try await Self.devices(database).first)
            let id = try #require(device.id)
            // Turned on again in the same browser, with a reminder held for it: the same row, with the browser's new
            // keys, and the reminder still on its way
            try await database.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO notification (userId, kind, subject, dueOn, title, body, path, createdAt)
                            VALUES (?, 'coupon', 'c1', '2026-11-24', 'Coupon expiring: Pizza', '', '/wallet', '2026-11-22')
                        """,
                    arguments: [device.userId]
                )
                try PushDelivery(
                    id: nil,
                    userId: device.userId,
                    notificationId: db.lastInsertedRowID,
                    channel: .webPush,
                    deviceId: id,
                    nextAttemptAt: Date()
                ).insert(db)
            }
            let renewed = Subscription(endpoint: "https://push.example.net/ann")
            try await Self.turnOn(ann, renewed)
            let again = try await Self.devices(database)
            #expect(again.count == 1 && again.first?.id == id && again.first?.createdAt == device.createdAt)
            #expect(again.first?.p256dh == Base64URL.encode(renewed.key.publicKey.x963Representation))
            #expect(try await PushTests.deliveries(database).map(\.deviceId) == [id])

            let bob = Browser(client: ann.client)
            try await bob.signUp(email: "bob@example.com")
            let bobs = try await bob.get("/profile/notifications").html
            #expect(bobs.contains("No browser gets notifications yet."))
            #expect(!bobs.contains("Chrome on Android"))
            #expect(try await bob.post("/profile/notifications/devices/\(id)/delete").status == .notFound)
            #expect(try await Self.devices(database).count == 1)

            // The same browser turned on by Bob later is Bob's from then on
            try await Self.turnOn(bob, Subscription(endpoint: "https://push.example.net/ann"))
            let taken = try await Self.devices(database)
            let bobId = try await LedgerFixture.userId(database, email: "bob@example.com")
            #expect(taken.count == 1 && taken.first?.userId == bobId)
            #expect(try await ann.get("/profile/notifications").html.contains("No browser gets notifications yet."))

            // Ann turns it on again, then removes it herself
            try await Self.turnOn(ann, Subscription(endpoint: "https://push.example.net/ann2"))
            let mine = try #require(try await Self.devices(database).first { $0.endpoint.hasSuffix("/ann2") }?.id)
            try await ann.get("/profile/notifications")
            let removed = try await ann.post("/profile/notifications/devices/\(mine)/delete")
            #expect(removed.status == .seeOther)
            #expect(
                try await ann.get("/profile/notifications").html
                    .contains("Chrome on Android no longer gets notifications. Turn them on there again any time.")
            )
            #expect(try await Self.devices(database).map(\.userId) == [bobId])
        }
    }

    @Test("logging a browser out, there or from another browser, turns its notifications off")
    func loggedOut() async throws {
        try await TestApp.run { phone, database in
            // Given notifications on in Ann's phone and laptop
            await phone.setHeader("User-Agent", Self.pixel)
            try await phone.signUp(email: "ann@example.com")
            let laptop = Browser(client: phone.client)
            await laptop.setHeader(
                "User-Agent",
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
            )
            try await laptop.logIn(email: "ann@example.com")
            let turnOn = { (browser: Browser, endpoint: String) async throws in
                #expect(try await Self.turnOn(browser, Subscription(endpoint: endpoint)).status == .seeOther)
            }
            try await turnOn(phone, "https://push.example.net/phone")
            try await turnOn(laptop, "https://push.example.net/laptop")
            let names = { try await Self.devices(database).map(\.name) }
            #expect(try await names() == ["Chrome on Android", "Firefox on Windows"])

            // When the phone logs out
            try await phone.logOut()
            #expect(try await names() == ["Firefox on Windows"])

            // When the laptop logs the phone out, one session or all the others
            try await phone.logIn(email: "ann@example.com")
            try await turnOn(phone, "https://push.example.net/phone")
            let phoneSession = try #require(await phone.cookies[SignedInBrowsersTests.session])
            try await laptop.get("/profile")
            try await laptop.post(
                "/profile/sessions/\(SignedInBrowsersTests.handle(ofCookie: phoneSession))/delete",
                [("password", "correct horse battery")]
            )
            #expect(try await names() == ["Firefox on Windows"])
            try await phone.logIn(email: "ann@example.com")
            try await turnOn(phone, "https://push.example.net/phone")
            try await laptop.get("/profile")
            try await laptop.post("/profile/sessions", [("sessionsPassword", "correct horse battery")])
            #expect(try await names() == ["Firefox on Windows"], "the laptop's own stay on")
        }
    }

    @Test("an older database keeps its deliveries, and each reminder still goes once to each channel and browser")
    func upgrade() throws {
        // Given a database from before browsers, with a reminder delivered to ntfy
        let queue = try UpgradeFixture.database(upTo: "v27: a wallet card keeps its own currency")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO notification (id, userId, kind, subject, dueOn, title, body, path, createdAt)
                        VALUES (1, 1, 'coupon', 'c1', '2026-11-24', 'Coupon expiring: Pizza', '', '/wallet', '2026-11-22');
                    INSERT INTO pushDelivery (userId, notificationId, channel, attempts, nextAttemptAt, deliveredAt)
                        VALUES (1, 1, 'ntfy', 1, '2026-11-22', '2026-11-22');
                    """
            )
        }
        // When it is upgraded
        try AppDatabase.migrator.migrate(queue)
        // Then the delivery is there, going to no browser, and a second to ntfy is refused while each browser gets one
        try queue.write { db in
            let kept = try PushDelivery.fetchAll(db)
            #expect(kept.count == 1 && kept.first?.channel == .ntfy && kept.first?.deviceId == nil)
            #expect(kept.first?.deliveredAt != nil)
            for endpoint in ["https://push.example.net/a", "https://push.example.net/b"] {
                try PushDevice(
                    id: nil,
                    userId: 1,
                    endpoint: endpoint,
                    p256dh: "k",
                    auth: "a",
                    name: "Firefox",
                    createdAt: Date()
                ).insert(db)
            }
            let later = Date()
            for deviceId: Int64? in [nil, 1, 2, 1, 2] {
                try PushDelivery(
                    id: nil,
                    userId: 1,
                    notificationId: 1,
                    channel: deviceId == nil ? .ntfy : .webPush,
                    deviceId: deviceId,
                    nextAttemptAt: later
                ).insert(db, onConflict: .ignore)
            }
            #expect(try PushDelivery.fetchCount(db) == 3)
            // A browser removed takes what was still on its way to it
            try db.execute(sql: "DELETE FROM pushDevice WHERE id = 1")
            #expect(try PushDelivery.fetchAll(db).map(\.deviceId) == [nil, 2])
        }
    }
}

import AsyncHTTPClient
import Foundation
import GRDB
import Logging
import NIOCore
import WebPush

/// Sends recorded reminders to the channels and browsers users set up, off any page request: each delivery is tried
/// until it succeeds, at most `maxAttempts` times, waiting longer after each failure; the last error is kept for
/// Settings. A browser whose push service says its subscription is gone is forgotten.
struct PushDeliverer: Sendable {
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// The server's Web Push identity: its VAPID key and the contact given with it.
    let webPush: WebPushIdentity
    /// The server's address (`AppConfig.publicBase`): ntfy's Click and the webhook's `url` are absolute links.
    var publicBase = "http://localhost"
    var timeout: TimeAmount = .seconds(10)
    /// Where pushes may go: public addresses, and what the owner allows (`--allow-outbound`).
    var outbound = OutboundPolicy()
    /// Where a refused address or a failed connection is told in full (Settings and the test button say less).
    var logger = Logger(label: "stashify.push")
    /// Opens the ntfy access tokens, sealed in the database.
    var tokens = TokenSeal()
    /// Every language's words, for the digest pushed in each member's own language (a reminder's own title and body
    /// were recorded in it).
    var catalogue = Catalogue(entries: [:])

    struct WebPushIdentity: Sendable {
        let key: VAPIDKey
        /// A mailto: or https: address push services may reach the server's operator at.
        let contact: String
    }

    /// Where one push goes.
    enum Destination: Sendable {
        case channel(PushChannel)
        case device(PushDevice)

        var label: String {
            switch self {
            case .channel(let channel): channel.kind.label
            case .device(let device): device.name
            }
        }
    }

    /// How long a pushed reminder waits at the push service for a browser that is off.
    static let timeToLive = 24 * 3_600

    static let maxAttempts = 5
    /// The wait after the 1st, 2nd, 3rd and 4th failed attempt.
    static let backoff: [TimeInterval] = [60, 5 * 60, 30 * 60, 2 * 3_600]

    /// What a push says.
    struct Message: Sendable {
        let title: String
        let body: String
        let kind: Reminder.Kind
        let path: String
        let dueOn: String
    }

    /// A failed delivery, told in one line.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The push service no longer knows the browser's subscription (it was turned off or expired).
        var gone = false
    }

    /// Tries every delivery that is due now; returns how many reminders went out. Reminders due at once for one
    /// channel or browser go as one digest when the member's setting says so (each is then recorded as delivered,
    /// so none goes again on its own).
    @discardableResult
    func deliverDue(limit: Int = 100) async throws -> Int {
        let now = now()
        let due = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT d.id, d.attempts, c.kind, c.url, c.topic, c.token, v.id AS deviceId, v.endpoint, v.p256dh, v.auth,
                           v.name AS deviceName, v.createdAt AS deviceCreatedAt, n.id AS notificationId, n.title, n.body,
                           n.kind AS reminderKind, n.path, n.dueOn, d.userId, u.timeZone, u.language, u.region,
                           COALESCE(w.quietEnabled, 0) AS quietEnabled, COALESCE(w.quietFrom, '22:00') AS quietFrom,
                           COALESCE(w.quietTo, '08:00') AS quietTo, COALESCE(w.pushDigest, 'auto') AS pushDigest
                    FROM pushDelivery d
                    LEFT JOIN pushChannel c ON d.deviceId IS NULL AND c.userId = d.userId AND c.kind = d.channel AND c.enabled
                    LEFT JOIN pushDevice v ON v.id = d.deviceId
                    JOIN notification n ON n.id = d.notificationId
                    JOIN user u ON u.id = d.userId
                    LEFT JOIN walletSettings w ON w.userId = d.userId
                    WHERE d.deliveredAt IS NULL AND d.attempts < ? AND d.nextAttemptAt <= ?
                      AND (c.userId IS NOT NULL OR v.id IS NOT NULL) AND COALESCE(w.notificationsEnabled, 1)
                    ORDER BY d.nextAttemptAt, n.dueOn, d.id LIMIT ?
                    """,
                arguments: [Self.maxAttempts, now, limit]
            ).map { row -> DueDelivery in
                let id: Int64 = row["id"]
                let destination: Destination
                let key: String
                if let deviceId = row["deviceId"] as Int64? {
                    destination = .device(
                        PushDevice(
                            id: deviceId,
                            userId: row["userId"],
                            endpoint: row["endpoint"],
                            p256dh: row["p256dh"],
                            auth: row["auth"],
                            name: row["deviceName"],
                            createdAt: row["deviceCreatedAt"]
                        )
                    )
                    key = "device \(deviceId)"
                } else {
                    let channel = PushChannel(
                        userId: row["userId"],
                        kind: PushChannel.Kind(rawValue: row["kind"]) ?? .webhook,
                        url: row["url"],
                        topic: row["topic"],
                        token: row["token"]
                    )
                    destination = .channel(channel)
                    key = "user \(channel.userId) \(channel.kind.rawValue)"
                }
                let notificationId: Int64 = row["notificationId"]
                let message = Message(
                    title: row["title"],
                    body: row["body"],
                    kind: Reminder.Kind(rawValue: row["reminderKind"]) ?? .summary,
                    path: NotificationPaths.open(notificationId),
                    dueOn: row["dueOn"]
                )
                let zone = TimeZone(identifier: row["timeZone"]) ?? TimeZone(identifier: "UTC")!
                let quiet =
                    (row["quietEnabled"] as Bool)
                    ? QuietHours(
                        from: ReminderEngine.minutes(row["quietFrom"]),
                        to: ReminderEngine.minutes(row["quietTo"]),
                        timeZone: zone
                    )
                    : nil
                return DueDelivery(
                    id: id,
                    attempts: row["attempts"],
                    destination: destination,
                    key: key,
                    message: message,
                    zone: zone,
                    quiet: quiet,
                    digest: row["pushDigest"],
                    words: Words(.named(row["language"]), region: .named(row["region"]), catalogue: catalogue)
                )
            }
        }
        // What may go now, per channel or browser, in order.
        var groups: [(destination: Destination, digest: String, today: CalendarDay, words: Words, items: [DueItem])] =
            []
        var groupIndex: [String: Int] = [:]
        for due in due {
            let (id, key, zone) = (due.id, due.key, due.zone)
            // Quiet hours are checked again as it goes out: a retry, a backlog after downtime, or settings changed
            // since it was recorded may fall inside them; then it waits for their end.
            if let quiet = due.quiet {
                let allowed = quiet.pushTime(for: now)
                if allowed > now {
                    try await database.write { db in
                        try db.execute(
                            sql: "UPDATE pushDelivery SET nextAttemptAt = ? WHERE id = ?",
                            arguments: [allowed, id]
                        )
                    }
                    continue
                }
            }
            let item = DueItem(id: id, attempts: due.attempts, message: due.message)
            if let index = groupIndex[key] {
                groups[index].items.append(item)
            } else {
                groupIndex[key] = groups.count
                groups.append((due.destination, due.digest, CalendarDay.today(in: zone, now: now), due.words, [item]))
            }
        }
        var delivered = 0
        for group in groups {
            let sends: [(Message, [DueItem])] =
                Self.digests(group.digest, count: group.items.count)
                ? [(Self.digest(group.items.map(\.message), today: group.today, t: group.words), group.items)]
                : group.items.map { ($0.message, [$0]) }
            for (message, items) in sends {
                let failure: String?
                do {
                    try await send(message, to: group.destination)
                    failure = nil
                } catch let error as Failure where error.gone {
                    if case .device(let device) = group.destination, let deviceId = device.id {
                        _ = try await database.for(userId: device.userId).removePushDevice(id: deviceId)
                    }
                    break
                } catch {
                    failure = String(String(describing: error).prefix(300))
                }
                // The outcome is written apart from the sending: a failed write never makes a sent push count as
                // failed. Every reminder of a digest shares its outcome.
                let ids = items.map(\.id)
                if let failure {
                    try await database.write { db in
                        for item in items {
                            let wait = Self.backoff[min(item.attempts, Self.backoff.count - 1)]
                            try db.execute(
                                sql: """
                                    UPDATE pushDelivery SET attempts = attempts + 1, lastAttemptAt = ?, nextAttemptAt = ?,
                                           lastError = ? WHERE id = ?
                                    """,
                                arguments: [now, now.addingTimeInterval(wait), failure, item.id]
                            )
                        }
                    }
                } else {
                    delivered += items.count
                    try await database.write { db in
                        for id in ids {
                            try db.execute(
                                sql: """
                                    UPDATE pushDelivery SET attempts = attempts + 1, lastAttemptAt = ?, deliveredAt = ?,
                                           lastError = NULL WHERE id = ?
                                    """,
                                arguments: [now, now, id]
                            )
                        }
                        if case .device(let device) = group.destination {
                            try db.execute(
                                sql: "UPDATE pushDevice SET lastSentAt = ? WHERE id = ?",
                                arguments: [now, device.id]
                            )
                        }
                    }
                }
            }
        }
        return delivered
    }

    /// One delivery that may go now.
    /// A due delivery as read: where it goes, what it says, and the member's zone and quiet hours.
    private struct DueDelivery: Sendable {
        let id: Int64
        let attempts: Int
        let destination: Destination
        let key: String
        let message: Message
        let zone: TimeZone
        let quiet: QuietHours?
        let digest: String
        /// The member's words, for a digest.
        let words: Words
    }

    struct DueItem {
        let id: Int64
        let attempts: Int
        let message: Message
    }

    /// Whether `count` reminders due at once go as one digest: `each` never, `digest` whenever there are two or
    /// more, `auto` (the default) when there are more than `digestAbove`.
    static func digests(_ setting: String, count: Int) -> Bool {
        switch setting {
        case "each": false
        case "digest": count > 1
        default: count > digestAbove
        }
    }

    /// More reminders than this due at once go as one digest, unless the member chose one push per reminder.
    static let digestAbove = 3

    /// One push for many reminders: "7 things expire this week: Hotel Credit, Pizza, …", leading to Expiring soon.
    static func digest(_ messages: [Message], today: CalendarDay, t: Words) -> Message {
        let names = messages.map { shortName(title: $0.title, kind: $0.kind, t: t) }
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
        let last = messages.compactMap { CalendarDay($0.dueOn) }.max() ?? today
        let soon = today.distance(to: last) < 7
        return Message(
            title: t.plural("notifications.digest.title", count: messages.count),
            body: soon
                ? t.plural("notifications.digest.this_week", count: messages.count, ["names": shown])
                : t.plural("notifications.digest.soon", count: messages.count, ["names": shown]),
            kind: .summary,
            path: WalletPaths.expiring,
            dueOn: today.description
        )
    }

    /// What a reminder titled `title` is about, for a digest: "Hotel Credit" of "Use your Hotel Credit", read off
    /// the title as the member's language writes it for the kind (an older reminder, recorded in English, falls
    /// back to the English prefixes).
    static func shortName(title: String, kind: Reminder.Kind, t: Words) -> String {
        let template: String? =
            switch kind {
            case .benefit: t["notifications.reminders.benefit"]
            case .benefitLastCall: t["notifications.reminders.benefit_last_day"]
            case .coupon: t["notifications.reminders.coupon"]
            case .renewal: t["notifications.reminders.renewal"]
            case .annualFee: t["notifications.reminders.annual_fee"]
            default: nil
            }
        if let template, let range = template.range(of: "%{name}") {
            let prefix = template[..<range.lowerBound]
            let suffix = template[range.upperBound...]
            if title.count > prefix.count + suffix.count, title.hasPrefix(prefix), title.hasSuffix(suffix) {
                return String(title.dropFirst(prefix.count).dropLast(suffix.count))
            }
        }
        return Reminder.shortName(title: title, kind: kind)
    }

    /// How the client reaches one checked address: the host's name is connected to at the address that was checked,
    /// and a redirect is never followed (it could send a push and its token to another host, or to one the check
    /// would refuse).
    static func configuration(for target: OutboundPolicy.Target) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.dnsOverride = target.dnsOverride
        return configuration
    }

    /// One push, now.
    func send(_ message: Message, to destination: Destination) async throws {
        switch destination {
        case .channel(let channel): try await send(message, over: channel)
        case .device(let device): try await send(message, to: device)
        }
    }

    /// A Web Push to one browser (RFC 8030): the message as JSON, encrypted for its subscription (RFC 8291), signed
    /// for with the server's VAPID key (RFC 8292). 404 and 410 mean the subscription is gone.
    func send(_ message: Message, to device: PushDevice) async throws {
        guard let endpoint = URL(string: device.endpoint), let key = Base64URL.decode(device.p256dh),
            let auth = Base64URL.decode(device.auth)
        else {
            throw Failure(description: "the browser's subscription can't be read", gone: true)
        }
        let payload = try JSONSerialization.data(
            withJSONObject: [
                "title": String(message.title.prefix(120)), "body": String(message.body.prefix(500)),
                "path": message.path,
                "kind": message.kind.rawValue,
            ],
            options: [.sortedKeys]
        )
        var request = HTTPClientRequest(url: device.endpoint)
        request.method = .POST
        request.headers.add(
            name: "Authorization",
            value: try webPush.key.authorization(
                endpoint: endpoint,
                subject: webPush.contact,
                expires: now().addingTimeInterval(12 * 3_600)
            )
        )
        request.headers.add(name: "TTL", value: String(Self.timeToLive))
        request.headers.add(name: "Urgency", value: message.kind == .benefitLastCall ? "high" : "normal")
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.body = .bytes(
            ByteBuffer(bytes: try PushEncryption.encrypt(payload, subscriberKey: key, authSecret: auth))
        )
        let status = try await execute(request)
        if status == 404 || status == 410 {
            throw Failure(description: "the browser is no longer subscribed", gone: true)
        }
        guard (200..<300).contains(status) else { throw Failure(description: "HTTP \(status)") }
    }

    /// One push, now: an ntfy message (title, priority and tags as ntfy reads them) or a JSON webhook call.
    func send(_ message: Message, over channel: PushChannel) async throws {
        var request: HTTPClientRequest
        switch channel.kind {
        case .ntfy:
            let base = channel.url.hasSuffix("/") ? String(channel.url.dropLast()) : channel.url
            request = HTTPClientRequest(url: base + "/" + channel.topic)
            request.headers.add(name: "Title", value: Self.encodedTitle(message.title))
            request.headers.add(name: "Priority", value: message.kind == .benefitLastCall ? "high" : "default")
            request.headers.add(name: "Tags", value: Self.tags(message.kind))
            // Tapping it in the ntfy app opens the reminder (marking it read) or, for a digest, Expiring soon.
            request.headers.add(name: "Click", value: Self.headerSafe(publicBase + message.path))
            if !channel.token.isEmpty {
                guard let token = tokens.open(channel.token) else {
                    throw Failure(description: "the saved access token can't be read; enter it again")
                }
                request.headers.add(name: "Authorization", value: "Bearer " + token)
            }
            request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            request.body = .bytes(ByteBuffer(string: message.body))
        case .webhook, .webPush:
            request = HTTPClientRequest(url: channel.url)
            request.headers.add(name: "Content-Type", value: "application/json")
            let payload: [String: String] = [
                "kind": message.kind.rawValue, "title": message.title, "body": message.body,
                "path": message.path, "url": publicBase + message.path,
                "dueOn": message.dueOn,
            ]
            let data = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
            request.body = .bytes(ByteBuffer(bytes: data))
        }
        request.method = .POST
        let status = try await execute(request)
        guard (200..<300).contains(status) else { throw Failure(description: "HTTP \(status)") }
    }

    /// Sends `request` to the address its host was checked at and gives the answer's status. A refused address, no
    /// answer in time, or none at all is a failure told in a few words (what went wrong in detail goes to the log, so
    /// the failure can't tell a closed port from a silent one).
    private func execute(_ request: HTTPClientRequest) async throws -> Int {
        let host = OutboundPolicy.host(of: request.url) ?? "?"
        let target: OutboundPolicy.Target
        switch await outbound.check(request.url) {
        case .success(let checked):
            target = checked
        case .failure(let refusal):
            logger.notice("A push to \(host) was not sent: \(refusal)")
            throw Failure(description: "address not allowed")
        }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.configuration(for: target))
        let outcome: Result<Int, Failure>
        do {
            outcome = .success(Int(try await client.execute(request, timeout: timeout).status.code))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            outcome = .failure(Failure(description: "no answer in time"))
        } catch {
            logger.info("A push to \(host) could not connect: \(error)")
            outcome = .failure(Failure(description: "could not connect"))
        }
        try? await client.shutdown()
        return try outcome.get()
    }

    /// Header values are one line of visible ASCII and spaces (others become spaces; ntfy reads UTF-8 titles too,
    /// but not every proxy passes them).
    static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.map { (0x20...0x7E).contains($0.value) ? Character($0) : " " })
    }

    /// A title as an ntfy header: as it is when it is plain ASCII, else an RFC 2047 encoded word (UTF-8, base64), which
    /// ntfy decodes, so "Gutschein läuft ab" keeps its letters through any proxy.
    static func encodedTitle(_ title: String) -> String {
        let line = String(title.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        guard !line.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else { return line }
        return "=?UTF-8?B?" + Data(line.utf8).base64EncodedString() + "?="
    }

    static func tags(_ kind: Reminder.Kind) -> String {
        switch kind {
        case .benefit, .benefitLastCall: "credit_card"
        case .coupon: "ticket"
        case .renewal: "repeat"
        case .annualFee: "moneybag"
        case .nudge: "chart_with_upwards_trend"
        case .summary: "calendar"
        case .badge: "trophy"
        }
    }
}

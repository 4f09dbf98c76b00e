import Foundation
import GRDB

/// Where a user's reminders are pushed: an ntfy-compatible server and topic, or a webhook that takes JSON.
struct PushChannel: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable {
        case ntfy, webhook
        /// A browser's push service (a `PushDevice`, never a row of this table).
        case webPush = "webpush"

        var label: String {
            switch self {
            case .ntfy: "ntfy"
            case .webhook: "Webhook"
            case .webPush: "Web Push"
            }
        }

        /// The kinds a user sets up on this table.
        static let channels: [Kind] = [.ntfy, .webhook]
    }

    var userId: Int64
    var kind: Kind
    /// The ntfy server (the topic goes after it), or the webhook's URL.
    var url: String
    var topic: String = ""
    /// An ntfy access token, sent as a bearer token; empty for none.
    var token: String = ""
    /// Off, it is kept but gets nothing (an imported export's channels come in off).
    var enabled = true

    static let databaseTableName = "pushChannel"
}

/// One reminder on its way to one channel: tried until it is delivered or out of attempts.
struct PushDelivery: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    var id: Int64?
    var userId: Int64
    var notificationId: Int64
    var channel: PushChannel.Kind
    /// The browser it goes to, for Web Push.
    var deviceId: Int64?
    var attempts: Int = 0
    /// Not before this (the end of quiet hours, or the next retry).
    var nextAttemptAt: Date
    var lastAttemptAt: Date?
    var lastError: String?
    var deliveredAt: Date?

    static let databaseTableName = "pushDelivery"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A browser a user turned notifications on in: where its push service takes messages for it, and its keys.
struct PushDevice: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    var id: Int64?
    var userId: Int64
    /// The push service URL for this browser's subscription (a capability: whoever has it can push to it).
    var endpoint: String
    /// The subscription's P-256 public key, base64url.
    var p256dh: String
    /// The subscription's 16-byte auth secret, base64url.
    var auth: String
    /// The browser and device, as its User-Agent names them ("Chrome on Android").
    var name: String
    var createdAt: Date
    var lastSentAt: Date?
    /// The session the browser was signed in with when notifications were turned on: ending it turns them off.
    var sessionId: String?

    static let databaseTableName = "pushDevice"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

import Foundation
import GRDB

/// Where a user's reminders are pushed: an ntfy-compatible server and topic, or a webhook that takes JSON.
struct PushChannel: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable {
        case ntfy, webhook

        var label: String { self == .ntfy ? "ntfy" : "Webhook" }
    }

    var userId: Int64
    var kind: Kind
    /// The ntfy server (the topic goes after it), or the webhook's URL.
    var url: String
    var topic: String = ""
    /// An ntfy access token, sent as a bearer token; empty for none.
    var token: String = ""

    static let databaseTableName = "pushChannel"
}

/// One reminder on its way to one channel: tried until it is delivered or out of attempts.
struct PushDelivery: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    var id: Int64?
    var userId: Int64
    var notificationId: Int64
    var channel: PushChannel.Kind
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

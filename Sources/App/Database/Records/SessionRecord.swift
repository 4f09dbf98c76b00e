import Foundation
import GRDB

/// One row of the `session` table.
struct SessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    /// `id(forKey:)` of the cookie's value, never the value itself.
    var id: String
    var userId: Int64?
    var data: Data
    var expiresAt: Date?
    var createdAt: Date
    /// The browser's `User-Agent` when it signed in, cut to `maxUserAgent` characters; nil for older sessions.
    var userAgent: String? = nil
    /// The client's address when it signed in, whole (the log-in throttle counts an IPv6 one by its /64); nil when unknown.
    var address: String? = nil
    /// When the session was last used, kept to within `SQLitePersistDriver.lastSeenInterval`.
    var lastSeenAt: Date? = nil
    /// Whether "Keep me signed in" was ticked: if not, the session ends once unused for the idle limit.
    var keepSignedIn = true

    static let databaseTableName = "session"
    /// Longer `User-Agent` headers are cut: what names the browser comes first.
    static let maxUserAgent = 512

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let lastSeenAt = Column(CodingKeys.lastSeenAt)
        static let keepSignedIn = Column(CodingKeys.keepSignedIn)
    }

    /// Sessions still on at `now`: not expired, and kept signed in or used within `idleLimit` seconds (idle means
    /// `now - lastSeenAt > idleLimit`).
    static func live(now: Date, idleLimit: TimeInterval) -> SQLExpression {
        (Columns.expiresAt == nil || Columns.expiresAt > now)
            && (Columns.keepSignedIn == true || Columns.lastSeenAt >= now.addingTimeInterval(-idleLimit))
    }

    /// The `id` of the session whose cookie holds `key`: the key's SHA-256 in hex. The cookie's value is the secret
    /// and only the browser holds it; the table keeps this digest, so a copy of the database (or a backup) signs no
    /// one in.
    static func id(forKey key: String) -> String {
        Secrets.digest(key)
    }

    /// The name pages and forms give the session: the first 16 hex digits of its id (which is already a digest, so
    /// a page shows nothing of the cookie).
    var handle: String {
        String(id.prefix(16))
    }
}

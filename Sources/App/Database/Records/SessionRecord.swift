import Crypto
import Foundation
import GRDB

/// One row of the `session` table.
struct SessionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
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

    static let databaseTableName = "session"
    /// Longer `User-Agent` headers are cut: what names the browser comes first.
    static let maxUserAgent = 512

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let expiresAt = Column(CodingKeys.expiresAt)
        static let lastSeenAt = Column(CodingKeys.lastSeenAt)
    }

    /// The name pages and forms give the session stored under `id`: the id is the cookie's secret and never leaves
    /// the server, so a page refers to a session by the first 16 hex digits of its SHA-256.
    static func handle(of id: String) -> String {
        SHA256.hash(data: Data(id.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}

extension SessionRecord {
    /// Read column by column, quicker than through `Decodable`: every request reads its session.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        data = try row.decode(forColumn: "data")
        expiresAt = try row.optionalDate("expiresAt")
        createdAt = try row.date("createdAt")
        userAgent = try row.decode(forColumn: "userAgent")
        address = try row.decode(forColumn: "address")
        lastSeenAt = try row.optionalDate("lastSeenAt")
    }
}

import Foundation
import GRDB

/// A member's key to the JSON API, kept only as its digest: what it may do, until when, and when it was last used.
struct ApiToken: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    /// What a token may do.
    enum Scope: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        /// Read only.
        case read
        /// Read and write.
        case write
    }

    var id: Int64?
    var userId: Int64
    var name: String
    var scope: Scope
    /// SHA-256 of the token, hex (`Secrets.digest`).
    var tokenHash: String
    /// The token's last four characters.
    var hint: String
    /// `YYYY-MM-DD`: the last day it works, in the member's time zone; nil: it never expires.
    var expiresOn: String?
    var lastUsedAt: Date?
    var createdAt: Date

    static let databaseTableName = "apiToken"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Every token starts with this, so a leaked one is easy to recognise (and to search for).
    static let prefix = "stsh_"

    /// A new token: the prefix and 32 random bytes.
    static func newSecret() -> String {
        prefix + Data(Secrets.randomBytes(32)).base64URLEncoded
    }

    /// Whether it still works on `today` (the member's).
    func isLive(today: CalendarDay) -> Bool {
        expiresOn.flatMap(CalendarDay.init).map { today <= $0 } ?? true
    }
}

import Foundation
import GRDB

/// A badge: a stash completed for a month. `earned` is false while an edit has taken the month back under.
struct Badge: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var userId: Int64
    var stashId: Int64
    var month: String
    var completedOn: String
    var points: Int
    var earned: Bool
    var claimedAt: Date?

    static let databaseTableName = "badge"
    static let pointsPerBadge = 10

    enum Columns {
        static let stashId = Column(CodingKeys.stashId)
        static let month = Column(CodingKeys.month)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

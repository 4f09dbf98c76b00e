import Foundation
import GRDB

/// A stash's monthly target from `month` on (until a later row): editing a target never rewrites the past.
struct StashTarget: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var stashId: Int64
    var month: String
    var amountCents: Int64

    static let databaseTableName = "stashTarget"

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

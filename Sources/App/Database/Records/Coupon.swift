import Foundation
import GRDB

/// A coupon with an expiry date.
struct Coupon: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var userId: Int64
    var name: String
    var details: String
    var expiresOn: String
    var category: String
    var valueCents: Int64?
    var code: String
    var usedOn: String?
    var createdAt: Date

    static let databaseTableName = "coupon"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
        static let expiresOn = Column(CodingKeys.expiresOn)
        static let usedOn = Column(CodingKeys.usedOn)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

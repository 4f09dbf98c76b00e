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

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension Coupon {
    /// The columns `init(row:from:)` reads, in its order: the wallet, its reminders and the calendar feed read
    /// every open coupon.
    static let selectionSQL = """
        coupon.id, coupon.userId, coupon.name, coupon.details, coupon.expiresOn, coupon.category, coupon.valueCents, \
        coupon.code, coupon.usedOn, coupon.createdAt
        """

    /// Read by position from `selectionSQL`'s columns starting at `start`.
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        userId = try row.decode(atIndex: start + 1)
        name = try row.decode(atIndex: start + 2)
        details = try row.decode(atIndex: start + 3)
        expiresOn = try row.decode(atIndex: start + 4)
        category = try row.decode(atIndex: start + 5)
        valueCents = try row.decode(atIndex: start + 6)
        code = try row.decode(atIndex: start + 7)
        usedOn = try row.decode(atIndex: start + 8)
        createdAt = try row.date(atIndex: start + 9)
    }
}

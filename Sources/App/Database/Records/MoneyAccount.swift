import Foundation
import GRDB

/// Where money is kept (a row of `account`), not the member's own account, which is a `User`. Balance = opening balance + income − expenses − savings of the transactions naming it.
struct MoneyAccount: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case checking, savings
        case creditCard = "credit-card"
        case cash, other

    }

    var id: Int64?
    var userId: Int64
    var name: String
    var kind: Kind
    var openingBalanceCents: Int64
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "account"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

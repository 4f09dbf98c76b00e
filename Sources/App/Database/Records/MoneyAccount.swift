import Foundation
import GRDB

/// Where money is kept (a row of `account`), not the member's own account, which is a `User`. Balance = opening
/// balance + money in (income, transfers arriving) − money out (expenses, savings, transfers leaving) of the rows
/// naming it.
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
    /// The statement date and closing balance of the last reconciliation, if any.
    var reconciledOn: String? = nil
    var reconciledCents: Int64? = nil

    static let databaseTableName = "account"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

import Foundation
import GRDB

/// Where money is kept. Balance = opening balance + income − expenses − savings of the transactions naming it.
struct Account: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case checking, savings, creditCard = "credit-card", cash, other

        var label: String {
            switch self {
            case .checking: "Checking"
            case .savings: "Savings"
            case .creditCard: "Credit card"
            case .cash: "Cash"
            case .other: "Other"
            }
        }
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

extension Account {
    /// The columns `init(row:from:)` reads, in its order.
    static let selectionSQL = "account.id, account.userId, account.name, account.kind, account.openingBalanceCents, account.createdAt, account.updatedAt"
    /// How many columns `selectionSQL` names.
    static let selectionCount = 7

    /// Read by position from `selectionSQL`'s columns starting at `start` (Home shows every account's balance).
    init(row: Row, from start: Int) throws {
        id = try row.decode(atIndex: start)
        userId = try row.decode(atIndex: start + 1)
        name = try row.decode(atIndex: start + 2)
        kind = try row.decode(atIndex: start + 3)
        openingBalanceCents = try row.decode(atIndex: start + 4)
        createdAt = try row.date(atIndex: start + 5)
        updatedAt = try row.date(atIndex: start + 6)
    }

    /// Read column by column, quicker than through `Decodable`.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        userId = try row.decode(forColumn: "userId")
        name = try row.decode(forColumn: "name")
        kind = try row.decode(forColumn: "kind")
        openingBalanceCents = try row.decode(forColumn: "openingBalanceCents")
        createdAt = try row.date("createdAt")
        updatedAt = try row.date("updatedAt")
    }
}

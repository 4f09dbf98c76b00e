import Foundation
import GRDB

/// Money the user expects to receive. Received income is recorded as income transactions.
struct IncomeSource: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Frequency: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
        case monthly, biweekly, variable

        /// The expected amount per month of an income of `amountCents` per period (bi-weekly × 26 ÷ 12, rounded).
        func monthlyCents(_ amountCents: Int64) -> Int64 {
            switch self {
            case .monthly, .variable: amountCents
            case .biweekly: (amountCents * 26 + 6) / 12
            }
        }
    }

    var id: Int64?
    var userId: Int64
    var name: String
    var amountCents: Int64
    var frequency: Frequency
    var createdAt: Date
    var updatedAt: Date
    /// The schedule it repeats as (`Schedule`), which the income source's form keeps in step.
    var scheduleId: Int64? = nil
    /// `YYYY-MM-DD`: a day it is paid on, which its pay days count from.
    var paidOn: String? = nil
    /// Whether each pay day records the income by itself.
    var postsIncome: Bool = false

    static let databaseTableName = "incomeSource"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

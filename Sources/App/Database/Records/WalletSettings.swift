import Foundation
import GRDB

/// Wallet preferences of one user: onboarding, and the reminder settings the reminder engine follows.
struct WalletSettings: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    var userId: Int64
    var onboardingDone: Bool = false
    var notificationsEnabled: Bool = true
    var frequency: String = "daily"
    var reminderTime: String = "09:00"
    var leadDays: Int = 7
    var quietEnabled: Bool = false
    var quietFrom: String = "22:00"
    var quietTo: String = "08:00"

    static let databaseTableName = "walletSettings"

    static let frequencies: [(value: String, label: String)] = [
        ("daily", "Daily digest"), ("weekly", "Weekly digest"), ("each", "For each item"),
    ]
    static let leadChoices = [1, 3, 7, 14, 30]
}

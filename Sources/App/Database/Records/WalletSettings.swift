import Foundation
import GRDB

/// Wallet preferences of one user: onboarding, and the reminder settings the reminder engine follows.
struct WalletSettings: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    var userId: Int64
    var onboardingDone: Bool = false
    var notificationsEnabled: Bool = true
    /// How often stashes behind pace are named: `off`, `weekly` (on `weekday`) or `monthly` (mid-month).
    var frequency: String = "weekly"
    /// 1 = Monday … 7 = Sunday.
    var weekday: Int = 1
    var reminderTime: String = "09:00"
    var leadDays: Int = 7
    var quietEnabled: Bool = false
    var quietFrom: String = "22:00"
    var quietTo: String = "08:00"
    /// How reminders due at once are pushed: `auto` (one digest when more than three), `each` or `digest`.
    var pushDigest: String = "auto"

    static let databaseTableName = "walletSettings"

    static let frequencies: [(value: String, label: String)] = [
        ("off", "Off"), ("weekly", "Weekly"), ("monthly", "Monthly (mid-month)"),
    ]
    /// How reminders due at once are pushed.
    static let pushDigests: [(value: String, label: String)] = [
        ("auto", "One digest when more than three are due at once"), ("each", "One notification per reminder"),
        ("digest", "One digest"),
    ]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// Lead times a user may pick, in days.
    static let leadRange = 1...30
}

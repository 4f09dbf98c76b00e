import Foundation
import GRDB

/// A credit card in someone's wallet, from the catalogue or custom.
struct WalletCard: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var userId: Int64
    /// The catalogue card it was added from; nil for a custom card.
    var catalogueId: String?
    var name: String
    var issuer: String
    var nickname: String
    var gradientStart: String
    var gradientEnd: String
    var annualFeeCents: Int64
    /// `YYYY-MM-DD`: the card anniversary, when the annual fee is charged. Card-year benefits and the fee's
    /// return count from its month and day.
    var feeDueOn: String?
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "walletCard"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var anniversary: CalendarDay? { feeDueOn.flatMap(CalendarDay.init) }
}

/// A recurring credit of a card ("$15 Uber Cash each month").
struct CardBenefit: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var cardId: Int64
    var userId: Int64
    var name: String
    var details: String
    var valueCents: Int64
    var period: BenefitPeriod
    var sortOrder: Int
    /// `YYYY-MM-DD`: hidden from "expiring soon" until this day.
    var snoozedUntil: String?
    var createdAt: Date

    static let databaseTableName = "cardBenefit"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

// Every Wallet page and Home read all of a user's benefits and this period's uses: decoding them column by column
// is several times cheaper than through `Decodable`.
extension CardBenefit {
    init(row: Row) throws {
        id = row["id"]
        cardId = row["cardId"]
        userId = row["userId"]
        name = row["name"]
        details = row["details"]
        valueCents = row["valueCents"]
        period = row["period"]
        sortOrder = row["sortOrder"]
        snoozedUntil = row["snoozedUntil"]
        createdAt = row["createdAt"]
    }
}

extension BenefitPeriod: DatabaseValueConvertible {}
extension RenewalFrequency: DatabaseValueConvertible {}

/// A benefit marked as done for one period.
struct BenefitUse: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var benefitId: Int64
    var cardId: Int64
    var userId: Int64
    var periodStart: String
    var usedOn: String
    var valueCents: Int64
    var createdAt: Date

    static let databaseTableName = "benefitUse"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension BenefitUse {
    init(row: Row) throws {
        id = row["id"]
        benefitId = row["benefitId"]
        cardId = row["cardId"]
        userId = row["userId"]
        periodStart = row["periodStart"]
        usedOn = row["usedOn"]
        valueCents = row["valueCents"]
        createdAt = row["createdAt"]
    }
}

/// A recurring payment (Netflix, the gym…).
struct Subscription: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    var id: Int64?
    var userId: Int64
    var name: String
    var amountCents: Int64
    var frequency: RenewalFrequency
    /// A renewal date as entered; the next renewal is computed from it on read.
    var renewsOn: String
    var cardId: Int64?
    var category: String
    var icon: String
    var createdAt: Date
    var updatedAt: Date

    static let databaseTableName = "subscription"

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func nextRenewal(today: CalendarDay) -> CalendarDay {
        frequency.nextRenewal(from: CalendarDay(renewsOn) ?? today, onOrAfter: today)
    }
}

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

/// Wallet preferences of one user: onboarding and reminder settings (stored now, delivered by reminders later).
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

/// The eight colour presets for custom cards (CouponTracker seed).
enum CardGradient: String, CaseIterable, Sendable {
    case midnight, gold, platinum, sapphire, roseGold = "rose-gold", obsidian, emerald, ruby

    var label: String {
        switch self {
        case .midnight: "Midnight"
        case .gold: "Gold"
        case .platinum: "Platinum"
        case .sapphire: "Sapphire"
        case .roseGold: "Rose Gold"
        case .obsidian: "Obsidian"
        case .emerald: "Emerald"
        case .ruby: "Ruby"
        }
    }

    var colours: (start: String, end: String) {
        switch self {
        case .midnight: ("#1a1a2e", "#4a4e69")
        case .gold: ("#b8860b", "#daa520")
        case .platinum: ("#a0a0a0", "#d0d0d0")
        case .sapphire: ("#0f4c75", "#3282b8")
        case .roseGold: ("#b76e79", "#eacda3")
        case .obsidian: ("#1c1c1c", "#434343")
        case .emerald: ("#1d4e4d", "#43aa8b")
        case .ruby: ("#9b2335", "#c41e3a")
        }
    }

    static func matching(start: String, end: String) -> CardGradient? {
        allCases.first { $0.colours.start == start.lowercased() && $0.colours.end == end.lowercased() }
    }
}

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
    /// Whether reminders about this card's benefits and fee are recorded.
    var notify: Bool = true
    /// The ISO 4217 code its fee, benefits and their uses are in: the catalogue's for a catalogue card, the user's
    /// at the time for a custom card. Never converted.
    var currency: String = Currency.usd.code

    static let databaseTableName = "walletCard"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var anniversary: CalendarDay? { feeDueOn.flatMap(CalendarDay.init) }

    var currencyValue: Currency { Currency.named(currency) }

    /// The SQL of a card's name with its nickname, as lists show it: `Gold · Travel`, or the name alone.
    static let fullNameSQL = "name || CASE WHEN nickname = '' THEN '' ELSE ' · ' || nickname END"
}

/// The eight colour presets for custom cards (CouponTracker seed).
enum CardGradient: String, CaseIterable, Sendable {
    case midnight, gold, platinum, sapphire
    case roseGold = "rose-gold"
    case obsidian, emerald, ruby

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

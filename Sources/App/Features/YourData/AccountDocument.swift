import Foundation

/// The JSON document inside an export archive (`stashify.json`): every record of one account, in a shape of its
/// own that doesn't change when the database does. Records name each other by `ref`, a number that counts from 1 in
/// each list (never a database id), so an export of an imported account is the same document again.
/// Documented in `docs/export-format.md`; raise `currentVersion` for any change that an older Stashify can't read.
struct AccountDocument: Codable, Sendable, Equatable {
    static let formatName = "stashify-export"
    /// 2: cards name their currency, and benefits may reset once every four years (`quadrennial`).
    /// 3: transfers between accounts (kinds `transfer` and `transfer-in`, an arrival naming its `pair`), cleared and
    /// reconciled rows, and an account's last reconciliation.
    /// 4: a ledger row's payee and tags.
    /// 5: transactions split across categories (`split`).
    /// 8: a schedule may keep to an income source's pay days (`payday`).
    static let currentVersion = 8

    var format: String
    var version: Int
    var exportedAt: Date
    var profile: Profile
    var categories: [Category]
    var accounts: [MoneyAccount]
    var incomeSources: [IncomeSource]
    var stashes: [Stash]
    var ledger: [LedgerRow]
    var badges: [Badge]
    var cards: [Card]
    var subscriptions: [Subscription]
    var coupons: [Coupon]
    var walletSettings: WalletSettings?
    var pushChannels: [PushChannel]
    /// Money that repeats, with its occurrences that are anything but plain (from version 6).
    var schedules: [Schedule] = []
    /// The descriptions of expenses the member answered "Not recurring" (normalised; from version 6).
    var notRecurring: [String] = []

    struct Profile: Codable, Sendable, Equatable {
        var name: String
        var email: String
        var location: String?
        var age: Int?
        var salaryCents: Int64?
        var householdSize: Int?
        var currency: String
        var timeZone: String
        var theme: Theme
        var homeView: HomeView
        var spendJudgedThrough: String?
        var createdAt: Date
        /// Where amounts are written the local way (`de-CH`); exports from before regions have none (the United
        /// States).
        var region: String? = nil
        /// The language the member reads (`de`); exports from before languages have none (English).
        var language: String? = nil
        /// What safe to spend keeps aside, in cents; absent in older files (nothing).
        var safeBufferCents: Int64? = nil
    }

    struct Category: Codable, Sendable, Equatable {
        var ref: Int
        var name: String
        var kind: App.Category.Kind
        var icon: String
        var color: String
        var sortOrder: Int
        var isDefault: Bool
        var isHidden: Bool
        var createdAt: Date
    }

    struct MoneyAccount: Codable, Sendable, Equatable {
        var ref: Int
        var name: String
        var kind: App.MoneyAccount.Kind
        var openingBalanceCents: Int64
        var createdAt: Date
        var updatedAt: Date
        /// The last reconciliation's statement date and closing balance; absent before version 3 or when never
        /// reconciled.
        var reconciledOn: String? = nil
        var reconciledCents: Int64? = nil
    }

    /// `schedule` is the place (from 1) in `schedules` of the schedule it repeats as.
    struct IncomeSource: Codable, Sendable, Equatable {
        var ref: Int
        var name: String
        var amountCents: Int64
        var frequency: App.IncomeSource.Frequency
        var createdAt: Date
        var updatedAt: Date
        /// A pay day; absent in older files.
        var paidOn: String? = nil
        var postsIncome: Bool? = nil
        var schedule: Int? = nil
    }

    struct Stash: Codable, Sendable, Equatable {
        var ref: Int
        var name: String
        var kind: App.Stash.Kind
        var goalCents: Int64?
        var reward: String
        /// Its category's name: what an export from before stashes had budget categories carries alone.
        var category: String
        /// Its budget category (a ref into `categories`); without one, the category is found by `category`'s name.
        var categoryRef: Int?
        var reminder: App.Stash.Reminder
        var createdAt: Date
        var updatedAt: Date
        /// Its monthly target (allowance) from each month on.
        var targets: [Target]
    }

    struct Target: Codable, Sendable, Equatable {
        var month: String
        var amountCents: Int64
    }

    /// One money movement; `stash`, `category` and `account` are refs.
    struct LedgerRow: Codable, Sendable, Equatable {
        var date: String
        var amountCents: Int64
        var kind: LedgerEntry.Kind
        var note: String
        var stash: Int?
        var category: Int?
        var account: Int?
        var createdAt: Date
        var updatedAt: Date
        /// On an arriving transfer: the position (from 1) in `ledger` of the row it left, which comes before it.
        var pair: Int? = nil
        /// `cleared` or `reconciled`; absent when open (and in files before version 3).
        var clearing: LedgerEntry.Clearing? = nil
        /// Absent when empty (and in files before version 4).
        var payee: String? = nil
        var tags: [String]? = nil
        /// On every part of a split transaction: the position (from 1) in `ledger` of its first part, which comes
        /// first (from version 5).
        var split: Int? = nil
    }

    /// A schedule; `category`, `account`, `stash` and `payday` (an income source) are refs.
    struct Schedule: Codable, Sendable, Equatable {
        var name: String
        /// RRULE text.
        var rule: String
        var startsOn: String
        var weekend: WeekendShift
        var kind: LedgerEntry.Kind
        var category: Int?
        var account: Int?
        var stash: Int?
        var amountCents: Int64
        var maxCents: Int64?
        var note: String
        var posting: App.Schedule.Posting
        var nextOn: String?
        var createdAt: Date
        var updatedAt: Date
        var occurrences: [Occurrence]
        /// The income source whose pay days it keeps to; absent in older files.
        var payday: Int? = nil
    }

    /// One occurrence of a schedule that posted, waits, was skipped or is planned differently; `ledger` is the
    /// position (from 1) in `ledger` of the row it posted.
    struct Occurrence: Codable, Sendable, Equatable {
        var dueOn: String
        var postOn: String
        var state: App.Occurrence.State
        var amountCents: Int64?
        var ledger: Int?
        var seenAt: Date?
        var createdAt: Date
    }

    struct Badge: Codable, Sendable, Equatable {
        var stash: Int
        var month: String
        var completedOn: String
        var points: Int
        var earned: Bool
        var claimedAt: Date?
    }

    struct Card: Codable, Sendable, Equatable {
        var ref: Int
        var catalogueId: String?
        var name: String
        var issuer: String
        var nickname: String
        var gradientStart: String
        var gradientEnd: String
        var annualFeeCents: Int64
        /// The ISO 4217 code of the card's amounts; absent in version 1, see `currencyCode(profile:)`.
        var currency: String?
        var feeDueOn: String?
        var notify: Bool
        var createdAt: Date
        var updatedAt: Date
        var benefits: [Benefit]
    }

    struct Benefit: Codable, Sendable, Equatable {
        var name: String
        var details: String
        var valueCents: Int64
        var period: BenefitPeriod
        var sortOrder: Int
        var snoozedUntil: String?
        var createdAt: Date
        var uses: [BenefitUse]
    }

    struct BenefitUse: Codable, Sendable, Equatable {
        var periodStart: String
        var usedOn: String
        var valueCents: Int64
        var createdAt: Date
    }

    /// `card` is a ref; `schedule` is the place (from 1) in `schedules` of the schedule it repeats as.
    struct Subscription: Codable, Sendable, Equatable {
        var name: String
        var amountCents: Int64
        var frequency: RenewalFrequency
        var renewsOn: String
        var card: Int?
        var category: String
        var icon: String
        var createdAt: Date
        var updatedAt: Date
        /// Absent in older files (off).
        var postsCharge: Bool? = nil
        var schedule: Int? = nil
    }

    struct Coupon: Codable, Sendable, Equatable {
        var name: String
        var details: String
        var expiresOn: String
        var category: String
        var valueCents: Int64?
        var code: String
        var usedOn: String?
        var createdAt: Date
    }

    struct WalletSettings: Codable, Sendable, Equatable {
        var onboardingDone: Bool
        var notificationsEnabled: Bool
        var frequency: String
        var weekday: Int
        var reminderTime: String
        var leadDays: Int
        var quietEnabled: Bool
        var quietFrom: String
        var quietTo: String
    }

    struct PushChannel: Codable, Sendable, Equatable {
        var kind: App.PushChannel.Kind
        var url: String
        var topic: String
        /// Never exported (the ntfy access token stays on its server); an older export's is not imported.
        var token: String?
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

extension AccountDocument.Card {
    /// The card's currency; a version 1 export names none, and gets what upgrading the database gives: US dollars
    /// for a catalogue card (the catalogue's), the profile's currency for a custom card.
    func currencyCode(profile: AccountDocument.Profile) -> String {
        currency ?? (catalogueId == nil ? profile.currency : Currency.usd.code)
    }
}

import Foundation
import Mustache
import Views

/// Every wallet path, in one place.
enum WalletPaths {
    static let index = "/wallet"
    static let onboarding = "/wallet/onboarding"
    static let browse = "/wallet/cards/new"
    static let custom = "/wallet/cards/custom"
    static let tracker = "/wallet/tracker"
    static let coupons = "/wallet/tracker?tab=coupons"
    static let newSubscription = "/wallet/subscriptions/new"
    static let subscriptions = "/wallet/subscriptions"
    static let newCoupon = "/wallet/coupons/new"
    static let couponsCreate = "/wallet/coupons"
    static let settings = "/wallet/settings"

    static func preview(_ catalogueId: String) -> String { "/wallet/catalogue/\(catalogueId)" }
    static func addFromCatalogue(_ catalogueId: String) -> String { "/wallet/catalogue/\(catalogueId)/add" }
    static func card(_ id: Int64) -> String { "/wallet/cards/\(id)" }
    static func editCard(_ id: Int64) -> String { "/wallet/cards/\(id)/edit" }
    static func deleteCard(_ id: Int64) -> String { "/wallet/cards/\(id)/delete" }
    static func newBenefit(_ cardId: Int64) -> String { "/wallet/cards/\(cardId)/benefits" }
    static func useBenefit(_ id: Int64) -> String { "/wallet/benefits/\(id)/use" }
    static func unuseBenefit(_ id: Int64) -> String { "/wallet/benefits/\(id)/unuse" }
    static func snoozeBenefit(_ id: Int64) -> String { "/wallet/benefits/\(id)/snooze" }
    static func deleteBenefit(_ id: Int64) -> String { "/wallet/benefits/\(id)/delete" }
    static func editSubscription(_ id: Int64) -> String { "/wallet/subscriptions/\(id)/edit" }
    static func deleteSubscription(_ id: Int64) -> String { "/wallet/subscriptions/\(id)/delete" }
    static func useCoupon(_ id: Int64) -> String { "/wallet/coupons/\(id)/use" }
    static func deleteCoupon(_ id: Int64) -> String { "/wallet/coupons/\(id)/delete" }
}


extension User {
    /// Whole amounts without the cents ("$847"), others as usual ("$12.50").
    func moneyRounded(_ cents: Int64) -> String {
        let text = money(cents)
        return cents % 100 == 0 && text.hasSuffix(".00") ? String(text.dropLast(3)) : text
    }
}

/// A card drawn as a card: gradient, issuer, name, nickname and status pills.
struct CardFace: Sendable {
    let key: String
    let name: String
    let issuer: String
    let nickname: String?
    let start: String
    let end: String
    /// Dark text on a light gradient (Platinum, Rose Gold).
    let light: Bool
    let path: String?
    let availableText: String?
    let expiringText: String?
    let urgency: String
    let allUsed: Bool

    init(_ state: CardState, user: User) {
        let card = state.card
        key = "c\(card.id ?? 0)"
        name = card.name
        issuer = card.issuer
        nickname = card.nickname.isEmpty ? nil : card.nickname
        start = card.gradientStart
        end = card.gradientEnd
        light = Self.isLight(start, end)
        path = WalletPaths.card(card.id ?? 0)
        availableText = "\(user.moneyRounded(state.availableCents)) available"
        let expiring = state.expiringCount
        expiringText = expiring == 0 ? nil : "\(expiring) expiring soon"
        urgency = state.urgency.rawValue
        allUsed = state.allUsed
    }

    init(catalogue card: CardCatalogue.Card, path: String?) {
        key = card.id
        name = card.name
        issuer = card.issuer
        nickname = nil
        start = card.gradient.start
        end = card.gradient.end
        light = Self.isLight(start, end)
        self.path = path
        availableText = nil
        expiringText = nil
        urgency = Urgency.standard.rawValue
        allUsed = false
    }

    /// Whether the gradient's average is light enough to need dark text.
    static func isLight(_ start: String, _ end: String) -> Bool {
        func luminance(_ hex: String) -> Double {
            guard hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return 0 }
            let r = Double((value >> 16) & 0xFF), g = Double((value >> 8) & 0xFF), b = Double(value & 0xFF)
            return (0.299 * r + 0.587 * g + 0.114 * b) / 255
        }
        return (luminance(start) + luminance(end)) / 2 > 0.62
    }
}

/// One benefit row on Card detail or in an "expiring soon" list.
struct BenefitRow: Sendable {
    struct SnoozeChoice: Sendable {
        let days: Int
        let label: String
    }

    let id: Int64
    let name: String
    let details: String?
    let valueText: String
    let periodText: String
    let expiryText: String
    let daysText: String
    let status: String
    let statusLabel: String
    let urgency: String
    let icon: String
    let usedText: String?
    let snoozedText: String?
    let usePath: String
    let unusePath: String
    let snoozePath: String
    let deletePath: String
    let snoozeChoices: [SnoozeChoice]
    let returnTo: String
    let isExpired: Bool

    init(_ state: BenefitState, user: User, returnTo: String, expired: Bool = false) {
        let benefit = state.benefit
        id = benefit.id ?? 0
        name = benefit.name
        details = benefit.details.isEmpty ? nil : benefit.details
        valueText = user.money(benefit.valueCents)
        periodText = "\(user.moneyRounded(benefit.valueCents)) / \(benefit.period.unit)"
        if expired, let missed = state.missedPrevious {
            expiryText = "Expired \(missed.end.shortText)"
            daysText = "Expired"
            status = BenefitStatus.expired.rawValue
            statusLabel = BenefitStatus.expired.label
            urgency = "none"
            icon = "✕"
        } else {
            expiryText = "Expires \(state.window.end.shortText)"
            daysText = daysLeftText(state.daysLeft)
            status = state.status.rawValue
            statusLabel = state.status.label
            urgency = state.status == .used ? "none" : state.urgency.rawValue
            icon = state.status == .used ? "✓" : state.status == .expiringSoon ? "!" : "○"
        }
        usedText = state.use.flatMap { CalendarDay($0.usedOn) }.map { "Used \($0.shortText)" }
        snoozedText = state.snoozed ? benefit.snoozedUntil.flatMap(CalendarDay.init).map { "Snoozed until \($0.shortText)" } : nil
        usePath = WalletPaths.useBenefit(id)
        unusePath = WalletPaths.unuseBenefit(id)
        snoozePath = WalletPaths.snoozeBenefit(id)
        deletePath = WalletPaths.deleteBenefit(id)
        snoozeChoices = Snooze.choices.map { SnoozeChoice(days: $0.days, label: $0.label) }
        self.returnTo = returnTo
        isExpired = expired
    }
}

extension BenefitRow: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "details": details
        case "valueText": valueText
        case "periodText": periodText
        case "expiryText": expiryText
        case "daysText": daysText
        case "status": status
        case "statusLabel": statusLabel
        case "urgency": urgency
        case "icon": icon
        case "usedText": usedText
        case "snoozedText": snoozedText
        case "usePath": usePath
        case "unusePath": unusePath
        case "snoozePath": snoozePath
        case "deletePath": deletePath
        case "snoozeChoices": snoozeChoices
        case "returnTo": returnTo
        case "expiredRow": isExpired
        default: unknownField(name)
        }
    }
}

extension CardFace: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "name": self.name
        case "issuer": issuer
        case "nickname": nickname
        case "start": start
        case "end": end
        case "light": light
        case "path": path
        case "availableText": availableText
        case "expiringText": expiringText
        case "urgency": urgency
        case "allUsed": allUsed
        default: unknownField(name)
        }
    }
}

/// Annual-fee return on Card detail.
struct FeeReturnCard: Sendable {
    let redeemed: String
    let fee: String
    let net: String
    let positive: Bool
    let netLabel: String
    let percentText: String
    let bar: ProgressBar
    let message: String
    let feeDueText: String?
    let feeDueSoon: Bool
    let yearText: String

    init(_ value: FeeReturn, user: User, cardYear: PeriodWindow, feeDue: CalendarDay?, today: CalendarDay) {
        redeemed = user.moneyRounded(value.redeemedCents)
        fee = user.moneyRounded(value.feeCents)
        net = user.moneyRounded(abs(value.netCents))
        positive = value.isPositive
        netLabel = value.isPositive ? "Net gain" : "Net loss"
        let percent = value.percent ?? 100
        percentText = "\(percent)%"
        bar = ProgressBar(percent: percent, label: "\(percent)% of the annual fee redeemed",
                          modifier: value.isPositive ? "progress--complete" : "")
        message = value.isPositive ? "✓ You've earned back your fee!"
            : "↑ Redeem \(user.moneyRounded(value.toBreakEvenCents)) more to break even"
        if let feeDue {
            let days = today.distance(to: feeDue)
            feeDueText = days == 0 ? "Fee due today" : days == 1 ? "Fee due tomorrow" : "Fee due in \(days) days"
            feeDueSoon = days < 30
        } else {
            feeDueText = nil
            feeDueSoon = false
        }
        yearText = "Card year \(cardYear.start.shortText) – \(cardYear.end.shortText)"
    }
}

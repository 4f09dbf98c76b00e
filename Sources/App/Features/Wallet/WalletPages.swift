import Foundation
import Views

extension User {
    /// Whole amounts without the cents ("$847"), others as usual ("$12.50").
    func moneyRounded(_ cents: Int64) -> String {
        let text = money(cents)
        return cents % 100 == 0 && text.hasSuffix(".00") ? String(text.dropLast(3)) : text
    }
}

typealias CardFace = WalletPages.CardFace
typealias BenefitRow = WalletPages.BenefitRow
typealias FeeReturnCard = WalletPages.FeeReturnCard

extension CardFace {
    init(_ state: CardState, user: User) {
        let card = state.card
        let expiring = state.expiringCount
        self.init(
            key: "c\(card.id ?? 0)", name: card.name, issuer: card.issuer,
            nickname: card.nickname.isEmpty ? nil : card.nickname,
            start: card.gradientStart, end: card.gradientEnd, light: Self.isLight(card.gradientStart, card.gradientEnd),
            path: WalletPaths.card(card.id ?? 0),
            availableText: "\(user.moneyRounded(state.availableCents)) available",
            expiringText: expiring == 0 ? nil : "\(expiring) expiring soon",
            urgency: state.urgency.rawValue, allUsed: state.allUsed)
    }

    init(catalogue card: CardCatalogue.Card, path: String?) {
        self.init(
            key: card.id, name: card.name, issuer: card.issuer, nickname: nil,
            start: card.gradient.start, end: card.gradient.end, light: Self.isLight(card.gradient.start, card.gradient.end),
            path: path, availableText: nil, expiringText: nil, urgency: Urgency.standard.rawValue, allUsed: false)
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

extension BenefitRow {
    /// One benefit row on Card detail; `expired` for last period's missed benefit.
    init(_ state: BenefitState, user: User, returnTo: String, expired: Bool = false) {
        let benefit = state.benefit
        let id = benefit.id ?? 0
        let expiryText: String, daysText: String, status: String, statusLabel: String, urgency: String, icon: String
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
        self.init(
            name: benefit.name,
            details: benefit.details.isEmpty ? nil : benefit.details,
            valueText: user.money(benefit.valueCents),
            periodText: "\(user.moneyRounded(benefit.valueCents)) / \(benefit.period.unit)",
            expiryText: expiryText, daysText: daysText, status: status, statusLabel: statusLabel, urgency: urgency,
            icon: icon,
            usedText: state.use.flatMap { CalendarDay($0.usedOn) }.map { "Used \($0.shortText)" },
            snoozedText: state.snoozed ? benefit.snoozedUntil.flatMap(CalendarDay.init).map { "Snoozed until \($0.shortText)" } : nil,
            usePath: WalletPaths.useBenefit(id),
            unusePath: WalletPaths.unuseBenefit(id),
            snoozePath: WalletPaths.snoozeBenefit(id),
            deletePath: WalletPaths.deleteBenefit(id),
            snoozeChoices: Snooze.choices.map { .init(days: $0.days, label: $0.label) },
            returnTo: returnTo,
            isExpired: expired)
    }
}

extension FeeReturnCard {
    /// Annual-fee return on Card detail.
    init(_ value: FeeReturn, user: User, cardYear: PeriodWindow, feeDue: CalendarDay?, today: CalendarDay) {
        let percent = value.percent ?? 100
        let days = feeDue.map { today.distance(to: $0) }
        self.init(
            redeemed: user.moneyRounded(value.redeemedCents),
            fee: user.moneyRounded(value.feeCents),
            net: user.moneyRounded(abs(value.netCents)),
            positive: value.isPositive,
            netLabel: value.isPositive ? "Net gain" : "Net loss",
            percentText: "\(percent)%",
            bar: ProgressBar(percent: percent, label: "\(percent)% of the annual fee redeemed",
                             modifier: value.isPositive ? "progress--complete" : ""),
            message: value.isPositive ? "✓ You've earned back your fee!"
                : "↑ Redeem \(user.moneyRounded(value.toBreakEvenCents)) more to break even",
            feeDueText: days.map { $0 == 0 ? "Fee due today" : $0 == 1 ? "Fee due tomorrow" : "Fee due in \($0) days" },
            feeDueSoon: days.map { $0 < 30 } ?? false,
            yearText: "Card year \(cardYear.start.shortText) – \(cardYear.end.shortText)")
    }
}

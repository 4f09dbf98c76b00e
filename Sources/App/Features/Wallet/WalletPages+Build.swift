import Foundation

/// Amounts of cards in different currencies, added per currency and never across them (there is no conversion).
struct CurrencyTotals: Sendable {
    private var cents: [String: Int64] = [:]

    mutating func add(_ amount: Int64, in currency: Currency) { cents[currency.code, default: 0] += amount }

    /// "$847", or one total per currency, `first` (the user's) first: "€120 · $847".
    func text(first: Currency, format: RegionFormat) -> String {
        let codes = cents.keys.sorted { a, b in (a == first.code ? 0 : 1, a) < (b == first.code ? 0 : 1, b) }
        guard !codes.isEmpty else { return format.moneyRounded(0, first) }
        return codes.map { format.moneyRounded(cents[$0] ?? 0, Currency.named($0)) }.joined(separator: " · ")
    }
}

typealias CardFace = WalletPages.CardFace
typealias BenefitRow = WalletPages.BenefitRow
typealias FeeReturnCard = WalletPages.FeeReturnCard

extension CardFace {
    init(_ state: CardState, format: RegionFormat, t: Words) {
        let card = state.card
        let expiring = state.expiringCount
        let text = Self.text(card.gradientStart, card.gradientEnd)
        self.init(
            key: "c\(card.id ?? 0)",
            name: card.name,
            issuer: card.issuer,
            nickname: card.nickname.isEmpty ? nil : card.nickname,
            start: card.gradientStart,
            end: card.gradientEnd,
            light: text.dark,
            link: .card(card.id ?? 0),
            availableText: t[
                "wallet.card.available",
                ["amount": format.moneyRounded(state.availableCents, card.currencyValue)]
            ],
            expiringText: expiring == 0 ? nil : t.plural("wallet.card.expiring", count: expiring),
            urgency: state.urgency.rawValue,
            allUsed: state.allUsed,
            scrim: text.scrim
        )
    }

    /// A card of the catalogue; `linked` to its preview.
    init(catalogue card: CardCatalogue.Card, linked: Bool) {
        let text = Self.text(card.gradient.start, card.gradient.end)
        self.init(
            key: card.id,
            name: card.name,
            issuer: card.issuer,
            nickname: nil,
            start: card.gradient.start,
            end: card.gradient.end,
            light: text.dark,
            link: linked ? .catalogue(card.id) : nil,
            availableText: nil,
            expiringText: nil,
            urgency: Urgency.standard.rawValue,
            allUsed: false,
            scrim: text.scrim
        )
    }

    /// The text a gradient takes: dark where dark text reads at 4.5:1 on both of its ends, else white, with as
    /// little black laid over the gradient (`scrim`, in steps of 0.05) as white text needs to read at 4.5:1 on its
    /// lighter end.
    static func text(_ start: String, _ end: String) -> (dark: Bool, scrim: Double) {
        let darker = min(Contrast.luminance(start), Contrast.luminance(end))
        if Contrast.ratio(darker, Contrast.luminance(Self.darkText)) >= 4.5 { return (true, 0) }
        for step in 0...12 {
            let scrim = Double(step) * 0.05
            // Black at `scrim` over a colour keeps (1 − scrim) of each sRGB channel.
            if Contrast.ratio(1, Contrast.luminance(Self.lighterEnd(start, end), scale: 1 - scrim)) >= 4.5 {
                return (false, scrim)
            }
        }
        return (false, 0.6)
    }

    /// The dark text of light cards (`.wallet-card--light`).
    static let darkText = "#1C1C1E"

    static func lighterEnd(_ start: String, _ end: String) -> String {
        Contrast.luminance(start) >= Contrast.luminance(end) ? start : end
    }
}

extension BenefitRow {
    /// One benefit row on Card detail; `expired` for last period's missed benefit.
    init(
        _ state: BenefitState,
        currency: Currency,
        format: RegionFormat,
        t: Words,
        returnTo: String,
        expired: Bool = false
    ) {
        let benefit = state.benefit
        let id = benefit.id ?? 0
        let expiryText: String
        let daysText: String
        let status: String
        let statusLabel: String
        let urgency: String
        let icon: String
        if expired, let missed = state.missedPrevious {
            expiryText = t["wallet.benefit.expired_on", ["date": t.date(missed.end)]]
            daysText = t["wallet.days_left.expired"]
            status = BenefitStatus.expired.rawValue
            statusLabel = BenefitStatus.expired.label(t)
            urgency = "none"
            icon = "✕"
        } else {
            expiryText = t["wallet.benefit.expires_on", ["date": t.date(state.window.end)]]
            daysText = daysLeftText(state.daysLeft, t)
            status = state.status.rawValue
            statusLabel = state.status.label(t)
            urgency = state.status == .used ? "none" : state.urgency.rawValue
            icon = state.status == .used ? "✓" : state.status == .expiringSoon ? "!" : "○"
        }
        self.init(
            id: id,
            name: benefit.name,
            details: benefit.details.isEmpty ? nil : benefit.details,
            valueText: format.money(benefit.valueCents, currency),
            periodText: t[
                "wallet.benefit.per_period",
                ["amount": format.moneyRounded(benefit.valueCents, currency), "unit": benefit.period.unit(t)]
            ],
            expiryText: expiryText,
            daysText: daysText,
            status: status,
            statusLabel: statusLabel,
            urgency: urgency,
            icon: icon,
            usedText: state.use.flatMap { use in
                CalendarDay(use.usedOn).map { day in
                    // A part of the value redeemed says how much; the whole value goes without saying.
                    use.valueCents == benefit.valueCents
                        ? t["wallet.benefit.used_on", ["date": t.date(day)]]
                        : t[
                            "wallet.benefit.used_part",
                            ["date": t.date(day), "amount": format.money(use.valueCents, currency)]
                        ]
                }
            },
            snoozedText: state.snoozed
                ? benefit.snoozedUntil.flatMap(CalendarDay.init).map {
                    t["wallet.benefit.snoozed_until", ["date": t.date($0)]]
                } : nil,
            snoozeChoices: Snooze.choices(t).map { .init(days: $0.days, label: $0.label) },
            returnTo: returnTo,
            isExpired: expired
        )
    }
}

extension FeeReturnCard {
    /// Annual-fee return on Card detail.
    init(
        _ value: FeeReturn,
        currency: Currency,
        format: RegionFormat,
        cardYear: PeriodWindow,
        feeDue: CalendarDay?,
        today: CalendarDay,
        t: Words
    ) {
        let percent = value.percent ?? 100
        let days = feeDue.map { today.distance(to: $0) }
        self.init(
            redeemed: format.moneyRounded(value.redeemedCents, currency),
            fee: format.moneyRounded(value.feeCents, currency),
            net: format.moneyRounded(abs(value.netCents), currency),
            positive: value.isPositive,
            netLabel: value.isPositive ? t["wallet.roi.gain"] : t["wallet.roi.loss"],
            percentText: t.format.percent(percent),
            bar: ProgressBar(
                percent: percent,
                label: t["wallet.roi.bar", ["percent": t.format.percent(percent)]],
                modifier: value.isPositive ? "progress--complete" : ""
            ),
            message: value.isPositive
                ? t["wallet.roi.earned"]
                : t["wallet.roi.to_go", ["amount": format.moneyRounded(value.toBreakEvenCents, currency)]],
            feeDueText: days.map {
                $0 == 0
                    ? t["wallet.roi.due_today"]
                    : $0 == 1 ? t["wallet.roi.due_tomorrow"] : t.plural("wallet.roi.due_in", count: $0)
            },
            feeDueSoon: days.map { $0 < 30 } ?? false,
            yearText: t["wallet.card_year", ["start": t.date(cardYear.start), "end": t.date(cardYear.end)]]
        )
    }
}

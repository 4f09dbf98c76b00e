import Foundation

/// Building Home's wallet widgets, and keeping them until the wallet changes. Nil when the user has nothing in the
/// wallet.
///
/// The kept widgets are right by construction: `build` sees only the rows read from the wallet's tables, whose
/// triggers raise the user's wallet revision on every write (migration v10), and the `Inputs` that are the rest of
/// the cache key. Nothing else of the user or the request can reach it.
extension WalletWidgets {
    /// Everything besides the wallet's rows that the widgets are built from; also the cache key beside the revision.
    struct Inputs: Equatable, Sendable {
        let today: CalendarDay
        let currency: Currency
        let timeZone: TimeZone
        let region: Region

        init(user: User, today: CalendarDay) {
            self.today = today
            currency = user.currencyValue
            timeZone = user.calendarTimeZone
            region = Region.named(user.region)
        }

        /// How the user's region writes amounts.
        var format: RegionFormat { .of(region) }

        /// An amount in the user's currency (subscriptions, coupons); a card's amounts are in the card's.
        func money(_ cents: Int64) -> String { format.money(cents, currency) }

        /// Whole amounts without the cents ("$847"), others as usual ("$12.50").
        func moneyRounded(_ cents: Int64) -> String { format.moneyRounded(cents, currency) }
    }

    /// Home's wallet widgets per user, kept until the wallet changes (the `wallet` revision), so a visit to Home
    /// doesn't read and work through every card, benefit, subscription and coupon again.
    typealias Cache = UserCache<Inputs, WalletWidgets?>

    static let shown = 5
    /// Home stays calm: at most this many banners, urgent ones first.
    static let maxInsights = 2

    /// The widgets for what Home's read found (`MemberStore.walletWidgetData`, asked with `kept?.revision`): the kept
    /// ones while the wallet is unchanged, else built again and kept.
    static func resolve(
        _ read: WalletWidgetRead,
        kept: Cache.Entry?,
        inputs: Inputs,
        cache: Cache,
        userId: Int64
    )
        -> WalletWidgets?
    {
        switch read {
        case .unchanged:
            return kept?.value
        case .fresh(let revision, let data):
            let widgets = data.map { build($0, inputs) }
            cache.store(.init(key: inputs, revision: revision, value: widgets), userId: userId)
            return widgets
        }
    }

    static func build(_ data: WalletWidgetData, _ inputs: Inputs) -> WalletWidgets {
        let (snapshot, subscriptions, coupons, today) = (data.snapshot, data.subscriptions, data.coupons, inputs.today)
        let cards = WalletState.cards(snapshot, today: today, timeZone: inputs.timeZone)
        var entries: [(days: Int, value: Int64, item: Item)] = []
        for card in cards {
            let cardName = card.card.nickname.isEmpty ? card.card.name : "\(card.card.name) · \(card.card.nickname)"
            for benefit in card.benefits where benefit.isExpiringSoon {
                let id = benefit.benefit.id ?? 0
                entries.append(
                    (
                        benefit.daysLeft, benefit.benefit.valueCents,
                        Item(
                            subject: .benefit(id, card: card.card.id ?? 0),
                            title:
                                "\(inputs.format.moneyRounded(benefit.benefit.valueCents, card.card.currencyValue)) \(benefit.benefit.name)",
                            subtitle: cardName,
                            daysText: daysLeftText(benefit.daysLeft),
                            urgency: benefit.urgency.rawValue
                        )
                    )
                )
            }
        }
        let upcoming = WalletController.upcoming(subscriptions, today: today)
        let renewingSoon = upcoming.filter { today.distance(to: $0.1) <= 7 }
        for (subscription, next) in renewingSoon {
            let days = today.distance(to: next)
            entries.append(
                (
                    days, subscription.amountCents,
                    Item(
                        subject: .renewal(subscription.id ?? 0),
                        title: "\(subscription.name) renews",
                        subtitle: "Subscription · \(inputs.money(subscription.amountCents))",
                        daysText: days == 0 ? "Today" : days == 1 ? "Tomorrow" : "In \(days) days",
                        urgency: (days <= 1 ? Urgency.critical : Urgency(daysLeft: days)).rawValue
                    )
                )
            )
        }
        var expiringToday = 0
        var expiringWeek = 0
        for coupon in coupons {
            guard let expires = CalendarDay(coupon.expiresOn) else { continue }
            let days = today.distance(to: expires)
            if days == 0 { expiringToday += 1 } else { expiringWeek += 1 }
            entries.append(
                (
                    days, coupon.valueCents ?? 0,
                    Item(
                        subject: .coupon(coupon.id ?? 0),
                        title: coupon.name,
                        subtitle: "Coupon · \(coupon.category)",
                        daysText: daysLeftText(days),
                        urgency: Urgency(daysLeft: days).rawValue
                    )
                )
            )
        }
        entries.sort { a, b in a.days != b.days ? a.days < b.days : a.value > b.value }
        let shown = entries.prefix(shown).map(\.item)

        // Each with the days until it is due, so the most pressing comes first: a fee due today before one due tomorrow.
        var insights: [(days: Int, insight: Insight)] = []
        if renewingSoon.count >= 3 {
            let total = renewingSoon.reduce(0) { $0 + $1.0.amountCents }
            let soonest = renewingSoon.map { today.distance(to: $0.1) }.min() ?? 0
            insights.append(
                (
                    soonest,
                    Insight(
                        subject: .renewals,
                        text: "\(renewingSoon.count) subscriptions renew this week: \(inputs.moneyRounded(total))",
                        urgent: false
                    )
                )
            )
        }
        if expiringToday > 0 {
            insights.append(
                (
                    0,
                    Insight(
                        subject: .coupons,
                        text: expiringToday == 1 ? "1 coupon expires today!" : "\(expiringToday) coupons expire today!",
                        urgent: true
                    )
                )
            )
        }
        for card in cards.map(\.card) where card.annualFeeCents > 0 {
            guard let anniversary = card.anniversary else { continue }
            let days = today.distance(to: CardYear.nextOccurrence(of: anniversary, onOrAfter: today))
            if days < 30 {
                let when = days == 0 ? "today" : days == 1 ? "tomorrow" : "in \(days) days"
                let fee = inputs.format.moneyRounded(card.annualFeeCents, card.currencyValue)
                insights.append(
                    (
                        days,
                        Insight(
                            subject: .annualFee(card: card.id ?? 0),
                            text: "\(card.name) \(fee) annual fee due \(when)",
                            urgent: days <= 7
                        )
                    )
                )
            }
        }
        let ranked = insights.enumerated().sorted { a, b in
            (a.element.insight.urgent ? 0 : 1, a.element.days, a.offset) < (
                b.element.insight.urgent ? 0 : 1, b.element.days, b.offset
            )
        }.map(\.element.insight)
        let shownInsights = Array(ranked.prefix(maxInsights))
        var total = CurrencyTotals()
        for card in cards { total.add(card.availableCents, in: card.card.currencyValue) }
        let couponsText: String? =
            coupons.isEmpty
            ? nil
            : "\(expiringToday) \(expiringToday == 1 ? "expires" : "expire") today · \(expiringWeek) \(expiringWeek == 1 ? "expires" : "expire") this week"
        let renewalsText: String? =
            renewingSoon.isEmpty
            ? nil
            : renewingSoon.count == 1
                ? "\(renewingSoon[0].0.name) renews \(renewingSoon[0].1 == today ? "today" : renewingSoon[0].1 == today.adding(days: 1) ? "tomorrow" : "this week")"
                : "\(renewingSoon.count) renew this week"
        var widgets = WalletWidgets(
            totalText: total.text(first: inputs.currency, format: inputs.format),
            cardsText: "Across \(cards.count) \(cards.count == 1 ? "card" : "cards")",
            hasCards: !cards.isEmpty,
            items: shown,
            moreText: entries.count > shown.count ? "See all \(entries.count)" : nil,
            subscriptions: subscriptions.isEmpty
                ? nil
                : SubscriptionsMini(
                    monthlyText: "\(inputs.money(WalletController.monthlyTotal(subscriptions)))/mo total",
                    renewalsText: renewalsText
                ),
            couponsText: couponsText,
            insights: shownInsights
        )
        widgets.recent = RecentlyUsed(items: data.recent.map { recentItem($0, inputs) })
        return widgets
    }

    /// A "Recently used" line: "$10 Dining credit", its card, "Used 5 Nov", linking to the benefit's history or
    /// to the coupons.
    static func recentItem(_ use: RecentUse, _ inputs: Inputs) -> RecentlyUsed.Item {
        let currency = use.currency.map(Currency.named) ?? inputs.currency
        let value = use.cents.map { inputs.format.moneyRounded($0, currency) + " " } ?? ""
        let used = CalendarDay(use.usedOn).map { "Used \($0.dayMonthText)" } ?? "Used"
        if use.isBenefit {
            return .init(
                benefitId: use.id,
                title: value + use.name,
                subtitle: use.nickname.isEmpty ? use.cardName : "\(use.cardName) · \(use.nickname)",
                usedText: used
            )
        }
        return .init(
            benefitId: nil,
            title: value + use.name,
            subtitle: "Coupon · \(use.cardName)",
            usedText: used
        )
    }
}

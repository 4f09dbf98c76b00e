import Foundation

/// Building Home's wallet widgets, and keeping them until the wallet changes. Nil when the user has nothing in the
/// wallet.
///
/// The kept widgets are right by construction: `build` sees only the rows read from the wallet's tables, whose
/// triggers raise the user's wallet revision on every write (migration v10), and the `Inputs` that are the rest of
/// the cache key. Nothing else of the user or the request can reach it.
extension WalletWidgets {
    /// Everything besides the wallet's rows that the widgets are built from; also the cache key beside the revision.
    /// The widgets speak the request's language, so it is part of the key: a member who switches to German never
    /// gets the English widgets kept from before.
    struct Inputs: Equatable, Sendable {
        let today: CalendarDay
        let currency: Currency
        let timeZone: TimeZone
        let region: Region
        let language: Language
        /// The request's words; `language` stands for them in the key.
        let t: Words

        init(user: User, today: CalendarDay, t: Words) {
            self.today = today
            currency = user.currencyValue
            timeZone = user.calendarTimeZone
            region = Region.named(user.region)
            language = t.language
            self.t = t
        }

        static func == (a: Inputs, b: Inputs) -> Bool {
            (a.today, a.currency, a.timeZone, a.region, a.language) == (
                b.today, b.currency, b.timeZone, b.region, b.language
            )
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
        let t = inputs.t
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
                            daysText: daysLeftText(benefit.daysLeft, t),
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
                        title: t["wallet.widgets.renews", ["name": subscription.name]],
                        subtitle: t["wallet.widgets.subscription", ["amount": inputs.money(subscription.amountCents)]],
                        daysText: WalletController.dueText(days, t),
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
                        subtitle: t[
                            "wallet.widgets.coupon",
                            ["category": CouponRules.categoryLabel(coupon.category, t)]
                        ],
                        daysText: daysLeftText(days, t),
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
                        text: t.plural(
                            "wallet.widgets.insight_renewals",
                            count: renewingSoon.count,
                            ["amount": inputs.moneyRounded(total)]
                        ),
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
                        text: t.plural("wallet.widgets.insight_coupons", count: expiringToday),
                        urgent: true
                    )
                )
            )
        }
        for card in cards.map(\.card) where card.annualFeeCents > 0 {
            guard let anniversary = card.anniversary else { continue }
            let days = today.distance(to: CardYear.nextOccurrence(of: anniversary, onOrAfter: today))
            if days < 30 {
                let fee = inputs.format.moneyRounded(card.annualFeeCents, card.currencyValue)
                let text =
                    switch days {
                    case 0: t["wallet.widgets.fee_today", ["card": card.name, "amount": fee]]
                    case 1: t["wallet.widgets.fee_tomorrow", ["card": card.name, "amount": fee]]
                    default: t.plural("wallet.widgets.fee_in", count: days, ["card": card.name, "amount": fee])
                    }
                insights.append(
                    (
                        days,
                        Insight(
                            subject: .annualFee(card: card.id ?? 0),
                            text: text,
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
            : t.plural("wallet.widgets.coupons_today", count: expiringToday) + " · "
                + t.plural("wallet.widgets.coupons_week", count: expiringWeek)
        let renewalsText: String? =
            renewingSoon.isEmpty
            ? nil
            : renewingSoon.count == 1
                ? renewsText(renewingSoon[0].0.name, on: renewingSoon[0].1, today: today, t)
                : t.plural("wallet.widgets.renew_count", count: renewingSoon.count)
        var widgets = WalletWidgets(
            totalText: total.text(first: inputs.currency, format: inputs.format),
            cardsText: t.plural("wallet.index.across", count: cards.count),
            hasCards: !cards.isEmpty,
            items: shown,
            moreText: entries.count > shown.count
                ? t["wallet.widgets.see_all", ["count": t.format.number(entries.count)]] : nil,
            subscriptions: subscriptions.isEmpty
                ? nil
                : SubscriptionsMini(
                    monthlyText: t[
                        "wallet.widgets.monthly",
                        ["amount": inputs.money(WalletController.monthlyTotal(subscriptions))]
                    ],
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
    /// "Netflix renews today", "… tomorrow", "… this week".
    static func renewsText(_ name: String, on day: CalendarDay, today: CalendarDay, _ t: Words) -> String {
        switch today.distance(to: day) {
        case 0: t["wallet.widgets.renews_today", ["name": name]]
        case 1: t["wallet.widgets.renews_tomorrow", ["name": name]]
        default: t["wallet.widgets.renews_week", ["name": name]]
        }
    }

    static func recentItem(_ use: RecentUse, _ inputs: Inputs) -> RecentlyUsed.Item {
        let t = inputs.t
        let currency = use.currency.map(Currency.named) ?? inputs.currency
        let value = use.cents.map { inputs.format.moneyRounded($0, currency) + " " } ?? ""
        let used =
            CalendarDay(use.usedOn).map { t["wallet.benefit.used_on", ["date": t.dayMonth($0)]] }
            ?? t["wallet.benefit.status.used"]
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
            subtitle: t["wallet.widgets.coupon", ["category": CouponRules.categoryLabel(use.cardName, t)]],
            usedText: used
        )
    }
}

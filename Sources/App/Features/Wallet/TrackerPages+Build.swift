import Foundation

/// The Tracker's view models: subscription and coupon rows, coupon groups, and the totals behind them.
extension WalletController {
    /// "Later" shows this many coupons unless all are asked for, so the page stays quick on big wallets.
    static let laterShown = 50

    /// The subscriptions with their next renewal on or after `today`, soonest first.
    static func upcoming(_ subscriptions: [Subscription], today: CalendarDay) -> [(Subscription, CalendarDay)] {
        subscriptions.map { ($0, $0.nextRenewal(today: today)) }.sorted { a, b in
            a.1 != b.1 ? a.1 < b.1 : a.0.name < b.0.name
        }
    }

    static func monthlyTotal(_ subscriptions: [Subscription]) -> Int64 {
        subscriptions.reduce(0) { $0 + $1.frequency.monthlyCents($1.amountCents) }
    }
}

extension TrackerPages.SubscriptionRow {
    init(
        _ subscription: Subscription,
        next: CalendarDay,
        today: CalendarDay,
        user: User,
        t: Words,
        cardNames: [Int64: String]
    ) {
        let days = today.distance(to: next)
        self.init(
            id: subscription.id ?? 0,
            name: subscription.name,
            initials: SubscriptionTemplate.initials(subscription.name),
            amountText: user.money(subscription.amountCents) + subscription.frequency.suffix(t),
            renewText: days == 0
                ? t["wallet.subscriptions.renews_today"]
                : days == 1
                    ? t["wallet.subscriptions.renews_tomorrow"]
                    : days <= 7
                        ? t.plural("wallet.subscriptions.renews_in", count: days)
                        : t["wallet.subscriptions.renews_on", ["date": t.date(next)]],
            urgency: (days <= 1 ? Urgency.critical : Urgency(daysLeft: days)).rawValue,
            cardName: subscription.cardId.flatMap { cardNames[$0] },
            category: CouponRules.categoryLabel(subscription.category, t)
        )
    }
}

extension TrackerPages.CouponRow {
    init(_ coupon: Coupon, today: CalendarDay, user: User, t: Words) {
        let id = coupon.id ?? 0
        let daysText: String
        let urgency: String
        let expires = CalendarDay(coupon.expiresOn) ?? today
        let days = today.distance(to: expires)
        if let usedOn = coupon.usedOn.flatMap(CalendarDay.init) {
            daysText = t["wallet.benefit.used_on", ["date": t.date(usedOn)]]
            urgency = "none"
        } else if days < 0 {
            daysText = t["wallet.benefit.expired_on", ["date": t.date(expires)]]
            urgency = "none"
        } else {
            daysText =
                days == 0
                ? t["wallet.days_left.today"]
                : days <= 7
                    ? t.plural("wallet.days_left.days", count: days)
                    : t["wallet.benefit.expires_on", ["date": t.date(expires)]]
            urgency = Urgency(daysLeft: days).rawValue
        }
        self.init(
            id: id,
            name: coupon.name,
            details: coupon.details.isEmpty ? nil : coupon.details,
            category: CouponRules.categoryLabel(coupon.category, t),
            valueText: coupon.valueCents.map { t["wallet.coupons.off", ["amount": user.money($0)]] },
            code: coupon.code.isEmpty ? nil : coupon.code,
            daysText: daysText,
            urgency: urgency,
            used: coupon.usedOn != nil
        )
    }
}

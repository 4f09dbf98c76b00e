import Foundation
import GRDB

/// What is due for one user on one day, worked out from their wallet and stashes. The engine records the result;
/// the rules live here, apart from any clock or database, so they can be checked one by one.
struct ReminderRules {
    let user: User
    let today: CalendarDay
    /// How many days ahead the user wants to hear about benefits, coupons and renewals.
    let leadDays: Int
    /// How often stashes behind pace are named: `off`, `weekly` (on `weekday`, 1 = Monday) or `monthly`.
    var nudgeFrequency = "weekly"
    var weekday = 1
    /// The words the reminders are written in: the member's language, for they are recorded as text.
    let t: Words

    init(user: User, today: CalendarDay, leadDays: Int, t: Words) {
        self.user = user
        self.today = today
        self.leadDays = leadDays
        self.t = t
    }

    /// An annual fee is announced this many days ahead, whatever the lead time.
    static let feeNoticeDays = 30
    /// A monthly summary missed on the 1st (the server was down) is still recorded in the month's first week.
    static let summaryCatchUpDays = 7
    /// Monthly nudges come mid-month, when there is still time to catch up.
    static let monthlyNudgeDay = 15

    private var last: CalendarDay { today.adding(days: leadDays) }

    /// Card benefits not used in their period, within the lead time, and a last call on their final day; nothing
    /// for a snoozed benefit until the snooze ends.
    func benefits(_ cards: [CardState]) -> [Reminder] {
        cards.filter(\.card.notify).flatMap { card in
            card.benefits.compactMap { state -> Reminder? in
                guard state.isOpen, !state.snoozed, state.daysLeft <= leadDays, let id = state.benefit.id else {
                    return nil
                }
                let lastCall = state.daysLeft == 0
                let value = user.money(state.benefit.valueCents, in: card.card.currencyValue)
                return make(
                    lastCall ? .benefitLastCall : .benefit,
                    subject: "benefit:\(id)",
                    dueOn: state.window.end,
                    title: lastCall
                        ? t["notifications.reminders.benefit_last_day", ["name": state.benefit.name]]
                        : t["notifications.reminders.benefit", ["name": state.benefit.name]],
                    body: t[
                        "notifications.reminders.benefit_body",
                        ["value": value, "card": card.card.name, "when": daysLeftText(state.daysLeft)]
                    ],
                    path: WalletPaths.card(card.card.id ?? 0)
                )
            }
        }
    }

    /// Open coupons that expire within the lead time.
    func coupons(_ coupons: [Coupon]) -> [Reminder] {
        coupons.compactMap { coupon -> Reminder? in
            guard coupon.usedOn == nil, let id = coupon.id, let expires = CalendarDay(coupon.expiresOn),
                expires >= today, expires <= last
            else { return nil }
            let value = coupon.valueCents.map { user.money($0) + " · " } ?? ""
            let days = today.distance(to: expires)
            return make(
                .coupon,
                subject: "coupon:\(id)",
                dueOn: expires,
                title: t["notifications.reminders.coupon", ["name": coupon.name]],
                body: value
                    + (days == 0
                        ? t["notifications.reminders.expires_today"]
                        : days == 1
                            ? t["notifications.reminders.expires_tomorrow"]
                            : t.plural("notifications.reminders.expires_in", count: days)),
                path: WalletPaths.coupons
            )
        }
    }

    /// Subscriptions that renew within the lead time, with the card they are paid with.
    func renewals(_ subscriptions: [Subscription], cards: [WalletCard]) -> [Reminder] {
        let cardNames = Dictionary(
            cards.compactMap { card in card.id.map { ($0, card.name) } },
            uniquingKeysWith: { a, _ in a }
        )
        return subscriptions.compactMap { subscription -> Reminder? in
            guard let id = subscription.id, let start = CalendarDay(subscription.renewsOn) else { return nil }
            let next = subscription.frequency.nextRenewal(from: start, onOrAfter: today)
            guard next <= last else { return nil }
            let amount = user.money(subscription.amountCents)
            let days = today.distance(to: next)
            let when =
                days == 0
                ? t["notifications.reminders.renews_today"]
                : days == 1
                    ? t["notifications.reminders.renews_tomorrow"]
                    : t.plural("notifications.reminders.renews_in", count: days)
            let body =
                subscription.cardId.flatMap { cardNames[$0] }.map {
                    t["notifications.reminders.renewal_body_card", ["amount": amount, "card": $0, "when": when]]
                } ?? t["notifications.reminders.renewal_body", ["amount": amount, "when": when]]
            return make(
                .renewal,
                subject: "subscription:\(id)",
                dueOn: next,
                title: t["notifications.reminders.renewal", ["name": subscription.name]],
                body: body,
                path: WalletPaths.tracker
            )
        }
    }

    /// Annual fees due within 30 days (or the lead time, when that is longer).
    func annualFees(_ cards: [WalletCard]) -> [Reminder] {
        cards.compactMap { card -> Reminder? in
            guard let id = card.id, card.notify, card.annualFeeCents > 0, let anniversary = card.anniversary else {
                return nil
            }
            let due = CardYear.nextOccurrence(of: anniversary, onOrAfter: today)
            let days = today.distance(to: due)
            guard days <= max(Self.feeNoticeDays, leadDays) else { return nil }
            let when =
                days == 0
                ? t["notifications.reminders.due_today"]
                : days == 1
                    ? t["notifications.reminders.due_tomorrow"]
                    : t.plural("notifications.reminders.due_in", count: days)
            return make(
                .annualFee,
                subject: "card:\(id)",
                dueOn: due,
                title: t["notifications.reminders.annual_fee", ["name": card.name]],
                body: t[
                    "notifications.reminders.annual_fee_body",
                    ["amount": user.money(card.annualFeeCents, in: card.currencyValue), "when": when]
                ],
                path: WalletPaths.card(id)
            )
        }
    }

    /// The stashes behind pace this month, named in one nudge: weekly on the user's weekday (or later that week,
    /// if the engine missed the day), or monthly from the 15th. A stash with its reminder off is never named.
    func nudge(_ summaries: [StashSummary]) -> [Reminder] {
        let month = today.monthValue
        let dueOn: CalendarDay
        switch nudgeFrequency {
        case "weekly": dueOn = today.adding(days: -((today.weekday - weekday + 7) % 7))
        case "monthly": dueOn = month.firstDay.adding(days: Self.monthlyNudgeDay - 1)
        default: return []
        }
        guard dueOn <= today, dueOn.monthValue == month else { return [] }
        let behind = summaries.filter { summary in
            summary.stash.reminder != .off && summary.stash.kind == .save
                && Self.isBehindPace(summary.progress, today: today)
        }
        guard !behind.isEmpty else { return [] }
        let daysLeft = today.distance(to: month.lastDay)
        let lines = behind.map { summary in
            t.plural(
                "notifications.reminders.nudge_line",
                count: daysLeft,
                [
                    "name": summary.stash.name, "percent": t.format.number(summary.progress.percent),
                    "amount": user.money(summary.progress.targetCents - summary.progress.totalCents),
                ]
            )
        }
        return [
            make(
                .nudge,
                subject: "nudge:\(nudgeFrequency)",
                dueOn: dueOn,
                title: t.plural("notifications.reminders.nudge", count: behind.count),
                body: lines.joined(separator: "\n"),
                path: behind.count == 1 ? StashPaths.show(behind[0].stash.id ?? 0) : HomePaths.index
            )
        ]
    }

    /// Last month in numbers, on the 1st (or later in the month's first week, if the engine missed the 1st).
    func summary(lastMonth totals: LedgerTotals, badges: (count: Int, points: Int)) -> [Reminder] {
        let first = today.monthValue.firstDay
        guard today.distance(to: first) > -Self.summaryCatchUpDays else { return [] }
        let month = today.monthValue.previous
        var body = t[
            "notifications.reminders.summary_body",
            ["saved": user.money(totals.savedCents), "spent": user.money(totals.spentCents)]
        ]
        if badges.count > 0 {
            body +=
                " "
                + t.plural(
                    "notifications.reminders.summary_badges",
                    count: badges.count,
                    ["points": t.format.number(badges.points)]
                )
        }
        return [
            make(
                .summary,
                subject: "month:\(month)",
                dueOn: first,
                title: t["notifications.reminders.summary", ["month": t.month(month)]],
                body: body,
                path: StatisticsPaths.index + "?view=monthly&period=\(month)"
            )
        ]
    }

    /// A save stash is behind when it has less of its target than the share of the month gone by.
    static func isBehindPace(_ progress: StashProgress, today: CalendarDay) -> Bool {
        guard progress.targetCents > 0, progress.totalCents < progress.targetCents else { return false }
        let month = today.monthValue
        let days = month.firstDay.distance(to: month.lastDay) + 1
        let elapsed = month.firstDay.distance(to: today) + 1
        return progress.totalCents * Int64(days) < progress.targetCents * Int64(elapsed)
    }

    /// "today is the last day", "1 day left", "5 days left".
    func daysLeftText(_ days: Int) -> String {
        days == 0 ? t["notifications.reminders.last_day"] : t.plural("notifications.reminders.days_left", count: days)
    }

    private func make(
        _ kind: Reminder.Kind,
        subject: String,
        dueOn: CalendarDay,
        title: String,
        body: String,
        path: String
    ) -> Reminder {
        Reminder(
            id: nil,
            userId: user.id ?? 0,
            kind: kind,
            subject: subject,
            dueOn: dueOn.description,
            title: title,
            body: body,
            path: path,
            createdAt: .distantPast,
            readAt: nil
        )
    }
}

extension MemberStore {
    /// What of the wallet is due within `leadDays` of `today`: unused benefits (and last calls), coupons, renewals,
    /// and annual fees (30 days ahead). The reminder engine records these; the Expiring soon page lists them.
    func walletDue(_ rules: ReminderRules) throws -> [Reminder] {
        try read { member in try Self.walletDue(member, rules: rules) }
    }

    static func walletDue(_ member: MemberDatabase, rules: ReminderRules) throws -> [Reminder] {
        let today = rules.today
        let snapshot = try walletSnapshot(member, cardId: nil, today: today)
        let cards = WalletState.cards(snapshot, today: today, timeZone: rules.user.calendarTimeZone)
        return rules.benefits(cards)
            + rules.coupons(
                try openCoupons(
                    member,
                    today: today,
                    through: today.adding(days: rules.leadDays),
                    limit: 500
                )
            )
            + rules.renewals(try subscriptions(member), cards: snapshot.cards)
            + rules.annualFees(snapshot.cards)
    }
}

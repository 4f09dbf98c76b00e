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
                    title: lastCall ? "Last day: \(state.benefit.name)" : "Use your \(state.benefit.name)",
                    body: "\(value) on \(card.card.name), " + Self.daysText(state.daysLeft),
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
            return make(
                .coupon,
                subject: "coupon:\(id)",
                dueOn: expires,
                title: "Coupon expiring: \(coupon.name)",
                body: value + Self.daysText(today.distance(to: expires), ending: "expires"),
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
            let card = subscription.cardId.flatMap { cardNames[$0] }.map { " on \($0)" } ?? ""
            return make(
                .renewal,
                subject: "subscription:\(id)",
                dueOn: next,
                title: "\(subscription.name) renews",
                body: user.money(subscription.amountCents) + card + ", "
                    + Self.daysText(
                        today.distance(to: next),
                        ending: "renews"
                    ),
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
            guard today.distance(to: due) <= max(Self.feeNoticeDays, leadDays) else { return nil }
            return make(
                .annualFee,
                subject: "card:\(id)",
                dueOn: due,
                title: "Annual fee for \(card.name)",
                body: user.money(card.annualFeeCents, in: card.currencyValue) + ", "
                    + Self.daysText(today.distance(to: due), ending: "due"),
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
            "\(summary.stash.name) is at \(summary.progress.percent) % with \(daysLeft) \(daysLeft == 1 ? "day" : "days") left — "
                + "\(user.money(summary.progress.targetCents - summary.progress.totalCents)) to go"
        }
        return [
            make(
                .nudge,
                subject: "nudge:\(nudgeFrequency)",
                dueOn: dueOn,
                title: behind.count == 1 ? "A stash is behind" : "\(behind.count) stashes are behind",
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
        var body = "Saved \(user.money(totals.savedCents)), spent \(user.money(totals.spentCents))."
        if badges.count > 0 {
            body += " \(badges.count) \(badges.count == 1 ? "badge" : "badges"), \(badges.points) points."
        }
        return [
            make(
                .summary,
                subject: "month:\(month)",
                dueOn: first,
                title: "\(month.title) in numbers",
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

    static func daysText(_ days: Int, ending verb: String = "left") -> String {
        switch (days, verb) {
        case (0, "left"): "today is the last day"
        case (1, "left"): "1 day left"
        case (_, "left"): "\(days) days left"
        case (0, _): "\(verb) today"
        case (1, _): "\(verb) tomorrow"
        default: "\(verb) in \(days) days"
        }
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

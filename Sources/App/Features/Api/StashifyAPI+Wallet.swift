import Foundation
import OpenAPIRuntime

/// The wallet, notifications and schedules.
extension StashifyAPI {
    /// `GET /api/v1/wallet/cards`
    func listCards(_ input: Operations.ListCards.Input) async throws -> Operations.ListCards.Output {
        let member = try member()
        let cards = try member.cards(cardId: nil).map { state in
            let card = state.card
            return Components.Schemas.Card(
                id: card.id ?? 0,
                name: card.name,
                issuer: card.issuer,
                nickname: card.nickname,
                annualFee: member.money(card.annualFeeCents, card.currency),
                feeDueOn: card.feeDueOn,
                benefits: state.benefits.map { member.benefit($0, card: card) }
            )
        }
        return .ok(.init(body: .json(cards)))
    }

    /// `GET /api/v1/wallet/benefits/expiring`
    func listExpiringBenefits(
        _ input: Operations.ListExpiringBenefits.Input
    ) async throws
        -> Operations.ListExpiringBenefits.Output
    {
        let member = try member()
        let days = try member.number(input.query.days, "days", in: 0...366, fallback: BenefitStatus.soonDays)
        let benefits = WalletState.ending(try member.cards(cardId: nil), through: member.today.adding(days: days))
        return .ok(.init(body: .json(benefits.map { member.benefit($1, card: $0) })))
    }

    /// `POST /api/v1/wallet/benefits/{benefitId}/use`: "Mark as done", the full value today; again in the same
    /// period, nothing more.
    func useBenefit(_ input: Operations.UseBenefit.Input) async throws -> Operations.UseBenefit.Output {
        let member = try member()
        let (benefit, card, window) = try member.currentPeriod(benefitId: input.path.benefitId)
        try await member.store.markBenefitUsed(
            benefit,
            periodStart: window.start,
            on: member.today,
            cents: benefit.valueCents,
            now: now()
        )
        return .ok(.init(body: .json(try member.benefit(id: benefit.id ?? 0, cardId: card.id ?? 0))))
    }

    /// `DELETE /api/v1/wallet/benefits/{benefitId}/use`: takes back this period's "done".
    func undoBenefitUse(_ input: Operations.UndoBenefitUse.Input) async throws -> Operations.UndoBenefitUse.Output {
        let member = try member()
        let (benefit, card, window) = try member.currentPeriod(benefitId: input.path.benefitId)
        try await member.store.undoBenefitUse(benefit, periodStart: window.start)
        return .ok(.init(body: .json(try member.benefit(id: benefit.id ?? 0, cardId: card.id ?? 0))))
    }

    /// `GET /api/v1/wallet/subscriptions`
    func listSubscriptions(
        _ input: Operations.ListSubscriptions.Input
    ) async throws
        -> Operations.ListSubscriptions.Output
    {
        let member = try member()
        let subscriptions = try member.store.subscriptions()
            .map { ($0, $0.nextRenewal(today: member.today)) }
            .sorted { ($0.1, $0.0.name) < ($1.1, $1.0.name) }
            .map { subscription, next in
                Components.Schemas.Subscription(
                    id: subscription.id ?? 0,
                    name: subscription.name,
                    amount: member.money(subscription.amountCents),
                    frequency: .init(rawValue: subscription.frequency.rawValue) ?? .monthly,
                    renewsOn: next.description,
                    monthly: member.money(subscription.frequency.monthlyCents(subscription.amountCents)),
                    category: subscription.category,
                    cardId: subscription.cardId
                )
            }
        return .ok(.init(body: .json(subscriptions)))
    }

    /// `GET /api/v1/wallet/coupons`
    func listCoupons(_ input: Operations.ListCoupons.Input) async throws -> Operations.ListCoupons.Output {
        let member = try member()
        let coupons = try member.store.openCoupons(today: member.today).map { coupon in
            Components.Schemas.Coupon(
                id: coupon.id ?? 0,
                name: coupon.name,
                details: coupon.details,
                code: coupon.code,
                category: coupon.category,
                value: coupon.valueCents.map { member.money($0) },
                expiresOn: coupon.expiresOn
            )
        }
        return .ok(.init(body: .json(coupons)))
    }

    /// `GET /api/v1/notifications`
    func listNotifications(
        _ input: Operations.ListNotifications.Input
    ) async throws
        -> Operations.ListNotifications.Output
    {
        let member = try member()
        return .ok(.init(body: .json(try member.store.notifications().map { member.notification($0) })))
    }

    /// `POST /api/v1/notifications/{notificationId}/read`
    func markNotificationRead(
        _ input: Operations.MarkNotificationRead.Input
    ) async throws
        -> Operations.MarkNotificationRead.Output
    {
        let member = try member()
        guard let notification = try await member.store.openNotification(id: input.path.notificationId, at: now())
        else { throw ApiFailure.notFound(member.t) }
        return .ok(.init(body: .json(member.notification(notification))))
    }

    /// `GET /api/v1/schedules`
    func listSchedules(_ input: Operations.ListSchedules.Input) async throws -> Operations.ListSchedules.Output {
        let member = try member()
        let schedules = try member.store.schedules().map { schedule in
            Components.Schemas.Schedule(
                id: schedule.id ?? 0,
                name: schedule.name,
                rule: schedule.rule,
                startsOn: schedule.startsOn,
                nextOn: schedule.nextOn,
                kind: .init(rawValue: schedule.kind.rawValue) ?? .expense,
                amount: member.money(schedule.amountCents),
                maxAmount: schedule.maxCents.map { member.money($0) },
                posting: .init(rawValue: schedule.posting.rawValue) ?? .confirm,
                note: schedule.note,
                categoryId: schedule.categoryId,
                accountId: schedule.accountId,
                stashId: schedule.stashId
            )
        }
        return .ok(.init(body: .json(schedules)))
    }

    /// `GET /api/v1/upcoming`
    func listUpcoming(_ input: Operations.ListUpcoming.Input) async throws -> Operations.ListUpcoming.Output {
        let member = try member()
        let days = try member.number(input.query.days, "days", in: 1...62, fallback: 30)
        let coming = try member.store.coming(from: member.today, through: member.today.adding(days: days - 1))
        let occurrences = coming.map { occurrence in
            Components.Schemas.Occurrence(
                scheduleId: occurrence.scheduleId,
                name: occurrence.name,
                day: occurrence.day.description,
                kind: .init(rawValue: occurrence.kind.rawValue) ?? .expense,
                amount: member.money(occurrence.amountCents),
                posting: .init(rawValue: occurrence.posting.rawValue) ?? .confirm
            )
        }
        return .ok(.init(body: .json(occurrences)))
    }
}

extension StashifyAPI.Member {
    /// The member's cards (or one) and where each benefit stands today, as the wallet shows them.
    func cards(cardId: Int64?) throws -> [CardState] {
        WalletState.cards(
            try store.walletSnapshot(cardId: cardId, today: today),
            today: today,
            timeZone: user.calendarTimeZone
        )
    }

    /// Benefit `benefitId` of the member's, its card, and its period that holds today; else a 404.
    func currentPeriod(benefitId: Int64) throws -> (CardBenefit, WalletCard, PeriodWindow) {
        guard let (benefit, card) = try store.cardBenefit(id: benefitId) else { throw ApiFailure.notFound(t) }
        let window = benefit.window(containing: today, anniversary: card.anniversary, timeZone: user.calendarTimeZone)
        return (benefit, card, window)
    }

    /// Benefit `id` of card `cardId` as it stands today.
    func benefit(id: Int64, cardId: Int64) throws -> Components.Schemas.Benefit {
        guard let card = try cards(cardId: cardId).first,
            let state = card.benefits.first(where: { $0.benefit.id == id })
        else { throw ApiFailure.notFound(t) }
        return benefit(state, card: card.card)
    }

    func benefit(_ state: BenefitState, card: WalletCard) -> Components.Schemas.Benefit {
        let benefit = state.benefit
        return .init(
            id: benefit.id ?? 0,
            cardId: card.id ?? 0,
            card: card.name,
            name: benefit.name,
            details: benefit.details,
            value: money(benefit.valueCents, card.currency),
            period: .init(rawValue: benefit.period.rawValue) ?? .annual,
            status: .init(rawValue: state.status.rawValue) ?? .available,
            periodStart: state.window.start.description,
            periodEnd: state.window.end.description,
            daysLeft: state.daysLeft,
            urgency: .init(rawValue: state.urgency.rawValue) ?? .standard,
            snoozed: state.snoozed,
            usedOn: state.use?.usedOn
        )
    }

    func notification(_ reminder: Reminder) -> Components.Schemas.Notification {
        .init(
            id: reminder.id ?? 0,
            kind: .init(rawValue: reminder.kind.rawValue) ?? .nudge,
            title: reminder.title,
            body: reminder.body,
            dueOn: reminder.dueOn,
            createdAt: reminder.createdAt,
            read: reminder.readAt != nil
        )
    }
}

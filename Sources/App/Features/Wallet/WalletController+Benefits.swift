import Foundation
import Hummingbird

/// A benefit's actions: mark as done (at once, or with the amount and day redeemed), undo, snooze, edit, remove.
extension WalletController {
    /// The benefit named by `:id` with its card, or a 404 if it isn't the user's.
    func benefit(_ context: MemberContext) async throws -> (CardBenefit, WalletCard) {
        guard let id = context.parameters.get("id", as: Int64.self),
            let found = try context.store.cardBenefit(id: id)
        else { throw HTTPError(.notFound) }
        return found
    }

    func back(_ returnTo: String?, card: WalletCard) -> String {
        returnTo.flatMap(Paths.safeReturnPath) ?? WalletPaths.card(card.id ?? 0)
    }

    // MARK: - History

    /// `GET /wallet/benefits/:id`: the benefit and each recorded use with its amount and day, grouped by card year
    /// (calendar year for a card without a fee due date), newest first.
    @Sendable func showBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let t = context.words
        let currency = card.currencyValue
        let uses = try context.store.benefitUses(benefitId: benefit.id ?? 0)
        var years: [(window: PeriodWindow, uses: [(day: CalendarDay, cents: Int64)])] = []
        for use in uses {
            guard let day = CalendarDay(use.usedOn) else { continue }
            let year = BenefitPeriod.anniversary.window(containing: day, anniversary: card.anniversary)
            if years.last?.window == year {
                years[years.count - 1].uses.append((day, use.valueCents))
            } else {
                years.append((year, [(day, use.valueCents)]))
            }
        }
        let page = BenefitPages.ShowPage(
            id: benefit.id ?? 0,
            name: benefit.name,
            cardId: card.id ?? 0,
            cardName: card.name,
            valueText: benefit.period.each(context.user.money(benefit.valueCents, in: currency), t),
            details: benefit.details.isEmpty ? nil : benefit.details,
            years: years.map { year in
                let total = year.uses.reduce(0) { $0 + $1.cents }
                let count = year.uses.count
                return BenefitPages.Year(
                    title: card.anniversary == nil
                        ? "\(year.window.start.year)"
                        : t["wallet.card_year", ["start": t.date(year.window.start), "end": t.date(year.window.end)]],
                    totalText: t.plural(
                        "wallet.benefit.history.total",
                        count: count,
                        ["amount": context.user.money(total, in: currency)]
                    ),
                    uses: year.uses.map {
                        .init(dayText: t.date($0.day), amountText: context.user.money($0.cents, in: currency))
                    }
                )
            }
        )
        return render(title: benefit.name, context: context) { shell in BenefitPages.show(page, shell.t) }
    }

    // MARK: - Mark as done

    /// `GET /wallet/benefits/:id/use`: the amount redeemed (the full value unless changed) and the day (today).
    @Sendable func useBenefitForm(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let input = BenefitUseInput(
            amount: context.user.amountValue(benefit.valueCents, in: card.currencyValue),
            usedOn: context.member.today.description
        )
        return try useForm(input, benefit: benefit, card: card, errors: FieldErrors(t: context.words), context: context)
    }

    func useForm(
        _ input: BenefitUseInput,
        benefit: CardBenefit,
        card: WalletCard,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let window = benefit.window(
            containing: context.member.today,
            anniversary: card.anniversary,
            timeZone: context.user.calendarTimeZone
        )
        let t = context.words
        let value = context.user.money(benefit.valueCents, in: card.currencyValue)
        let page = WalletPages.FormPage(
            heading: t["wallet.use.heading", ["name": benefit.name]],
            intro: t[
                "wallet.use.intro",
                [
                    "card": card.name, "value": benefit.period.each(value, t), "start": t.date(window.start),
                    "end": t.date(window.end),
                ]
            ],
            action: WalletPaths.useBenefit(benefit.id ?? 0),
            submitLabel: t["wallet.use.submit"],
            cancelPath: WalletPaths.card(card.id ?? 0),
            summary: errors.summary,
            fields: BenefitUseRules.fields(input, errors: errors, value: value, t: t),
            swatches: []
        )
        return render(title: page.heading, context: context, status: status) { shell in
            WalletPages.form(page, csrf: shell.csrf, shell.t)
        }
    }

    /// `POST /wallet/benefits/:id/use`: "Mark as done". Without `amount` and `usedOn` (the one-tap button) the full
    /// value today, and a second tap in the same period changes nothing; with them (the form), what was typed, for
    /// the period of that day.
    @Sendable func useBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let t = context.words
        let input = try await request.decodeForm(BenefitUseInput.self, context: context)
        let today = context.member.today
        let timeZone = context.user.calendarTimeZone
        let currency = card.currencyValue
        if input.amount == nil && input.usedOn == nil {
            let window = benefit.window(containing: today, anniversary: card.anniversary, timeZone: timeZone)
            try await context.store.markBenefitUsed(
                benefit,
                periodStart: window.start,
                on: today,
                cents: benefit.valueCents,
                now: now()
            )
            return pages.redirect(
                to: back(input.returnTo, card: card),
                flash: .success(
                    t[
                        "wallet.use.done",
                        ["name": benefit.name, "amount": context.user.money(benefit.valueCents, in: currency)]
                    ]
                )
            )
        }
        return try await Request.submit(input) { input in
            try await BenefitUseRules.validate(
                input,
                benefit: benefit,
                card: card,
                today: today,
                timeZone: timeZone,
                format: context.user.format,
                t: t
            ) {
                try context.store.benefitUse(benefitId: benefit.id ?? 0, periodStart: $0)?.usedOn
            }
        } form: { input, errors, status in
            try useForm(input, benefit: benefit, card: card, errors: errors, context: context, status: status)
        } save: { input, draft in
            try await context.store.markBenefitUsed(
                benefit,
                periodStart: draft.window.start,
                on: draft.day,
                cents: draft.cents,
                now: now()
            )
            return pages.redirect(
                to: back(input.returnTo, card: card),
                flash: .success(
                    t[
                        "wallet.use.done_on",
                        [
                            "name": benefit.name, "amount": context.user.money(draft.cents, in: currency),
                            "date": t.date(draft.day),
                        ]
                    ]
                )
            )
        }
    }

    /// `POST /wallet/benefits/:id/unuse`: takes back this period's "done".
    @Sendable func unuseBenefit(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let (benefit, card) = try await benefit(context)
        let input = try await request.decodeForm(ActionInput.self, context: context)
        let window = benefit.window(
            containing: context.member.today,
            anniversary: card.anniversary,
            timeZone: context.user.calendarTimeZone
        )
        try await context.store.undoBenefitUse(benefit, periodStart: window.start)
        return pages.redirect(
            to: back(input.returnTo, card: card),
            flash: .info(t["wallet.use.undone", ["name": benefit.name]])
        )
    }

    /// `POST /wallet/benefits/:id/snooze` with `days` 1, 3 or 7 (0 ends a snooze).
    @Sendable func snoozeBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let t = context.words
        let input = try await request.decodeForm(ActionInput.self, context: context)
        guard let days = input.days.flatMap({ Int($0) }), days == 0 || Snooze.days.contains(days) else {
            throw HTTPError(.badRequest, message: t["wallet.snooze.choose"])
        }
        let until = days == 0 ? nil : context.member.today.adding(days: days)
        try await context.store.snoozeBenefit(id: benefit.id ?? 0, until: until)
        let message =
            until.map { t["wallet.snooze.done", ["name": benefit.name, "date": t.date($0)]] }
            ?? t["wallet.snooze.ended", ["name": benefit.name]]
        return pages.redirect(to: back(input.returnTo, card: card), flash: .info(message))
    }

    // MARK: - Edit

    /// `GET /wallet/benefits/:id/edit`
    @Sendable func editBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        return try benefitForm(
            BenefitInput(benefit, currency: card.currencyValue, format: context.user.format),
            card: card,
            editing: benefit,
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    /// `POST /wallet/benefits/:id/edit`: name, value, period and details. The uses recorded keep their amount and
    /// day; a new period moves each to the new period holding its day, unless another use is there already.
    @Sendable func updateBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let t = context.words
        return try await request.submitForm(BenefitInput.self, context: context) { input in
            BenefitRules.validate(
                input,
                currency: card.currencyValue,
                grammar: context.user.format.amounts,
                t: context.words
            )
        } form: { input, errors, status in
            try benefitForm(input, card: card, editing: benefit, errors: errors, context: context, status: status)
        } save: { _, draft in
            var benefit = benefit
            draft.apply(to: &benefit)
            try await context.store.updateBenefit(
                benefit,
                anniversary: card.anniversary,
                added: benefit.addedOn(in: context.user.calendarTimeZone)
            )
            return pages.redirect(
                to: WalletPaths.card(card.id ?? 0),
                flash: .success(t["wallet.flash.saved_quoted", ["name": draft.name]])
            )
        }
    }

    // MARK: - Remove

    /// `GET` and `POST /wallet/benefits/:id/delete`: the page says what goes with the benefit (its recorded uses, and
    /// so the card's return); deleting removes it from its card with its history.
    var benefitDeletion: Deletion<(benefit: CardBenefit, card: WalletCard)> {
        Deletion { _, context in
            try await benefit(context)
        } confirm: { found, _, context in
            let (benefit, card) = found
            let t = context.words
            let (uses, cents) = try context.store.benefitUseTotals(benefitId: benefit.id ?? 0)
            let text =
                uses == 0
                ? t["wallet.benefit.remove.text_unused", ["card": card.name]]
                : t.plural(
                    "wallet.benefit.remove.text_used",
                    count: uses,
                    ["amount": context.user.money(cents, in: card.currencyValue), "card": card.name]
                )
            let page = ConfirmPage(
                title: t["wallet.benefit.remove.title", ["name": benefit.name]],
                text: text,
                action: WalletPaths.deleteBenefit(benefit.id ?? 0),
                cancelPath: WalletPaths.card(card.id ?? 0),
                button: t["wallet.benefit.remove.button"]
            )
            return pages.confirm(page, title: t["wallet.benefit.remove.button"], section: .wallet, context: context)
        } delete: { found, _, context in
            let t = context.words
            let (benefit, card) = found
            try await context.store.deleteBenefit(id: benefit.id ?? 0)
            return pages.redirect(
                to: WalletPaths.card(card.id ?? 0),
                flash: .success(t["wallet.flash.removed_quoted", ["name": benefit.name]])
            )
        }
    }
}

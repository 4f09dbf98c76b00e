import Foundation
import Hummingbird

/// Income sources: what the user expects to receive, and the expected total per month.
extension BudgetController {
    func addIncomeRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.income, use: incomeSources)
        group.get(BudgetPaths.newIncome, use: newIncome)
        group.post(BudgetPaths.income, use: createIncome)
        group.get(BudgetPaths.editIncome, use: editIncome)
        group.post(BudgetPaths.editIncome, use: updateIncome)
        group.addDeletion(BudgetPaths.deleteIncome, incomeDeletion)
    }

    /// `GET /budget/income`
    @Sendable func incomeSources(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let sources = try context.store.incomeSources()
        let totals = try context.store.monthTotals(month: today.monthValue)
        let total = sources.reduce(Int64(0)) { $0 + $1.frequency.monthlyCents($1.amountCents) }
        let page = IncomePages.IndexPage(
            total: user.money(total),
            sources: sources.map { source in
                let monthly = source.frequency.monthlyCents(source.amountCents)
                return IncomePages.SourceRow(
                    id: source.id ?? 0,
                    name: source.name,
                    detail: "\(user.money(source.amountCents)) · \(source.frequency.label(t))"
                        + (Self.nextPayDay(source, today: today).map {
                            " · " + t["budget.income.next_pay_day", ["date": t.date($0)]]
                        } ?? ""),
                    monthly: monthly != source.amountCents
                        ? t["budget.income.a_month", ["amount": user.money(monthly)]] : nil
                )
            },
            received: user.money(totals.incomeCents),
            emptyState: .income(context.words)
        )
        return pages.page(title: t["budget.links.income_sources"], section: .budget, context: context) { _ in
            IncomePages.index(page, t: t)
        }
    }

    /// The income source's first pay day from today on, if it has pay days.
    static func nextPayDay(_ source: IncomeSource, today: CalendarDay) -> CalendarDay? {
        source.paidOn.flatMap(CalendarDay.init).flatMap {
            source.frequency.recurrence(from: $0).next(start: $0, onOrAfter: today)
        }
    }

    // MARK: - Form

    @Sendable func newIncome(request: Request, context: MemberContext) async throws -> Response {
        try incomeFormPage(
            IncomeInput(frequency: "monthly", paidOn: context.member.today.monthValue.next.firstDay.description),
            errors: FieldErrors(t: context.words),
            source: nil,
            request: request,
            context: context
        )
    }

    @Sendable func createIncome(request: Request, context: MemberContext) async throws -> Response {
        try await request.submitForm(IncomeInput.self, context: context) { input in
            IncomeRules.validate(
                input,
                t: context.words,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts,
                today: context.member.today
            )
        } form: { input, errors, status in
            try incomeFormPage(input, errors: errors, source: nil, request: request, context: context, status: status)
        } save: { _, draft in
            let now = self.now()
            var source = IncomeSource(
                id: nil,
                userId: context.member.id,
                name: "",
                amountCents: 0,
                frequency: .monthly,
                createdAt: now,
                updatedAt: now
            )
            draft.apply(to: &source)
            _ = try await context.store.saveIncomeSource(source, today: context.member.today, now: self.now())
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.income,
                flash: .success(t["budget.flash.added", ["name": draft.name]])
            )
        }
    }

    @Sendable func editIncome(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let source = try context.named(IncomeSource.self)
        return try incomeFormPage(
            IncomeInput(
                name: source.name,
                amount: user.amountValue(source.amountCents),
                frequency: source.frequency.rawValue,
                paidOn: source.paidOn ?? "",
                posts: source.postsIncome ? "yes" : nil
            ),
            errors: FieldErrors(t: context.words),
            source: source,
            request: request,
            context: context
        )
    }

    @Sendable func updateIncome(request: Request, context: MemberContext) async throws -> Response {
        let source = try context.named(IncomeSource.self)
        return try await request.submitForm(IncomeInput.self, context: context) { input in
            IncomeRules.validate(
                input,
                t: context.words,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts,
                today: context.member.today
            )
        } form: { input, errors, status in
            try incomeFormPage(
                input,
                errors: errors,
                source: source,
                request: request,
                context: context,
                status: status
            )
        } save: { _, draft in
            var source = source
            draft.apply(to: &source)
            source.updatedAt = now()
            _ = try await context.store.saveIncomeSource(source, today: context.member.today, now: self.now())
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.income,
                flash: .success(t["budget.flash.saved", ["name": draft.name]])
            )
        }
    }

    /// Deleting an income source: income already received stays.
    var incomeDeletion: Deletion<IncomeSource> {
        Deletion { _, context in
            try context.named(IncomeSource.self)
        } confirm: { source, _, context in
            let t = context.words
            let page = ConfirmPage(
                title: t["budget.confirm.delete_named", ["name": source.name]],
                text: t["budget.income.delete_text"],
                action: BudgetPaths.deleteIncome(source.id ?? 0),
                cancelPath: BudgetPaths.income,
                button: t["budget.form.delete"]
            )
            return pages.confirm(page, title: t["budget.income.delete_title"], section: .budget, context: context)
        } delete: { source, _, context in
            try await context.store.deleteIncomeSource(source)
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.income,
                flash: .success(t["budget.flash.deleted", ["name": source.name]])
            )
        }
    }

    // MARK: - Helpers

    private func incomeFormPage(
        _ input: IncomeInput,
        errors: FieldErrors,
        source: IncomeSource?,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let heading = source == nil ? t["budget.income.add_heading"] : t["budget.income.edit_heading"]
        let page = SimpleFormPage(
            heading: heading,
            action: source.map { BudgetPaths.editIncome($0.id ?? 0) } ?? BudgetPaths.income,
            summary: errors.summary,
            fields: [
                .input(
                    "name",
                    label: t["budget.form.name"],
                    value: input.name ?? "",
                    error: errors["name"],
                    hint: t["budget.income.name_hint"],
                    autocomplete: "off",
                    required: true,
                    autofocus: source == nil
                ),
                .input(
                    "amount",
                    label: t["budget.form.amount"],
                    value: input.amount ?? "",
                    error: errors["amount"],
                    hint: t["budget.income.amount_hint"],
                    autocomplete: "off",
                    inputmode: "decimal",
                    required: true
                ),
                .radio(
                    "frequency",
                    label: t["budget.income.frequency"],
                    value: input.frequency ?? "",
                    options: IncomeSource.Frequency.allCases.map { ($0.rawValue, $0.label(t)) },
                    error: errors["frequency"]
                ),
                .input(
                    "paidOn",
                    label: t["budget.income.paid_on"],
                    value: input.paidOn ?? "",
                    type: "date",
                    error: errors["paidOn"],
                    hint: t["budget.income.paid_on_hint"]
                ),
                .checkbox(
                    "posts",
                    label: t["budget.income.posts"],
                    checked: input.posts == "yes",
                    hint: t["budget.income.posts_hint"]
                ),
            ],
            deletePath: source.map { BudgetPaths.deleteIncome($0.id ?? 0) },
            cancelPath: BudgetPaths.income
        )
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            BudgetPages.simpleForm(page, csrf: shell.csrf, t: t)
        }
    }
}

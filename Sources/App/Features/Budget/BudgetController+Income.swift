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
                    detail: "\(user.money(source.amountCents)) · \(source.frequency.label)",
                    monthly: monthly != source.amountCents ? "\(user.money(monthly)) a month" : nil
                )
            },
            received: user.money(totals.incomeCents),
            emptyState: .income(context.words)
        )
        return pages.page(title: "Income sources", section: .budget, context: context) { _ in
            IncomePages.index(page)
        }
    }

    // MARK: - Form

    @Sendable func newIncome(request: Request, context: MemberContext) async throws -> Response {
        try incomeFormPage(
            IncomeInput(frequency: "monthly"),
            errors: FieldErrors(),
            source: nil,
            request: request,
            context: context
        )
    }

    @Sendable func createIncome(request: Request, context: MemberContext) async throws -> Response {
        try await request.submitForm(IncomeInput.self, context: context) { input in
            IncomeRules.validate(input, currency: context.user.currencyValue, grammar: context.user.format.amounts)
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
            _ = try await context.store.saveIncomeSource(source)
            return pages.redirect(to: BudgetPaths.income, flash: .success("Added “\(draft.name)”."))
        }
    }

    @Sendable func editIncome(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let source = try context.named(IncomeSource.self)
        return try incomeFormPage(
            IncomeInput(
                name: source.name,
                amount: user.amountValue(source.amountCents),
                frequency: source.frequency.rawValue
            ),
            errors: FieldErrors(),
            source: source,
            request: request,
            context: context
        )
    }

    @Sendable func updateIncome(request: Request, context: MemberContext) async throws -> Response {
        let source = try context.named(IncomeSource.self)
        return try await request.submitForm(IncomeInput.self, context: context) { input in
            IncomeRules.validate(input, currency: context.user.currencyValue, grammar: context.user.format.amounts)
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
            _ = try await context.store.saveIncomeSource(source)
            return pages.redirect(to: BudgetPaths.income, flash: .success("Saved “\(draft.name)”."))
        }
    }

    /// Deleting an income source: income already received stays.
    var incomeDeletion: Deletion<IncomeSource> {
        Deletion { _, context in
            try context.named(IncomeSource.self)
        } confirm: { source, _, context in
            let page = ConfirmPage(
                title: "Delete “\(source.name)”?",
                text: "Income you already received stays in your transactions.",
                action: BudgetPaths.deleteIncome(source.id ?? 0),
                cancelPath: BudgetPaths.income,
                button: "Delete"
            )
            return pages.confirm(page, title: "Delete income source", section: .budget, context: context)
        } delete: { source, _, context in
            try await context.store.deleteIncomeSource(source)
            return pages.redirect(to: BudgetPaths.income, flash: .success("Deleted “\(source.name)”."))
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
        let heading = source == nil ? "Add income source" : "Edit income source"
        let page = SimpleFormPage(
            heading: heading,
            action: source.map { BudgetPaths.editIncome($0.id ?? 0) } ?? BudgetPaths.income,
            summary: errors.summary,
            fields: [
                .input(
                    "name",
                    label: "Name",
                    value: input.name ?? "",
                    error: errors["name"],
                    hint: "Like Salary or Freelance.",
                    autocomplete: "off",
                    required: true,
                    autofocus: source == nil
                ),
                .input(
                    "amount",
                    label: "Amount",
                    value: input.amount ?? "",
                    error: errors["amount"],
                    hint: "For variable income, your monthly estimate.",
                    autocomplete: "off",
                    inputmode: "decimal",
                    required: true
                ),
                .radio(
                    "frequency",
                    label: "Frequency",
                    value: input.frequency ?? "",
                    options: IncomeSource.Frequency.allCases.map { ($0.rawValue, $0.label) },
                    error: errors["frequency"]
                ),
            ],
            deletePath: source.map { BudgetPaths.deleteIncome($0.id ?? 0) },
            cancelPath: BudgetPaths.income
        )
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            BudgetPages.simpleForm(page, csrf: shell.csrf)
        }
    }
}

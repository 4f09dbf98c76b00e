import Foundation
import Hummingbird

/// FreeFi's monthly expense report: one form for a month's spending in several categories at once, and the
/// past months with their totals.
extension BudgetController {
    func addReportsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.report, use: reportForm)
        group.post(BudgetPaths.report, use: createReport)
        group.get(BudgetPaths.reports, use: reports)
        group.get(BudgetPaths.pastReport, use: pastReport)
    }

    // MARK: - Form

    /// `GET /budget/report?month=YYYY-MM`: one amount per visible Needs and Wants category.
    @Sendable func reportForm(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let month =
            request.uri.queryParameters["month"].flatMap { Month(String($0)) }.map { min($0, today.monthValue) }
            ?? today.monthValue
        return try await reportFormPage(
            values: [:],
            month: month,
            errors: FieldErrors(t: context.words),
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /budget/report`: creates one expense per filled-in category, dated the month's last day (today in the
    /// current month), noted "Monthly report".
    @Sendable func createReport(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let userId = context.member.id
        let values = try await request.decodeForm([String: String].self, context: context)
        let now = self.now()
        let today = context.member.today
        var errors = FieldErrors(t: t)
        let month = Month(values["month"] ?? "")
        if month == nil {
            errors.add("month", t["budget.report.errors.month"])
        } else if let month, month > today.monthValue {
            errors.add("month", t["budget.report.errors.future"])
        }
        let categories = try reportCategories(store: context.store)
        var amounts: [(Category, Int64)] = []
        for category in categories {
            let key = "c\(category.id ?? 0)"
            // A zero, like an empty field, records nothing for the category.
            if let cents = errors.amount(
                values[key],
                field: key,
                currency: user.currencyValue,
                grammar: user.format.amounts,
                required: false,
                rule: .zeroOrMore
            ), cents > 0 {
                amounts.append((category, cents))
            }
        }
        if errors.isEmpty && amounts.isEmpty { errors.add("month", t["budget.report.errors.no_amount"]) }
        guard errors.isEmpty, let month else {
            return try await reportFormPage(
                values: values,
                month: month ?? today.monthValue,
                errors: errors,
                user: user,
                request: request,
                context: context,
                categories: categories,
                status: .unprocessableContent
            )
        }
        let date = (month == today.monthValue ? today : month.lastDay).description
        try await context.store.addTransactions(
            amounts.map { category, cents in
                LedgerEntry(
                    id: nil,
                    userId: userId,
                    date: date,
                    amountCents: cents,
                    kind: .expense,
                    // Written in the member's language: it is the expenses' title in their ledger.
                    note: t["budget.report.note"],
                    stashId: nil,
                    categoryId: category.id,
                    accountId: nil,
                    createdAt: now,
                    updatedAt: now
                )
            }
        )
        let total = amounts.reduce(Int64(0)) { $0 + $1.1 }
        return pages.redirect(
            to: BudgetPaths.pastReport(month),
            flash: .success(
                t.plural(
                    "budget.report.added",
                    count: amounts.count,
                    ["month": t.month(month), "amount": user.money(total)]
                )
            )
        )
    }

    private func reportCategories(store: MemberStore) throws -> [Category] {
        try store.categories()
            .filter { ($0.kind == .needs || $0.kind == .wants) && !$0.isHidden }
    }

    /// The form page; `categories` are loaded unless the caller already has them.
    private func reportFormPage(
        values: [String: String],
        month: Month,
        errors: FieldErrors,
        user: User,
        request: Request,
        context: MemberContext,
        categories loaded: [Category]? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let t = context.words
        let today = context.member.today
        let categories = if let loaded { loaded } else { try reportCategories(store: context.store) }
        let totals = try context.store.categoryTotals(month: month, kind: .expense)
        let recorded = Dictionary(
            totals.compactMap { total in total.categoryId.map { ($0, total.totalCents) } },
            uniquingKeysWith: { a, _ in a }
        )
        let groups = [Category.Kind.needs, .wants].map { kind in
            ReportPages.Group(
                label: kind.label(t),
                fields: categories.filter { $0.kind == kind }.map { category in
                    let key = "c\(category.id ?? 0)"
                    let so = recorded[category.id ?? 0].map {
                        t["budget.report.recorded_so_far", ["amount": user.money($0)]]
                    }
                    return FormField.input(
                        key,
                        label: category.name,
                        value: values[key] ?? "",
                        error: errors[key],
                        hint: so,
                        autocomplete: "off",
                        inputmode: "decimal"
                    )
                }
            )
        }
        let page = ReportPages.FormPage(
            monthValue: month.description,
            monthTitle: t.month(month),
            maxMonth: today.monthValue.description,
            summary: errors.summary,
            monthError: errors["month"],
            groups: groups,
            lastDay: month == today.monthValue ? nil : month.lastDay
        )
        return pages.page(title: t["budget.links.monthly_report"], section: .budget, context: context, status: status) {
            shell in
            ReportPages.form(page, csrf: shell.csrf, t: t)
        }
    }

    // MARK: - Past reports

    /// `GET /budget/reports?year=YYYY`: one year's months with spending, newest first, with their totals.
    @Sendable func reports(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let thisYear = context.member.today.year
        var year = thisYear
        if let text = request.uri.queryParameters["year"] {
            guard let value = Int(String(text)), (1...thisYear).contains(value) else {
                throw HTTPError(
                    .badRequest,
                    message: t["budget.reports.bad_year", ["last": String(thisYear), "example": String(thisYear - 1)]]
                )
            }
            year = value
        }
        let (months, hasEarlier) = try context.store.expenseMonths(year: year)
        let page = ReportPages.IndexPage(
            year: year,
            thisYear: thisYear,
            months: months.map { month, total, count in
                ReportPages.MonthRow(
                    month: month,
                    total: user.money(total),
                    countText: BudgetController.countText(count, t: t)
                )
            },
            hasEarlier: hasEarlier
        )
        return pages.page(title: t["budget.links.past_reports"], section: .budget, context: context) { _ in
            ReportPages.index(page, t: t)
        }
    }

    /// `GET /budget/reports/:month`: that month's spending by category.
    @Sendable func pastReport(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        guard let month = context.parameters.get("month").flatMap(Month.init) else { throw HTTPError(.notFound) }
        async let categoriesLoad = context.store.categories()
        async let totalsLoad = context.store.categoryTotals(month: month, kind: .expense)
        let (categories, totals) = try await (categoriesLoad, totalsLoad)
        let split = BudgetSplit(categories: categories, totals: totals)
        let byId = Dictionary(categories.compactMap { c in c.id.map { ($0, c) } }, uniquingKeysWith: { a, _ in a })
        let sorted = totals.sorted { $0.totalCents > $1.totalCents }
        let rows = sorted.map { total -> BudgetPages.CategoryRow in
            let category = total.categoryId.flatMap { byId[$0] }
            return BudgetPages.CategoryRow(
                id: category?.id,
                name: category.map { "\($0.name)" } ?? t["budget.reports.spending_stashes"],
                amount: user.money(total.totalCents),
                countText: (category?.kind ?? .wants).label(t) + " · " + BudgetController.countText(total.count, t: t),
                icon: category?.icon ?? "stash",
                swatch: CategoryPalette.swatchClass(category?.color),
                empty: false
            )
        }
        let page = ReportPages.ShowPage(
            month: month,
            total: user.money(split.needsCents + split.wantsCents),
            needs: user.money(split.needsCents),
            wants: user.money(split.wantsCents),
            chart: totals.isEmpty
                ? nil
                : ChartView.byCategory(
                    id: "chart-report",
                    title: t["budget.reports.spending_by_category"],
                    rows: zip(rows, sorted).map { LabelledAmount(label: $0.name, cents: $1.totalCents) },
                    emptyText: t["budget.reports.no_expenses", ["month": t.month(month)]],
                    user: user,
                    t: t
                ),
            rows: rows
        )
        return pages.page(
            title: t["budget.reports.month_title", ["month": t.month(month)]],
            section: .budget,
            context: context
        ) { _ in
            ReportPages.show(page, t: t)
        }
    }
}

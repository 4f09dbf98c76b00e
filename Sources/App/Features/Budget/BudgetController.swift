import Foundation
import Hummingbird

/// The Budget section: Expenses (remaining this month), Needs, Wants, Savings, and one category's month.
///
/// Where every expense row shows up, so Needs + Wants always equals Expenses' "spent": rows in a Needs category
/// count in Needs; everything else — Wants categories and spend stash entries (no category) — counts in Wants,
/// the stash rows under one "Spending stashes" row.
struct BudgetController {
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let safeToSpend: SafeToSpend.Cache

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.expenses, use: expenses)
        group.get(BudgetPaths.needs) { request, context in try await tab(.needs, request: request, context: context) }
        group.get(BudgetPaths.wants) { request, context in try await tab(.wants, request: request, context: context) }
        group.get(BudgetPaths.savings, use: savings)
        group.get(BudgetPaths.categoryPage, use: category)
        addIncomeRoutes(to: group)
        addTransactionsRoutes(to: group)
        addAccountsRoutes(to: group)
        addTransfersRoutes(to: group)
        addCategoriesRoutes(to: group)
        addReportsRoutes(to: group)
        addSafeToSpendRoutes(to: group)
    }

    // MARK: - Expenses

    /// `GET /budget?month=YYYY-MM`
    @Sendable func expenses(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let month = Self.month(request, today: today)
        let totals = try context.store.monthTotals(month: month)
        let sources = try context.store.incomeSources()
        let rows = try context.store.recentRows(month: month, limit: 30)
        let expected = sources.reduce(Int64(0)) { $0 + $1.frequency.monthlyCents($1.amountCents) }
        let here = BudgetPaths.expenses(month: month == today.monthValue ? nil : month)
        var page = BudgetPages.ExpensesPage(
            tabs: TabLink.budget(current: nil, month: month == today.monthValue ? nil : month, t: t),
            picker: MonthPicker(.expenses, month: month, today: today),
            add: Self.addMenu(kind: .needs, returnTo: here),
            needsSetup: sources.isEmpty && totals.entryCount == 0,
            setup: .income(context.words),
            remaining: user.money(totals.remainingCents),
            remainingNegative: totals.remainingCents < 0,
            isCurrentMonth: month == today.monthValue,
            income: user.money(totals.incomeCents),
            expected: sources.isEmpty ? nil : user.money(expected),
            spent: user.money(totals.spentCents),
            saved: totals.savedCents > 0 ? user.money(totals.savedCents) : nil,
            days: LedgerDay.group(rows, user: user, today: today, returnTo: here, t: t),
            hasExpenses: totals.spentCents > 0 || !rows.isEmpty,
            links: Self.links(t)
        )
        if month == today.monthValue {
            let safe = try context.store.safeToSpend(user: user, today: today, cache: safeToSpend)
            page.safe = Self.figure(safe, user: user, t: t)
            page.forecast = Self.forecastChart(safe, user: user, t: t)
        }
        return pages.page(title: t["budget.title"], section: .budget, context: context) { _ in
            BudgetPages.expenses(page, t: t)
        }
    }

    static func links(_ t: Words) -> [TextLink] {
        [
            TextLink(label: t["budget.links.income_sources"], href: BudgetPaths.income),
            TextLink(label: t["budget.links.schedules"], href: SchedulePaths.index),
            TextLink(label: t["budget.links.transactions"], href: BudgetPaths.transactions),
            TextLink(label: t["budget.links.accounts"], href: BudgetPaths.accounts),
            TextLink(label: t["budget.links.categories"], href: BudgetPaths.categories),
            TextLink(label: t["budget.links.monthly_report"], href: BudgetPaths.report),
            TextLink(label: t["budget.links.past_reports"], href: BudgetPaths.reports),
        ]
    }

    // MARK: - Needs and Wants

    private func tab(_ kind: Category.Kind, request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let month = Self.month(request, today: today)
        let monthParam = month == today.monthValue ? nil : month
        let categories = try context.store.categories()
        let totals = try context.store.categoryTotals(month: month, kind: .expense)
        let rows = try context.store.recentRows(month: month, categoryKind: kind, limit: 15)
        let split = BudgetSplit(categories: categories, totals: totals)
        let byCategory = Dictionary(
            totals.compactMap { total in total.categoryId.map { ($0, total) } },
            uniquingKeysWith: { first, _ in first }
        )
        let list: [BudgetPages.CategoryRow] = categories.filter { $0.kind == kind }.compactMap { category in
            let total = byCategory[category.id ?? 0]
            if category.isHidden && total == nil { return nil }
            return BudgetPages.CategoryRow(
                id: category.id ?? 0,
                name: category.name,
                amount: user.money(total?.totalCents ?? 0),
                countText: Self.countText(total?.count ?? 0, t: t),
                icon: category.icon,
                swatch: CategoryPalette.swatchClass(category.color),
                empty: total == nil
            )
        }
        let spent = kind == .needs ? split.needsCents : split.wantsCents
        let here = BudgetPaths.tab(kind, month: monthParam)
        let page = BudgetPages.TabPage(
            kind: kind,
            month: monthParam,
            tabs: TabLink.budget(current: kind, month: monthParam, t: t),
            picker: MonthPicker(.tab(kind), month: month, today: today),
            add: Self.addMenu(kind: kind, returnTo: here),
            spent: user.money(spent),
            rows: list,
            days: LedgerDay.group(rows, user: user, today: today, returnTo: here, t: t),
            hasSpending: spent > 0
        )
        return pages.page(title: kind.label(t), section: .budget, context: context) { _ in BudgetPages.tab(page, t: t) }
    }

    // MARK: - Savings

    /// `GET /budget/savings?month=YYYY-MM`: save stashes are the goals; every savings row (stash entries included) by
    /// category, the same rows the category's own page and the tab's total count.
    @Sendable func savings(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let month = Self.month(request, today: today)
        let monthParam = month == today.monthValue ? nil : month
        let goals = try context.store.savingsGoals(month: month)
        let categories = try context.store.categories()
        let rows = try context.store.recentRows(month: month, ledgerKind: .saving, limit: 20)
        let totals = try context.store.monthTotals(month: month)
        let byCategory = try context.store.categoryTotals(month: month, kind: .saving)
        let here = BudgetPaths.tab(.savings, month: monthParam)
        let names = Dictionary(categories.compactMap { c in c.id.map { ($0, c) } }, uniquingKeysWith: { a, _ in a })
        let other: [BudgetPages.CategoryRow] = byCategory.compactMap { total in
            guard let id = total.categoryId, let category = names[id] else { return nil }
            return BudgetPages.CategoryRow(
                id: id,
                name: category.name,
                amount: user.money(total.totalCents),
                countText: Self.countText(total.count, t: t),
                icon: category.icon,
                swatch: CategoryPalette.swatchClass(category.color),
                empty: false
            )
        }
        let page = BudgetPages.SavingsPage(
            month: monthParam,
            tabs: TabLink.budget(current: .savings, month: monthParam, t: t),
            picker: MonthPicker(.tab(.savings), month: month, today: today),
            add: Self.addMenu(kind: .savings, returnTo: here),
            saved: user.money(totals.savedCents),
            goals: goals.map { stash, monthCents, allTime in
                BudgetPages.GoalRow(
                    id: stash.id ?? 0,
                    name: stash.name,
                    monthAmount: user.money(monthCents),
                    total: user.money(allTime)
                )
            },
            other: other,
            days: LedgerDay.group(rows, user: user, today: today, returnTo: here, t: t),
            isEmpty: goals.isEmpty && rows.isEmpty,
            emptyState: EmptyState(
                key: "savings",
                icon: "stash",
                title: t["budget.savings.empty.title"],
                text: t["budget.savings.empty.text"],
                action: t["budget.savings.empty.action"],
                actionPath: StashPaths.new(kind: .save)
            )
        )
        return pages.page(title: t["budget.kinds.savings"], section: .budget, context: context) { _ in
            BudgetPages.savings(page, t: t)
        }
    }

    // MARK: - One category

    /// `GET /budget/categories/:id?month=YYYY-MM`: the category's transactions in the month.
    @Sendable func category(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let category = try context.store.category(id: id)
        else { throw HTTPError(.notFound) }
        let today = context.member.today
        let month = Self.month(request, today: today)
        let monthParam = month == today.monthValue ? nil : month
        let rows = try context.store.recentRows(month: month, categoryId: id, limit: 200)
        let total = try context.store.categoryMonthTotal(categoryId: id, month: month)
        let here = BudgetPaths.category(id, month: monthParam)
        // English lowercases the name inside the sentence ("No groceries expenses yet"); the others quote it as named.
        let name = t.language == .en ? category.name.lowercased() : category.name
        let emptyTitle =
            switch category.kind {
            case .income: t["budget.category.empty_income", ["name": name]]
            case .savings: t["budget.category.empty_savings", ["name": name]]
            case .needs, .wants: t["budget.category.empty_expenses", ["name": name]]
            }
        let page = BudgetPages.CategoryPage(
            id: id,
            kind: category.kind,
            month: monthParam,
            picker: MonthPicker(.category(id), month: month, today: today),
            total: user.money(total.totalCents),
            countText: Self.countText(total.count, t: t),
            days: LedgerDay.group(rows, user: user, today: today, returnTo: here, t: t),
            emptyTitle: emptyTitle,
            emptyText: t["budget.category.empty_text", ["name": category.name]]
        )
        return pages.page(title: category.name, section: .budget, context: context) { _ in
            BudgetPages.category(page, t: t)
        }
    }

    // MARK: - Helpers

    static func month(_ request: Request, today: CalendarDay) -> Month {
        request.uri.queryParameters["month"].flatMap { Month(String($0)) } ?? today.monthValue
    }

    /// "No transactions", "1 transaction", "12 transactions".
    static func countText(_ count: Int, t: Words) -> String {
        count == 0 ? t["budget.count.none"] : t.plural("budget.count.transactions", count: count)
    }

    static func addMenu(kind: Category.Kind, returnTo: String) -> BudgetPages.AddMenu {
        BudgetPages.AddMenu(expenseKind: kind == .income ? .needs : kind, returnTo: returnTo)
    }
}

/// The month's expense rows split into Needs and Wants (Wants takes everything not in a Needs category).
struct BudgetSplit: Sendable {
    var needsCents: Int64 = 0
    var wantsCents: Int64 = 0

    init(categories: [Category], totals: [CategoryTotal]) {
        let needs = Set(categories.filter { $0.kind == .needs }.compactMap(\.id))
        for total in totals {
            if let id = total.categoryId, needs.contains(id) {
                needsCents += total.totalCents
            } else {
                wantsCents += total.totalCents
            }
        }
    }
}

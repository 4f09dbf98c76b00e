import Foundation

extension SummaryCards {
    /// The cards from the accounts' balances (`MemberStore.accountBalances`) and the month's totals
    /// (`MemberStore.monthTotals`): the same queries as the Budget and Accounts pages, so the numbers agree everywhere.
    /// `balanceAtEnd`: a past month's total balance at its end, which the first card shows (and says so) instead of
    /// today's.
    init(
        balances: [(MoneyAccount, Int64)],
        balanceAtEnd: Int64? = nil,
        totals: LedgerTotals,
        safeCents: Int64? = nil,
        user: User,
        month: Month,
        today: CalendarDay,
        t: Words
    ) {
        let monthParam = month == today.monthValue ? nil : month
        let isCurrent = month == today.monthValue
        let monthText = t.monthShort(month)
        let balance = balanceAtEnd ?? balances.reduce(Int64(0)) { $0 + $1.1 }
        let safe = safeCents.map {
            Card(
                key: "safe",
                label: t["safe.title"],
                amount: user.money($0),
                negative: $0 < 0,
                href: BudgetPaths.safeToSpend
            )
        }
        self.init(
            cards: [
                Card(
                    key: "balance",
                    label: balanceAtEnd == nil
                        ? t["budget.summary.total_balance"]
                        : t["budget.summary.total_balance_at", ["month": monthText]],
                    amount: user.money(balance),
                    negative: balance < 0,
                    href: BudgetPaths.accounts
                ),
                Card(
                    key: "income",
                    label: isCurrent
                        ? t["budget.summary.income_this_month"] : t["budget.summary.income_in", ["month": monthText]],
                    amount: user.money(totals.incomeCents),
                    negative: totals.incomeCents < 0,
                    href: BudgetPaths.transactions + "?kind=income&month=\(month)"
                ),
                Card(
                    key: "spent",
                    label: isCurrent
                        ? t["budget.summary.spent_this_month"] : t["budget.summary.spent_in", ["month": monthText]],
                    amount: user.money(totals.spentCents),
                    negative: totals.spentCents < 0,
                    href: BudgetPaths.expenses(month: monthParam)
                ),
                Card(
                    key: "remaining",
                    label: t["budget.summary.remaining"],
                    amount: user.money(totals.remainingCents),
                    negative: totals.remainingCents < 0,
                    href: BudgetPaths.expenses(month: monthParam)
                ),
            ] + (safe.map { [$0] } ?? [])
        )
    }
}

import Foundation

extension SummaryCards {
    /// The cards from the accounts' balances (`MemberStore.accountBalances`) and the month's totals
    /// (`MemberStore.monthTotals`): the same queries as the Budget and Accounts pages, so the numbers agree everywhere.
    init(balances: [(MoneyAccount, Int64)], totals: LedgerTotals, user: User, month: Month, today: CalendarDay) {
        let monthParam = month == today.monthValue ? nil : month
        let monthText = month == today.monthValue ? "this month" : month.shortTitle
        let balance = balances.reduce(Int64(0)) { $0 + $1.1 }
        self.init(cards: [
            Card(
                key: "balance",
                label: "Total balance",
                amount: user.money(balance),
                negative: balance < 0,
                href: BudgetPaths.accounts
            ),
            Card(
                key: "income",
                label: "Income \(monthText)",
                amount: user.money(totals.incomeCents),
                negative: totals.incomeCents < 0,
                href: BudgetPaths.transactions + "?kind=income&month=\(month)"
            ),
            Card(
                key: "spent",
                label: "Spent \(monthText)",
                amount: user.money(totals.spentCents),
                negative: totals.spentCents < 0,
                href: BudgetPaths.expenses(month: monthParam)
            ),
            Card(
                key: "remaining",
                label: "Remaining",
                amount: user.money(totals.remainingCents),
                negative: totals.remainingCents < 0,
                href: BudgetPaths.expenses(month: monthParam)
            ),
        ])
    }
}

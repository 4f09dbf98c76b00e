import Foundation
import Mustache

/// Home's ledger summary (FundFlow dashboard cards): total balance, income, spent and remaining in a month.
/// The same queries as the Budget and Accounts pages, so the numbers agree everywhere.
struct SummaryCards: Sendable {
    struct Card: Sendable {
        let key: String
        let label: String
        let amount: String
        let href: String
    }

    let cards: [Card]

    /// The cards from the accounts' balances (`AppDatabase.accountBalances`) and the month's totals
    /// (`AppDatabase.monthTotals`).
    init(balances: [(Account, Int64)], totals: MonthTotals, user: User, month: Month, today: CalendarDay) {
        let monthParam = month == today.monthValue ? nil : month
        let monthText = month == today.monthValue ? "this month" : month.shortTitle
        cards = [
            Card(key: "balance", label: "Total balance", amount: user.money(balances.reduce(Int64(0)) { $0 + $1.1 }),
                 href: BudgetPaths.accounts),
            Card(key: "income", label: "Income \(monthText)", amount: user.money(totals.incomeCents),
                 href: BudgetPaths.transactions + "?kind=income&month=\(month)"),
            Card(key: "spent", label: "Spent \(monthText)", amount: user.money(totals.spentCents),
                 href: BudgetPaths.expenses(month: monthParam)),
            Card(key: "remaining", label: "Remaining", amount: user.money(totals.remainingCents),
                 href: BudgetPaths.expenses(month: monthParam)),
        ]
    }
}

// Rendered on every Home page: answer Mustache without reflection (see `MustacheLookup`).

extension SummaryCards: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "cards": cards
        default: unknownField(name)
        }
    }
}

extension SummaryCards.Card: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "label": label
        case "amount": amount
        case "href": href
        default: unknownField(name)
        }
    }
}

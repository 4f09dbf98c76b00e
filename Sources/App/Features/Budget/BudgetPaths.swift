import Foundation

/// The paths of the Budget section, the transactions list and accounts: routes are registered with these, and
/// links fill the patterns in.
enum BudgetPaths {
    static let expenses = "/budget"
    static let needs = "/budget/needs"
    static let wants = "/budget/wants"
    static let savings = "/budget/savings"
    static let categoryPage = PathPattern("/budget/categories/:id")

    static let income = "/budget/income"
    static let newIncome = "/budget/income/new"
    static let editIncome = PathPattern("/budget/income/:id/edit")
    static let deleteIncome = PathPattern("/budget/income/:id/delete")

    static let transactions = "/transactions"
    static let newTransaction = "/transactions/new"
    static let editTransaction = PathPattern("/transactions/:id/edit")
    static let deleteTransaction = PathPattern("/transactions/:id/delete")
    static let clearTransaction = PathPattern("/transactions/:id/cleared")
    static let bulkTransactions = "/transactions/bulk"
    static let undoBulk = PathPattern("/transactions/bulk/:id/undo")

    static let transfers = "/transfers"
    static let newTransfer = "/transfers/new"
    static let editTransfer = PathPattern("/transfers/:id/edit")

    static let accounts = "/accounts"
    static let newAccount = "/accounts/new"
    static let account = PathPattern("/accounts/:id")
    static let editAccount = PathPattern("/accounts/:id/edit")
    static let deleteMoneyAccount = PathPattern("/accounts/:id/delete")
    static let reconcileAccount = PathPattern("/accounts/:id/reconcile")

    static let categories = "/budget/categories"
    static let newCategory = "/budget/categories/new"
    static let editCategory = PathPattern("/budget/categories/:id/edit")
    static let deleteCategory = PathPattern("/budget/categories/:id/delete")
    static let moveCategory = PathPattern("/budget/categories/:id/move")
    static let hideCategory = PathPattern("/budget/categories/:id/hide")

    static let safeToSpend = "/budget/safe-to-spend"
    static let safeBuffer = "/budget/safe-to-spend/buffer"

    static let report = "/budget/report"
    static let reports = "/budget/reports"
    static let pastReport = PathPattern("/budget/reports/:month")

    /// The transactions list from `day`'s newest row back through the rest of its month (optionally one kind).
    static func transactions(from day: CalendarDay, kind: LedgerEntry.Kind? = nil) -> String {
        transactions + "?" + (kind.map { "kind=\($0.rawValue)&" } ?? "")
            + "month=\(day.monthValue)&before=\(day.adding(days: 1)),0"
    }

    /// A tab of the Budget section at `month` (nil: this month).
    static func tab(_ kind: Category.Kind, month: Month? = nil) -> String {
        let base =
            switch kind {
            case .needs: needs
            case .wants: wants
            case .savings: savings
            case .income: income
            }
        return base + monthQuery(month)
    }

    static func expenses(month: Month?) -> String { expenses + monthQuery(month) }
    static func category(_ id: Int64, month: Month? = nil) -> String { categoryPage(id) + monthQuery(month) }
    static func report(month: Month?) -> String { report + monthQuery(month) }
    static func transactions(category id: Int64) -> String { transactions + "?category=\(id)" }
    /// The past reports of `year`: the plain list for `thisYear`.
    static func reports(year: Int, thisYear: Int) -> String {
        year == thisYear ? reports : reports + "?year=\(year)"
    }

    static func categories(kind: Category.Kind) -> String { categories + "?kind=\(kind.rawValue)" }
    static func newCategory(kind: Category.Kind) -> String { newCategory + "?kind=\(kind.rawValue)" }

    /// The form that edits a ledger row: a stash entry's own form, any other transaction's the ledger's; coming back
    /// to `returnTo` once saved.
    static func editLedgerEntry(_ id: Int64, inStash: Bool, returnTo: String? = nil) -> String {
        Paths.path(inStash ? StashPaths.editEntry(id) : editTransaction(id), returningTo: returnTo)
    }

    /// The new-transfer form, from `account` if given, coming back to `returnTo` once saved.
    static func newTransfer(from account: Int64? = nil, returnTo: String? = nil) -> String {
        Paths.path(newTransfer + (account.map { "?from=\($0)" } ?? ""), returningTo: returnTo)
    }

    /// The new-transaction form with `kind` picked, coming back to `returnTo` once saved.
    static func newTransaction(kind: Category.Kind?, returnTo: String? = nil) -> String {
        Paths.path(newTransaction + (kind.map { "?kind=\($0.rawValue)" } ?? ""), returningTo: returnTo)
    }

    private static func monthQuery(_ month: Month?) -> String { month.map { "?month=\($0)" } ?? "" }
}

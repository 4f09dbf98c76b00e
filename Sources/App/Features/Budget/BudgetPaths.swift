import Foundation

/// Paths of the Budget section, the transactions list and accounts.
enum BudgetPaths {
    static let expenses = "/budget"
    static let income = "/budget/income"
    static let newIncome = "/budget/income/new"
    static let categories = "/budget/categories"
    static let report = "/budget/report"
    static let reports = "/budget/reports"
    static let transactions = "/transactions"
    static let newTransaction = "/transactions/new"
    static let accounts = "/accounts"
    static let newAccount = "/accounts/new"

    static func tab(_ kind: Category.Kind, month: Month? = nil) -> String {
        let base = kind == .savings ? "/budget/savings" : "/budget/\(kind.rawValue)"
        return base + monthQuery(month)
    }
    static func expenses(month: Month?) -> String { expenses + monthQuery(month) }
    static func newTransaction(kind: Category.Kind?, returnTo: String? = nil) -> String {
        Paths.path(newTransaction + (kind.map { "?kind=\($0.rawValue)" } ?? ""), returningTo: returnTo)
    }
    static func editTransaction(_ id: Int64) -> String { "/transactions/\(id)/edit" }
    static func deleteTransaction(_ id: Int64) -> String { "/transactions/\(id)/delete" }
    static func editIncome(_ id: Int64) -> String { "/budget/income/\(id)/edit" }
    static func deleteIncome(_ id: Int64) -> String { "/budget/income/\(id)/delete" }
    static func categories(kind: Category.Kind) -> String { "/budget/categories?kind=\(kind.rawValue)" }
    static func newCategory(kind: Category.Kind) -> String { "/budget/categories/new?kind=\(kind.rawValue)" }
    static func category(_ id: Int64, month: Month? = nil) -> String { "/budget/categories/\(id)" + monthQuery(month) }
    static func editCategory(_ id: Int64) -> String { "/budget/categories/\(id)/edit" }
    static func deleteCategory(_ id: Int64) -> String { "/budget/categories/\(id)/delete" }
    static func moveCategory(_ id: Int64) -> String { "/budget/categories/\(id)/move" }
    static func hideCategory(_ id: Int64) -> String { "/budget/categories/\(id)/hide" }
    static func account(_ id: Int64) -> String { "/accounts/\(id)" }
    static func editAccount(_ id: Int64) -> String { "/accounts/\(id)/edit" }
    static func deleteAccount(_ id: Int64) -> String { "/accounts/\(id)/delete" }
    static func report(month: Month?) -> String { report + monthQuery(month) }
    static func pastReport(_ month: Month) -> String { "/budget/reports/\(month)" }

    private static func monthQuery(_ month: Month?) -> String { month.map { "?month=\($0)" } ?? "" }
}

import Hummingbird

/// Every route of the Budget section, the transactions list and accounts.
struct BudgetRoutes {
    let services: AppServices

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        BudgetController(services: services).addRoutes(to: group)
        IncomeController(services: services).addRoutes(to: group)
        TransactionsController(services: services).addRoutes(to: group)
        MoneyAccountsController(services: services).addRoutes(to: group)
        CategoriesController(services: services).addRoutes(to: group)
        ReportController(services: services).addRoutes(to: group)
    }
}

import Hummingbird

/// Every route of the Budget section, the transactions list and accounts.
struct BudgetRoutes {
    let services: AppServices

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        let (database, pages, now) = (services.database, services.pages, services.now)
        BudgetController(database: database, pages: pages, now: now).addRoutes(to: group)
        IncomeController(database: database, pages: pages, now: now).addRoutes(to: group)
        TransactionsController(database: database, pages: pages, now: now).addRoutes(to: group)
        MoneyAccountsController(database: database, pages: pages, now: now).addRoutes(to: group)
        CategoriesController(database: database, pages: pages, now: now).addRoutes(to: group)
        ReportController(database: database, pages: pages, now: now).addRoutes(to: group)
    }
}

import Hummingbird

/// Every route of the Budget section, the transactions list and accounts.
struct BudgetRoutes {
    let services: AppServices

    func addRoutes(to group: RouterGroup<MemberContext>) {
        let (pages, now) = (services.pages, services.now)
        BudgetController(pages: pages, now: now).addRoutes(to: group)
        IncomeController(pages: pages, now: now).addRoutes(to: group)
        TransactionsController(pages: pages, now: now).addRoutes(to: group)
        MoneyAccountsController(pages: pages, now: now).addRoutes(to: group)
        CategoriesController(pages: pages, now: now).addRoutes(to: group)
        ReportController(pages: pages, now: now).addRoutes(to: group)
    }
}

import HTML

/// Income sources: what comes in each month, and what has arrived so far.
enum IncomePages {
    struct SourceRow: Sendable {
        let id: Int64
        let name: String
        let detail: String
        let monthly: String?
    }

    struct IndexPage: Sendable {
        let total: String
        let sources: [SourceRow]
        let received: String
        let emptyState: EmptyState
    }

    static func index(_ page: IndexPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← Budget</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newIncome)">+ Add</a>
        </div>
        \(page.sources.isEmpty ? "<div class=\"empty-grid empty-grid--single\">\(page.emptyState.html)</div>" as HTML : sources(page))
        """
    }

    private static func sources(_ page: IndexPage) -> HTML {
        """
        <section class="card budget-hero">
          <p class="budget-hero__label">Total this month</p>
          <p class="budget-hero__amount">\(page.total)</p>
          <p class="muted">Received so far: \(page.received) · <a href="\(BudgetPaths.newTransaction(kind: .income, returnTo: BudgetPaths.income))">Record income received</a></p>
        </section>
        <section class="card" aria-label="Income sources">
          <ul class="category-rows">
            \(page.sources.map { source in
                """
                <li class="row-with-actions"><a class="category-row" href="\(BudgetPaths.editIncome(source.id))"><span class="ledger-item__text"><span class="ledger-item__title">\(source.name)</span><span class="ledger-item__detail">\(source.detail)\(source.monthly.map { " · \($0)" as HTML })</span></span></a><a class="button button--plain row-action" href="\(BudgetPaths.deleteIncome(source.id))" aria-label="Delete \(source.name)">Delete</a></li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }
}

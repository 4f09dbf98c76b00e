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

    static func index(_ page: IndexPage, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newIncome)">\(t["budget.add.button"])</a>
        </div>
        \(page.sources.isEmpty ? "<div class=\"empty-grid empty-grid--single\">\(page.emptyState.html)</div>" as HTML : sources(page, t: t))
        """
    }

    private static func sources(_ page: IndexPage, t: Words) -> HTML {
        """
        <section class="card budget-hero">
          <p class="budget-hero__label">\(t["budget.income.total_this_month"])</p>
          <p class="budget-hero__amount">\(page.total)</p>
          <p class="muted">\(t["budget.income.received_so_far", ["amount": page.received]]) · <a href="\(BudgetPaths.newTransaction(kind: .income, returnTo: BudgetPaths.income))">\(t["budget.income.record_received"])</a></p>
        </section>
        <section class="card" aria-label="\(t["budget.links.income_sources"])">
          <ul class="category-rows">
            \(page.sources.map { source in
                """
                <li class="row-with-actions"><a class="category-row" href="\(BudgetPaths.editIncome(source.id))"><span class="ledger-item__text"><span class="ledger-item__title">\(source.name)</span><span class="ledger-item__detail">\(source.detail)\(source.monthly.map { " · \($0)" as HTML })</span></span></a><a class="button button--plain row-action" href="\(BudgetPaths.deleteIncome(source.id))" aria-label="\(t["budget.income.delete_named", ["name": source.name]])">\(t["budget.form.delete"])</a></li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }
}

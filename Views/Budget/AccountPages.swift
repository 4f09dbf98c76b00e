import HTML

/// Money accounts: the list with balances, and one account with its transactions.
enum AccountPages {
    struct AccountRow: Sendable {
        let id: Int64
        let name: String
        let kindLabel: String
        let balance: String
        let negative: Bool
        let icon: String
    }

    struct IndexPage: Sendable {
        let total: String
        let accounts: [AccountRow]
    }

    struct ShowPage: Sendable {
        let account: AccountRow
        let opening: String
        let days: [BudgetPages.LedgerDay]
        /// The next page of transactions and back to the first (cursor links).
        let olderPath: String?
        let firstPath: String?
    }

    /// The list with no account yet.
    private static func empty(_ t: Words) -> EmptyState {
        EmptyState(
            key: "accounts",
            icon: "wallet",
            title: t["budget.accounts.empty.title"],
            text: t["budget.accounts.empty.text"],
            action: t["budget.accounts.empty.action"],
            actionPath: BudgetPaths.newAccount
        )
    }

    static func index(_ page: IndexPage, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a> · <a href="\(BudgetPaths.transactions)">\(t["budget.links.transactions"])</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newAccount)">\(t["budget.accounts.add"])</a>
        </div>
        \(page.accounts.isEmpty ? """
            <div class="empty-grid empty-grid--single">
            \(empty(t).html)
            </div>
            """ as HTML : accounts(page, t: t))
        """
    }

    private static func accounts(_ page: IndexPage, t: Words) -> HTML {
        """
        <section class="card budget-hero">
          <p class="budget-hero__label">\(t["budget.summary.total_balance"])</p>
          <p class="budget-hero__amount">\(page.total)</p>
        </section>
        <section class="card" aria-label="\(t["budget.links.accounts"])">
          <ul class="category-rows">
            \(page.accounts.map { account in
                """
                <li><a class="category-row" href="\(BudgetPaths.account(account.id))">\(Icon.framed(account.icon, size: 20, spanClass: "cat-icon swatch-2563eb"))<span class="ledger-item__text"><span class="ledger-item__title">\(account.name)</span><span class="ledger-item__detail">\(account.kindLabel)</span></span><span class="ledger-item__amount\(account.negative ? " amount--expense" : "")">\(account.balance)</span></a></li>
                """ as HTML
            })
          </ul>
        </section>
        """
    }

    static func show(_ page: ShowPage, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.accounts)">← \(t["budget.links.accounts"])</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newTransaction(kind: nil, returnTo: BudgetPaths.account(page.account.id)))">\(t["budget.add.button"])</a>
        </div>
        <section class="card budget-hero">
          <p class="budget-hero__label">\(t["budget.accounts.kind_balance", ["kind": page.account.kindLabel]])</p>
          <p class="budget-hero__amount\(page.account.negative ? " amount--expense" : "")">\(page.account.balance)</p>
          <details class="account-details">
            <summary>\(t["budget.accounts.details"])</summary>
            <dl class="figures"><div class="figures__row"><dt>\(t["budget.accounts.opening_balance"])</dt><dd>\(page.opening)</dd></div></dl>
          </details>
          <div class="form-actions">
            <a class="button button--secondary" href="\(BudgetPaths.editAccount(page.account.id))">\(t["budget.accounts.edit"])</a>
            <a class="button button--danger-outline" href="\(BudgetPaths.deleteMoneyAccount(page.account.id))">\(t["budget.form.delete_ellipsis"])</a>
          </div>
        </section>
        <section class="card" aria-labelledby="tx-title">
          <h2 class="card__title" id="tx-title">\(t["budget.links.transactions"])</h2>
          \(page.days.isEmpty ? "<p class=\"muted\">\(t["budget.accounts.no_transactions"])</p>" as HTML : BudgetPages.days(page.days))
          <nav class="pager" aria-label="\(t["budget.pager.label"])">
            \(page.firstPath.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.back_to_newest"])</a>" as HTML })
            \(page.olderPath.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.older"])</a>" as HTML })
          </nav>
        </section>
        """
    }
}

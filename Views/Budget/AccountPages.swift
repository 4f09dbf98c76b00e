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
    private static let empty = EmptyState(
        key: "accounts",
        icon: "wallet",
        title: "No accounts yet",
        text: "Add your checking, savings, credit card or cash accounts to see what each one holds.",
        action: "Add account",
        actionPath: BudgetPaths.newAccount
    )

    static func index(_ page: IndexPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← Budget</a> · <a href="\(BudgetPaths.transactions)">Transactions</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newAccount)">+ Add account</a>
        </div>
        \(page.accounts.isEmpty ? """
            <div class="empty-grid empty-grid--single">
            \(empty.html)
            </div>
            """ as HTML : accounts(page))
        """
    }

    private static func accounts(_ page: IndexPage) -> HTML {
        """
        <section class="card budget-hero">
          <p class="budget-hero__label">Total balance</p>
          <p class="budget-hero__amount">\(page.total)</p>
        </section>
        <section class="card" aria-label="Accounts">
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

    static func show(_ page: ShowPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.accounts)">← Accounts</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newTransaction(kind: nil, returnTo: BudgetPaths.account(page.account.id)))">+ Add</a>
        </div>
        <section class="card budget-hero">
          <p class="budget-hero__label">\(page.account.kindLabel) · balance</p>
          <p class="budget-hero__amount\(page.account.negative ? " amount--expense" : "")">\(page.account.balance)</p>
          <details class="account-details">
            <summary>Details</summary>
            <dl class="figures"><div class="figures__row"><dt>Opening balance</dt><dd>\(page.opening)</dd></div></dl>
          </details>
          <div class="form-actions">
            <a class="button button--secondary" href="\(BudgetPaths.editAccount(page.account.id))">Edit account</a>
            <a class="button button--danger-outline" href="\(BudgetPaths.deleteMoneyAccount(page.account.id))">Delete…</a>
          </div>
        </section>
        <section class="card" aria-labelledby="tx-title">
          <h2 class="card__title" id="tx-title">Transactions</h2>
          \(page.days.isEmpty ? "<p class=\"muted\">No transactions in this account yet. Choose it when you add one.</p>" as HTML : BudgetPages.days(page.days))
          <nav class="pager" aria-label="Transaction pages">
            \(page.firstPath.map { "<a class=\"button button--plain\" href=\"\($0)\">← Newest</a>" as HTML })
            \(page.olderPath.map { "<a class=\"button button--plain\" href=\"\($0)\">Older →</a>" as HTML })
          </nav>
        </section>
        """
    }
}

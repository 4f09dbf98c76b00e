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
        /// 12 months or 36, the current one marked.
        let spans: [TabLink]
        /// The total balance at each month's end; nil without accounts.
        let netWorth: ChartView?
    }

    /// One row of an account's register: the transaction as the account sees it, the balance after it, and whether
    /// it has been seen on a statement.
    struct RegisterRow: Sendable {
        let item: BudgetPages.LedgerItem
        let transactionId: Int64
        /// "Balance $1,234.00".
        let balance: String
        let clearing: LedgerEntry.Clearing
    }

    struct RegisterDay: Sendable {
        let date: String
        let title: String
        var rows: [RegisterRow]
    }

    struct ShowPage: Sendable {
        let account: AccountRow
        let opening: String
        let clearedBalance: String
        /// "Last reconciled on 31 Oct 2026 at $1,234.00", if ever.
        let reconciled: String?
        let days: [RegisterDay]
        /// This page, where a cleared tick comes back to.
        let returnTo: String
        /// The next page of transactions and back to the first (cursor links).
        let olderPath: String?
        let firstPath: String?
    }

    struct ReconcilePage: Sendable {
        let accountName: String
        let action: String
        let cancelPath: String
        let summary: String?
        let clearedBalance: String
        /// Statement − cleared balance, when they didn't match.
        let difference: String?
        let fields: [FormField]
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
        \(page.netWorth.map { chart in
            """
            \(BudgetPages.tabs(page.spans, label: t["budget.net_worth.span_label"]))
            \(chart.html(t))
            """ as HTML
        })
        """
    }

    static func show(_ page: ShowPage, csrf: CSRF, t: Words) -> HTML {
        let id = page.account.id
        return """
            <div class="budget-bar">
              <p class="breadcrumb"><a href="\(BudgetPaths.accounts)">← \(t["budget.links.accounts"])</a></p>
              <details class="add-menu">
                <summary class="button button--primary">\(t["budget.add.button"])</summary>
                <ul class="add-menu__list">
                  <li><a href="\(BudgetPaths.newTransaction(kind: nil, returnTo: BudgetPaths.account(id)))">\(t["budget.add.transaction"])</a></li>
                  <li><a href="\(BudgetPaths.newTransfer(from: id, returnTo: BudgetPaths.account(id)))">\(t["budget.add.transfer"])</a></li>
                </ul>
              </details>
            </div>
            <section class="card budget-hero">
              <p class="budget-hero__label">\(t["budget.accounts.kind_balance", ["kind": page.account.kindLabel]])</p>
              <p class="budget-hero__amount\(page.account.negative ? " amount--expense" : "")">\(page.account.balance)</p>
              <dl class="figures">
                <div class="figures__row"><dt>\(t["budget.accounts.cleared_balance"])</dt><dd>\(page.clearedBalance)</dd></div>
                <div class="figures__row"><dt>\(t["budget.accounts.opening_balance"])</dt><dd>\(page.opening)</dd></div>
              </dl>
              \(page.reconciled.map { "<p class=\"muted small\">\($0)</p>" as HTML })
              <div class="form-actions">
                <a class="button button--secondary" href="\(BudgetPaths.reconcileAccount(id))">\(t["budget.reconcile.button"])</a>
                <a class="button button--secondary" href="\(BudgetPaths.editAccount(id))">\(t["budget.accounts.edit"])</a>
                <a class="button button--danger-outline" href="\(BudgetPaths.deleteMoneyAccount(id))">\(t["budget.form.delete_ellipsis"])</a>
              </div>
            </section>
            <section class="card" aria-labelledby="tx-title">
              <h2 class="card__title" id="tx-title">\(t["budget.accounts.register"])</h2>
              \(page.days.isEmpty ? "<p class=\"muted\">\(t["budget.accounts.no_transactions"])</p>" as HTML : register(page, csrf: csrf, t: t))
              <nav class="pager" aria-label="\(t["budget.pager.label"])">
                \(page.firstPath.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.back_to_newest"])</a>" as HTML })
                \(page.olderPath.map { "<a class=\"button button--plain\" href=\"\($0)\">\(t["budget.pager.older"])</a>" as HTML })
              </nav>
            </section>
            """
    }

    /// The register: rows by day, each with the balance after it and its cleared tick (a small form, so it works
    /// without JavaScript); a reconciled row says it is locked instead.
    private static func register(_ page: ShowPage, csrf: CSRF, t: Words) -> HTML {
        page.days.map { day in
            """
            <h3 class="ledger-day">\(day.title)</h3>
            <ul class="ledger-list register">
              \(day.rows.map { row in
                  let item = row.item
                  let tick: HTML =
                      switch row.clearing {
                      case .reconciled:
                          "<span class=\"register__lock\">\(Icon.svg("shield", size: 14)) \(t["budget.accounts.reconciled"])</span>"
                      case .open, .cleared:
                          """
                          <form method="post" action="\(BudgetPaths.clearTransaction(row.transactionId))" class="register__tick">
                            \(csrf.field)
                            \(Form.hidden("returnTo", page.returnTo))
                            <input type="hidden" name="cleared" value="\(row.clearing == .open ? "1" : "0")">
                            <button class="chip-toggle" type="submit" aria-pressed="\(row.clearing == .cleared ? "true" : "false")" aria-label="\(t["budget.accounts.cleared_named", ["name": item.title, "amount": item.amount]])">\(t["budget.accounts.cleared"])</button>
                          </form>
                          """
                      }
                  return """
                  <li class="register__row"><a class="ledger-item" href="\(BudgetPaths.editLedgerEntry(item.id, inStash: item.inStash, returnTo: item.returnTo))">\(Icon.framed(item.icon, size: 20, spanClass: "cat-icon \(item.swatch)"))<span class="ledger-item__text"><span class="ledger-item__title">\(item.title)</span><span class="ledger-item__detail">\(item.detail)</span></span><span class="ledger-item__amount \(item.amountClass)">\(item.amount)</span></a>
                    <div class="register__meta"><span class="register__balance">\(row.balance)</span>\(tick)</div></li>
                  """ as HTML
              })
            </ul>

            """ as HTML
        }.joined()
    }

    static func reconcile(_ page: ReconcilePage, csrf: CSRF, t: Words) -> HTML {
        FormCard(
            heading: t["budget.reconcile.title", ["name": page.accountName]],
            intro: """
                <p class="muted">\(t["budget.reconcile.intro"])</p>
                <dl class="figures">
                  <div class="figures__row"><dt>\(t["budget.accounts.cleared_balance"])</dt><dd>\(page.clearedBalance)</dd></div>
                  \(page.difference.map { "<div class=\"figures__row\"><dt>\(t["budget.reconcile.difference"])</dt><dd class=\"amount--expense\">\($0)</dd></div>" as HTML })
                </dl>
                """,
            summary: page.summary,
            action: page.action,
            fields: Form.fields(page.fields),
            actions: Form.actions(submit: t["budget.reconcile.submit"], cancel: page.cancelPath, t: t)
        ).html(csrf: csrf)
    }
}

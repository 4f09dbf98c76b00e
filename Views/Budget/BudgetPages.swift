import HTML

/// The Budget section's pages (Expenses, Needs and Wants, Savings, one category) and the pieces the Budget,
/// transactions and accounts pages share: the tab bar, the month bar, the day-grouped ledger, the plain form and
/// the delete confirmation.
enum BudgetPages {
    /// One transaction as a list row: amount with its sign, what it was, and where it leads.
    struct LedgerItem: Sendable {
        let title: String
        let detail: String
        let amount: String
        let amountClass: String
        /// The transaction whose form edits the row (for a transfer's arriving side, the side that left), and whether
        /// it is a stash entry (edited on its own form).
        let id: Int64
        let inStash: Bool
        /// The row itself, as a selection names it.
        let rowId: Int64
        /// Where its form comes back to once saved.
        let returnTo: String?
        let icon: String
        let swatch: String
    }

    /// Rows of one day under its heading (Today / Yesterday / date).
    struct LedgerDay: Sendable {
        let title: String
        let items: [LedgerItem]
    }

    /// The month picker: previous / next month links and a "This month" link when away from it.
    struct MonthPicker: Sendable {
        /// The page the picker steps through the months of.
        enum Target: Sendable {
            case expenses
            case tab(Category.Kind)
            case category(Int64)

            /// The page at `month` (nil: this month).
            func path(month: Month?) -> String {
                switch self {
                case .expenses: BudgetPaths.expenses(month: month)
                case .tab(let kind): BudgetPaths.tab(kind, month: month)
                case .category(let id): BudgetPaths.category(id, month: month)
                }
            }
        }

        let target: Target
        let month: Month
        let isCurrentMonth: Bool
    }

    /// The + Add menu: a new expense of `expenseKind` or new income, coming back to `returnTo` once saved.
    struct AddMenu: Sendable {
        let expenseKind: Category.Kind
        let returnTo: String
    }

    /// A category's line in a month: what went into it, and where its transactions are (nil: no category, the
    /// spending stashes' line).
    struct CategoryRow: Sendable {
        let id: Int64?
        let name: String
        let amount: String
        let countText: String
        let icon: String
        let swatch: String
        let empty: Bool
    }

    struct ExpensesPage: Sendable {
        let tabs: [TabLink]
        let picker: MonthPicker
        let add: AddMenu
        let needsSetup: Bool
        let setup: EmptyState
        let remaining: String
        let remainingNegative: Bool
        let isCurrentMonth: Bool
        let income: String
        let expected: String?
        let spent: String
        let saved: String?
        let days: [LedgerDay]
        let hasExpenses: Bool
        let links: [TextLink]
        /// Safe to spend and the forecast, this month only.
        var safe: SafeToSpendPages.Figure? = nil
        var forecast: (chart: ChartView, lowest: String?)? = nil
    }

    struct TabPage: Sendable {
        let kind: Category.Kind
        /// The month shown; nil for this month.
        let month: Month?
        let tabs: [TabLink]
        let picker: MonthPicker
        let add: AddMenu
        let spent: String
        let rows: [CategoryRow]
        let days: [LedgerDay]
        let hasSpending: Bool
    }

    /// A save stash with what went into it this month and in all.
    struct GoalRow: Sendable {
        let id: Int64
        let name: String
        let monthAmount: String
        let total: String
    }

    struct SavingsPage: Sendable {
        /// The month shown; nil for this month.
        let month: Month?
        let tabs: [TabLink]
        let picker: MonthPicker
        let add: AddMenu
        let saved: String
        let goals: [GoalRow]
        let other: [CategoryRow]
        let days: [LedgerDay]
        let isEmpty: Bool
        let emptyState: EmptyState
    }

    struct CategoryPage: Sendable {
        let id: Int64
        let kind: Category.Kind
        /// The month shown; nil for this month.
        let month: Month?
        let picker: MonthPicker
        let total: String
        let countText: String
        let days: [LedgerDay]
        let emptyTitle: String
        let emptyText: String
    }

    /// A plain form page: labelled fields, Save, Cancel, and a link to delete.
    struct SimpleFormPage: Sendable {
        let heading: String
        let action: String
        let summary: String?
        let fields: [FormField]
        let deletePath: String?
        let cancelPath: String
    }

    // MARK: - Shared pieces

    /// The day-grouped ledger: a heading per day and its rows. With `selection` (a form's id and the name a
    /// checkbox is read out with), each row has a checkbox that belongs to that form.
    static func days(_ days: [LedgerDay], selection: (form: String, label: Catalogue.Phrase)? = nil) -> HTML {
        days.map { day in
            """
            <h3 class="ledger-day">\(day.title)</h3>
            <ul class="ledger-list\(selection == nil ? "" : " ledger-list--select")">
              \(day.items.map { item in
                  let box: HTML? = selection.map { selection in
                      "<input class=\"ledger-select\" type=\"checkbox\" name=\"ids[]\" value=\"\(item.rowId)\" form=\"\(selection.form)\" aria-label=\"\(selection.label.fill(["name": item.title, "amount": item.amount]))\">"
                  }
                  return """
                  <li>\(box)<a class="ledger-item" href="\(BudgetPaths.editLedgerEntry(item.id, inStash: item.inStash, returnTo: item.returnTo))">\(Icon.framed(item.icon, size: 20, spanClass: "cat-icon \(item.swatch)"))<span class="ledger-item__text"><span class="ledger-item__title">\(item.title)</span><span class="ledger-item__detail">\(item.detail)</span></span><span class="ledger-item__amount \(item.amountClass)">\(item.amount)</span></a></li>
                  """ as HTML
              })
            </ul>

            """ as HTML
        }.joined()
    }

    /// A sub-navigation of tabs, the current one marked for screen readers.
    static func tabs(_ tabs: [TabLink], label: String) -> HTML {
        """
        <nav class="subnav" aria-label="\(label)">
          \(TabLink.links(tabs, className: "subnav__item"))
        </nav>
        """
    }

    /// The month picker form; `describedTitle` adds the month's name to the input's label.
    static func monthPicker(_ picker: MonthPicker, describedTitle: Bool, t: Words) -> HTML {
        let aria: HTML? =
            describedTitle
            ? " aria-label=\"\(t["budget.month_picker.month_named", ["month": t.month(picker.month)]])\"" : nil
        return """
            <form class="month-picker" method="get" action="\(picker.target.path(month: nil))">
                <a class="month-nav__step" href="\(picker.target.path(month: picker.month.previous))" aria-label="\(t["budget.month_picker.previous"])">‹</a>
                <label class="visually-hidden" for="month-picker">\(t["budget.month_picker.month"])</label>
                <input class="month-picker__input" id="month-picker" name="month" type="month" value="\(picker.month.description)"\(aria)>
                <button class="button button--plain month-picker__go" type="submit">\(t["budget.month_picker.go"])</button>
                <a class="month-nav__step" href="\(picker.target.path(month: picker.month.next))" aria-label="\(t["budget.month_picker.next"])">›</a>
                \(picker.isCurrentMonth ? nil : "<a class=\"month-nav__today\" href=\"\(picker.target.path(month: nil))\">\(t["budget.month_picker.this_month"])</a>" as HTML)
              </form>
            """
    }

    /// The month picker and the + Add menu (income or expense) above a Budget tab.
    static func monthBar(_ picker: MonthPicker, add: AddMenu, t: Words) -> HTML {
        """
        <div class="budget-bar">
          \(monthPicker(picker, describedTitle: true, t: t))
          <details class="add-menu">
            <summary class="button button--primary">\(t["budget.add.button"])</summary>
            <ul class="add-menu__list">
              <li><a href="\(BudgetPaths.newTransaction(kind: .income, returnTo: add.returnTo))">\(t["budget.add.income"])</a></li>
              <li><a href="\(BudgetPaths.newTransaction(kind: add.expenseKind, returnTo: add.returnTo))">\(t["budget.add.expense"])</a></li>
            </ul>
          </details>
        </div>
        """
    }

    /// A list of categories with their month's amount, each leading to the category at `month` (the spending
    /// stashes' line to Home).
    static func categoryRows(_ rows: [CategoryRow], month: Month?) -> HTML {
        rows.map { row in
            """
            <li><a class="category-row\(row.empty ? " category-row--empty" : "")" href="\(row.id.map { BudgetPaths.category($0, month: month) } ?? HomePaths.index)">\(Icon.framed(row.icon, size: 20, spanClass: "cat-icon \(row.swatch)"))<span class="ledger-item__text"><span class="ledger-item__title">\(row.name)</span><span class="ledger-item__detail">\(row.countText)</span></span><span class="ledger-item__amount">\(row.amount)</span></a></li>
            """ as HTML
        }.joined()
    }

    static func emptyInline(title: String, text: String) -> HTML {
        """
        <div class="empty-inline">
            <p class="empty-inline__title">\(title)</p>
            <p class="muted">\(text)</p>
          </div>
        """
    }

    // MARK: - Pages

    static func expenses(_ page: ExpensesPage, t: Words) -> HTML {
        """
        \(tabs(page.tabs, label: t["budget.title"]))
        \(monthBar(page.picker, add: page.add, t: t))
        \(page.needsSetup ? "<div class=\"empty-grid empty-grid--single\">\(page.setup.html)</div>" as HTML : expensesSummary(page, t: t))
        <nav class="budget-links" aria-label="\(t["budget.links.label"])">
          \(page.links.map { "<a class=\"chip chip--outline\" href=\"\($0.href)\">\($0.label)</a>" as HTML })
        </nav>
        """
    }

    private static func expensesSummary(_ page: ExpensesPage, t: Words) -> HTML {
        let remaining =
            page.isCurrentMonth
            ? t["budget.expenses.remaining_this_month"]
            : t["budget.expenses.remaining_in", ["month": t.month(page.picker.month)]]
        return """
            <section class="card budget-hero" aria-labelledby="remaining-label">
              <p class="budget-hero__amount\(page.remainingNegative ? " amount--expense" : "")">\(page.remaining)</p>
              <p class="budget-hero__label" id="remaining-label">\(remaining)</p>
              <dl class="figures">
                <div class="figures__row"><dt><a href="\(BudgetPaths.income)">\(t["budget.expenses.income"])</a></dt><dd>\(page.income)\(page.expected.map { " <span class=\"muted small\">\(t["budget.expenses.of_expected", ["amount": $0]])</span>" as HTML })</dd></div>
                <div class="figures__row"><dt>\(t["budget.expenses.spent"])</dt><dd>\(page.spent)</dd></div>
                \(page.saved.map { "<div class=\"figures__row\"><dt>\(t["budget.expenses.saved"])</dt><dd>\($0)</dd></div>" as HTML })
              </dl>
            </section>
            \(page.safe.map { SafeToSpendPages.card($0, t: t) })
            \(page.forecast.map { SafeToSpendPages.forecast($0.chart, lowest: $0.lowest, t: t) })
            <section class="card" aria-labelledby="recent-title">
              <h2 class="card__title" id="recent-title">\(t["budget.expenses.recent"])</h2>
              \(page.hasExpenses ? nil : emptyInline(title: t["budget.expenses.empty_title"], text: t["budget.expenses.empty_text"]))
              \(days(page.days))
            </section>
            """
    }

    static func tab(_ page: TabPage, t: Words) -> HTML {
        let kind = page.kind.label(t)
        return """
            \(tabs(page.tabs, label: t["budget.title"]))
            \(monthBar(page.picker, add: page.add, t: t))
            <section class="card budget-hero" aria-labelledby="tab-title">
              <h2 class="budget-hero__kind" id="tab-title">\(kind)</h2>
              <p class="budget-hero__amount">\(page.spent) <span class="budget-hero__unit">\(t["budget.tab.spent"])</span></p>
            </section>
            <section class="card" aria-labelledby="categories-title">
              <div class="card__head">
                <h2 class="card__title" id="categories-title">\(t["budget.tab.categories"])</h2>
                <a class="button button--plain" href="\(BudgetPaths.categories(kind: page.kind))">\(t["budget.tab.edit"])</a>
              </div>
              <ul class="category-rows">
                \(categoryRows(page.rows, month: page.month))
              </ul>
            </section>
            <section class="card" aria-labelledby="recent-title">
              <h2 class="card__title" id="recent-title">\(t["budget.tab.recent_in", ["kind": kind]])</h2>
              \(page.hasSpending ? nil : emptyInline(title: t["budget.expenses.empty_title"], text: t["budget.expenses.empty_text"]))
              \(days(page.days))
              <p><a class="button button--secondary" href="\(BudgetPaths.newTransaction(kind: page.kind, returnTo: BudgetPaths.tab(page.kind, month: page.month)))">\(t["budget.tab.add_to", ["kind": kind]])</a></p>
            </section>
            """
    }

    static func savings(_ page: SavingsPage, t: Words) -> HTML {
        """
        \(tabs(page.tabs, label: t["budget.title"]))
        \(monthBar(page.picker, add: page.add, t: t))
        \(page.isEmpty ? "<div class=\"empty-grid empty-grid--single\">\(page.emptyState.html)</div>" as HTML : savingsSummary(page, t: t))
        """
    }

    private static func savingsSummary(_ page: SavingsPage, t: Words) -> HTML {
        let goals: HTML =
            page.goals.isEmpty
            ? "<p class=\"muted\">\(t["budget.savings.no_goals"])</p>"
            : """
            <ul class="category-rows">
                \(page.goals.map { goal in
                      """
                      <li><a class="category-row" href="\(StashPaths.show(goal.id, month: page.month))">\(Icon.framed("stash", size: 20, spanClass: "cat-icon swatch-16a34a"))<span class="ledger-item__text"><span class="ledger-item__title">\(goal.name)</span><span class="ledger-item__detail">\(t["budget.savings.goal_this_month", ["amount": goal.monthAmount]])</span></span><span class="ledger-item__amount">\(goal.total)<span class="ledger-item__sub">\(t["budget.savings.total"])</span></span></a></li>
                      """ as HTML
                  })
              </ul>
            """
        let other: HTML? =
            page.other.isEmpty
            ? nil
            : """
            <section class="card" aria-labelledby="other-title">
              <div class="card__head">
                <h2 class="card__title" id="other-title">\(t["budget.savings.by_category"])</h2>
                <a class="button button--plain" href="\(BudgetPaths.categories(kind: .savings))">\(t["budget.tab.edit"])</a>
              </div>
              <ul class="category-rows">
                \(categoryRows(page.other, month: page.month))
              </ul>
            </section>
            """
        return """
            <section class="card budget-hero" aria-labelledby="tab-title">
              <h2 class="budget-hero__kind" id="tab-title">\(t["budget.kinds.savings"])</h2>
              <p class="budget-hero__amount amount--saving">\(page.saved) <span class="budget-hero__unit">\(t["budget.savings.this_month"])</span></p>
            </section>
            <section class="card" aria-labelledby="goals-title">
              <div class="card__head">
                <h2 class="card__title" id="goals-title">\(t["budget.savings.goals"])</h2>
                <a class="button button--plain" href="\(StashPaths.new(kind: .save))">\(t["budget.savings.new_goal"])</a>
              </div>
              \(goals)
            </section>
            \(other)
            <section class="card" aria-labelledby="contributions-title">
              <h2 class="card__title" id="contributions-title">\(t["budget.savings.contributions"])</h2>
              \(page.days.isEmpty ? "<p class=\"muted\">\(t["budget.savings.nothing_yet"])</p>" as HTML : days(page.days))
            </section>
            """
    }

    static func category(_ page: CategoryPage, t: Words) -> HTML {
        let back =
            page.kind == .income
            ? BudgetPaths.expenses(month: page.month) : BudgetPaths.tab(page.kind, month: page.month)
        return """
            <p class="breadcrumb"><a href="\(back)">← \(page.kind.label(t))</a></p>
            <div class="budget-bar">
              \(monthPicker(page.picker, describedTitle: false, t: t))
              <a class="button button--primary" href="\(BudgetPaths.newTransaction(kind: page.kind, returnTo: BudgetPaths.category(page.id, month: page.month)))">\(t["budget.add.button"])</a>
            </div>
            <section class="card budget-hero">
              <p class="budget-hero__amount">\(page.total)</p>
              <p class="budget-hero__label">\(t["budget.category.count_in", ["transactions": page.countText, "month": t.month(page.picker.month)]])</p>
            </section>
            <section class="card" aria-label="\(t["budget.category.transactions"])">
              \(page.days.isEmpty ? emptyInline(title: page.emptyTitle, text: page.emptyText) : days(page.days))
              <div class="form-actions">
                <a class="button button--plain" href="\(BudgetPaths.transactions(category: page.id))">\(t["budget.category.all_months"])</a>
                <a class="button button--plain" href="\(BudgetPaths.editCategory(page.id))">\(t["budget.category.edit"])</a>
              </div>
            </section>
            """
    }

    static func simpleForm(_ page: SimpleFormPage, csrf: CSRF, t: Words) -> HTML {
        FormCard(
            heading: page.heading,
            summary: page.summary,
            action: page.action,
            fields: Form.fields(page.fields),
            actions: Form.actions(submit: t["budget.form.save"], cancel: page.cancelPath, t: t),
            after: Form.deleteLink(page.deletePath, t: t)
        ).html(csrf: csrf)
    }
}

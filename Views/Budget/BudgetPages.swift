import HTML

/// The Budget section's pages (Expenses, Needs and Wants, Savings, one category) and the pieces the Budget,
/// transactions and accounts pages share: the tab bar, the month bar, the day-grouped ledger, the plain form and
/// the delete confirmation.
public enum BudgetPages {
    public typealias Tab = TabLink

    /// One transaction as a list row: amount with its sign, what it was, and where it leads.
    public struct LedgerItem: Sendable {
        public let title: String
        public let detail: String
        public let amount: String
        public let amountClass: String
        public let editPath: String
        public let icon: String
        public let swatch: String

        public init(title: String, detail: String, amount: String, amountClass: String, editPath: String, icon: String, swatch: String) {
            self.title = title
            self.detail = detail
            self.amount = amount
            self.amountClass = amountClass
            self.editPath = editPath
            self.icon = icon
            self.swatch = swatch
        }
    }

    /// Rows of one day under its heading (Today / Yesterday / date).
    public struct LedgerDay: Sendable {
        public let title: String
        public let items: [LedgerItem]

        public init(title: String, items: [LedgerItem]) {
            self.title = title
            self.items = items
        }
    }


    /// The month picker: previous / next month links and a "This month" link when away from it.
    public struct MonthPicker: Sendable {
        public let title: String
        public let value: String
        public let previousPath: String
        public let nextPath: String
        public let currentPath: String?
        public let action: String

        public init(title: String, value: String, previousPath: String, nextPath: String, currentPath: String?, action: String) {
            self.title = title
            self.value = value
            self.previousPath = previousPath
            self.nextPath = nextPath
            self.currentPath = currentPath
            self.action = action
        }
    }

    public struct AddMenu: Sendable {
        public let expensePath: String
        public let incomePath: String

        public init(expensePath: String, incomePath: String) {
            self.expensePath = expensePath
            self.incomePath = incomePath
        }
    }

    public typealias Link = TextLink

    /// A category's line in a month: what went into it, and where its transactions are.
    public struct CategoryRow: Sendable {
        public let name: String
        public let amount: String
        public let countText: String
        public let path: String
        public let icon: String
        public let swatch: String
        public let empty: Bool

        public init(name: String, amount: String, countText: String, path: String, icon: String, swatch: String, empty: Bool) {
            self.name = name
            self.amount = amount
            self.countText = countText
            self.path = path
            self.icon = icon
            self.swatch = swatch
            self.empty = empty
        }
    }

    public struct ExpensesPage: Sendable {
        public let tabs: [Tab]
        public let picker: MonthPicker
        public let add: AddMenu
        public let needsSetup: Bool
        public let setup: EmptyState
        public let remaining: String
        public let remainingNegative: Bool
        public let isCurrentMonth: Bool
        public let income: String
        public let expected: String?
        public let spent: String
        public let saved: String?
        public let days: [LedgerDay]
        public let hasExpenses: Bool
        public let incomePath: String
        public let links: [Link]

        public init(tabs: [Tab], picker: MonthPicker, add: AddMenu, needsSetup: Bool, setup: EmptyState, remaining: String, remainingNegative: Bool, isCurrentMonth: Bool, income: String, expected: String?, spent: String, saved: String?, days: [LedgerDay], hasExpenses: Bool, incomePath: String, links: [Link]) {
            self.tabs = tabs
            self.picker = picker
            self.add = add
            self.needsSetup = needsSetup
            self.setup = setup
            self.remaining = remaining
            self.remainingNegative = remainingNegative
            self.isCurrentMonth = isCurrentMonth
            self.income = income
            self.expected = expected
            self.spent = spent
            self.saved = saved
            self.days = days
            self.hasExpenses = hasExpenses
            self.incomePath = incomePath
            self.links = links
        }
    }

    public struct TabPage: Sendable {
        public let tabs: [Tab]
        public let picker: MonthPicker
        public let add: AddMenu
        public let kindLabel: String
        public let spent: String
        public let rows: [CategoryRow]
        public let days: [LedgerDay]
        public let hasSpending: Bool
        public let editPath: String
        public let addPath: String

        public init(tabs: [Tab], picker: MonthPicker, add: AddMenu, kindLabel: String, spent: String, rows: [CategoryRow], days: [LedgerDay], hasSpending: Bool, editPath: String, addPath: String) {
            self.tabs = tabs
            self.picker = picker
            self.add = add
            self.kindLabel = kindLabel
            self.spent = spent
            self.rows = rows
            self.days = days
            self.hasSpending = hasSpending
            self.editPath = editPath
            self.addPath = addPath
        }
    }

    public struct GoalRow: Sendable {
        public let name: String
        public let monthAmount: String
        public let total: String
        public let path: String

        public init(name: String, monthAmount: String, total: String, path: String) {
            self.name = name
            self.monthAmount = monthAmount
            self.total = total
            self.path = path
        }
    }

    public struct SavingsPage: Sendable {
        public let tabs: [Tab]
        public let picker: MonthPicker
        public let add: AddMenu
        public let saved: String
        public let goals: [GoalRow]
        public let other: [CategoryRow]
        public let days: [LedgerDay]
        public let isEmpty: Bool
        public let emptyState: EmptyState
        public let newGoalPath: String
        public let editPath: String

        public init(tabs: [Tab], picker: MonthPicker, add: AddMenu, saved: String, goals: [GoalRow], other: [CategoryRow], days: [LedgerDay], isEmpty: Bool, emptyState: EmptyState, newGoalPath: String, editPath: String) {
            self.tabs = tabs
            self.picker = picker
            self.add = add
            self.saved = saved
            self.goals = goals
            self.other = other
            self.days = days
            self.isEmpty = isEmpty
            self.emptyState = emptyState
            self.newGoalPath = newGoalPath
            self.editPath = editPath
        }
    }

    public struct CategoryPage: Sendable {
        public let kindLabel: String
        public let backPath: String
        public let picker: MonthPicker
        public let total: String
        public let countText: String
        public let days: [LedgerDay]
        public let emptyTitle: String
        public let emptyText: String
        public let addPath: String
        public let editPath: String
        public let allPath: String

        public init(kindLabel: String, backPath: String, picker: MonthPicker, total: String, countText: String, days: [LedgerDay], emptyTitle: String, emptyText: String, addPath: String, editPath: String, allPath: String) {
            self.kindLabel = kindLabel
            self.backPath = backPath
            self.picker = picker
            self.total = total
            self.countText = countText
            self.days = days
            self.emptyTitle = emptyTitle
            self.emptyText = emptyText
            self.addPath = addPath
            self.editPath = editPath
            self.allPath = allPath
        }
    }

    /// A plain form page: labelled fields, Save, Cancel, and a link to delete.
    public struct SimpleFormPage: Sendable {
        public let heading: String
        public let action: String
        public let summary: String?
        public let fields: [FormField]
        public let deletePath: String?
        public let cancelPath: String

        public init(heading: String, action: String, summary: String?, fields: [FormField], deletePath: String?, cancelPath: String) {
            self.heading = heading
            self.action = action
            self.summary = summary
            self.fields = fields
            self.deletePath = deletePath
            self.cancelPath = cancelPath
        }
    }

    // MARK: - Shared pieces

    /// The day-grouped ledger: a heading per day and its rows.
    public static func days(_ days: [LedgerDay]) -> HTML {
        days.map { day in
            """
            <h3 class="ledger-day">\(day.title)</h3>
            <ul class="ledger-list">
              \(day.items.map { item in
                  """
                  <li><a class="ledger-item" href="\(item.editPath)"><span class="cat-icon \(item.swatch)" aria-hidden="true"><svg width="20" height="20"><use href="/icons/sprite.svg#\(item.icon)"></use></svg></span><span class="ledger-item__text"><span class="ledger-item__title">\(item.title)</span><span class="ledger-item__detail">\(item.detail)</span></span><span class="ledger-item__amount \(item.amountClass)">\(item.amount)</span></a></li>
                  """ as HTML
              })
            </ul>

            """ as HTML
        }.joined()
    }

    /// A sub-navigation of tabs, the current one marked for screen readers.
    public static func tabs(_ tabs: [Tab], label: String) -> HTML {
        """
        <nav class="subnav" aria-label="\(label)">
          \(TabLink.links(tabs, className: "subnav__item"))
        </nav>
        """
    }

    /// The month picker form; `describedTitle` adds the month's name to the input's label.
    public static func monthPicker(_ picker: MonthPicker, describedTitle: Bool) -> HTML {
        let aria: HTML? = describedTitle ? " aria-label=\"Month: \(picker.title)\"" : nil
        return """
        <form class="month-picker" method="get" action="\(picker.action)">
            <a class="month-nav__step" href="\(picker.previousPath)" aria-label="Previous month">‹</a>
            <label class="visually-hidden" for="month-picker">Month</label>
            <input class="month-picker__input" id="month-picker" name="month" type="month" value="\(picker.value)"\(aria)>
            <button class="button button--plain month-picker__go" type="submit">Go</button>
            <a class="month-nav__step" href="\(picker.nextPath)" aria-label="Next month">›</a>
            \(picker.currentPath.map { "<a class=\"month-nav__today\" href=\"\($0)\">This month</a>" as HTML })
          </form>
        """
    }

    /// The month picker and the + Add menu (income or expense) above a Budget tab.
    public static func monthBar(_ picker: MonthPicker, add: AddMenu) -> HTML {
        """
        <div class="budget-bar">
          \(monthPicker(picker, describedTitle: true))
          <details class="add-menu">
            <summary class="button button--primary">+ Add</summary>
            <ul class="add-menu__list">
              <li><a href="\(add.incomePath)">Add income</a></li>
              <li><a href="\(add.expensePath)">Add expense</a></li>
            </ul>
          </details>
        </div>
        """
    }

    /// A list of categories with their month's amount, each leading to the category.
    public static func categoryRows(_ rows: [CategoryRow]) -> HTML {
        rows.map { row in
            """
            <li><a class="category-row\(row.empty ? " category-row--empty" : "")" href="\(row.path)"><span class="cat-icon \(row.swatch)" aria-hidden="true"><svg width="20" height="20"><use href="/icons/sprite.svg#\(row.icon)"></use></svg></span><span class="ledger-item__text"><span class="ledger-item__title">\(row.name)</span><span class="ledger-item__detail">\(row.countText)</span></span><span class="ledger-item__amount">\(row.amount)</span></a></li>
            """ as HTML
        }.joined()
    }

    public static func emptyInline(title: String, text: String) -> HTML {
        """
        <div class="empty-inline">
            <p class="empty-inline__title">\(title)</p>
            <p class="muted">\(text)</p>
          </div>
        """
    }

    // MARK: - Pages

    public static func expenses(_ page: ExpensesPage) -> HTML {
        """
        \(tabs(page.tabs, label: "Budget"))
        \(monthBar(page.picker, add: page.add))
        \(page.needsSetup ? "<div class=\"empty-grid empty-grid--single\">\(page.setup.html)</div>" as HTML : expensesSummary(page))
        <nav class="budget-links" aria-label="More in Budget">
          \(page.links.map { "<a class=\"chip chip--outline\" href=\"\($0.href)\">\($0.label)</a>" as HTML })
        </nav>
        """
    }

    private static func expensesSummary(_ page: ExpensesPage) -> HTML {
        """
        <section class="card budget-hero" aria-labelledby="remaining-label">
          <p class="budget-hero__amount\(page.remainingNegative ? " amount--expense" : "")">\(page.remaining)</p>
          <p class="budget-hero__label" id="remaining-label">remaining \(page.isCurrentMonth ? "this month" : "in \(page.picker.title)")</p>
          <dl class="figures">
            <div class="figures__row"><dt><a href="\(page.incomePath)">Income</a></dt><dd>\(page.income)\(page.expected.map { " <span class=\"muted small\">of \($0) expected</span>" as HTML })</dd></div>
            <div class="figures__row"><dt>Spent</dt><dd>\(page.spent)</dd></div>
            \(page.saved.map { "<div class=\"figures__row\"><dt>Saved</dt><dd>\($0)</dd></div>" as HTML })
          </dl>
        </section>
        <section class="card" aria-labelledby="recent-title">
          <h2 class="card__title" id="recent-title">Recent</h2>
          \(page.hasExpenses ? nil : emptyInline(title: "No expenses this month", text: "Use + Add to add your first expense."))
          \(days(page.days))
        </section>
        """
    }

    public static func tab(_ page: TabPage) -> HTML {
        """
        \(tabs(page.tabs, label: "Budget"))
        \(monthBar(page.picker, add: page.add))
        <section class="card budget-hero" aria-labelledby="tab-title">
          <h2 class="budget-hero__kind" id="tab-title">\(page.kindLabel)</h2>
          <p class="budget-hero__amount">\(page.spent) <span class="budget-hero__unit">spent</span></p>
        </section>
        <section class="card" aria-labelledby="categories-title">
          <div class="card__head">
            <h2 class="card__title" id="categories-title">Categories</h2>
            <a class="button button--plain" href="\(page.editPath)">Edit</a>
          </div>
          <ul class="category-rows">
            \(categoryRows(page.rows))
          </ul>
        </section>
        <section class="card" aria-labelledby="recent-title">
          <h2 class="card__title" id="recent-title">Recent in \(page.kindLabel)</h2>
          \(page.hasSpending ? nil : emptyInline(title: "No expenses this month", text: "Use + Add to add your first expense."))
          \(days(page.days))
          <p><a class="button button--secondary" href="\(page.addPath)">+ Add to \(page.kindLabel)</a></p>
        </section>
        """
    }

    public static func savings(_ page: SavingsPage) -> HTML {
        """
        \(tabs(page.tabs, label: "Budget"))
        \(monthBar(page.picker, add: page.add))
        \(page.isEmpty ? "<div class=\"empty-grid empty-grid--single\">\(page.emptyState.html)</div>" as HTML : savingsSummary(page))
        """
    }

    private static func savingsSummary(_ page: SavingsPage) -> HTML {
        let goals: HTML = page.goals.isEmpty
            ? "<p class=\"muted\">Your save stashes are your goals. Add one to see its monthly and total savings here.</p>"
            : """
              <ul class="category-rows">
                  \(page.goals.map { goal in
                      """
                      <li><a class="category-row" href="\(goal.path)"><span class="cat-icon swatch-16a34a" aria-hidden="true"><svg width="20" height="20"><use href="/icons/sprite.svg#stash"></use></svg></span><span class="ledger-item__text"><span class="ledger-item__title">\(goal.name)</span><span class="ledger-item__detail">\(goal.monthAmount) this month</span></span><span class="ledger-item__amount">\(goal.total)<span class="ledger-item__sub">total</span></span></a></li>
                      """ as HTML
                  })
                </ul>
              """
        let other: HTML? = page.other.isEmpty ? nil : """
            <section class="card" aria-labelledby="other-title">
              <div class="card__head">
                <h2 class="card__title" id="other-title">Savings by category</h2>
                <a class="button button--plain" href="\(page.editPath)">Edit</a>
              </div>
              <ul class="category-rows">
                \(categoryRows(page.other))
              </ul>
            </section>
            """
        return """
        <section class="card budget-hero" aria-labelledby="tab-title">
          <h2 class="budget-hero__kind" id="tab-title">Savings</h2>
          <p class="budget-hero__amount amount--saving">\(page.saved) <span class="budget-hero__unit">this month</span></p>
        </section>
        <section class="card" aria-labelledby="goals-title">
          <div class="card__head">
            <h2 class="card__title" id="goals-title">Goals</h2>
            <a class="button button--plain" href="\(page.newGoalPath)">+ New goal</a>
          </div>
          \(goals)
        </section>
        \(other)
        <section class="card" aria-labelledby="contributions-title">
          <h2 class="card__title" id="contributions-title">Contributions</h2>
          \(page.days.isEmpty ? "<p class=\"muted\">Nothing set aside this month yet.</p>" as HTML : days(page.days))
        </section>
        """
    }

    public static func category(_ page: CategoryPage) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.backPath)">← \(page.kindLabel)</a></p>
        <div class="budget-bar">
          \(monthPicker(page.picker, describedTitle: false))
          <a class="button button--primary" href="\(page.addPath)">+ Add</a>
        </div>
        <section class="card budget-hero">
          <p class="budget-hero__amount">\(page.total)</p>
          <p class="budget-hero__label">\(page.countText) in \(page.picker.title)</p>
        </section>
        <section class="card" aria-label="Transactions">
          \(page.days.isEmpty ? emptyInline(title: page.emptyTitle, text: page.emptyText) : days(page.days))
          <div class="form-actions">
            <a class="button button--plain" href="\(page.allPath)">All months</a>
            <a class="button button--plain" href="\(page.editPath)">Edit category</a>
          </div>
        </section>
        """
    }

    public static func simpleForm(_ page: SimpleFormPage, csrf: CSRF) -> HTML {
        """
        <section class="card form-card" aria-labelledby="form-title">
          <h2 class="card__title" id="form-title">\(page.heading)</h2>
          \(Form.summary(page.summary))
          <form method="post" action="\(page.action)" novalidate>
            \(csrf.field)
            \(Form.fields(page.fields))
            <div class="form-actions">
              <button class="button button--primary" type="submit">Save</button>
              <a class="button button--plain" href="\(page.cancelPath)">Cancel</a>
            </div>
          </form>
          \(page.deletePath.map { "<p class=\"form-actions--separate\"><a class=\"button button--danger-outline\" href=\"\($0)\">Delete…</a></p>" as HTML })
        </section>
        """
    }
}

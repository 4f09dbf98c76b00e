import HTML

/// The monthly expense report: one form for a month's spending per category, and the past months.
public enum ReportPages {
    public struct Group: Sendable {
        public let label: String
        public let fields: [FormField]

        public init(label: String, fields: [FormField]) {
            self.label = label
            self.fields = fields
        }
    }

    public struct FormPage: Sendable {
        public let monthValue: String
        public let monthTitle: String
        public let maxMonth: String
        public let summary: String?
        public let monthError: String?
        public let groups: [Group]
        public let dateText: String
        public let reportsPath: String

        public init(monthValue: String, monthTitle: String, maxMonth: String, summary: String?, monthError: String?, groups: [Group], dateText: String, reportsPath: String) {
            self.monthValue = monthValue
            self.monthTitle = monthTitle
            self.maxMonth = maxMonth
            self.summary = summary
            self.monthError = monthError
            self.groups = groups
            self.dateText = dateText
            self.reportsPath = reportsPath
        }
    }

    public struct MonthRow: Sendable {
        public let title: String
        public let total: String
        public let countText: String
        public let path: String

        public init(title: String, total: String, countText: String, path: String) {
            self.title = title
            self.total = total
            self.countText = countText
            self.path = path
        }
    }

    public struct IndexPage: Sendable {
        public let year: Int
        public let months: [MonthRow]
        public let newPath: String
        public let earlierPath: String?
        public let laterPath: String?

        public init(year: Int, months: [MonthRow], newPath: String, earlierPath: String?, laterPath: String?) {
            self.year = year
            self.months = months
            self.newPath = newPath
            self.earlierPath = earlierPath
            self.laterPath = laterPath
        }
    }

    public struct ShowPage: Sendable {
        public let monthTitle: String
        public let total: String
        public let needs: String
        public let wants: String
        public let rows: [BudgetPages.CategoryRow]
        public let addPath: String
        public let previousPath: String
        public let nextPath: String

        public init(monthTitle: String, total: String, needs: String, wants: String, rows: [BudgetPages.CategoryRow], addPath: String, previousPath: String, nextPath: String) {
            self.monthTitle = monthTitle
            self.total = total
            self.needs = needs
            self.wants = wants
            self.rows = rows
            self.addPath = addPath
            self.previousPath = previousPath
            self.nextPath = nextPath
        }
    }

    public static func form(_ page: FormPage, csrf: CSRF) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="/budget">← Budget</a> · <a href="\(page.reportsPath)">Past reports</a></p>
        </div>
        <section class="card form-card" aria-labelledby="form-title">
          <h2 class="card__title" id="form-title">Monthly expense report</h2>
          <p class="muted">Enter what you spent in \(page.monthTitle) per category. Each amount becomes one expense, dated \(page.dateText), noted “Monthly report”. Leave the rest empty.</p>
          <form class="month-picker" method="get" action="/budget/report">
            <label class="field__label" for="report-month">Month</label>
            <input class="field__control month-picker__input" id="report-month" name="month" type="month" value="\(page.monthValue)" max="\(page.maxMonth)">
            <button class="button button--secondary" type="submit">Change</button>
          </form>
          \(Form.summary(page.summary))
          <form method="post" action="/budget/report" novalidate>
            \(csrf.field)
            <input type="hidden" name="month" value="\(page.monthValue)">
            \(page.monthError.map { "<p class=\"field__error\" id=\"field-month-error\">\($0)</p>" as HTML })
            \(page.groups.map { group in
                """
                <h3 class="report-kind">\(group.label)</h3>
                    <div class="field-grid">\(Form.fields(group.fields))</div>

                """ as HTML
            })
            <div class="form-actions">
              <button class="button button--primary" type="submit">Save report</button>
              <a class="button button--plain" href="/budget">Cancel</a>
            </div>
          </form>
        </section>
        """
    }

    public static func index(_ page: IndexPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="/budget">← Budget</a></p>
          <a class="button button--primary" href="\(page.newPath)">+ New report</a>
        </div>
        <section class="card" aria-labelledby="reports-year">
          <h2 class="card__title" id="reports-year">\(page.year)</h2>
          \(page.months.isEmpty ? "<div class=\"empty-inline\"><p class=\"empty-inline__title\">No reports in \(page.year)</p><p class=\"muted\">Enter a month's spending with + New report.</p></div>" as HTML : nil)
          <ul class="category-rows">
            \(page.months.map { month in
                """
                <li><a class="category-row" href="\(month.path)"><span class="ledger-item__text"><span class="ledger-item__title">\(month.title)</span><span class="ledger-item__detail">\(month.countText)</span></span><span class="ledger-item__amount">\(month.total)</span></a></li>
                """ as HTML
            })
          </ul>
          <nav class="pager" aria-label="Years">
            \(page.earlierPath.map { "<a class=\"button\" href=\"\($0)\">← Earlier years</a>" as HTML })
            \(page.laterPath.map { "<a class=\"button\" href=\"\($0)\">Later →</a>" as HTML })
          </nav>
        </section>
        """
    }

    public static func show(_ page: ShowPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="/budget/reports">← Past reports</a></p>
          <a class="button button--primary" href="\(page.addPath)">+ Add to this month</a>
        </div>
        <nav class="month-nav" aria-label="Month">
          <a class="month-nav__step" href="\(page.previousPath)" aria-label="Previous month">‹</a>
          <h2 class="month-nav__title">\(page.monthTitle)</h2>
          <a class="month-nav__step" href="\(page.nextPath)" aria-label="Next month">›</a>
        </nav>
        <section class="card budget-hero">
          <p class="budget-hero__amount">\(page.total) <span class="budget-hero__unit">spent</span></p>
          <dl class="figures">
            <div class="figures__row"><dt>Needs</dt><dd>\(page.needs)</dd></div>
            <div class="figures__row"><dt>Wants</dt><dd>\(page.wants)</dd></div>
          </dl>
        </section>
        <section class="card" aria-label="Spending by category">
          <h2 class="card__title">By category</h2>
          \(page.rows.isEmpty ? "<p class=\"muted\">No expenses in \(page.monthTitle).</p>" as HTML : nil)
          <ul class="category-rows">
            \(BudgetPages.categoryRows(page.rows))
          </ul>
        </section>
        """
    }
}

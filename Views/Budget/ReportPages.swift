import HTML

/// The monthly expense report: one form for a month's spending per category, and the past months.
enum ReportPages {
    struct Group: Sendable {
        let label: String
        let fields: [FormField]
    }

    struct FormPage: Sendable {
        let monthValue: String
        let monthTitle: String
        let maxMonth: String
        let summary: String?
        let monthError: String?
        let groups: [Group]
        let dateText: String
    }

    struct MonthRow: Sendable {
        let month: Month
        let total: String
        let countText: String
    }

    struct IndexPage: Sendable {
        let year: Int
        let thisYear: Int
        let months: [MonthRow]
        /// Whether an earlier year has reports.
        let hasEarlier: Bool
    }

    struct ShowPage: Sendable {
        let month: Month
        let total: String
        let needs: String
        let wants: String
        let rows: [BudgetPages.CategoryRow]
    }

    static func form(_ page: FormPage, csrf: CSRF) -> HTML {
        let card = FormCard(
            heading: "Monthly expense report",
            intro: """
                <p class="muted">Enter what you spent in \(page.monthTitle) per category. Each amount becomes one expense, dated \(page.dateText), noted “Monthly report”. Leave the rest empty.</p>
                <form class="month-picker" method="get" action="\(BudgetPaths.report)">
                  <label class="field__label" for="report-month">Month</label>
                  <input class="field__control month-picker__input" id="report-month" name="month" type="month" value="\(page.monthValue)" max="\(page.maxMonth)">
                  <button class="button button--secondary" type="submit">Change</button>
                </form>
                """,
            summary: page.summary,
            action: BudgetPaths.report,
            fields: """
                <input type="hidden" name="month" value="\(page.monthValue)">
                \(page.monthError.map { "<p class=\"field__error\" id=\"field-month-error\">\($0)</p>" as HTML })
                \(page.groups.map { group in
                    "<h3 class=\"report-kind\">\(group.label)</h3><div class=\"field-grid\">\(Form.fields(group.fields))</div>" as HTML
                })
                """,
            actions: Form.actions(submit: "Save report", cancel: BudgetPaths.expenses)
        )
        return """
            <div class="budget-bar">
              <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← Budget</a> · <a href="\(BudgetPaths.reports)">Past reports</a></p>
            </div>
            \(card.html(csrf: csrf))
            """
    }

    static func index(_ page: IndexPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← Budget</a></p>
          <a class="button button--primary" href="\(BudgetPaths.report)">+ New report</a>
        </div>
        <section class="card" aria-labelledby="reports-year">
          <h2 class="card__title" id="reports-year">\(page.year)</h2>
          \(page.months.isEmpty ? "<div class=\"empty-inline\"><p class=\"empty-inline__title\">No reports in \(page.year)</p><p class=\"muted\">Enter a month's spending with + New report.</p></div>" as HTML : nil)
          <ul class="category-rows">
            \(page.months.map { month in
                """
                <li><a class="category-row" href="\(BudgetPaths.pastReport(month.month))"><span class="ledger-item__text"><span class="ledger-item__title">\(month.month.title)</span><span class="ledger-item__detail">\(month.countText)</span></span><span class="ledger-item__amount">\(month.total)</span></a></li>
                """ as HTML
            })
          </ul>
          <nav class="pager" aria-label="Years">
            \(page.hasEarlier ? "<a class=\"button\" href=\"\(BudgetPaths.reports(year: page.year - 1, thisYear: page.thisYear))\">← Earlier years</a>" as HTML : nil)
            \(page.year < page.thisYear ? "<a class=\"button\" href=\"\(BudgetPaths.reports(year: page.year + 1, thisYear: page.thisYear))\">Later →</a>" as HTML : nil)
          </nav>
        </section>
        """
    }

    static func show(_ page: ShowPage) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.reports)">← Past reports</a></p>
          <a class="button button--primary" href="\(BudgetPaths.report(month: page.month))">+ Add to this month</a>
        </div>
        <nav class="month-nav" aria-label="Month">
          <a class="month-nav__step" href="\(BudgetPaths.pastReport(page.month.previous))" aria-label="Previous month">‹</a>
          <h2 class="month-nav__title">\(page.month.title)</h2>
          <a class="month-nav__step" href="\(BudgetPaths.pastReport(page.month.next))" aria-label="Next month">›</a>
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
          \(page.rows.isEmpty ? "<p class=\"muted\">No expenses in \(page.month.title).</p>" as HTML : nil)
          <ul class="category-rows">
            \(BudgetPages.categoryRows(page.rows, month: page.month))
          </ul>
        </section>
        """
    }
}

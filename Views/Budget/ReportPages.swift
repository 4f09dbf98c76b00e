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
        /// The day the report's expenses are dated (nil: today).
        let lastDay: CalendarDay?
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
        /// The month's spending by category as a pie, when there is any.
        let chart: ChartView?
        let rows: [BudgetPages.CategoryRow]
    }

    static func form(_ page: FormPage, csrf: CSRF, t: Words) -> HTML {
        let intro =
            page.lastDay.map {
                t[
                    "budget.report.intro_on",
                    ["month": page.monthTitle, "date": t.weekdayDate($0), "note": t["budget.report.note"]]
                ]
            } ?? t["budget.report.intro_today", ["month": page.monthTitle, "note": t["budget.report.note"]]]
        let card = FormCard(
            heading: t["budget.report.heading"],
            intro: """
                <p class="muted">\(intro)</p>
                <form class="month-picker" method="get" action="\(BudgetPaths.report)">
                  <label class="field__label" for="report-month">\(t["budget.month_picker.month"])</label>
                  <input class="field__control month-picker__input" id="report-month" name="month" type="month" value="\(page.monthValue)" max="\(page.maxMonth)">
                  <button class="button button--secondary" type="submit">\(t["budget.report.change"])</button>
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
            actions: Form.actions(submit: t["budget.report.save"], cancel: BudgetPaths.expenses, t: t)
        )
        return """
            <div class="budget-bar">
              <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a> · <a href="\(BudgetPaths.reports)">\(t["budget.links.past_reports"])</a></p>
            </div>
            \(card.html(csrf: csrf))
            """
    }

    static func index(_ page: IndexPage, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a></p>
          <a class="button button--primary" href="\(BudgetPaths.report)">\(t["budget.reports.new"])</a>
        </div>
        <section class="card" aria-labelledby="reports-year">
          <h2 class="card__title" id="reports-year">\(page.year)</h2>
          \(page.months.isEmpty ? "<div class=\"empty-inline\"><p class=\"empty-inline__title\">\(t["budget.reports.empty_title", ["year": String(page.year)]])</p><p class=\"muted\">\(t["budget.reports.empty_text"])</p></div>" as HTML : nil)
          <ul class="category-rows">
            \(page.months.map { month in
                """
                <li><a class="category-row" href="\(BudgetPaths.pastReport(month.month))"><span class="ledger-item__text"><span class="ledger-item__title">\(t.month(month.month))</span><span class="ledger-item__detail">\(month.countText)</span></span><span class="ledger-item__amount">\(month.total)</span></a></li>
                """ as HTML
            })
          </ul>
          <nav class="pager" aria-label="\(t["budget.reports.years"])">
            \(page.hasEarlier ? "<a class=\"button\" href=\"\(BudgetPaths.reports(year: page.year - 1, thisYear: page.thisYear))\">\(t["budget.reports.earlier"])</a>" as HTML : nil)
            \(page.year < page.thisYear ? "<a class=\"button\" href=\"\(BudgetPaths.reports(year: page.year + 1, thisYear: page.thisYear))\">\(t["budget.reports.later"])</a>" as HTML : nil)
          </nav>
        </section>
        """
    }

    static func show(_ page: ShowPage, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.reports)">← \(t["budget.links.past_reports"])</a></p>
          <a class="button button--primary" href="\(BudgetPaths.report(month: page.month))">\(t["budget.reports.add_to_month"])</a>
        </div>
        <nav class="month-nav" aria-label="\(t["budget.month_picker.month"])">
          <a class="month-nav__step" href="\(BudgetPaths.pastReport(page.month.previous))" aria-label="\(t["budget.month_picker.previous"])">‹</a>
          <h2 class="month-nav__title">\(t.month(page.month))</h2>
          <a class="month-nav__step" href="\(BudgetPaths.pastReport(page.month.next))" aria-label="\(t["budget.month_picker.next"])">›</a>
        </nav>
        <section class="card budget-hero">
          <p class="budget-hero__amount">\(page.total) <span class="budget-hero__unit">\(t["budget.tab.spent"])</span></p>
          <dl class="figures">
            <div class="figures__row"><dt>\(Category.Kind.needs.label(t))</dt><dd>\(page.needs)</dd></div>
            <div class="figures__row"><dt>\(Category.Kind.wants.label(t))</dt><dd>\(page.wants)</dd></div>
          </dl>
        </section>
        \(page.chart?.html(t))
        <section class="card" aria-label="\(t["budget.reports.spending_by_category"])">
          <h2 class="card__title">\(t["budget.reports.by_category"])</h2>
          \(page.rows.isEmpty ? "<p class=\"muted\">\(t["budget.reports.no_expenses", ["month": t.month(page.month)]])</p>" as HTML : nil)
          <ul class="category-rows">
            \(BudgetPages.categoryRows(page.rows, month: page.month))
          </ul>
        </section>
        """
    }
}

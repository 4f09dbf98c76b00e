import HTML

/// Safe to spend: its card on Budget, the forecast, and the "why this number" page that lists every line of it.
enum SafeToSpendPages {
    /// The figure as a card shows it.
    struct Figure: Sendable {
        let amount: String
        let negative: Bool
        /// "About $12.00 a day for 9 days."
        let perDay: String
        /// "Until Salary on 4 Dec."
        let horizon: String
        /// Why the forecast's low point is the figure, when it is.
        let dip: String?
    }

    struct Line: Sendable {
        let label: String
        let amount: String
        let href: String
    }

    struct Group: Sendable {
        let title: String
        let lines: [Line]
        let total: String
    }

    struct WhyPage: Sendable {
        let figure: Figure
        let groups: [Group]
        let sum: String
        /// A hint when no account counts as spendable.
        let noAccounts: Bool
        let buffer: FormField
        let bufferSummary: String?
        let forecast: ChartView
        let lowest: String?
    }

    /// The figure, how long it lasts, and on Budget (`linked`) the link to its lines.
    static func card(_ figure: Figure, linked: Bool = true, t: Words) -> HTML {
        """
        <section class="card budget-hero" aria-labelledby="safe-label">
          <p class="budget-hero__label" id="safe-label">\(t["safe.title"])</p>
          <p class="budget-hero__amount\(figure.negative ? " amount--expense" : "")">\(figure.amount)</p>
          <p class="muted">\(figure.horizon) \(figure.perDay)</p>
          \(figure.dip.map { "<p class=\"notice\">\($0)</p>" as HTML })
          \(linked ? "<p><a href=\"\(BudgetPaths.safeToSpend)\">\(t["safe.why"]) →</a></p>" as HTML : nil)
        </section>
        """
    }

    /// The forecast chart with its table, and its lowest day.
    static func forecast(_ chart: ChartView, lowest: String?, t: Words) -> HTML {
        """
        \(chart.html(t))
        \(lowest.map { "<p class=\"muted forecast-lowest\">\($0)</p>" as HTML })
        """
    }

    static func why(_ page: WhyPage, csrf: CSRF, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(BudgetPaths.expenses)">← \(t["budget.title"])</a></p>
        </div>
        \(card(page.figure, linked: false, t: t))
        <section class="card" aria-labelledby="safe-lines">
          <h2 class="card__title" id="safe-lines">\(t["safe.lines.heading"])</h2>
          <p class="muted">\(t["safe.lines.intro"])</p>
          \(page.noAccounts ? "<p class=\"notice\">\(t["safe.no_accounts"]) <a href=\"\(BudgetPaths.newAccount)\">\(t["safe.add_account"])</a></p>" as HTML : nil)
          <dl class="safe-lines">
            \(page.groups.map { group in
                """
                <div class="safe-lines__group">
                  <dt class="safe-lines__title"><span>\(group.title)</span><span>\(group.total)</span></dt>
                  \(group.lines.isEmpty ? "<dd class=\"safe-lines__line muted\">\(t["safe.lines.none"])</dd>" as HTML : group.lines.map { line in
                      "<dd class=\"safe-lines__line\"><a href=\"\(line.href)\">\(line.label)</a><span>\(line.amount)</span></dd>" as HTML
                  }.joined())
                </div>
                """ as HTML
            })
            <div class="safe-lines__group safe-lines__group--sum">
              <dt class="safe-lines__title"><span>\(t["safe.lines.sum"])</span><span>\(page.sum)</span></dt>
            </div>
          </dl>
        </section>
        \(forecast(page.forecast, lowest: page.lowest, t: t))
        \(FormCard(
            heading: t["safe.buffer.heading"],
            titleId: "buffer",
            intro: "<p class=\"muted\">\(t["safe.buffer.intro"])</p>",
            summary: page.bufferSummary,
            action: BudgetPaths.safeBuffer,
            fields: page.buffer.html,
            actions: Form.actions(submit: t["safe.buffer.save"], t: t)
        ).html(csrf: csrf))
        """
    }
}

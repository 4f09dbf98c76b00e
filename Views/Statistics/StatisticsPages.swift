import HTML

/// Statistics: a day, month or year in figures, charts, entries, top stashes, insights and stash performance;
/// and months compared side by side.
enum StatisticsPages {
    /// A headline figure (Saved, Spent, Income, Entries).
    struct Figure: Sendable {
        let label: String
        let value: String
        let colorClass: String
    }

    /// The period picker: a GET form that keeps the other choices in hidden fields.
    struct PeriodPicker: Sendable {
        struct Hidden: Sendable {
            let name: String
            let value: String
        }

        let label: String
        let inputType: String
        let value: String
        let hidden: [Hidden]
        let isYear: Bool
    }

    /// One row of the stash performance list.
    struct PerformanceItem: Sendable {
        /// The stash, and the month its page opens at (nil: this month).
        let stashId: Int64
        let month: Month?
        let name: String
        let percentText: String
        let amountText: String
        let comparison: String
        let allowance: String?
        let completed: Bool
        let overBudget: Bool
        let bar: ProgressBar
    }

    /// One line of the daily entry list.
    struct EntryItem: Sendable {
        let label: String
        let note: String?
        let kindLabel: String
        let amount: String
        let amountClass: String
    }

    /// A label with a formatted amount (top stashes).
    struct LabelledText: Sendable {
        let label: String
        let value: String
    }

    /// The whole Statistics page.
    struct Page: Sendable {
        /// The account has no stashes and no transactions yet: only the first-run message is shown.
        let firstRun: EmptyState?
        let periodTitle: String
        let viewTabs: [TabLink]
        let filterTabs: [TabLink]
        let statusTabs: [TabLink]
        /// The page's query with another period: the one before, the one after, and the one with today (nil when
        /// it is shown).
        let previousPath: String
        let nextPath: String
        let currentPath: String?
        /// "Today", "This month", "This year".
        let currentLabel: String
        let picker: PeriodPicker
        let figures: [Figure]
        /// Set when the period has nothing recorded: shown instead of the charts.
        let empty: Notice?
        let charts: [ChartView]
        let entries: [EntryItem]
        /// The link to the rest of the day's entries when only the newest are listed.
        let moreEntries: TextLink?
        let topSaved: [LabelledText]
        let topSpent: [LabelledText]
        let performance: [PerformanceItem]
        let performanceEmpty: String?
        let insights: [String]
        let completedText: String
        /// The exports of the period and filter shown, and the months compared from it.
        let csvPath: String
        let pdfPath: String
        /// "Monthly summary, November 2026 (PDF)", or on the yearly view "Yearly summary (PDF)".
        let pdfLabel: String
        let comparePath: String
    }

    struct CompareRow: Sendable {
        let label: String
        let cells: [String]
        let isCategory: Bool
    }

    /// Two or more months side by side.
    struct Comparison: Sendable {
        let chart: ChartView
        let headers: [String]
        let rows: [CompareRow]
    }

    struct ComparePage: Sendable {
        let choices: [Choice]
        let message: String?
        let comparison: Comparison?
    }

    private static func chips(_ links: [TabLink], label: String) -> HTML {
        """
        <nav class="chips" aria-label="\(label)">
              \(links.map { link in
                  "<a class=\"chip\(link.current ? "" : " chip--outline")\" href=\"\(link.href)\"\(link.current ? " aria-current=\"page\"" : "")>\(link.label)</a>" as HTML
              })
            </nav>
        """
    }

    static func index(_ page: Page, _ t: Words) -> HTML {
        let picker = page.picker
        return """
            <section class="stats-controls" aria-label="\(t["statistics.controls.label"])">
              <nav class="tabs" aria-label="\(t["statistics.controls.time_frame"])">
                \(TabLink.links(page.viewTabs, className: "tabs__item"))
              </nav>
              <nav class="month-nav" aria-label="\(t["statistics.controls.period"])">
                <a class="month-nav__step" href="\(page.previousPath)" aria-label="\(t["statistics.controls.previous"])" rel="prev">‹</a>
                <h2 class="month-nav__title">\(page.periodTitle)</h2>
                <a class="month-nav__step" href="\(page.nextPath)" aria-label="\(t["statistics.controls.next"])" rel="next">›</a>
                \(page.currentPath.map { "<a class=\"month-nav__today\" href=\"\($0)\">\(page.currentLabel)</a>" as HTML })
              </nav>
              <form class="period-picker" method="get" action="\(StatisticsPaths.index)">
                \(picker.hidden.map { "<input type=\"hidden\" name=\"\($0.name)\" value=\"\($0.value)\">" as HTML })
                <label class="period-picker__label" for="period">\(picker.label)</label>
                <input class="field__control period-picker__input" id="period" name="period" type="\(picker.inputType)" value="\(picker.value)"\(picker.isYear ? " min=\"1000\" max=\"9998\" inputmode=\"numeric\"" : "")>
                <button class="button button--secondary" type="submit">\(t["statistics.controls.show"])</button>
              </form>
              <div class="stats-filters">
                \(chips(page.filterTabs, label: t["statistics.controls.stashes"]))
                \(chips(page.statusTabs, label: t["statistics.controls.status"]))
              </div>
            </section>

            \(page.firstRun.map { "<div class=\"empty-grid\">\($0.html)</div>" as HTML } ?? overview(page, t))
            """
    }

    private static func overview(_ page: Page, _ t: Words) -> HTML {
        let top: HTML? =
            page.topSaved.isEmpty && page.topSpent.isEmpty
            ? nil
            : """
            <section class="card stats-top" aria-labelledby="top-stashes">
              <h2 class="card__title" id="top-stashes">\(t["statistics.top.title"])</h2>
              <div class="stats-top__columns">
                \(page.topSaved.isEmpty ? nil : "<div><h3 class=\"stats-top__heading\">\(t["statistics.top.by_savings"])</h3><ol class=\"stats-top__list\">\(page.topSaved.map { "<li><span>\($0.label)</span> <span class=\"amount--saved\">\($0.value)</span></li>" as HTML })</ol></div>" as HTML)
                \(page.topSpent.isEmpty ? nil : "<div><h3 class=\"stats-top__heading\">\(t["statistics.top.by_spending"])</h3><ol class=\"stats-top__list\">\(page.topSpent.map { "<li><span>\($0.label)</span> <span class=\"amount--spent\">\($0.value)</span></li>" as HTML })</ol></div>" as HTML)
              </div>
            </section>
            """
        return """
            <section class="card stats-figures" aria-label="\(t["statistics.figures.totals_for", ["period": page.periodTitle]])">
              <dl class="stats-figures__list">
                \(page.figures.map { "<div class=\"stats-figures__item\"><dt class=\"overview__label\">\($0.label)</dt><dd class=\"stats-figures__value \($0.colorClass)\">\($0.value)</dd></div>" as HTML })
              </dl>
            </section>

            \(page.empty.map { empty in
            """
            <section class="empty-state">
              \(Icon.svg("statistics", size: 56, className: "empty-state__icon"))
              <h2 class="empty-state__title">\(empty.title)</h2>
              <p class="empty-state__text">\(empty.text)</p>
            </section>
            """ as HTML
            } ?? "<div class=\"chart-grid\">\n  \(page.charts.map { $0.html(t) })</div>")

            \(page.entries.isEmpty ? nil : """
            <section class="card" aria-labelledby="day-entries">
              <h2 class="card__title" id="day-entries">\(t["statistics.entries.title"])</h2>
              <ul class="entry-list">
                \(page.entries.map { entry in
                    "<li class=\"entry-list__item stats-entry\"><span class=\"entry-list__main\"><strong>\(entry.label)</strong> <span class=\"muted small\">\(entry.kindLabel)</span>\(entry.note.map { "<span class=\"entry-list__note\">\($0)</span>" as HTML })</span><span class=\"entry-list__amount \(entry.amountClass)\">\(entry.amount)</span></li>" as HTML
                })
              </ul>
              \(page.moreEntries?.moreHTML)
            </section>
            """ as HTML)

            \(top)

            <section class="card stats-insights" aria-labelledby="insights">
              <h2 class="card__title" id="insights">\(t["statistics.insights.title"])</h2>
              <p class="stats-insights__lead">\(page.completedText)</p>
              \(page.insights.map { "<p>\($0)</p>" as HTML })
            </section>

            <section aria-labelledby="performance">
              <h2 class="stats-section-title" id="performance">\(t["statistics.performance.title"])</h2>
              \(page.performanceEmpty.map { "<p class=\"muted\">\($0)</p>" as HTML })
              <div class="stash-list">
                \(page.performance.map { performance($0, t) })
              </div>
            </section>

            <section class="card stats-exports" aria-labelledby="exports">
              <h2 class="card__title" id="exports">\(t["statistics.reports.title"])</h2>
              <div class="form-actions">
                <a class="button button--secondary" href="\(page.csvPath)" download>\(t["statistics.reports.csv"])</a>
                <a class="button button--secondary" href="\(page.pdfPath)">\(page.pdfLabel)</a>
                <a class="button button--plain" href="\(page.comparePath)">\(t["statistics.reports.compare"])</a>
              </div>
            </section>
            """
    }

    private static func performance(_ item: PerformanceItem, _ t: Words) -> HTML {
        """
        <article class="stash-list__item stash-card\(item.completed ? " stash-card--complete" : "")\(item.overBudget ? " stash-card--over" : "")">
              <div class="stash-card__head">
                <h3 class="stash-card__name"><a href="\(StashPaths.show(item.stashId, month: item.month))">\(item.name)</a></h3>
                <span class="stash-card__percent">\(item.percentText)</span>
              </div>
              \(item.bar.html)
              <p class="stash-card__meta"><span>\(item.amountText)</span>\(item.completed ? " <span class=\"stash-card__status\">\(t["statistics.performance.completed"])</span>" as HTML : nil)</p>
              <p class="stats-comparison">\(item.comparison)</p>
              \(item.allowance.map { "<p class=\"stats-comparison\">\($0)</p>" as HTML })
            </article>

        """
    }

    static func compare(_ page: ComparePage, _ t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(StatisticsPaths.index)">‹ \(t["statistics.title"])</a></p>
        <form class="card compare-picker" method="get" action="\(StatisticsPaths.compare)">
          <fieldset class="field field--choices">
            <legend class="field__label">\(t["statistics.compare.months"])</legend>
            \(page.choices.groupRuns.map { run in
                """
                <fieldset class="compare-picker__year">
                  <legend>\(run.group ?? "")</legend>
                  <div class="compare-picker__months">
                    \(run.choices.map { "<label class=\"choice\"><input type=\"checkbox\" name=\"month\" value=\"\($0.value)\"\($0.checked ? " checked" : "")> \($0.label)</label>" as HTML })
                  </div>
                </fieldset>
                """ as HTML
            })
          </fieldset>
          <div class="form-actions"><button class="button button--primary" type="submit">\(t["statistics.compare.submit"])</button></div>
        </form>
        \(page.message.map { "<p class=\"muted\" role=\"status\">\($0)</p>" as HTML })
        \(page.comparison.map { comparison in
            """
            \(comparison.chart.html(t))
            <section class="card" aria-labelledby="compare-table">
              <h2 class="card__title" id="compare-table">\(t["statistics.compare.side_by_side"])</h2>
              <div class="table-scroll" tabindex="0" role="group" aria-label="\(t["statistics.charts.scrolls", ["title": t["statistics.compare.side_by_side"]]])">
                <table class="data-table compare-table" role="table">
                  <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader"><span class="visually-hidden">\(t["statistics.compare.figure"])</span></th>\(comparison.headers.map { "<th scope=\"col\" role=\"columnheader\">\($0)</th>" as HTML })</tr></thead>
                  <tbody role="rowgroup">
                    \(comparison.rows.map { row in
                        "<tr role=\"row\"\(row.isCategory ? " class=\"compare-table__category\"" : "")><th scope=\"row\" role=\"rowheader\">\(row.label)</th>\(zip(comparison.headers, row.cells).map { "<td role=\"cell\" data-month=\"\($0)\">\($1)</td>" as HTML })</tr>" as HTML
                    })
                  </tbody>
                </table>
              </div>
              <p class="muted small">\(t["statistics.compare.note"])</p>
            </section>
            """ as HTML
        })
        """
    }
}

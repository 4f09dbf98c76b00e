import HTML

/// Statistics: a day, month or year in figures, charts, entries, top stashes, insights and stash performance;
/// and months compared side by side.
public enum StatisticsPages {
    public typealias Link = TabLink


    /// A headline figure (Saved, Spent, Income, Entries).
    public struct Figure: Sendable {
        public let label: String
        public let value: String
        public let colorClass: String

        public init(label: String, value: String, colorClass: String) {
            self.label = label
            self.value = value
            self.colorClass = colorClass
        }
    }

    /// The period picker: a GET form that keeps the other choices in hidden fields.
    public struct PeriodPicker: Sendable {
        public struct Hidden: Sendable {
            public let name: String
            public let value: String

            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        public let label: String
        public let inputType: String
        public let value: String
        public let hidden: [Hidden]
        public let isYear: Bool

        public init(label: String, inputType: String, value: String, hidden: [Hidden], isYear: Bool) {
            self.label = label
            self.inputType = inputType
            self.value = value
            self.hidden = hidden
            self.isYear = isYear
        }
    }

    /// One row of the stash performance list.
    public struct PerformanceItem: Sendable {
        public let name: String
        public let path: String
        public let percentText: String
        public let amountText: String
        public let comparison: String
        public let allowance: String?
        public let completed: Bool
        public let overBudget: Bool
        public let bar: ProgressBar

        public init(name: String, path: String, percentText: String, amountText: String, comparison: String, allowance: String?, completed: Bool, overBudget: Bool, bar: ProgressBar) {
            self.name = name
            self.path = path
            self.percentText = percentText
            self.amountText = amountText
            self.comparison = comparison
            self.allowance = allowance
            self.completed = completed
            self.overBudget = overBudget
            self.bar = bar
        }
    }

    /// One line of the daily entry list.
    public struct EntryItem: Sendable {
        public let label: String
        public let note: String?
        public let kindLabel: String
        public let amount: String
        public let amountClass: String

        public init(label: String, note: String?, kindLabel: String, amount: String, amountClass: String) {
            self.label = label
            self.note = note
            self.kindLabel = kindLabel
            self.amount = amount
            self.amountClass = amountClass
        }
    }

    /// A label with a formatted amount (top stashes).
    public struct LabelledText: Sendable {
        public let label: String
        public let value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The whole Statistics page.
    public struct Page: Sendable {
        /// The account has no stashes and no transactions yet: only the first-run message is shown.
        public let firstRun: EmptyState?
        public let periodTitle: String
        public let viewTabs: [Link]
        public let filterTabs: [Link]
        public let statusTabs: [Link]
        public let previousPath: String
        public let nextPath: String
        public let currentPath: String?
        /// "Today", "This month", "This year".
        public let currentLabel: String
        public let picker: PeriodPicker
        public let figures: [Figure]
        /// Set when the period has nothing recorded: shown instead of the charts.
        public let empty: Notice?
        public let charts: [ChartView]
        public let entries: [EntryItem]
        /// The link to the rest of the day's entries when only the newest are listed.
        public let moreEntries: TextLink?
        public let topSaved: [LabelledText]
        public let topSpent: [LabelledText]
        public let performance: [PerformanceItem]
        public let performanceEmpty: String?
        public let insights: [String]
        public let completedText: String
        public let csvPath: String
        public let pdfPath: String
        /// "Monthly summary, November 2026 (PDF)", or on the yearly view "Yearly summary (PDF)".
        public let pdfLabel: String
        public let comparePath: String

        public init(firstRun: EmptyState?, periodTitle: String, viewTabs: [Link], filterTabs: [Link], statusTabs: [Link], previousPath: String, nextPath: String, currentPath: String?, currentLabel: String, picker: PeriodPicker, figures: [Figure], empty: Notice?, charts: [ChartView], entries: [EntryItem], moreEntries: TextLink?, topSaved: [LabelledText], topSpent: [LabelledText], performance: [PerformanceItem], performanceEmpty: String?, insights: [String], completedText: String, csvPath: String, pdfPath: String, pdfLabel: String, comparePath: String) {
            self.firstRun = firstRun
            self.periodTitle = periodTitle
            self.viewTabs = viewTabs
            self.filterTabs = filterTabs
            self.statusTabs = statusTabs
            self.previousPath = previousPath
            self.nextPath = nextPath
            self.currentPath = currentPath
            self.currentLabel = currentLabel
            self.picker = picker
            self.figures = figures
            self.empty = empty
            self.charts = charts
            self.entries = entries
            self.moreEntries = moreEntries
            self.topSaved = topSaved
            self.topSpent = topSpent
            self.performance = performance
            self.performanceEmpty = performanceEmpty
            self.insights = insights
            self.completedText = completedText
            self.csvPath = csvPath
            self.pdfPath = pdfPath
            self.pdfLabel = pdfLabel
            self.comparePath = comparePath
        }
    }

    public struct MonthChoice: Sendable {
        public let value: String
        public let label: String
        public let checked: Bool

        public init(value: String, label: String, checked: Bool) {
            self.value = value
            self.label = label
            self.checked = checked
        }
    }

    public struct CompareRow: Sendable {
        public let label: String
        public let cells: [String]
        public let isCategory: Bool

        public init(label: String, cells: [String], isCategory: Bool) {
            self.label = label
            self.cells = cells
            self.isCategory = isCategory
        }
    }

    /// Two or more months side by side.
    public struct Comparison: Sendable {
        public let chart: ChartView
        public let headers: [String]
        public let rows: [CompareRow]

        public init(chart: ChartView, headers: [String], rows: [CompareRow]) {
            self.chart = chart
            self.headers = headers
            self.rows = rows
        }
    }

    public struct ComparePage: Sendable {
        public let choices: [MonthChoice]
        public let message: String?
        public let comparison: Comparison?
        public let backPath: String

        public init(choices: [MonthChoice], message: String?, comparison: Comparison?, backPath: String) {
            self.choices = choices
            self.message = message
            self.comparison = comparison
            self.backPath = backPath
        }
    }

    private static func chips(_ links: [Link], label: String) -> HTML {
        """
        <nav class="chips" aria-label="\(label)">
              \(links.map { link in
                  "<a class=\"chip\(link.current ? "" : " chip--outline")\" href=\"\(link.href)\"\(link.current ? " aria-current=\"page\"" : "")>\(link.label)</a>" as HTML
              })
            </nav>
        """
    }

    public static func index(_ page: Page) -> HTML {
        let picker = page.picker
        return """
        <section class="stats-controls" aria-label="Choose what to see">
          <nav class="tabs" aria-label="Time frame">
            \(TabLink.links(page.viewTabs, className: "tabs__item"))
          </nav>
          <nav class="month-nav" aria-label="Period">
            <a class="month-nav__step" href="\(page.previousPath)" aria-label="Previous period" rel="prev">‹</a>
            <h2 class="month-nav__title">\(page.periodTitle)</h2>
            <a class="month-nav__step" href="\(page.nextPath)" aria-label="Next period" rel="next">›</a>
            \(page.currentPath.map { "<a class=\"month-nav__today\" href=\"\($0)\">\(page.currentLabel)</a>" as HTML })
          </nav>
          <form class="period-picker" method="get" action="/statistics">
            \(picker.hidden.map { "<input type=\"hidden\" name=\"\($0.name)\" value=\"\($0.value)\">" as HTML })
            <label class="period-picker__label" for="period">\(picker.label)</label>
            <input class="field__control period-picker__input" id="period" name="period" type="\(picker.inputType)" value="\(picker.value)"\(picker.isYear ? " min=\"1000\" max=\"9998\" inputmode=\"numeric\"" : "")>
            <button class="button button--secondary" type="submit">Show</button>
          </form>
          <div class="stats-filters">
            \(chips(page.filterTabs, label: "Stashes"))
            \(chips(page.statusTabs, label: "Status"))
          </div>
        </section>

        \(page.firstRun.map { "<div class=\"empty-grid\">\($0.html)</div>" as HTML } ?? overview(page))
        """
    }

    private static func overview(_ page: Page) -> HTML {
        let top: HTML? = page.topSaved.isEmpty && page.topSpent.isEmpty ? nil : """
            <section class="card stats-top" aria-labelledby="top-stashes">
              <h2 class="card__title" id="top-stashes">Top stashes</h2>
              <div class="stats-top__columns">
                \(page.topSaved.isEmpty ? nil : "<div><h3 class=\"stats-top__heading\">By savings</h3><ol class=\"stats-top__list\">\(page.topSaved.map { "<li><span>\($0.label)</span> <span class=\"amount--saved\">\($0.value)</span></li>" as HTML })</ol></div>" as HTML)
                \(page.topSpent.isEmpty ? nil : "<div><h3 class=\"stats-top__heading\">By spending</h3><ol class=\"stats-top__list\">\(page.topSpent.map { "<li><span>\($0.label)</span> <span class=\"amount--spent\">\($0.value)</span></li>" as HTML })</ol></div>" as HTML)
              </div>
            </section>
            """
        return """
        <section class="card stats-figures" aria-label="Totals for \(page.periodTitle)">
          <dl class="stats-figures__list">
            \(page.figures.map { "<div class=\"stats-figures__item\"><dt class=\"overview__label\">\($0.label)</dt><dd class=\"stats-figures__value \($0.colorClass)\">\($0.value)</dd></div>" as HTML })
          </dl>
        </section>

        \(page.empty.map { empty in
            """
            <section class="empty-state">
              <svg class="empty-state__icon" aria-hidden="true" width="56" height="56"><use href="/icons/sprite.svg#statistics"></use></svg>
              <h2 class="empty-state__title">\(empty.title)</h2>
              <p class="empty-state__text">\(empty.text)</p>
            </section>
            """ as HTML
        } ?? "<div class=\"chart-grid\">\n  \(page.charts.map(\.html))</div>")

        \(page.entries.isEmpty ? nil : """
            <section class="card" aria-labelledby="day-entries">
              <h2 class="card__title" id="day-entries">Entries</h2>
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
          <h2 class="card__title" id="insights">Insights</h2>
          <p class="stats-insights__lead">\(page.completedText)</p>
          \(page.insights.map { "<p>\($0)</p>" as HTML })
        </section>

        <section aria-labelledby="performance">
          <h2 class="stats-section-title" id="performance">Stash performance</h2>
          \(page.performanceEmpty.map { "<p class=\"muted\">\($0)</p>" as HTML })
          <div class="stash-list">
            \(page.performance.map(performance))
          </div>
        </section>

        <section class="card stats-exports" aria-labelledby="exports">
          <h2 class="card__title" id="exports">Reports</h2>
          <div class="form-actions">
            <a class="button button--secondary" href="\(page.csvPath)" download>Export CSV</a>
            <a class="button button--secondary" href="\(page.pdfPath)">\(page.pdfLabel)</a>
            <a class="button button--plain" href="\(page.comparePath)">Compare months</a>
          </div>
        </section>
        """
    }

    private static func performance(_ item: PerformanceItem) -> HTML {
        """
        <article class="stash-list__item stash-card\(item.completed ? " stash-card--complete" : "")\(item.overBudget ? " stash-card--over" : "")">
              <div class="stash-card__head">
                <h3 class="stash-card__name"><a href="\(item.path)">\(item.name)</a></h3>
                <span class="stash-card__percent">\(item.percentText)</span>
              </div>
              \(item.bar.html)
              <p class="stash-card__meta"><span>\(item.amountText)</span>\(item.completed ? " <span class=\"stash-card__status\">✓ Completed</span>" : "")</p>
              <p class="stats-comparison">\(item.comparison)</p>
              \(item.allowance.map { "<p class=\"stats-comparison\">\($0)</p>" as HTML })
            </article>

        """
    }

    public static func compare(_ page: ComparePage) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.backPath)">‹ Statistics</a></p>
        <form class="card compare-picker" method="get" action="/statistics/compare">
          <fieldset class="field field--choices">
            <legend class="field__label">Months to compare</legend>
            <div class="compare-picker__months">
              \(page.choices.map { "<label class=\"choice\"><input type=\"checkbox\" name=\"month\" value=\"\($0.value)\"\($0.checked ? " checked" : "")> \($0.label)</label>" as HTML })
            </div>
          </fieldset>
          <div class="form-actions"><button class="button button--primary" type="submit">Compare</button></div>
        </form>
        \(page.message.map { "<p class=\"muted\" role=\"status\">\($0)</p>" as HTML })
        \(page.comparison.map { comparison in
            """
            \(comparison.chart.html)
            <section class="card" aria-labelledby="compare-table">
              <h2 class="card__title" id="compare-table">Side by side</h2>
              <div class="table-scroll">
                <table class="data-table compare-table">
                  <thead><tr><th scope="col"><span class="visually-hidden">Figure</span></th>\(comparison.headers.map { "<th scope=\"col\">\($0)</th>" as HTML })</tr></thead>
                  <tbody>
                    \(comparison.rows.map { row in
                        "<tr\(row.isCategory ? " class=\"compare-table__category\"" : "")><th scope=\"row\">\(row.label)</th>\(row.cells.map { "<td>\($0)</td>" as HTML })</tr>" as HTML
                    })
                  </tbody>
                </table>
              </div>
              <p class="muted small">Rows under Income are spending per category.</p>
            </section>
            """ as HTML
        })
        """
    }
}

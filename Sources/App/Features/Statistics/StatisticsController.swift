import Foundation
import Hummingbird

/// Statistics: daily, monthly and yearly views with charts and the stash performance list, month comparison,
/// and the CSV and PDF exports.
struct StatisticsController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(StatisticsPaths.index, use: index)
        group.get(StatisticsPaths.compare, use: compare)
        group.get(StatisticsPaths.csv, use: exportCSV)
        group.get(StatisticsPaths.pdf, use: summaryPDF)
    }

    /// `GET /statistics?view=daily|monthly|yearly&period=…&filter=all|saving|spending&status=all|in-progress|completed`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let query = try StatisticsQuery.parse(request.uri.queryParameters, today: today, t: context.words)
        let page = try StatisticsPageBuilder(
            store: context.store,
            user: user,
            t: context.words,
            today: today,
            query: query
        ).build()
        let t = context.words
        return pages.page(title: t["statistics.title"], section: .statistics, context: context) { shell in
            StatisticsPages.index(page, shell.t)
        }
    }
}

/// Gathers one Statistics view's figures (a handful of bounded SQL aggregates) and shapes them for the page.
struct StatisticsPageBuilder {
    let store: MemberStore
    let user: User
    /// The member's language and region.
    let t: Words
    let today: CalendarDay
    let query: StatisticsQuery

    var period: StatisticsPeriod { query.period }
    var filter: StatisticsFilter { query.filter }

    func build() throws -> StatisticsPage {
        // One GROUP BY date over the month (or the year) feeds the totals and every time chart.
        let span = period.unit == .yearly ? (period.first, period.last) : (period.month.firstDay, period.month.lastDay)
        let byDay = try store.ledgerTotalsByDay(from: span.0, to: span.1, filter: filter)
        let totals =
            period.unit == .daily
            ? byDay[period.first.description] ?? LedgerTotals()
            : byDay.values.reduce(LedgerTotals(), +)
        let performance = try performances()
        let badges = try store.earnedBadgeTotals(period: period)

        var charts: [ChartView] = []
        var entries: [StatisticsEntryItem] = []
        var moreEntries: TextLink?
        switch period.unit {
        case .daily:
            charts.append(sparkline(byDay))
            entries = try store.dayEntries(on: period.first, filter: filter, limit: DayList.shown)
                .map { StatisticsEntryItem($0, user: user, t: t) }
            moreEntries = DayList.moreLink(
                shown: entries.count,
                of: totals.entryCount,
                on: period.first,
                kind: filter.kind,
                t: t
            )
        case .monthly:
            charts.append(dailyBars(byDay))
            if filter == .all { charts.append(incomeDonut(totals)) }
            if filter != .saving { charts.append(try categoryDonut()) }
        case .yearly:
            let bars = try monthlyBars(byDay)
            charts += [bars[0], heatmap(byDay), bars[1]]
            if filter != .saving { charts.append(try categoryDonut()) }
        }

        let shown = performance.filter { filter.includes($0.stash.kind) && query.status.includes($0) }
        let inFilter = performance.filter { filter.includes($0.stash.kind) }
        let top: (Stash.Kind) -> [LabelledText] = { kind in
            inFilter.filter { $0.stash.kind == kind && $0.currentCents > 0 }
                .sorted { ($0.currentCents, $1.stash.name) > ($1.currentCents, $0.stash.name) }
                .prefix(3).map { LabelledText(label: $0.stash.name, value: user.money($0.currentCents)) }
        }
        let topSaved = top(.save)
        let topSpent = top(.spend)

        let firstRun = performance.isEmpty && totals.isEmpty ? try store.hasNoLedger() : false
        let periodTitle = period.title(t)
        return StatisticsPage(
            firstRun: firstRun ? EmptyState.statistics(t) : nil,
            periodTitle: periodTitle,
            viewTabs: StatisticsPeriod.Unit.allCases.map { unit in
                let target = StatisticsPeriod.containing(pick(), unit: unit)
                return TabLink(
                    label: unit.label(t),
                    href: query.with(period: target).path,
                    current: unit == period.unit
                )
            },
            filterTabs: StatisticsFilter.allCases.map {
                TabLink(label: $0.label(t), href: query.with(filter: $0).path, current: $0 == filter)
            },
            statusTabs: StatisticsStatus.allCases.map {
                TabLink(label: $0.label(t), href: query.with(status: $0).path, current: $0 == query.status)
            },
            previousPath: query.with(period: period.previous).path,
            nextPath: query.with(period: period.next).path,
            currentPath: period.first <= today && today <= period.last
                ? nil
                : query.with(period: .containing(today, unit: period.unit)).path,
            currentLabel: currentLabel,
            picker: picker(),
            figures: figures(
                totals,
                stashesUpdated: period.unit == .daily
                    ? inFilter.filter { $0.currentCents > 0 }.count : nil
            ),
            empty: totals.isEmpty ? emptyNotice(periodTitle) : nil,
            charts: totals.isEmpty ? [] : charts,
            entries: entries,
            moreEntries: moreEntries,
            topSaved: topSaved,
            topSpent: topSpent,
            performance: shown.map { PerformanceItem($0, period: period, user: user, t: t) },
            performanceEmpty: shown.isEmpty ? emptyPerformanceText(hasStashes: !inFilter.isEmpty) : nil,
            insights: insights(performance: inFilter, badges: badges),
            completedText: StatisticsWording.completed(
                count: badges.count,
                points: badges.points,
                period: period,
                t: t
            ),
            csvPath: StatisticsPaths.csv(query),
            pdfPath: period.unit == .yearly
                ? StatisticsPaths.pdf(year: period.year) : StatisticsPaths.pdf(period.month),
            pdfLabel: period.unit == .yearly
                ? t["statistics.reports.pdf_year"]
                : t["statistics.reports.pdf_month", ["month": t.month(period.month)]],
            comparePath: StatisticsPaths.compare([
                period.summaryMonth(today: today).previous, period.summaryMonth(today: today),
            ])
        )
    }

    /// The link back to the period with today: "Today", "This month", "This year".
    private var currentLabel: String {
        switch period.unit {
        case .daily: t["statistics.current.daily"]
        case .monthly: t["statistics.current.monthly"]
        case .yearly: t["statistics.current.yearly"]
        }
    }

    /// What the page says instead of the charts when the period has nothing recorded.
    private func emptyNotice(_ periodTitle: String) -> Notice {
        let title =
            switch period.unit {
            case .daily: t["statistics.empty.title.daily", ["period": periodTitle]]
            case .monthly: t["statistics.empty.title.monthly", ["period": periodTitle]]
            case .yearly: t["statistics.empty.title.yearly", ["period": periodTitle]]
            }
        return Notice(
            title: title,
            text: filter == .all ? t["statistics.empty.text_all"] : t["statistics.empty.text_filtered"]
        )
    }

    /// The day a switch of view lands in: today if the period shown contains it, else the period's first day
    /// (so the period shown itself is kept when its own tab is picked).
    private func pick() -> CalendarDay {
        period.first <= today && today <= period.last ? today : period.first
    }

    private func performances() throws -> [StashPerformance] {
        let months: [Month] =
            switch period.unit {
            case .daily: [period.month]
            case .monthly: [period.month.previous, period.month]
            case .yearly: period.previous.months + period.months
            }
        let figures = try store.stashFigures(months: months, today: today)
        var dayTotals: (current: [Int64: Int64], previous: [Int64: Int64])?
        if period.unit == .daily {
            dayTotals = (
                try store.stashTotals(on: period.first),
                try store.stashTotals(on: period.first.adding(days: -1))
            )
        }
        return StashPerformance.build(
            figures,
            period: period,
            today: today,
            timeZone: user.calendarTimeZone,
            dayTotals: dayTotals
        )
    }

    private func picker() -> PeriodPicker {
        var hidden = [PeriodPicker.Hidden(name: "view", value: period.unit.rawValue)]
        if filter != .all { hidden.append(.init(name: "filter", value: filter.rawValue)) }
        if query.status != .all { hidden.append(.init(name: "status", value: query.status.rawValue)) }
        return switch period.unit {
        case .daily:
            PeriodPicker(
                label: t["statistics.picker.daily"],
                inputType: "date",
                value: period.value,
                hidden: hidden,
                isYear: false
            )
        case .monthly:
            PeriodPicker(
                label: t["statistics.picker.monthly"],
                inputType: "month",
                value: period.value,
                hidden: hidden,
                isYear: false
            )
        case .yearly:
            PeriodPicker(
                label: t["statistics.picker.yearly"],
                inputType: "number",
                value: period.value,
                hidden: hidden,
                isYear: true
            )
        }
    }

    /// The money figures the filter shows: name, name inside a sentence, CSS suffix and which total.
    private var shownAmounts: [(name: String, inline: String, key: String, cents: KeyPath<LedgerTotals, Int64>)] {
        let all: [(name: String, inline: String, key: String, cents: KeyPath<LedgerTotals, Int64>)] = [
            (t["statistics.amounts.saved"], t["statistics.amounts_inline.saved"], "saved", \.savedCents),
            (t["statistics.amounts.spent"], t["statistics.amounts_inline.spent"], "spent", \.spentCents),
            (t["statistics.amounts.income"], t["statistics.amounts_inline.income"], "income", \.incomeCents),
        ]
        return switch filter {
        case .all: all
        case .saving: [all[0]]
        case .spending: [all[1]]
        }
    }

    private func figures(_ totals: LedgerTotals, stashesUpdated: Int?) -> [StatisticsFigure] {
        var result = shownAmounts.map {
            StatisticsFigure(
                label: $0.name,
                value: user.money(totals[keyPath: $0.cents]),
                colorClass: "amount--" + $0.key
            )
        }
        if let stashesUpdated {
            result.append(
                .init(
                    label: t["statistics.figures.stashes_updated"],
                    value: t.format.number(stashesUpdated),
                    colorClass: ""
                )
            )
        } else {
            result.append(
                .init(label: t["statistics.figures.entries"], value: t.format.number(totals.entryCount), colorClass: "")
            )
        }
        return result
    }

    private func emptyPerformanceText(hasStashes: Bool) -> String {
        guard hasStashes else { return t["statistics.performance.no_stashes_create"] }
        let title = period.title(t)
        return switch (query.status, period.unit) {
        case (.completed, .daily): t["statistics.performance.none_completed.daily", ["period": title]]
        case (.completed, .monthly): t["statistics.performance.none_completed.monthly", ["period": title]]
        case (.completed, .yearly): t["statistics.performance.none_completed.yearly", ["period": title]]
        case (.inProgress, _): t["statistics.performance.all_complete", ["period": title]]
        case (.all, _): t["statistics.performance.no_stashes"]
        }
    }

    private func insights(performance: [StashPerformance], badges: (count: Int, points: Int)) -> [String] {
        var sentences: [String] = []
        let closest =
            performance
            .filter { $0.stash.kind == .save && !$0.completed && $0.percent > 0 && period.unit != .yearly }
            .max { ($0.percent, $1.stash.name) < ($1.percent, $0.stash.name) }
        if let closest {
            sentences.append(
                StatisticsWording.targetProgress(name: closest.stash.name, percent: closest.percent, t: t)
            )
        }
        if let over = performance.filter({ $0.overBudget }).max(by: { $0.percent < $1.percent }) {
            sentences.append(
                t[
                    "statistics.insights.over_allowance",
                    ["name": over.stash.name, "percent": t.format.percent(over.percent)]
                ]
            )
        }
        return Array(sentences.prefix(2))
    }

    // MARK: - Charts

    /// Saved and spent bars (income has its own donut), as the filter allows.
    private func seriesFor(_ totals: [LedgerTotals]) -> [ChartSeries] {
        shownAmounts.filter { $0.key != "income" }.map { amount in
            ChartSeries(
                name: amount.name,
                inlineName: amount.inline,
                colorClass: "chart__bar--" + amount.key,
                values: totals.map { $0[keyPath: amount.cents] }
            )
        }
    }

    private func table(labels: [String], series: [ChartSeries], first: String) -> ChartView.Table {
        ChartView.Table(
            headers: [first] + series.map(\.name),
            rows: labels.indices.map { index in [labels[index]] + series.map { user.money($0.values[index]) } }
        )
    }

    private func dailyBars(_ byDay: [String: LedgerTotals]) -> ChartView {
        let month = period.month
        let days = month.days
        let totals = days.map { byDay[$0.description] ?? LedgerTotals() }
        let series = seriesFor(totals)
        let labels = days.map { t.dayMonth($0) }
        let ticks = days.map { [1, 8, 15, 22, 29].contains($0.day) ? String($0.day) : "" }
        let monthTitle = t.month(month)
        let title =
            switch filter {
            case .all: t["statistics.charts.daily_title.all", ["month": monthTitle]]
            case .saving: t["statistics.charts.daily_title.saving", ["month": monthTitle]]
            case .spending: t["statistics.charts.daily_title.spending", ["month": monthTitle]]
            }
        let rows = table(labels: labels, series: series, first: t["statistics.charts.day"])
        return ChartView(
            id: "chart-daily",
            title: title,
            svg: Charts.bars(
                id: "chart-daily",
                title: title,
                labels: labels,
                tickLabels: ticks,
                series: series,
                format: user.compactMoney,
                t: t
            ),
            table: ChartView.Table(
                headers: rows.headers,
                rows: zip(rows.rows, totals).filter { $1.entryCount > 0 }.map(\.0)
            ),
            isEmpty: byDay.isEmpty,
            emptyText: t["statistics.charts.no_entries.monthly", ["period": monthTitle]],
            wide: true,
            series: series
        )
    }

    private func incomeDonut(_ totals: LedgerTotals) -> ChartView {
        let total = totals.incomeCents + totals.spentCents
        let slices = [
            (t["statistics.amounts.income"], totals.incomeCents, "chart-income"),
            (t["statistics.charts.expenses"], totals.spentCents, "chart-expense"),
        ]
        let periodTitle = period.title(t)
        let title = t["statistics.charts.income_title", ["period": periodTitle]]
        let net = totals.incomeCents - totals.spentCents
        return ChartView(
            id: "chart-income",
            title: title,
            svg: Charts.donut(
                id: "chart-income",
                title: title,
                slices: slices.map { Charts.Slice(label: $0.0, cents: $0.1, colorClass: $0.2) },
                centre: (net >= 0 ? "+" : "") + user.compactMoney(net)
            ),
            table: ChartView.Table(
                headers: ["", t["statistics.charts.amount"], t["statistics.charts.share"]],
                rows: slices.map { [$0.0, user.money($0.1), percentText($0.1, of: total, t: t)] }
            ),
            isEmpty: total == 0,
            emptyText: t["statistics.charts.no_income", ["period": periodTitle]],
            legend: slices.map {
                LegendItem(
                    label: $0.0,
                    amount: user.money($0.1),
                    percent: percentText($0.1, of: total, t: t),
                    colorClass: $0.2
                )
            }
        )
    }

    private func categoryDonut() throws -> ChartView {
        let rows = try store.spendingByCategory(
            from: period.first,
            to: period.last,
            other: t["statistics.charts.other_category"]
        )
        let periodTitle = period.title(t)
        return ChartView.byCategory(
            id: "chart-category",
            title: t["statistics.charts.category_title", ["period": periodTitle]],
            rows: rows,
            emptyText: period.unit == .yearly
                ? t["statistics.charts.no_spending.yearly", ["period": periodTitle]]
                : t["statistics.charts.no_spending.monthly", ["period": periodTitle]],
            user: user,
            t: t
        )
    }

    private func monthlyBars(_ byDay: [String: LedgerTotals]) throws -> [ChartView] {
        var byMonth: [String: LedgerTotals] = [:]
        for (date, totals) in byDay { byMonth[String(date.prefix(7)), default: LedgerTotals()] += totals }
        let completed = try store.earnedBadgesByMonth(year: period.year)
        let months = period.months
        let totals = months.map { byMonth[$0.description] ?? LedgerTotals() }
        let series = seriesFor(totals)
        let labels = months.map { t.month($0) }
        let ticks = months.map { t.dates.monthInitial($0.month) }
        let year = String(period.year)
        let title =
            switch filter {
            case .all: t["statistics.charts.monthly_title.all", ["year": year]]
            case .saving: t["statistics.charts.monthly_title.saving", ["year": year]]
            case .spending: t["statistics.charts.monthly_title.spending", ["year": year]]
            }
        let counts = ChartSeries(
            name: t["statistics.charts.completed"],
            inlineName: t["statistics.amounts_inline.completed"],
            colorClass: "chart__bar--count",
            values: months.map { Int64(completed[$0.description] ?? 0) }
        )
        let countTitle = t["statistics.charts.completed_title", ["year": year]]
        let moneyRows = table(labels: labels, series: series, first: t["statistics.charts.month"])
        return [
            ChartView(
                id: "chart-monthly",
                title: title,
                svg: Charts.bars(
                    id: "chart-monthly",
                    title: title,
                    labels: labels,
                    tickLabels: ticks,
                    series: series,
                    format: user.compactMoney,
                    t: t
                ),
                table: ChartView.Table(
                    headers: moneyRows.headers,
                    rows: zip(moneyRows.rows, totals).filter { $1.entryCount > 0 }.map(\.0)
                ),
                isEmpty: byMonth.isEmpty,
                emptyText: t["statistics.charts.no_entries.yearly", ["period": year]],
                wide: true,
                series: series
            ),
            ChartView(
                id: "chart-completed",
                title: countTitle,
                svg: Charts.bars(
                    id: "chart-completed",
                    title: countTitle,
                    labels: labels,
                    tickLabels: ticks,
                    series: [counts],
                    format: { t.format.number(Int($0)) },
                    t: t
                ),
                table: ChartView.Table(
                    headers: [t["statistics.charts.month"], t["statistics.charts.completed"]],
                    rows: months.indices.filter { counts.values[$0] > 0 }.map {
                        [labels[$0], t.format.number(Int(counts.values[$0]))]
                    }
                ),
                isEmpty: completed.isEmpty,
                emptyText: t["statistics.charts.no_completed", ["year": year]]
            ),
        ]
    }

    private func heatmap(_ byDay: [String: LedgerTotals]) -> ChartView {
        let busiest = byDay.values.map(\.entryCount).max() ?? 0
        var cells: [Charts.HeatDay] = []
        var offset = 0
        if let jan1 = CalendarDay(year: period.year, month: 1, day: 1) {
            offset = t.dates.column(of: jan1)
            let count = Month(year: period.year, month: 2).isLeapYear ? 366 : 365
            cells.reserveCapacity(count)
            var day = jan1
            for _ in 0..<count {
                let monthLabel = day.day == 1 ? t.dates.monthShortName(day.month) : nil
                if let totals = byDay[day.description] {
                    let level = busiest == 0 ? 0 : max(1, (totals.entryCount * 4 + busiest - 1) / busiest)
                    let label = t.plural(
                        "statistics.charts.heatmap_day",
                        count: totals.entryCount,
                        [
                            "day": t.weekdayDate(day),
                            "amount": user.money(totals.savedCents + totals.spentCents + totals.incomeCents),
                        ]
                    )
                    cells.append(Charts.HeatDay(level: level, label: label, monthLabel: monthLabel))
                } else {
                    let label = t["statistics.charts.heatmap_empty_day", ["day": t.weekdayDate(day)]]
                    cells.append(Charts.HeatDay(level: 0, label: label, monthLabel: monthLabel))
                }
                day = day.adding(days: 1)
            }
        }
        let year = String(period.year)
        let title = t["statistics.charts.heatmap_title", ["year": year]]
        // Active days and entries per month (`YYYY-MM`), in one pass over the days.
        var byMonth: [Substring: (days: Int, entries: Int)] = [:]
        for (day, totals) in byDay {
            byMonth[day.prefix(7), default: (0, 0)].days += 1
            byMonth[day.prefix(7), default: (0, 0)].entries += totals.entryCount
        }
        let byMonthRows = period.months.compactMap { month -> [String]? in
            byMonth[Substring(month.description)].map {
                [t.month(month), t.format.number($0.days), t.format.number($0.entries)]
            }
        }
        return ChartView(
            id: "chart-heatmap",
            title: title,
            svg: Charts.heatmap(id: "chart-heatmap", title: title, offset: offset, days: cells, t: t),
            table: ChartView.Table(
                headers: [
                    t["statistics.charts.month"], t["statistics.charts.active_days"], t["statistics.charts.entries"],
                ],
                rows: byMonthRows
            ),
            isEmpty: byDay.isEmpty,
            emptyText: t["statistics.charts.no_entries.yearly", ["period": year]],
            wide: true,
            scrolls: true
        )
    }

    private func sparkline(_ byDay: [String: LedgerTotals]) -> ChartView {
        let month = period.month
        let days = month.days
        let values = days.map { byDay[$0.description].map { $0.savedCents + $0.spentCents + $0.incomeCents } ?? 0 }
        let monthTitle = t.month(month)
        let title = t["statistics.charts.spark_title", ["day": t.weekdayDate(period.first), "month": monthTitle]]
        return ChartView(
            id: "chart-spark",
            title: title,
            svg: Charts.sparkline(id: "chart-spark", title: title, values: values, highlight: period.first.day - 1),
            table: ChartView.Table(
                headers: [t["statistics.charts.day"], t["statistics.charts.amount"]],
                rows: days.indices.filter { values[$0] > 0 }.map { [t.weekdayDate(days[$0]), user.money(values[$0])] }
            ),
            isEmpty: byDay.isEmpty,
            emptyText: t["statistics.charts.no_entries.monthly", ["period": monthTitle]],
            wide: true
        )
    }
}

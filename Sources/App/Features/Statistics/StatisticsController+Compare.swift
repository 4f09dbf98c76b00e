import Foundation
import Hummingbird

/// Months side by side: saved, spent, income and spending per category.
extension StatisticsController {
    static let maximumCompared = 12

    /// `GET /statistics/compare?month=2026-09&month=2026-10…`
    @Sendable func compare(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        var months: [Month] = []
        for text in request.uri.queryParameters.getAll("month").prefix(50) where !text.isEmpty {
            guard let month = Month(text), StatisticsPeriod.years.contains(month.year) else {
                throw HTTPError(
                    .badRequest,
                    message: t[
                        "statistics.errors.month",
                        ["value": String(text.prefix(40)), "example": today.monthValue.description]
                    ]
                )
            }
            if !months.contains(month) { months.append(month) }
        }
        guard months.count <= Self.maximumCompared else {
            throw HTTPError(
                .badRequest,
                message: t.plural("statistics.errors.too_many_months", count: Self.maximumCompared)
            )
        }
        months.sort()

        // The last twelve months and the same month a year ago, every month with data, and what was asked for:
        // newest first, grouped by year.
        var offered = Set(months + (try context.store.ledgerMonths()))
        var month = today.monthValue
        for _ in 0...12 {
            offered.insert(month)
            month = month.previous
        }
        let choices = offered.sorted(by: >).map {
            Choice(
                value: $0.description,
                label: t.dates.monthShortName($0.month),
                checked: months.contains($0),
                group: String($0.year)
            )
        }

        var comparison: StatisticsPages.Comparison?
        if months.count >= 2 {
            let figures = try context.store.monthComparison(
                months: months,
                other: t["statistics.charts.other_category"]
            )
            let totals = figures.map(\.totals)
            let categories = figures.map(\.categories)
            var rows = [
                StatisticsPages.CompareRow(
                    label: t["statistics.amounts.saved"],
                    cells: totals.map { user.money($0.savedCents) },
                    isCategory: false
                ),
                StatisticsPages.CompareRow(
                    label: t["statistics.amounts.spent"],
                    cells: totals.map { user.money($0.spentCents) },
                    isCategory: false
                ),
                StatisticsPages.CompareRow(
                    label: t["statistics.amounts.income"],
                    cells: totals.map { user.money($0.incomeCents) },
                    isCategory: false
                ),
            ]
            let names = Set(categories.flatMap(\.keys))
                .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
            rows += names.map { name in
                StatisticsPages.CompareRow(
                    label: name,
                    cells: categories.map { user.money($0[name] ?? 0) },
                    isCategory: true
                )
            }
            let series = [
                ChartSeries(
                    name: t["statistics.amounts.saved"],
                    inlineName: t["statistics.amounts_inline.saved"],
                    colorClass: "chart__bar--saved",
                    values: totals.map(\.savedCents)
                ),
                ChartSeries(
                    name: t["statistics.amounts.spent"],
                    inlineName: t["statistics.amounts_inline.spent"],
                    colorClass: "chart__bar--spent",
                    values: totals.map(\.spentCents)
                ),
                ChartSeries(
                    name: t["statistics.amounts.income"],
                    inlineName: t["statistics.amounts_inline.income"],
                    colorClass: "chart__bar--income",
                    values: totals.map(\.incomeCents)
                ),
            ]
            let shortTitles = months.map { t.monthShort($0) }
            // Past four months, the axis names each month without its year, so a phone's labels don't run together.
            let ticks = months.count > 4 ? months.map { t.dates.monthShortName($0.month) } : shortTitles
            let title = t["statistics.compare.chart_title", ["months": shortTitles.joined(separator: ", ")]]
            let chart = ChartView(
                id: "chart-compare",
                title: title,
                svg: Charts.bars(
                    id: "chart-compare",
                    title: title,
                    labels: months.map { t.month($0) },
                    tickLabels: ticks,
                    series: series,
                    format: user.compactMoney,
                    t: t
                ),
                table: ChartView.Table(
                    headers: [t["statistics.charts.month"]] + series.map(\.name),
                    rows: months.indices.map { i in [t.month(months[i])] + series.map { user.money($0.values[i]) } }
                ),
                isEmpty: totals.allSatisfy(\.isEmpty),
                emptyText: t["statistics.compare.empty"],
                series: series
            )
            comparison = .init(chart: chart, headers: shortTitles, rows: rows)
        }
        let page = StatisticsPages.ComparePage(
            choices: choices,
            message: months.count < 2 ? t["statistics.compare.pick"] : nil,
            comparison: comparison
        )
        return pages.page(title: t["statistics.compare.title"], section: .statistics, context: context) { shell in
            StatisticsPages.compare(page, shell.t)
        }
    }
}

import Foundation
import Hummingbird

/// Months side by side: saved, spent, income and spending per category.
extension StatisticsController {
    static let maximumCompared = 12

    /// `GET /statistics/compare?month=2026-09&month=2026-10…`
    @Sendable func compare(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        var months: [Month] = []
        for text in request.uri.queryParameters.getAll("month").prefix(50) where !text.isEmpty {
            guard let month = Month(text), StatisticsPeriod.years.contains(month.year) else {
                throw HTTPError(
                    .badRequest,
                    message: "“\(text.prefix(40))” isn't a month. Use months like \(today.monthValue)."
                )
            }
            if !months.contains(month) { months.append(month) }
        }
        guard months.count <= Self.maximumCompared else {
            throw HTTPError(.badRequest, message: "Compare at most \(Self.maximumCompared) months at a time.")
        }
        months.sort()

        var offered: [Month] = []
        var month = today.monthValue
        for _ in 0..<12 {
            offered.append(month)
            month = month.previous
        }
        offered = Array(Set(offered + months)).sorted(by: >)
        let choices = offered.map {
            Choice(value: $0.description, label: $0.shortTitle, checked: months.contains($0))
        }

        var comparison: StatisticsPages.Comparison?
        if months.count >= 2 {
            let figures = try context.store.monthComparison(months: months)
            let totals = figures.map(\.totals)
            let categories = figures.map(\.categories)
            var rows = [
                StatisticsPages.CompareRow(
                    label: "Saved",
                    cells: totals.map { user.money($0.savedCents) },
                    isCategory: false
                ),
                StatisticsPages.CompareRow(
                    label: "Spent",
                    cells: totals.map { user.money($0.spentCents) },
                    isCategory: false
                ),
                StatisticsPages.CompareRow(
                    label: "Income",
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
                ChartSeries(name: "Saved", colorClass: "chart__bar--saved", values: totals.map(\.savedCents)),
                ChartSeries(name: "Spent", colorClass: "chart__bar--spent", values: totals.map(\.spentCents)),
                ChartSeries(name: "Income", colorClass: "chart__bar--income", values: totals.map(\.incomeCents)),
            ]
            let title = "Saved, spent and income: " + months.map(\.shortTitle).joined(separator: ", ")
            let chart = ChartView(
                id: "chart-compare",
                title: title,
                svg: Charts.bars(
                    id: "chart-compare",
                    title: title,
                    labels: months.map(\.title),
                    tickLabels: months.map(\.shortTitle),
                    series: series,
                    format: user.compactMoney
                ),
                table: ChartView.Table(
                    headers: ["Month"] + series.map(\.name),
                    rows: months.indices.map { i in [months[i].title] + series.map { user.money($0.values[i]) } }
                ),
                isEmpty: totals.allSatisfy(\.isEmpty),
                emptyText: "Nothing recorded in these months.",
                series: series
            )
            comparison = .init(chart: chart, headers: months.map(\.shortTitle), rows: rows)
        }
        let page = StatisticsPages.ComparePage(
            choices: choices,
            message: months.count < 2 ? "Pick two or more months to see them side by side." : nil,
            comparison: comparison
        )
        return pages.page(title: "Compare months", section: .statistics, context: context) { _ in
            StatisticsPages.compare(page)
        }
    }
}

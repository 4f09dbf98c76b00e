import Foundation

extension User {
    /// A short amount for chart axes, the region's way: `$1.2K`, `$340`, `2,5 Mio. €`.
    func compactMoney(_ cents: Int64) -> String {
        format.compactMoney(cents, currencyValue)
    }
}

extension ChartView {
    /// Spending by category as a donut with its legend and its table. The largest categories each get a colour of
    /// the palette; past it, the smallest share one slice so colours stay distinct. The table lists every category.
    static func byCategory(
        id: String,
        title: String,
        rows: [LabelledAmount],
        emptyText: String,
        user: User,
        t: Words
    ) -> ChartView {
        let total = rows.reduce(Int64(0)) { $0 + $1.cents }
        var slices = rows.prefix(ChartPalette.count - 1).enumerated().map {
            Charts.Slice(label: $1.label, cents: $1.cents, colorClass: ChartPalette.category($0))
        }
        if rows.count >= ChartPalette.count {
            slices.append(
                Charts.Slice(
                    label: t["statistics.charts.everything_else"],
                    cents: rows.dropFirst(ChartPalette.count - 1).reduce(0) { $0 + $1.cents },
                    colorClass: ChartPalette.category(ChartPalette.count - 1)
                )
            )
        }
        return ChartView(
            id: id,
            title: title,
            svg: Charts.donut(id: id, title: title, slices: slices, centre: user.compactMoney(total)),
            table: ChartView.Table(
                headers: [
                    t["statistics.charts.category"], t["statistics.amounts.spent"], t["statistics.charts.share"],
                ],
                rows: rows.map { [$0.label, user.money($0.cents), percentText($0.cents, of: total, t: t)] }
            ),
            isEmpty: total == 0,
            emptyText: emptyText,
            legend: slices.map {
                LegendItem(
                    label: $0.label,
                    amount: user.money($0.cents),
                    percent: percentText($0.cents, of: total, t: t),
                    colorClass: $0.colorClass
                )
            }
        )
    }
}

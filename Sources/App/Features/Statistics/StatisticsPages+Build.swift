import Foundation

typealias StatisticsFigure = StatisticsPages.Figure
typealias PeriodPicker = StatisticsPages.PeriodPicker
typealias PerformanceItem = StatisticsPages.PerformanceItem
typealias StatisticsEntryItem = StatisticsPages.EntryItem
typealias StatisticsPage = StatisticsPages.Page
typealias LabelledText = StatisticsPages.LabelledText
typealias ChartSeries = Charts.Series
typealias LegendItem = Charts.LegendItem

extension PerformanceItem {
    init(_ performance: StashPerformance, period: StatisticsPeriod, user: User, t: Words) {
        let stash = performance.stash
        let save = stash.kind == .save
        let amount = user.money(performance.currentCents)
        let percent = t.format.percent(performance.percent)
        let amountText: String
        switch period.unit {
        case .daily:
            let values: KeyValuePairs = ["amount": amount, "percent": percent, "month": t.monthShort(period.month)]
            amountText =
                save
                ? t["statistics.performance.amount.daily.save", values]
                : t["statistics.performance.amount.daily.spend", values]
        case .monthly:
            let values: KeyValuePairs = ["amount": amount, "target": user.money(performance.targetCents)]
            amountText =
                save
                ? t["statistics.performance.amount.monthly.save", values]
                : t["statistics.performance.amount.monthly.spend", values]
        case .yearly:
            let values: KeyValuePairs = ["amount": amount, "completed": t.format.number(performance.completedMonths)]
            amountText =
                save
                ? t.plural("statistics.performance.amount.yearly.save", count: performance.countedMonths, values)
                : t.plural("statistics.performance.amount.yearly.spend", count: performance.countedMonths, values)
        }
        self.init(
            stashId: stash.id ?? 0,
            month: period.unit == .yearly ? nil : period.month,
            name: stash.name,
            percentText: percent,
            amountText: amountText,
            comparison: StatisticsWording.comparison(performance.figures, period: period, t: t) { user.money($0) },
            allowance: period.unit == .daily ? nil : StatisticsWording.allowance(performance.figures, t: t),
            completed: performance.completed,
            overBudget: performance.overBudget,
            bar: ProgressBar(
                percent: performance.percent,
                label: t["statistics.performance.progress", ["name": stash.name, "percent": percent]],
                modifier: performance.overBudget ? "progress--over" : performance.completed ? "progress--complete" : ""
            )
        )
    }
}

extension StatisticsEntryItem {
    init(_ entry: DayEntry, user: User, t: Words) {
        let money = user.money(entry.entry.amountCents)
        let (kindLabel, amount, amountClass) =
            switch entry.entry.kind {
            case .saving: (t["statistics.amounts.saved"], "+" + money, "amount--saved")
            case .expense: (t["statistics.amounts.spent"], "−" + money, "amount--spent")
            case .income: (t["statistics.amounts.income"], "+" + money, "amount--income")
            case .transfer, .transferIn: (t["budget.ledger.transfer"], money, "amount--transfer")
            }
        self.init(
            label: entry.label.isEmpty ? t["statistics.entries.transaction"] : entry.label,
            note: entry.entry.note.isEmpty ? nil : entry.entry.note,
            kindLabel: kindLabel,
            amount: amount,
            amountClass: amountClass
        )
    }
}

/// Category colours for donuts and legends (CSS classes over the design tokens), by rank.
enum ChartPalette {
    static let count = 8
    static func category(_ index: Int) -> String { "chart-cat-\(index % count + 1)" }
}

/// Percent of `part` in `total`, rounded, as the region writes it: "42%", "42 %".
func percentText(_ part: Int64, of total: Int64, t: Words) -> String {
    guard total > 0 else { return t.format.percent(0) }
    return t.format.percent(Int((part * 100 + total / 2) / total))
}

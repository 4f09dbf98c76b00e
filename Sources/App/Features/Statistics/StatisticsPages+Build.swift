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
    init(_ performance: StashPerformance, period: StatisticsPeriod, user: User) {
        let stash = performance.stash
        let verb = stash.kind == .save ? "saved" : "spent"
        let amountText: String
        switch period.unit {
        case .daily:
            amountText =
                "\(user.money(performance.currentCents)) \(verb) that day · \(performance.percent)% of \(period.month.shortTitle)'s target"
        case .monthly:
            amountText = "\(user.money(performance.currentCents)) \(verb) of \(user.money(performance.targetCents))"
        case .yearly:
            amountText =
                "\(user.money(performance.currentCents)) \(verb) · completed \(performance.completedMonths) of "
                + "\(performance.countedMonths) \(performance.countedMonths == 1 ? "month" : "months")"
        }
        self.init(
            stashId: stash.id ?? 0,
            month: period.unit == .yearly ? nil : period.month,
            name: stash.name,
            percentText: "\(performance.percent)%",
            amountText: amountText,
            comparison: StatisticsWording.comparison(performance.figures, period: period) { user.money($0) },
            allowance: period.unit == .daily ? nil : StatisticsWording.allowance(performance.figures),
            completed: performance.completed,
            overBudget: performance.overBudget,
            bar: ProgressBar(
                percent: performance.percent,
                label: "\(stash.name): \(performance.percent)% of its target",
                modifier: performance.overBudget ? "progress--over" : performance.completed ? "progress--complete" : ""
            )
        )
    }
}

extension StatisticsEntryItem {
    init(_ entry: DayEntry, user: User) {
        let money = user.money(entry.entry.amountCents)
        let (kindLabel, amount, amountClass) =
            switch entry.entry.kind {
            case .saving: ("Saved", "+" + money, "amount--saved")
            case .expense: ("Spent", "−" + money, "amount--spent")
            case .income: ("Income", "+" + money, "amount--income")
            }
        self.init(
            label: entry.label.isEmpty ? "Transaction" : entry.label,
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

/// Percent of `part` in `total`, rounded, as "42%".
func percentText(_ part: Int64, of total: Int64) -> String {
    guard total > 0 else { return "0%" }
    return "\((part * 100 + total / 2) / total)%"
}

import Foundation
import Views

/// A link in one of the Statistics segmented controls.
struct StatisticsLink: Sendable {
    let label: String
    let href: String
    let current: Bool
}

/// A headline figure (Saved, Spent, Income, Entries).
struct StatisticsFigure: Sendable {
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
    let name: String
    let path: String
    let kindLabel: String
    let percentText: String
    let amountText: String
    let comparison: String
    let allowance: String?
    let completed: Bool
    let overBudget: Bool
    let bar: ProgressBar
}

/// One line of the daily entry list.
struct StatisticsEntryItem: Sendable {
    let label: String
    let note: String?
    let kindLabel: String
    let amount: String
    let amountClass: String
}

/// The whole Statistics page.
struct StatisticsPage: Sendable {
    /// The account has no stashes and no transactions yet: only the first-run message is shown.
    let firstRun: EmptyState?
    let periodTitle: String
    let viewTabs: [StatisticsLink]
    let filterTabs: [StatisticsLink]
    let statusTabs: [StatisticsLink]
    let previousPath: String
    let nextPath: String
    let currentPath: String?
    /// "Today", "This month", "This year".
    let currentLabel: String
    let picker: PeriodPicker
    let figures: [StatisticsFigure]
    let hasData: Bool
    let emptyTitle: String
    let emptyText: String
    let charts: [ChartView]
    let entries: [StatisticsEntryItem]
    let hasEntries: Bool
    let topSaved: [LabelledText]
    let topSpent: [LabelledText]
    let hasTopSaved: Bool
    let hasTopSpent: Bool
    let hasTop: Bool
    let performance: [PerformanceItem]
    let performanceEmpty: String?
    let insights: [String]
    let completedText: String
    let csvPath: String
    let pdfPath: String
    let comparePath: String
}

/// A label with a formatted amount (top stashes).
struct LabelledText: Sendable {
    let label: String
    let value: String
}

extension PerformanceItem {
    init(_ performance: StashPerformance, period: StatisticsPeriod, user: User) {
        let stash = performance.stash
        name = stash.name
        path = StashPaths.show(stash.id ?? 0, month: period.unit == .yearly ? nil : period.month)
        kindLabel = stash.kind.label
        percentText = "\(performance.percent)%"
        let verb = stash.kind == .save ? "saved" : "spent"
        switch period.unit {
        case .daily:
            amountText = "\(user.money(performance.currentCents)) \(verb) that day · \(performance.percent)% of \(period.month.shortTitle)'s target"
        case .monthly:
            amountText = "\(user.money(performance.currentCents)) \(verb) of \(user.money(performance.targetCents))"
        case .yearly:
            amountText = "\(user.money(performance.currentCents)) \(verb) · completed \(performance.completedMonths) of "
                + "\(performance.countedMonths) \(performance.countedMonths == 1 ? "month" : "months")"
        }
        comparison = StatisticsWording.comparison(performance.figures, period: period, money: user.money)
        allowance = period.unit == .daily ? nil : StatisticsWording.allowance(performance.figures)
        completed = performance.completed
        overBudget = performance.overBudget
        bar = ProgressBar(percent: performance.percent, label: "\(stash.name): \(performance.percent)% of its target",
                          modifier: overBudget ? "progress--over" : completed ? "progress--complete" : "")
    }
}

extension StatisticsEntryItem {
    init(_ entry: DayEntry, user: User) {
        label = entry.label.isEmpty ? "Transaction" : entry.label
        note = entry.entry.note.isEmpty ? nil : entry.entry.note
        switch entry.entry.kind {
        case .saving:
            kindLabel = "Saved"
            amount = "+" + user.money(entry.entry.amountCents)
            amountClass = "amount--saved"
        case .expense:
            kindLabel = "Spent"
            amount = "−" + user.money(entry.entry.amountCents)
            amountClass = "amount--spent"
        case .income:
            kindLabel = "Income"
            amount = "+" + user.money(entry.entry.amountCents)
            amountClass = "amount--income"
        }
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

import Foundation

/// How one stash did in a Statistics period: its amount, the previous period's, and its completion.
struct StashPerformance: Sendable {
    let stash: Stash
    let currentCents: Int64
    /// Nil when the stash has no entries before this period (nothing to compare with).
    let previousCents: Int64?
    /// Percent of the period's target (allowance for spend stashes).
    let percent: Int
    let targetCents: Int64
    /// For a day or a month: that month is complete. For a year: every month counted so far is.
    let completed: Bool
    let overBudget: Bool
    /// For a year: months completed out of the months counted.
    let completedMonths: Int
    let countedMonths: Int

    var figures: StatisticsWording.Figures {
        .init(
            name: stash.name,
            kind: stash.kind,
            currentCents: currentCents,
            previousCents: previousCents,
            allowanceCents: stash.kind == .spend && countedMonths > 0 ? targetCents : nil
        )
    }

    /// Builds each stash's performance in `period` from its month figures (which must cover the period's months
    /// and the previous period's). `dayTotals` gives the day and the day before for the daily view. A stash that
    /// didn't exist yet in the period, and has no entries in it, is left out (`Stash.counts`).
    static func build(
        _ figures: [StashMonthFigures],
        period: StatisticsPeriod,
        today: CalendarDay,
        timeZone: TimeZone,
        dayTotals: (current: [Int64: Int64], previous: [Int64: Int64])? = nil
    ) -> [StashPerformance] {
        figures.compactMap { item in
            let stash = item.stash
            let id = stash.id ?? 0
            let hasEarlier = item.firstMonth.map { $0 < period.first.monthValue } ?? false
            let existed = period.months.contains {
                stash.counts($0, entryCount: item.progress[$0]?.entryCount ?? 0, timeZone: timeZone)
            }
            guard existed else { return nil }
            switch period.unit {
            case .daily:
                let month = item.progress[period.month] ?? empty(stash)
                let hasBefore = hasEarlier || item.firstMonth == period.month
                return StashPerformance(
                    stash: stash,
                    currentCents: dayTotals?.current[id] ?? 0,
                    previousCents: hasBefore ? dayTotals?.previous[id] ?? 0 : nil,
                    percent: month.percent,
                    targetCents: month.targetCents,
                    completed: month.isCompleted,
                    overBudget: month.isOverBudget,
                    completedMonths: month.isCompleted ? 1 : 0,
                    countedMonths: 0
                )
            case .monthly:
                let month = item.progress[period.month] ?? empty(stash)
                return StashPerformance(
                    stash: stash,
                    currentCents: month.totalCents,
                    previousCents: hasEarlier ? item.progress[period.month.previous]?.totalCents ?? 0 : nil,
                    percent: month.percent,
                    targetCents: month.targetCents,
                    completed: month.isCompleted,
                    overBudget: month.isOverBudget,
                    completedMonths: month.isCompleted ? 1 : 0,
                    countedMonths: 1
                )
            case .yearly:
                let months = period.months
                let counted = months.filter {
                    $0 <= today.monthValue
                        && stash.counts($0, entryCount: item.progress[$0]?.entryCount ?? 0, timeZone: timeZone)
                }
                let total = months.reduce(Int64(0)) { $0 + (item.progress[$1]?.totalCents ?? 0) }
                let target = counted.reduce(Int64(0)) { $0 + (item.progress[$1]?.targetCents ?? 0) }
                // Counted among the same months as the target, so a future month's entries can't tip the count.
                let completedMonths = counted.filter { item.progress[$0]?.isCompleted == true }.count
                let previous = period.previous.months.reduce(Int64(0)) { $0 + (item.progress[$1]?.totalCents ?? 0) }
                let overall = StashProgress(
                    kind: stash.kind,
                    totalCents: total,
                    entryCount: 0,
                    targetCents: target,
                    monthClosed: false
                )
                // A year counts as complete only when every month counted so far was.
                let completed = !counted.isEmpty && completedMonths == counted.count
                return StashPerformance(
                    stash: stash,
                    currentCents: total,
                    previousCents: hasEarlier ? previous : nil,
                    percent: counted.isEmpty ? 0 : overall.percent,
                    targetCents: target,
                    completed: completed,
                    overBudget: !counted.isEmpty && overall.isOverBudget,
                    completedMonths: completedMonths,
                    countedMonths: counted.count
                )
            }
        }
    }

    private static func empty(_ stash: Stash) -> StashProgress {
        StashProgress(kind: stash.kind, totalCents: 0, entryCount: 0, targetCents: 0, monthClosed: false)
    }
}

/// Plain-language sentences comparing a stash's period with the one before, and with its allowance.
enum StatisticsWording {
    /// What one stash did in a period, as the performance list compares it.
    struct Figures: Sendable, Equatable {
        var name: String
        var kind: Stash.Kind
        /// Saved (or spent) in the period.
        var currentCents: Int64
        /// The same in the previous period; nil when the stash has no entries before this period at all.
        var previousCents: Int64?
        /// A spend stash's allowance for the period (nil for save stashes or when not meaningful).
        var allowanceCents: Int64?

        init(name: String, kind: Stash.Kind, currentCents: Int64, previousCents: Int64?, allowanceCents: Int64? = nil) {
            self.name = name
            self.kind = kind
            self.currentCents = currentCents
            self.previousCents = previousCents
            self.allowanceCents = allowanceCents
        }
    }

    /// "You saved 20% more than last month in Vacation Fund." and the like; `money` formats an amount.
    static func comparison(
        _ figures: Figures,
        period: StatisticsPeriod,
        t: Words,
        money: (Int64) -> String
    ) -> String {
        let save = figures.kind == .save
        let this = period.thisName(t)
        let previousName = period.previousName(t)
        let name = figures.name
        guard let previous = figures.previousCents else {
            let values: KeyValuePairs = ["name": name, "amount": money(figures.currentCents), "this": this]
            return save
                ? t["statistics.comparison.save.no_previous", values]
                : t["statistics.comparison.spend.no_previous", values]
        }
        let current = figures.currentCents
        switch (previous, current) {
        case (0, 0):
            let values: KeyValuePairs = ["name": name, "this": this, "previous": previousName]
            return save
                ? t["statistics.comparison.save.nothing", values] : t["statistics.comparison.spend.nothing", values]
        case (0, _):
            let values: KeyValuePairs = ["name": name, "amount": money(current), "previous": previousName]
            return save
                ? t["statistics.comparison.save.up_from_nothing", values]
                : t["statistics.comparison.spend.up_from_nothing", values]
        case (_, 0):
            let values: KeyValuePairs = [
                "name": name, "this": this, "amount": money(previous), "previous": previousName,
            ]
            return save
                ? t["statistics.comparison.save.down_to_nothing", values]
                : t["statistics.comparison.spend.down_to_nothing", values]
        default:
            let change = percentChange(from: previous, to: current)
            if change == 0 {
                let values: KeyValuePairs = ["name": name, "previous": previousName]
                return save
                    ? t["statistics.comparison.save.same", values] : t["statistics.comparison.spend.same", values]
            }
            let values: KeyValuePairs = [
                "name": name, "percent": t.format.percent(abs(change)), "previous": previousName,
            ]
            switch (save, change > 0) {
            case (true, true): return t["statistics.comparison.save.more", values]
            case (true, false): return t["statistics.comparison.save.less", values]
            case (false, true): return t["statistics.comparison.spend.more", values]
            case (false, false): return t["statistics.comparison.spend.less", values]
            }
        }
    }

    /// "Dining Out stayed 15% under its allowance." / "went 8% over" / "used exactly"; nil without an allowance.
    static func allowance(_ figures: Figures, t: Words) -> String? {
        guard figures.kind == .spend, let allowance = figures.allowanceCents, allowance > 0 else { return nil }
        let spent = figures.currentCents
        let name = figures.name
        if spent == allowance { return t["statistics.allowance.exact", ["name": name]] }
        let percent = Int(((allowance - spent).magnitude * 100 + UInt64(allowance) / 2) / UInt64(allowance))
        if spent < allowance {
            return percent == 0
                ? t["statistics.allowance.just_under", ["name": name]]
                : t["statistics.allowance.under", ["name": name, "percent": t.format.percent(min(percent, 100))]]
        }
        return percent == 0
            ? t["statistics.allowance.just_over", ["name": name]]
            : t["statistics.allowance.over", ["name": name, "percent": t.format.percent(percent)]]
    }

    /// Whole-percent change from `previous` (> 0) to `current`, rounded half away from zero.
    static func percentChange(from previous: Int64, to current: Int64) -> Int {
        guard previous > 0 else { return 0 }
        let delta = current - previous
        let scaled = (delta.magnitude * 100 + UInt64(previous) / 2) / UInt64(previous)
        return delta < 0 ? -Int(scaled) : Int(scaled)
    }

    /// "You're at 75% of your Vacation Fund target."
    static func targetProgress(name: String, percent: Int, t: Words) -> String {
        t["statistics.insights.target_progress", ["percent": t.format.percent(percent), "name": name]]
    }

    /// "You completed 2 stashes in November 2026, earning 20 points." or the empty-period wording ("on" a day,
    /// "in" a month or a year).
    static func completed(count: Int, points: Int, period: StatisticsPeriod, t: Words) -> String {
        let title = period.title(t)
        guard count > 0 else {
            return switch period.unit {
            case .daily: t["statistics.insights.none_completed.daily", ["period": title]]
            case .monthly: t["statistics.insights.none_completed.monthly", ["period": title]]
            case .yearly: t["statistics.insights.none_completed.yearly", ["period": title]]
            }
        }
        let values: KeyValuePairs = [
            "period": title, "points": t.plural("statistics.insights.points", count: points),
        ]
        return switch period.unit {
        case .daily: t.plural("statistics.insights.completed.daily", count: count, values)
        case .monthly: t.plural("statistics.insights.completed.monthly", count: count, values)
        case .yearly: t.plural("statistics.insights.completed.yearly", count: count, values)
        }
    }
}

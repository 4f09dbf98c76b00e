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
    static func comparison(_ figures: Figures, period: StatisticsPeriod, money: (Int64) -> String) -> String {
        let verb = figures.kind == .save ? "saved" : "spent"
        let preposition = figures.kind == .save ? "in" : "on"
        let name = figures.name
        guard let previous = figures.previousCents else {
            return "No previous data for \(name) yet: \(money(figures.currentCents)) \(verb) \(period.thisName)."
        }
        let current = figures.currentCents
        switch (previous, current) {
        case (0, 0):
            return "Nothing \(verb) \(preposition) \(name) \(period.thisName) or \(period.previousName)."
        case (0, _):
            return "You \(verb) \(money(current)) \(preposition) \(name), up from nothing \(period.previousName)."
        case (_, 0):
            return
                "Nothing \(verb) \(preposition) \(name) \(period.thisName), down from \(money(previous)) \(period.previousName)."
        default:
            let change = percentChange(from: previous, to: current)
            if change == 0 {
                return "You \(verb) about the same as \(period.previousName) \(preposition) \(name)."
            }
            let direction = change > 0 ? "more" : "less"
            return "You \(verb) \(abs(change))% \(direction) than \(period.previousName) \(preposition) \(name)."
        }
    }

    /// "Dining Out stayed 15% under its allowance." / "went 8% over" / "used exactly"; nil without an allowance.
    static func allowance(_ figures: Figures) -> String? {
        guard figures.kind == .spend, let allowance = figures.allowanceCents, allowance > 0 else { return nil }
        let spent = figures.currentCents
        if spent == allowance { return "\(figures.name) used exactly its allowance." }
        let percent = Int(((allowance - spent).magnitude * 100 + UInt64(allowance) / 2) / UInt64(allowance))
        if spent < allowance {
            return percent == 0
                ? "\(figures.name) stayed just under its allowance."
                : "\(figures.name) stayed \(min(percent, 100))% under its allowance."
        }
        return percent == 0
            ? "\(figures.name) went just over its allowance." : "\(figures.name) went \(percent)% over its allowance."
    }

    /// Whole-percent change from `previous` (> 0) to `current`, rounded half away from zero.
    static func percentChange(from previous: Int64, to current: Int64) -> Int {
        guard previous > 0 else { return 0 }
        let delta = current - previous
        let scaled = (delta.magnitude * 100 + UInt64(previous) / 2) / UInt64(previous)
        return delta < 0 ? -Int(scaled) : Int(scaled)
    }

    /// "You're at 75% of your Vacation Fund target."
    static func targetProgress(name: String, percent: Int) -> String {
        "You're at \(percent)% of your \(name) target."
    }

    /// "You completed 2 stashes in November 2026, earning 20 points." or the empty-period wording; `when` is
    /// "in November 2026" or "on Sat, 21 Nov 2026".
    static func completed(count: Int, points: Int, when: String) -> String {
        guard count > 0 else { return "No stashes completed \(when) yet." }
        let stashes = count == 1 ? "1 stash" : "\(count) stashes"
        return "You completed \(stashes) \(when), earning \(points) \(points == 1 ? "point" : "points")."
    }
}

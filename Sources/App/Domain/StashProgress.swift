/// How a stash stands in one month: what went in (or out), against the target that month had.
struct StashProgress: Sendable, Equatable {
    let kind: Stash.Kind
    let totalCents: Int64
    let entryCount: Int
    let targetCents: Int64
    /// Whether the month has ended (spend stashes are judged only then).
    let monthClosed: Bool

    /// Percent of the target, rounded down; may pass 100 (over budget for spend stashes).
    var percent: Int {
        guard targetCents > 0 else { return totalCents > 0 ? 100 : 0 }
        // Divide before multiplying where the product could overflow: totals can reach 10^14 cents and beyond.
        let (product, overflow) = totalCents.multipliedReportingOverflow(by: 100)
        let percent = overflow ? min(totalCents / targetCents, 100) * 100 : product / targetCents
        return Int(min(max(percent, 0), 9_999))
    }

    /// Completed for the month: a save stash the moment it reaches 100 %; a spend stash once its month has
    /// ended at or under the allowance, with at least one entry.
    var isCompleted: Bool {
        switch kind {
        case .save: targetCents > 0 && totalCents >= targetCents
        case .spend: monthClosed && entryCount > 0 && totalCents <= targetCents
        }
    }

    var isOverBudget: Bool { kind == .spend && totalCents > targetCents }

    /// For ordering "closest to completion first".
    var closeness: Int {
        switch kind {
        case .save: percent
        case .spend: isOverBudget ? -1 : 100 - min(percent, 100)
        }
    }
}

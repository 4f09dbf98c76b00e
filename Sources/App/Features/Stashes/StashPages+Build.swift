import Foundation

extension User {
    var currencyValue: Currency { Currency.named(currency) }

    /// How the user's region writes and reads amounts.
    var format: RegionFormat { .of(Region.named(region)) }

    /// An amount in the user's currency (or `currency`, a card's own), as the user's region writes it.
    func money(_ cents: Int64, in currency: Currency? = nil) -> String {
        format.money(cents, currency ?? currencyValue)
    }

    /// Whole amounts without their minor digits (`$847`), others in full, as the user's region writes them.
    func moneyRounded(_ cents: Int64, in currency: Currency? = nil) -> String {
        format.moneyRounded(cents, currency ?? currencyValue)
    }

    /// An amount as the user types it into a field: `1234.56`, or `1234,56` where a comma marks decimals.
    func amountValue(_ cents: Int64, in currency: Currency? = nil) -> String {
        format.amountValue(cents, currency ?? currencyValue)
    }
}

extension ProgressBar {
    /// A stash's progress this month.
    init(_ progress: StashProgress, label: String) {
        self.init(
            percent: progress.percent,
            label: label,
            modifier: progress.isOverBudget ? "progress--over" : progress.isCompleted ? "progress--complete" : ""
        )
    }
}

extension StashCard {
    /// `summary` as a card; the add-entry link comes back to `returnTo` after saving.
    init(_ summary: StashSummary, user: User, quickAmounts: [Int64] = [], returnTo: String? = nil) {
        let stash = summary.stash
        let progress = summary.progress
        let id = stash.id ?? 0
        let verb = stash.kind == .save ? "saved of" : "spent of"
        let statusText =
            switch (stash.kind, progress.isCompleted, progress.isOverBudget) {
            case (_, true, _): "Completed"
            case (.spend, _, true): "Over budget by \(user.money(progress.totalCents - progress.targetCents))"
            case (.spend, _, false): "\(user.money(progress.targetCents - progress.totalCents)) left"
            case (.save, _, _): "\(user.money(max(0, progress.targetCents - progress.totalCents))) to go"
            }
        let currency = user.currencyValue
        self.init(
            id: id,
            name: stash.name,
            returnTo: returnTo,
            kindLabel: stash.kind.label,
            category: summary.categoryName,
            percentText: "\(progress.percent)%",
            amountText: "\(user.money(progress.totalCents)) \(verb) \(user.money(progress.targetCents))",
            statusText: statusText,
            completed: progress.isCompleted,
            overBudget: progress.isOverBudget,
            bar: ProgressBar(progress, label: "\(stash.name): \(progress.percent)% of this month's target"),
            quickAmounts: quickAmounts.map {
                let label = "+" + user.money($0)
                return QuickAmount(
                    value: user.amountValue($0),
                    label: label,
                    ariaLabel: "Add \(label) to \(stash.name)"
                )
            }
        )
    }
}

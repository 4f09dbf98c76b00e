import Foundation

extension User {
    var currencyValue: Currency { Currency.named(currency) }

    /// How the user's region writes and reads amounts.
    var format: RegionFormat { .of(Region.named(region)) }

    /// An amount in the user's currency (or `currency`, a card's own), as the user's region writes it.
    func money(_ cents: Int64, in currency: Currency? = nil) -> String {
        format.money(cents, currency ?? currencyValue)
    }

    /// An amount with its sign, as the lines of a sum read: "+$1,200.00", "−$80.00".
    func signedMoney(_ cents: Int64) -> String {
        (cents < 0 ? "−" : "+") + money(abs(cents))
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
    init(_ summary: StashSummary, user: User, t: Words, quickAmounts: [Int64] = [], returnTo: String? = nil) {
        let stash = summary.stash
        let progress = summary.progress
        let id = stash.id ?? 0
        let total = user.money(progress.totalCents)
        let target = user.money(progress.targetCents)
        let statusText =
            switch (stash.kind, progress.isCompleted, progress.isOverBudget) {
            case (_, true, _): t["stashes.card.completed"]
            case (.spend, _, true):
                t["stashes.card.over_budget_by", ["amount": user.money(progress.totalCents - progress.targetCents)]]
            case (.spend, _, false):
                t["stashes.card.left", ["amount": user.money(progress.targetCents - progress.totalCents)]]
            case (.save, _, _):
                t["stashes.card.to_go", ["amount": user.money(max(0, progress.targetCents - progress.totalCents))]]
            }
        let percent = t.format.percent(progress.percent)
        self.init(
            id: id,
            name: stash.name,
            returnTo: returnTo,
            kindLabel: stash.kind.label(t),
            category: summary.categoryName,
            percentText: percent,
            amountText: stash.kind == .save
                ? t["stashes.card.saved_of", ["total": total, "target": target]]
                : t["stashes.card.spent_of", ["total": total, "target": target]],
            statusText: statusText,
            completed: progress.isCompleted,
            overBudget: progress.isOverBudget,
            bar: ProgressBar(progress, label: t["stashes.card.bar_label", ["name": stash.name, "percent": percent]]),
            quickAmounts: quickAmounts.map {
                let label = "+" + user.money($0)
                return QuickAmount(
                    value: user.amountValue($0),
                    label: label,
                    ariaLabel: t["stashes.card.quick_add", ["amount": label, "name": stash.name]]
                )
            }
        )
    }
}

extension Stash.Kind {
    /// "Save" or "Spend", as the stash form's choice and a card's tag name it.
    func label(_ t: Words) -> String {
        switch self {
        case .save: t["stashes.kind.save"]
        case .spend: t["stashes.kind.spend"]
        }
    }

    /// "Save stash" or "Spend stash".
    func stashLabel(_ t: Words) -> String {
        switch self {
        case .save: t["stashes.kind.save_stash"]
        case .spend: t["stashes.kind.spend_stash"]
        }
    }
}

extension Stash.Reminder {
    /// The reminder's choice on the stash form.
    func label(_ t: Words) -> String {
        switch self {
        case .off: t["stashes.reminder.off"]
        case .weekly: t["stashes.reminder.weekly"]
        case .monthly: t["stashes.reminder.monthly"]
        }
    }
}

/// The sections' first-run messages.
extension EmptyState {
    static let income = EmptyState(
        key: "income",
        icon: "budget",
        title: "Set up your income",
        text: "Add your income sources to start tracking where your money goes.",
        action: "Add income",
        actionPath: BudgetPaths.newIncome
    )

    static let stashes = EmptyState(
        key: "stashes",
        icon: "stash",
        title: "Start your first stash",
        text:
            "A stash is a pot with a monthly target: save into it, or spend from it within an allowance. Complete one to earn a badge.",
        action: "+ New stash",
        actionPath: StashPaths.new
    )

    static let statistics = EmptyState(
        key: "statistics",
        icon: "statistics",
        title: "No statistics yet",
        text: "Once you add entries, your daily, monthly and yearly charts will appear here.",
        action: "+ New stash",
        actionPath: StashPaths.new
    )
}

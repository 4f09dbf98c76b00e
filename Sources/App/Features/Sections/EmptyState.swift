/// A section's first-run message, drawn by `shared/empty-state.mustache`.
struct EmptyState: Sendable {
    let key: String
    let icon: String
    let title: String
    let text: String
    /// The button the finished section will offer; shown disabled with `note` until it exists.
    let action: String?
    let note: String?
    /// Where the action goes once it exists; nil shows it disabled with `note`.
    var actionPath: String? = nil

    static let comingSoon = "Available in an upcoming version of Stashify."

    static let income = EmptyState(
        key: "income", icon: "budget", title: "Set up your income",
        text: "Add your income sources to start tracking where your money goes.",
        action: "Add income", note: nil, actionPath: BudgetPaths.newIncome)

    static let stashes = EmptyState(
        key: "stashes", icon: "stash", title: "Start your first stash",
        text: "A stash is a pot with a monthly target: save into it, or spend from it within an allowance. Complete one to earn a badge.",
        action: "+ New stash", note: nil, actionPath: StashPaths.new)

    static let statistics = EmptyState(
        key: "statistics", icon: "statistics", title: "No statistics yet",
        text: "Once you add entries, your daily, monthly and yearly charts will appear here.",
        action: "+ New stash", note: nil, actionPath: StashPaths.new)

    static let wallet = EmptyState(
        key: "wallet", icon: "wallet", title: "No cards yet",
        text: "Add the credit cards you carry to track their benefits, subscriptions and coupons before they expire.",
        action: "Add card", note: comingSoon)
}

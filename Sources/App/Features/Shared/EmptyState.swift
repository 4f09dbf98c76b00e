/// The sections' first-run messages.
extension EmptyState {
    static func income(_ t: Words) -> EmptyState {
        EmptyState(
            key: "income",
            icon: "budget",
            title: t["empty.income.title"],
            text: t["empty.income.text"],
            action: t["empty.income.action"],
            actionPath: BudgetPaths.newIncome
        )
    }

    static func stashes(_ t: Words) -> EmptyState {
        EmptyState(
            key: "stashes",
            icon: "stash",
            title: t["empty.stashes.title"],
            text: t["empty.stashes.text"],
            action: t["empty.stashes.action"],
            actionPath: StashPaths.new
        )
    }

    static func statistics(_ t: Words) -> EmptyState {
        EmptyState(
            key: "statistics",
            icon: "statistics",
            title: t["empty.statistics.title"],
            text: t["empty.statistics.text"],
            action: t["empty.stashes.action"],
            actionPath: StashPaths.new
        )
    }
}

extension EmptyState {
    static func schedules(_ t: Words) -> EmptyState {
        EmptyState(
            key: "schedules",
            icon: "budget",
            title: t["schedules.empty.title"],
            text: t["schedules.empty.text"],
            action: t["schedules.empty.action"],
            actionPath: SchedulePaths.new
        )
    }
}

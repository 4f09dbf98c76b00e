import Foundation

extension User {
    var currencyValue: Currency { Currency.named(currency) }

    /// An amount in the user's currency, formatted for reading.
    func money(_ cents: Int64) -> String {
        Money(cents: cents, currency: currencyValue).formatted
    }
}

/// A progress bar as `shared/progress.mustache` draws it (an SVG, so no inline style is needed).
struct ProgressBar: Sendable {
    let percent: Int
    let width: Int
    let label: String
    /// `progress--complete`, `progress--over` or empty.
    let modifier: String

    init(_ progress: StashProgress, label: String) {
        self.init(percent: progress.percent, label: label,
                  modifier: progress.isOverBudget ? "progress--over" : progress.isCompleted ? "progress--complete" : "")
    }

    init(percent: Int, label: String, modifier: String = "") {
        self.percent = percent
        width = min(max(percent, 0), 100)
        self.label = label
        self.modifier = modifier
    }
}

/// One stash as a row of Home's list, Badges' in-progress list or the detail header.
struct StashCard: Sendable {
    struct QuickAmount: Sendable {
        /// Where the button posts the entry.
        let action: String
        let value: String
        let label: String
        let ariaLabel: String
    }

    let name: String
    let path: String
    let addPath: String
    /// The add-entry form, coming back to `returnTo` after saving.
    let addEntryPath: String
    let kindLabel: String
    let category: String
    let percentText: String
    let amountText: String
    let statusText: String
    let completed: Bool
    let overBudget: Bool
    let bar: ProgressBar
    let quickAmounts: [QuickAmount]

    init(_ summary: StashSummary, user: User, quickAmounts: [Int64] = [], returnTo: String? = nil) {
        let stash = summary.stash
        let progress = summary.progress
        let id = stash.id ?? 0
        name = stash.name
        path = StashPaths.show(id)
        let addPath = StashPaths.newEntry(id)
        self.addPath = addPath
        addEntryPath = Paths.path(addPath, returningTo: returnTo)
        kindLabel = stash.kind.label
        category = stash.category
        percentText = "\(progress.percent)%"
        let verb = stash.kind == .save ? "saved of" : "spent of"
        amountText = "\(user.money(progress.totalCents)) \(verb) \(user.money(progress.targetCents))"
        completed = progress.isCompleted
        overBudget = progress.isOverBudget
        statusText = switch (stash.kind, progress.isCompleted, progress.isOverBudget) {
        case (_, true, _): "Completed"
        case (.spend, _, true): "Over budget by \(user.money(progress.totalCents - progress.targetCents))"
        case (.spend, _, false): "\(user.money(progress.targetCents - progress.totalCents)) left"
        case (.save, _, _): "\(user.money(max(0, progress.targetCents - progress.totalCents))) to go"
        }
        bar = ProgressBar(progress, label: "\(stash.name): \(progress.percent)% of this month's target")
        let currency = user.currencyValue
        self.quickAmounts = quickAmounts.map {
            let label = "+" + user.money($0)
            return QuickAmount(action: StashPaths.entries(id), value: Money(cents: $0, currency: currency).formValue,
                               label: label, ariaLabel: "Add \(label) to \(stash.name)")
        }
    }
}

/// Paths of stashes, entries and badges.
enum StashPaths {
    static let new = "/stashes/new"
    static let create = "/stashes"
    static func show(_ id: Int64, month: Month? = nil) -> String {
        "/stashes/\(id)" + (month.map { "?month=\($0)" } ?? "")
    }
    static func edit(_ id: Int64) -> String { "/stashes/\(id)/edit" }
    static func delete(_ id: Int64) -> String { "/stashes/\(id)/delete" }
    static func newEntry(_ id: Int64) -> String { "/stashes/\(id)/entries/new" }
    static func entries(_ id: Int64) -> String { "/stashes/\(id)/entries" }
    static func editEntry(_ id: Int64) -> String { "/entries/\(id)/edit" }
    static func deleteEntry(_ id: Int64) -> String { "/entries/\(id)/delete" }
    static func restore(_ trashId: Int64) -> String { "/trash/\(trashId)/restore" }
    static func badge(_ id: Int64) -> String { "/badges/\(id)" }
    static func claimBadge(_ id: Int64) -> String { "/badges/\(id)/claim" }
    static func home(month: Month? = nil, day: CalendarDay? = nil) -> String {
        var query: [String] = []
        if let month { query.append("month=\(month)") }
        if let day { query.append("day=\(day)") }
        return "/" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}

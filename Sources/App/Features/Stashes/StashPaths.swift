/// The paths of stashes and their entries: routes are registered with these patterns, and links fill them in.
enum StashPaths {
    static let new = "/stashes/new"
    static let create = "/stashes"
    static let stash = PathPattern("/stashes/:id")
    static let edit = PathPattern("/stashes/:id/edit")
    static let delete = PathPattern("/stashes/:id/delete")
    static let newEntry = PathPattern("/stashes/:id/entries/new")
    static let entries = PathPattern("/stashes/:id/entries")
    static let editEntry = PathPattern("/entries/:id/edit")
    static let deleteEntry = PathPattern("/entries/:id/delete")
    static let restore = PathPattern("/trash/:id/restore")
    /// `/add?stash=Coffee&amount=4.50`: a link for a phone's home screen that opens a stash's add form filled in.
    static let quickAdd = "/add"

    /// The new-stash form with `kind` picked.
    static func new(kind: Stash.Kind) -> String { new + "?kind=\(kind.rawValue)" }

    /// The add-entry form of stash `id`, coming back to `returnTo` once saved.
    static func newEntry(_ id: Int64, returnTo: String?) -> String {
        Paths.path(newEntry(id), returningTo: returnTo)
    }

    /// The add-entry form of stash `id` with `amount` and `note` filled in as typed (nothing is saved until sent).
    static func newEntry(_ id: Int64, amount: String?, note: String?) -> String {
        let query = [("amount", amount), ("note", note)].compactMap { name, value in
            value.flatMap { $0.isEmpty ? nil : Paths.queryValue($0).map { "\(name)=\($0)" } }
        }
        return newEntry(id) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// A stash's page, at `month` (nil: this month).
    static func show(_ id: Int64, month: Month? = nil) -> String {
        stash(id) + (month.map { "?month=\($0)" } ?? "")
    }

    /// Page `page` of the entries of a stash's `month`.
    static func show(_ id: Int64, month: Month, page: Int) -> String {
        show(id, month: month) + (page > 1 ? "&page=\(page)" : "")
    }
}

import Foundation
import Hummingbird

/// The quick-add link, `/add?stash=Coffee&amount=4.50`: it opens the named stash's add form with the amount (and
/// `note`) filled in, and nothing is saved until the member sends the form. Without a stash of that name it lists
/// theirs to choose from, the amount carried.
extension StashController {
    /// `GET /add?stash=&amount=&note=`
    @Sendable func quickAdd(request: Request, context: MemberContext) async throws -> Response {
        let query = request.uri.queryParameters
        let typed = query["stash"].map { String($0.prefix(100)).trimmingCharacters(in: .whitespaces) } ?? ""
        let amount = query["amount"].map { String($0.prefix(40)) }
        let note = query["note"].map { String($0.prefix(200)) }
        let stashes = try context.store.stashesByName()
        if !typed.isEmpty, let stash = stashes.first(where: { $0.name.caseInsensitiveCompare(typed) == .orderedSame }) {
            return pages.redirect(to: StashPaths.newEntry(stash.id ?? 0, amount: amount, note: note))
        }
        let t = context.words
        let page = QuickAddPages.Page(
            heading: typed.isEmpty ? t["quickadd.choose_title"] : t["quickadd.unknown_title", ["name": typed]],
            stashes: stashes.map { stash in
                QuickAddPages.Choice(
                    name: stash.name,
                    kind: stash.kind.stashLabel(t),
                    path: StashPaths.newEntry(stash.id ?? 0, amount: amount, note: note)
                )
            }
        )
        return pages.page(title: page.heading, section: .home, context: context) { QuickAddPages.choose(page, t: $0.t) }
    }
}

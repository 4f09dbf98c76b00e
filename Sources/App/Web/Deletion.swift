import Hummingbird

/// Deleting something the member owns takes two routes on one path: a GET that says what goes with it and asks,
/// and a POST that deletes and redirects with a flash. Both find the target the same way, so a target the GET
/// refuses (not the member's, or not deletable) is refused by the POST too.
struct Deletion<Target>: Sendable {
    /// The target the route names; throws the 404 (or 400) both routes answer when there is none.
    let load: @Sendable (Request, MemberContext) async throws -> Target
    /// The page that asks before anything is deleted.
    let confirm: @Sendable (Target, Request, MemberContext) async throws -> Response
    /// Deletes the target and answers (a redirect with a flash).
    let delete: @Sendable (Target, Request, MemberContext) async throws -> Response
}

extension RouterGroup where Context == MemberContext {
    /// The confirmation page and the delete of `deletion`, at `path`.
    func addDeletion<Target>(_ path: PathPattern, _ deletion: Deletion<Target>) {
        addDeletion(RouterPath(path.pattern), deletion)
    }

    /// The confirmation page and the delete of `deletion`, at the fixed `path`.
    func addDeletion<Target>(_ path: String, _ deletion: Deletion<Target>) {
        addDeletion(RouterPath(path), deletion)
    }

    private func addDeletion<Target>(_ path: RouterPath, _ deletion: Deletion<Target>) {
        get(path) { request, context in
            try await deletion.confirm(try await deletion.load(request, context), request, context)
        }
        post(path) { request, context in
            try await deletion.delete(try await deletion.load(request, context), request, context)
        }
    }
}

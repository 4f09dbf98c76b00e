import Foundation
import GRDB
import Hummingbird

/// Puts the member the session names on the context, with the store of their data (the user is read with the
/// session, or looked up when it wasn't); a session whose user is gone is ended.
struct MemberAuthenticator: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase
    let now: @Sendable () -> Date

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let session = context.sessions.session {
            let user: User? = if let read = session.user { read } else { try database.user(id: session.userId) }
            if let user, let member = Member(user: user, now: now()) {
                context.member = member
                context.store = database.for(member)
            } else {
                context.sessions.clearSession()
            }
        }
        return try await next(request, context)
    }
}

/// Sends visitors without a session to the log-in page, remembering where they were going.
struct RequireUserMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: PageRenderer

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.member != nil else {
            let next = request.method == .get ? request.uri.description : nil
            return pages.redirect(to: AuthPaths.login(next: next))
        }
        return try await next(request, context)
    }
}

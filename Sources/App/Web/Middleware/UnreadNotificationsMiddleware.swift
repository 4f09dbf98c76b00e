import Hummingbird

/// Reads the member's unread notification count for the bell of every page (GET requests only: a form post
/// redirects, and its next page reads the count then).
struct UnreadNotificationsMiddleware: RouterMiddleware {
    typealias Context = MemberContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get else { return try await next(request, context) }
        var context = context
        context.unreadNotifications = try await context.store.unreadNotificationCount()
        return try await next(request, context)
    }
}

import Hummingbird

/// Reads the member's unread notification count for the bell of every page. Form posts read it too: most redirect,
/// but one that is refused draws its page again, and that page's bell must not go missing.
struct UnreadNotificationsMiddleware: RouterMiddleware {
    typealias Context = MemberContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.unreadNotifications = try await context.store.unreadNotificationCount()
        return try await next(request, context)
    }
}

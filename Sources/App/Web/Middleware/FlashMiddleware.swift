import Hummingbird

/// Reads the one-time flash cookie once per request and, when the previous action earned badges, loads the
/// "Receive badge" dialog, so whichever page the action led to shows it (`PageRenderer.page` reads both).
struct FlashMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let services: AppServices
    private static let cookiePrefix = Array((Flash.cookieName + "=").utf8)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Most requests carry no flash: a look at the raw header spares parsing every cookie again.
        guard request.headers[values: .cookie].contains(where: { $0.utf8.firstRange(of: Self.cookiePrefix) != nil }),
              request.cookies[Flash.cookieName] != nil else { return try await next(request, context) }
        var context = context
        context.hasFlashCookie = true
        context.flash = Flash.from(request)
        if let user = context.user, let ids = context.flash?.badgeIds {
            context.celebration = try await services.celebration(badgeIds: ids, user: user)
        }
        return try await next(request, context)
    }
}

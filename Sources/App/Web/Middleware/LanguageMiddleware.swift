import Hummingbird

/// Chooses the words a request speaks in, once: the member's language and region; for a signed-out visitor, the
/// language they picked on the log-in or sign-up page (`?lang=de`, kept in a cookie) or else the browser's
/// `Accept-Language`, with the region the browser names.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: PageRenderer

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let user = context.member?.user {
            context.words = Words(.named(user.language), region: .named(user.region), catalogue: pages.catalogue)
            return try await next(request, context)
        }
        let picked = request.uri.queryParameters["lang"].flatMap { Language(rawValue: String($0)) }
        context.words = Words(
            Self.signedOutLanguage(request, cookies: pages.cookies),
            region: Region(acceptLanguage: request.headers[.acceptLanguage]),
            catalogue: pages.catalogue
        )
        var response = try await next(request, context)
        if let picked {
            response.setCookie(
                pages.cookies.cookie(name: pages.cookies.language, value: picked.rawValue, maxAge: 31_536_000)
            )
        }
        return response
    }

    /// The language a signed-out visitor reads: the one they picked before, or the browser's.
    static func signedOutLanguage(_ request: Request, cookies: CookieSettings) -> Language {
        if let picked = request.uri.queryParameters["lang"].flatMap({ Language(rawValue: String($0)) }) {
            return picked
        }
        return
            request.cookies[cookies.language].flatMap { Language(rawValue: $0.value) }
            ?? Language(acceptLanguage: request.headers[.acceptLanguage])
    }
}

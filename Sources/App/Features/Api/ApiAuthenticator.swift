import Foundation
import HTTPTypes
import Hummingbird

/// Lets a request into the JSON API only with a live token in `Authorization: Bearer`, never a cookie, and a
/// read-only token only to read. The caller is then `ApiAuthenticator.caller` for the handlers (the transport gives
/// them no request context). Each token may make `limiter`'s requests a minute; past them the answer is 429 with
/// `Retry-After`. Refusals are RFC 9457 problem details.
struct ApiAuthenticator: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// Refusals are in the browser's language (`Accept-Language`), or the member's once the token is known.
    let catalogue: Catalogue
    let limiter: ApiRateLimiter

    /// The caller of the request being handled.
    @TaskLocal static var caller: ApiCaller?

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard let secret = Self.bearer(request.headers[.authorization]),
            let caller = try await database.apiCaller(secret: secret, now: now())
        else {
            let accepted = request.headers[.acceptLanguage]
            let t = Words(
                Language(acceptLanguage: accepted),
                region: Region(acceptLanguage: accepted),
                catalogue: catalogue
            )
            var response = ApiProblem.response(
                .unauthorized,
                title: t["api.errors.unauthorized_title"],
                detail: t["api.errors.unauthorized_detail"]
            )
            response.headers[.wwwAuthenticate] = "Bearer"
            return response
        }
        let t = caller.words(catalogue)
        if let wait = limiter.take(caller.tokenId, now: now()) {
            var response = ApiProblem.response(
                .tooManyRequests,
                title: t["api.errors.rate_limited_title"],
                detail: t.plural("api.errors.rate_limited_detail", count: wait)
            )
            response.headers[.retryAfter] = String(wait)
            return response
        }
        if caller.scope == .read, ![.get, .head].contains(request.method) {
            return ApiProblem.response(
                .forbidden,
                title: t["api.errors.read_only_title"],
                detail: t["api.errors.read_only_detail"]
            )
        }
        return try await Self.$caller.withValue(caller) { try await next(request, context) }
    }

    /// The token in an `Authorization: Bearer …` value.
    static func bearer(_ value: String?) -> String? {
        guard let value, value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        let token = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}

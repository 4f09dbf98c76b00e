import Foundation
import HTTPTypes
import Hummingbird

/// Lets a request into the JSON API only with a live token in `Authorization: Bearer`, never a cookie, and a
/// read-only token only to read. The caller is then `ApiAuthenticator.caller` for the handlers (the transport gives
/// them no request context). Refusals are RFC 9457 problem details.
struct ApiAuthenticator: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// Refusals are in the browser's language (`Accept-Language`), or the member's once the token is known.
    let catalogue: Catalogue

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
        if caller.scope == .read, ![.get, .head].contains(request.method) {
            let t = Words(.named(caller.language), region: Region(acceptLanguage: nil), catalogue: catalogue)
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

/// Whatever goes wrong under `/api/` (a path or method the API hasn't, a body it can't read, a fault) is answered
/// with problem details, never the pages' HTML: it sits inside `ErrorPageMiddleware`, and the router's own "no such
/// route" comes through it too.
struct ApiErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as HTTPResponseError {
            return ApiProblem.response(error.status, title: error.status.reasonPhrase, detail: "")
        } catch {
            return ApiProblem.response(.internalServerError, title: "Internal Server Error", detail: "")
        }
    }
}

/// RFC 9457 problem details, as the API's refusals.
enum ApiProblem {
    static func response(_ status: HTTPResponse.Status, title: String, detail: String) -> Response {
        let problem = Components.Schemas.Problem(
            _type: "about:blank",
            title: title,
            status: status.code,
            detail: detail
        )
        let body = (try? JSONEncoder().encode(problem)) ?? Data()
        return Response(
            status: status,
            headers: [.contentType: "application/problem+json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}

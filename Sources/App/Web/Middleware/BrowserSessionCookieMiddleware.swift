import Foundation
import Hummingbird

/// Gives a session not kept signed in a cookie that ends with the browser: the session middleware always sets the
/// session cookie with `Expires`, so this (around it) makes that cookie again without one. The server ends such a
/// session when it goes unused (`SQLitePersistDriver.idleLimit`).
struct BrowserSessionCookieMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let cookies: CookieSettings

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        // The session as the request left it (the session middleware has saved it and set its cookie by now).
        guard let session = context.sessions.session, !session.keepSignedIn else { return response }
        let prefix = cookies.session + "="
        let setCookies = response.headers[values: .setCookie]
        guard setCookies.contains(where: { $0.hasPrefix(prefix) }) else { return response }
        response.headers[values: .setCookie] = setCookies.map { header in
            guard header.hasPrefix(prefix) else { return header }
            let value = header.dropFirst(prefix.count).prefix { $0 != ";" }
            guard !value.isEmpty else { return header }
            return cookies.cookie(name: cookies.session, value: String(value)).description
        }
        return response
    }
}

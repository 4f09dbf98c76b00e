import Hummingbird
import Logging

/// Turns any error thrown below it into an HTML page inside the shell: 404 and 403 with their message,
/// anything unexpected as a 500 that is logged but never shows a stack trace.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: PageRenderer

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            if error.status == .unauthorized {
                return pages.redirect(to: AuthPaths.login(next: request.method == .get ? request.uri.description : nil))
            }
            if error.status.code >= 500, !(error is HashingPool.Busy) {
                context.logger.error("Request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            let message = (error as? HTTPError)?.body
            var response = try render(status: error.status, message: message, request: request, context: context)
            if error is HashingPool.Busy { response.headers[.retryAfter] = String(HashingPool.Busy.retryAfter) }
            return response
        } catch {
            context.logger.error("Request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return try render(status: .internalServerError, message: nil, request: request, context: context)
        }
    }

    private func render(
        status: HTTPResponse.Status,
        message: String?,
        request: Request,
        context: Context
    ) throws -> Response {
        var context = context
        if !context.words.chosen { context.words = pages.signedOutWords(request) }
        let (heading, fallback) = Self.wording(for: status)
        let page = ErrorPage(
            status: status.code,
            heading: heading,
            message: status.code >= 500 ? fallback : message ?? fallback
        )
        return pages.page(title: heading, section: nil, context: context, status: status) { _ in page.html }
    }

    static func wording(for status: HTTPResponse.Status) -> (heading: String, message: String) {
        switch status.code {
        case 400: ("Something's off with that request", "The page couldn't read what was sent. Go back and try again.")
        case 403: ("Not allowed", "This action isn't allowed.")
        case 404: ("Page not found", "There's nothing here. It may have been deleted, or the link is mistyped.")
        case 405: ("Not allowed", "That page can't be used this way.")
        case 413: ("Too much data", "What was sent is too large.")
        case 429: ("Slow down", "Too many requests. Wait a moment and try again.")
        case 503: ("Busy", "Stashify is busy right now. Try again in a few seconds.")
        default:
            (
                "Something went wrong",
                "Stashify hit an unexpected problem. Please try again; if it keeps happening, the server log has the details."
            )
        }
    }
}

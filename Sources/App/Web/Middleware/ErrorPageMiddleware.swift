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
        let (heading, fallback) = Self.wording(for: status, t: context.words)
        let page = ErrorPage(
            status: status.code,
            heading: heading,
            message: status.code >= 500 ? fallback : message ?? fallback
        )
        return pages.page(title: heading, section: nil, context: context, status: status) { page.html($0.t) }
    }

    static func wording(for status: HTTPResponse.Status, t: Words) -> (heading: String, message: String) {
        switch status.code {
        case 400: (t["errors.page.bad_request.heading"], t["errors.page.bad_request.message"])
        case 403: (t["errors.page.forbidden.heading"], t["errors.page.forbidden.message"])
        case 404: (t["errors.page.not_found.heading"], t["errors.page.not_found.message"])
        case 405: (t["errors.page.method.heading"], t["errors.page.method.message"])
        case 413: (t["errors.page.too_large.heading"], t["errors.page.too_large.message"])
        case 429: (t["errors.page.too_many.heading"], t["errors.page.too_many.message"])
        case 503: (t["errors.page.busy.heading"], t["errors.page.busy.message"])
        default: (t["errors.page.unexpected.heading"], t["errors.page.unexpected.message"])
        }
    }
}

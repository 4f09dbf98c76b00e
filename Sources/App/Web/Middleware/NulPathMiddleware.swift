import Hummingbird

/// A path with a NUL byte (`%00`) names no page and no file: the file system would stop reading the name at that
/// byte, so `/css/app.css%00.txt` would otherwise serve `app.css`. Such a request is a 404 before anything reads it.
struct NulPathMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard !path.contains("%00"), !path.utf8.contains(0) else { throw HTTPError(.notFound) }
        return try await next(request, context)
    }
}

import HTTPTypes
import Hummingbird

/// Adds the security headers every response carries: a strict CSP (no inline script or style), no sniffing,
/// no framing, same-origin referrers, and HSTS when served over TLS.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let tls: Bool

    static var contentSecurityPolicy: String {
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name.referrerPolicy] = "same-origin"
        response.headers[HTTPField.Name.frameOptions] = "DENY"
        response.headers[HTTPField.Name.openerPolicy] = "same-origin"
        response.headers[HTTPField.Name.permissionsPolicy] = "camera=(), microphone=(), geolocation=()"
        if tls {
            response.headers[.strictTransportSecurity] = "max-age=31536000"
        }
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let openerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!
    static let permissionsPolicy = HTTPField.Name("Permissions-Policy")!
    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
}

import Crypto
import Foundation
import Hummingbird
import NIOCore

/// Protects every state-changing request with a per-session token that forms echo back in `_csrf`.
///
/// Signed-in visitors use the token stored in their server-side session. Visitors without a session (the
/// log-in and sign-up forms) get a random token in an HttpOnly cookie and must post the same value back.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let cookies: CookieSettings

    static let fieldName = "_csrf"

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        var request = request
        let t = context.words
        var newAnonymousToken: String?
        if let sessionToken = context.sessions.session?.csrfToken {
            context.csrfToken = sessionToken
        } else if let cookieToken = request.cookies[cookies.csrf]?.value, Self.isWellFormed(cookieToken) {
            context.csrfToken = cookieToken
        } else {
            let token = Self.makeToken()
            context.csrfToken = token
            newAnonymousToken = token
        }

        if ![.get, .head, .options].contains(request.method) {
            let body: ByteBuffer
            // Only a signed-in member uploads files; every other body is an ordinary form's.
            let upload =
                newAnonymousToken == nil && context.sessions.session != nil
                && UploadedForm.isUpload(contentType: request.headers[.contentType])
            do {
                body = try await request.collectBody(upTo: upload ? UploadedForm.maxBodySize : UploadedForm.maxFormSize)
            } catch is NIOTooManyBytesError {
                throw HTTPError(
                    .contentTooLarge,
                    message: upload
                        ? t[
                            "errors.form.file_too_large",
                            ["size": t.format.number(UploadedForm.maxBodySize / 1_048_576)]
                        ]
                        : t["errors.form.too_large"]
                )
            } catch let error as HTTPError {
                throw error
            } catch {
                // A body the HTTP parser can't read (a broken chunk, say) is the client's fault, not the server's.
                throw HTTPError(
                    .badRequest,
                    message: t["errors.form.request_unreadable"]
                )
            }
            // An upload is read once, here: the checks after this one and the handler take it from the context.
            if let contentType = request.headers[.contentType], UploadedForm.isUpload(contentType: contentType) {
                context.upload = UploadedForm.parse(body, contentType: contentType)
            }
            guard newAnonymousToken == nil, let token = context.postedValue(of: Self.fieldName, in: body),
                Secrets.constantTimeEquals(token, context.csrfToken)
            else {
                throw HTTPError(
                    .forbidden,
                    message: t["errors.form.expired"]
                )
            }
        }

        var response = try await next(request, context)
        if let newAnonymousToken {
            response.setCookie(cookies.cookie(name: cookies.csrf, value: newAnonymousToken))
        }
        return response
    }

    /// The value of the field `name` in a form body, found without decoding the rest (which the handler validates).
    static func postedValue(of name: String, in body: String) -> String? {
        for pair in body.split(separator: "&") where pair.hasPrefix(name + "=") {
            return String(pair.dropFirst(name.count + 1)).removingPercentEncoding
        }
        return nil
    }

    /// 32 random bytes, base64url without padding (43 characters).
    static func makeToken() -> String {
        Data(Secrets.randomBytes(32)).base64URLEncoded
    }

    static func isWellFormed(_ token: String) -> Bool {
        token.count == 43 && token.allSatisfy { $0.isLetter && $0.isASCII || $0.isASCIIDigit || $0 == "-" || $0 == "_" }
    }
}

import Foundation
import Hummingbird

/// How the app's own cookies are made: always HttpOnly, SameSite=Lax and for the whole site; over TLS also `Secure`
/// and named with the `__Host-` prefix, so the browser takes them only from this host over HTTPS and a neighbour
/// on a sibling domain can't plant one.
struct CookieSettings: Sendable {
    var secure: Bool

    /// The session cookie's name.
    var session: String { name("stashify_session") }
    /// The CSRF token's cookie, for forms shown before signing in.
    var csrf: String { name("stashify_csrf") }
    /// The one-time flash message's cookie.
    var flash: String { name("stashify_flash") }
    /// A sign-in waiting for its one-time code.
    var signIn: String { name("stashify_signin") }

    /// `base` as it is sent: with the `__Host-` prefix over TLS.
    func name(_ base: String) -> String {
        secure ? "__Host-" + base : base
    }

    func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie that tells the browser to forget `name` now.
    func expired(name: String) -> Cookie {
        Cookie(name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", secure: secure,
               httpOnly: true, sameSite: .lax)
    }

    /// The storage key of the session this request carries, if any.
    func sessionId(of request: Request) -> String? {
        request.cookies[session]?.value
    }
}

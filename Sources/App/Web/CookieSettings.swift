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
    /// The language a signed-out visitor picked on the log-in or sign-up page.
    var language: String { name("stashify_language") }
    /// A calendar feed link just made, so the notification settings can show it (the database keeps only its digest).
    var calendarLink: String { name("stashify_calendar") }

    /// `base` as it is sent: with the `__Host-` prefix over TLS.
    func name(_ base: String) -> String {
        secure ? "__Host-" + base : base
    }

    func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie that tells the browser to forget `name` now.
    func expired(name: String) -> Cookie {
        Cookie(
            name: name,
            value: "",
            expires: Date(timeIntervalSince1970: 0),
            maxAge: 0,
            path: "/",
            secure: secure,
            httpOnly: true,
            sameSite: .lax
        )
    }

    /// The storage key of the session this request carries (the cookie's value), if any.
    func sessionId(of request: Request) -> String? {
        request.cookies[session]?.value
    }

    /// The `id` the session this request carries is stored under (the digest of its key), if any: what rows that
    /// name a session (Profile's list of browsers, push devices) hold.
    func storedSessionId(of request: Request) -> String? {
        sessionId(of: request).map(SessionRecord.id(forKey:))
    }
}

import Foundation
import Hummingbird

/// How the app's own cookies are made: always HttpOnly and SameSite=Lax, `Secure` when served over TLS.
struct CookieSettings: Sendable {
    var secure: Bool

    func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie that tells the browser to forget `name` now.
    func expired(name: String) -> Cookie {
        Cookie(name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", secure: secure,
               httpOnly: true, sameSite: .lax)
    }
}

import Foundation

/// The paths of signing up, in and out.
enum AuthPaths {
    static let signup = "/signup"
    static let signupDetails = "/signup/details"
    static let login = "/login"
    /// The second step of signing in, for accounts with two-factor sign-in.
    static let loginCode = "/login/code"
    static let logout = "/logout"

    /// The log-in page, coming back to `next` after a successful sign-in.
    static func login(next: String?) -> String {
        guard let next, let safe = Paths.safeReturnPath(next), safe != HomePaths.index else { return login }
        let encoded = safe.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? HomePaths.index
        return login + "?next=" + encoded
    }
}

import Foundation
import Hummingbird

/// What controllers share: the database, the page renderer, password hashing, log-in throttling and the clock.
struct AppServices: Sendable {
    let database: AppDatabase
    let pages: PageRenderer
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let sessions: SQLitePersistDriver
    let now: @Sendable () -> Date
    /// A hash to check against when no account has the typed email, so both cases take as long.
    let dummyHash: String

    static let sessionCookieName = "stashify_session"

    /// The storage key of the session this request carries, if any.
    func sessionId(of request: Request) -> String? {
        request.cookies[Self.sessionCookieName]?.value
    }
}

import Foundation
import NIOConcurrencyHelpers

/// Sign-ins waiting for their one-time code: the password was right, the code is still to come. Kept in memory for
/// five minutes under a random token that the browser holds in a cookie; three wrong codes end one, and the password
/// must be typed again (wrong codes count toward the log-in throttle as well).
final class PendingSignIns: Sendable {
    struct Pending: Sendable {
        let userId: Int64
        let next: String?
        /// Whether "Keep me signed in" was ticked, for the session made once the code is right.
        var keepSignedIn = false
        let startedAt: Date
        var wrongCodes = 0
    }

    static let lifetime: TimeInterval = 5 * 60
    static let wrongCodesAllowed = 3
    private let capacity = 10_000
    private let pending = NIOLockedValueBox<[String: Pending]>([:])
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// Starts a sign-in for `userId`; returns the token for the browser's cookie.
    func start(userId: Int64, next: String?, keepSignedIn: Bool = false) -> String {
        let token = CSRFMiddleware.makeToken()
        let now = now()
        pending.withLockedValue { pending in
            if pending.count >= capacity {
                pending = pending.filter { now.timeIntervalSince($0.value.startedAt) < Self.lifetime }
                if pending.count >= capacity { pending.removeAll() }
            }
            pending[token] = Pending(userId: userId, next: next, keepSignedIn: keepSignedIn, startedAt: now)
        }
        return token
    }

    /// The sign-in waiting under `token`, while it lasts.
    func find(_ token: String?) -> Pending? {
        guard let token else { return nil }
        let now = now()
        return pending.withLockedValue { pending in
            guard let found = pending[token] else { return nil }
            guard now.timeIntervalSince(found.startedAt) < Self.lifetime else {
                pending[token] = nil
                return nil
            }
            return found
        }
    }

    /// Counts a wrong code; false when that was one too many and the sign-in is over.
    func wrongCode(_ token: String) -> Bool {
        pending.withLockedValue { pending in
            guard var found = pending[token] else { return false }
            found.wrongCodes += 1
            pending[token] = found.wrongCodes >= Self.wrongCodesAllowed ? nil : found
            return found.wrongCodes < Self.wrongCodesAllowed
        }
    }

    /// The sign-in is done (or abandoned).
    func end(_ token: String) {
        _ = pending.withLockedValue { $0.removeValue(forKey: token) }
    }
}

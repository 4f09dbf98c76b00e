import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// Takes each signed-in form once: a double click, a reload that re-sends, or the back button and Save again never
/// adds the same stash, entry, transaction, card or coupon twice.
///
/// Every form a signed-in page shows carries a token of its own (`_once`, see `CSRF.field`). The first post of a
/// token runs; when it succeeds (a redirect, as every successful form answers) the token is kept with where it
/// led. A second post of that token (at the same time or later) runs nothing and is sent where the first went,
/// with the first's flash message. A post that fails (a form with errors, say) leaves the token free, so the
/// corrected form can be sent again.
///
/// Tokens are kept in memory for a day, at most `capacity` of them: a restart forgets them, as it ends no
/// double click.
struct RepeatedFormMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let fieldName = "_once"

    let cookies: CookieSettings
    let forms: SentForms

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post, let session = context.sessions.session else {
            return try await next(request, context)
        }
        // `CSRFMiddleware` has read the body already: this reads it from memory.
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard let once = context.postedValue(of: Self.fieldName, in: body), !once.isEmpty,
              once.utf8.count <= 64 else {
            return try await next(request, context)
        }
        let key = SentForms.Key(session: session.csrfToken, form: once)
        switch await forms.begin(key) {
        case .sent(let outcome):
            return replay(outcome)
        case .first:
            let response: Response
            do {
                response = try await next(request, context)
            } catch {
                forms.fail(key)
                throw error
            }
            if (300..<400).contains(response.status.code), let location = response.headers[.location] {
                let flash = response.headers[values: .setCookie].first { $0.hasPrefix(cookies.flash + "=") }
                forms.finish(key, with: SentForms.Outcome(location: location, flashCookie: flash))
            } else {
                forms.fail(key)
            }
            return response
        }
    }

    /// Where the first post of the form went, with its flash message again (a double click's browser may have
    /// dropped the first answer).
    private func replay(_ outcome: SentForms.Outcome) -> Response {
        var headers: HTTPFields = [.location: outcome.location]
        if let flash = outcome.flashCookie { headers[.setCookie] = flash }
        return Response(status: .seeOther, headers: headers)
    }
}

/// The form tokens taken so far, with where each led; a token being sent right now makes a second post of it wait
/// for the first.
final class SentForms: Sendable {
    struct Key: Hashable, Sendable {
        let session: String
        let form: String
    }

    struct Outcome: Sendable {
        let location: String
        let flashCookie: String?
    }

    enum Start {
        /// The first post of this form: run it, then `finish` or `fail`.
        case first
        /// Already taken: send the visitor where the first went.
        case sent(Outcome)
    }

    private enum State {
        case running(waiting: [CheckedContinuation<Outcome?, Never>])
        case done(Outcome, at: Date)
    }

    private let states = NIOLockedValueBox<[Key: State]>([:])
    private let capacity: Int
    private let lifetime: TimeInterval
    private let now: @Sendable () -> Date

    init(capacity: Int = 100_000, lifetime: TimeInterval = 24 * 3600, now: @escaping @Sendable () -> Date) {
        self.capacity = capacity
        self.lifetime = lifetime
        self.now = now
    }

    /// Claims `key`, or tells where its earlier post led (waiting for it when it is still running). When the
    /// earlier post failed, this one is run as the first.
    func begin(_ key: Key) async -> Start {
        while true {
            enum Seen { case claimed, done(Outcome), running }
            let seen: Seen = states.withLockedValue { states in
                switch states[key] {
                case .done(let outcome, let at) where now().timeIntervalSince(at) < lifetime:
                    return .done(outcome)
                case .running:
                    return .running
                default:
                    if states.count >= capacity { prune(&states) }
                    states[key] = .running(waiting: [])
                    return .claimed
                }
            }
            switch seen {
            case .claimed: return .first
            case .done(let outcome): return .sent(outcome)
            case .running:
                let outcome: Outcome? = await withCheckedContinuation { continuation in
                    let added = states.withLockedValue { states -> Bool in
                        guard case .running(let waiting) = states[key] else { return false }
                        states[key] = .running(waiting: waiting + [continuation])
                        return true
                    }
                    // Finished between the two looks: look again.
                    if !added { continuation.resume(returning: nil) }
                }
                if let outcome { return .sent(outcome) }
            }
        }
    }

    /// The first post of `key` succeeded and led to `outcome`.
    func finish(_ key: Key, with outcome: Outcome) {
        let waiting = states.withLockedValue { states -> [CheckedContinuation<Outcome?, Never>] in
            defer { states[key] = .done(outcome, at: now()) }
            if case .running(let waiting) = states[key] { return waiting }
            return []
        }
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// The first post of `key` didn't succeed: the form may be sent again.
    func fail(_ key: Key) {
        let waiting = states.withLockedValue { states -> [CheckedContinuation<Outcome?, Never>] in
            defer { states[key] = nil }
            if case .running(let waiting) = states[key] { return waiting }
            return []
        }
        for continuation in waiting { continuation.resume(returning: nil) }
    }

    /// How many tokens are kept (for tests).
    var count: Int { states.withLockedValue { $0.count } }

    /// Forgets outdated tokens, then, if still full, the older half of those done.
    private func prune(_ states: inout [Key: State]) {
        let now = now()
        states = states.filter { _, state in
            if case .done(_, let at) = state { return now.timeIntervalSince(at) < lifetime }
            return true
        }
        guard states.count >= capacity else { return }
        let done = states.compactMap { key, state -> (Key, Date)? in
            if case .done(_, let at) = state { return (key, at) }
            return nil
        }.sorted { $0.1 < $1.1 }
        for (key, _) in done.prefix(max(1, done.count / 2)) { states[key] = nil }
    }
}

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
/// Tokens are kept in memory for a day, a bounded number per session and for a bounded number of sessions (see
/// `SentForms`): a restart forgets them, as it ends no double click.
struct RepeatedFormMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let fieldName = "_once"

    let cookies: CookieSettings
    let forms: SentForms

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .post, let session = context.sessions.session else {
            return try await next(request, context)
        }
        // `CSRFMiddleware` has read the body already: this reads it from memory.
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard let once = context.postedValue(of: Self.fieldName, in: body), !once.isEmpty,
            once.utf8.count <= 64
        else {
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

/// The form tokens taken so far, each session's apart, with where each led; a token being sent right now makes a
/// second post of it wait for the first.
///
/// Each session keeps at most `perSession` tokens: past that it forgets its own outdated ones, then its own oldest,
/// so one session sending thousands of forms forgets only its own. At most `sessions` sessions are kept: a new one
/// past that makes the one used least recently forget its tokens, never a session used since.
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

    /// One session's tokens, and when it last began a form (a count, for the least recently used).
    private struct Session {
        var forms: [String: State] = [:]
        var used: UInt64 = 0
    }

    private struct Store {
        var sessions: [String: Session] = [:]
        var uses: UInt64 = 0
    }

    private let store = NIOLockedValueBox(Store())
    private let perSession: Int
    private let sessions: Int
    private let lifetime: TimeInterval
    private let now: @Sendable () -> Date

    init(
        perSession: Int = 50,
        sessions: Int = 5_000,
        lifetime: TimeInterval = 24 * 3600,
        now: @escaping @Sendable () -> Date
    ) {
        self.perSession = perSession
        self.sessions = sessions
        self.lifetime = lifetime
        self.now = now
    }

    /// Claims `key`, or tells where its earlier post led (waiting for it when it is still running). When the
    /// earlier post failed, this one is run as the first.
    func begin(_ key: Key) async -> Start {
        while true {
            enum Seen {
                case claimed
                case done(Outcome)
                case running
            }
            let (seen, dropped) = store.withLockedValue { store -> (Seen, [CheckedContinuation<Outcome?, Never>]) in
                store.uses &+= 1
                var dropped: [CheckedContinuation<Outcome?, Never>] = []
                if store.sessions[key.session] == nil, store.sessions.count >= sessions {
                    dropped = Self.forgetLeastRecent(&store.sessions)
                }
                var session = store.sessions[key.session] ?? Session()
                session.used = store.uses
                defer { store.sessions[key.session] = session }
                switch session.forms[key.form] {
                case .done(let outcome, let at) where now().timeIntervalSince(at) < lifetime:
                    return (.done(outcome), dropped)
                case .running:
                    return (.running, dropped)
                default:
                    if session.forms.count >= perSession { prune(&session.forms) }
                    session.forms[key.form] = .running(waiting: [])
                    return (.claimed, dropped)
                }
            }
            for continuation in dropped { continuation.resume(returning: nil) }
            switch seen {
            case .claimed: return .first
            case .done(let outcome): return .sent(outcome)
            case .running:
                let outcome: Outcome? = await withCheckedContinuation { continuation in
                    let added = store.withLockedValue { store -> Bool in
                        guard case .running(let waiting) = store.sessions[key.session]?.forms[key.form] else {
                            return false
                        }
                        store.sessions[key.session]?.forms[key.form] = .running(waiting: waiting + [continuation])
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
        let waiting = settle(key, as: .done(outcome, at: now()))
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// The first post of `key` didn't succeed: the form may be sent again.
    func fail(_ key: Key) {
        let waiting = settle(key, as: nil)
        for continuation in waiting { continuation.resume(returning: nil) }
    }

    /// Sets `key`'s state (nil: forgets it) in its session, if the session is still kept; returns who waited for it.
    private func settle(_ key: Key, as state: State?) -> [CheckedContinuation<Outcome?, Never>] {
        store.withLockedValue { store in
            guard store.sessions[key.session] != nil else { return [] }
            defer { store.sessions[key.session]?.forms[key.form] = state }
            if case .running(let waiting) = store.sessions[key.session]?.forms[key.form] { return waiting }
            return []
        }
    }

    /// How many tokens are kept, in all sessions (for tests).
    var count: Int { store.withLockedValue { $0.sessions.values.reduce(0) { $0 + $1.forms.count } } }

    /// How many sessions have tokens kept (for tests).
    var sessionCount: Int { store.withLockedValue { $0.sessions.count } }

    /// Forgets one session's outdated tokens, then, if still full, the older half of those done.
    private func prune(_ forms: inout [String: State]) {
        let now = now()
        forms = forms.filter { _, state in
            if case .done(_, let at) = state { return now.timeIntervalSince(at) < lifetime }
            return true
        }
        guard forms.count >= perSession else { return }
        let done = forms.compactMap { form, state -> (String, Date)? in
            if case .done(_, let at) = state { return (form, at) }
            return nil
        }.sorted { $0.1 < $1.1 }
        for (form, _) in done.prefix(max(1, done.count / 2)) { forms[form] = nil }
    }

    /// Forgets the session that began a form least recently; returns the posts that waited on its running forms
    /// (each is then run as a first post).
    private static func forgetLeastRecent(_ sessions: inout [String: Session]) -> [CheckedContinuation<Outcome?, Never>]
    {
        guard let oldest = sessions.min(by: { $0.value.used < $1.value.used })?.key else { return [] }
        let forms = sessions.removeValue(forKey: oldest)?.forms ?? [:]
        return forms.values.flatMap { state -> [CheckedContinuation<Outcome?, Never>] in
            if case .running(let waiting) = state { return waiting }
            return []
        }
    }
}

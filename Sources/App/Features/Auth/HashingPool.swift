import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The threads that hash and check passwords, apart from everything else, with a bounded queue.
///
/// bcrypt takes a quarter of a second on purpose. On threads of its own, a burst of log-in posts can't hold up
/// file reads or other work; and past `limit` hashes running or waiting, more are refused at once (`Busy`)
/// rather than queued for ever, so a flood costs its senders a "try again", not everyone their server.
public final class HashingPool: Sendable {
    /// Too many passwords are being checked already: the caller answers "busy, try again".
    public struct Busy: HTTPResponseError {
        /// How long the caller is asked to wait, in seconds.
        static let retryAfter = 5
        public var status: HTTPResponse.Status { .serviceUnavailable }

        public func response(from request: Request, context: some RequestContext) throws -> Response {
            Response(status: status, headers: [.retryAfter: String(Self.retryAfter)])
        }
    }

    private let pool: NIOThreadPool
    private let limit: Int
    private let takenCount = NIOLockedValueBox(0)

    /// `threads` hashing threads; at most `limit` hashes running or waiting.
    public init(threads: Int, limit: Int) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
        self.limit = limit
    }

    /// The server's pool: one thread fewer than the machine has cores (at least one), so hashing never takes every
    /// core from the event loops; up to 32 hashes, a few seconds of work, running or waiting.
    public static let shared = HashingPool(threads: System.coreCount - 1, limit: 32)

    /// How many hashes are running or waiting.
    var taken: Int { takenCount.withLockedValue { $0 } }

    /// Runs `work` on the pool, or throws `Busy` at once when `limit` hashes are already running or waiting.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let admitted = takenCount.withLockedValue { taken in
            guard taken < limit else { return false }
            taken += 1
            return true
        }
        guard admitted else { throw Busy() }
        defer { takenCount.withLockedValue { $0 -= 1 } }
        return try await pool.runIfActive(work)
    }
}

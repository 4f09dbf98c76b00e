import Foundation
import Logging
import ServiceLifecycle

/// Removes what has run out while the server runs, not only at start: expired sessions, and log-in tries older than
/// the throttle counts. At start and then every `interval`, until the server stops.
struct Housekeeping: Service {
    let sessions: SQLitePersistDriver
    let throttle: LoginThrottle
    let logger: Logger
    var interval: Duration = .seconds(15 * 60)

    /// One sweep.
    func sweep() async throws {
        try await sessions.removeExpired()
        try await throttle.removeOld()
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await sweep()
                } catch {
                    logger.error("Removing expired sessions and old log-in tries failed: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}

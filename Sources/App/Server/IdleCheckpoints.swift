import Logging
import ServiceLifecycle

/// Empties the write-ahead log once writes have stopped: when a whole `interval` has passed without a write since the
/// last look, and something was written since the last checkpoint, the log goes into the database file (see
/// `AppDatabase.checkpoint`). Under steady writes SQLite's own checkpoints, every 1,000 pages, keep the log bounded,
/// and `journal_size_limit` cuts it back after each.
struct IdleCheckpoints: Service {
    let database: AppDatabase
    let logger: Logger
    var interval: Duration = .seconds(60)

    /// What the last look saw: the write count then, and the count the last checkpoint was made at.
    struct Watch: Equatable {
        var seen: UInt64?
        var checkpointed: UInt64?
    }

    /// One look; returns whether it checkpointed.
    @discardableResult
    func look(_ watch: inout Watch) async -> Bool {
        let count = database.writeCount
        defer { watch.seen = count }
        guard count == watch.seen, count != watch.checkpointed else { return false }
        do {
            try await database.checkpoint()
            watch.checkpointed = count
            return true
        } catch {
            // A long read can hold the log; the next idle look tries again.
            logger.debug("Emptying the write-ahead log waits for a later look: \(error)")
            return false
        }
    }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var watch = Watch()
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                // Stopping: the database closer empties the log once the server is done.
                guard !Task.isCancelled else { break }
                await look(&watch)
            }
        }
    }
}

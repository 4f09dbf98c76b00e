import Logging
import ServiceLifecycle

/// Closes the database once the server has stopped taking requests (services shut down in reverse order,
/// so this runs after the HTTP server has finished its in-flight requests).
struct DatabaseCloser: Service {
    let database: AppDatabase
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        do {
            try database.close()
            logger.info("Database closed")
        } catch {
            logger.error("Closing the database failed: \(error)")
        }
    }
}

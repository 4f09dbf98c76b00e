import App
import ArgumentParser

/// `bench-reminders`: the reminder engine and the calendar feed on many demo accounts (for
/// `Benchmarks/reminders.sh`; not for production data). A program of its own, so the server's binary carries no
/// benchmark code.
@main
struct BenchRemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-reminders",
        abstract: "Measure the reminder engine on many demo accounts, in a new folder or an earlier run's."
    )

    @Option(help: "How many demo accounts.")
    var users = 1_000

    @Option(help: "Entries per account.")
    var entries = 100

    @Option(help: "A new, empty folder for the database, or one an earlier run filled.")
    var dataDir: String

    func run() async throws {
        guard (1...100_000).contains(users), (0...100_000).contains(entries) else {
            throw StartupError("--users must be from 1 to 100,000 and --entries from 0 to 100,000")
        }
        do {
            print(try await ReminderBenchmark.run(users: users, entries: entries, folder: dataDir))
        } catch let error as ReminderBenchmark.NotABenchmarkFolder {
            throw StartupError("\(dataDir) holds a database with real accounts (\(error.email)): give a new folder")
        }
    }
}

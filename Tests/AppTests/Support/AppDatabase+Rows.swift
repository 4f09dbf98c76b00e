import GRDB

@testable import App

extension AppDatabase {
    /// Rows a test asserts on, read in one snapshot. `read` hands back only `Sendable` values and a `Row` is not
    /// one; rows fetched whole are copies that nothing else holds, so they can leave the read.
    func readRows(_ block: @Sendable (Database) throws -> [Row]) async throws -> [Row] {
        try read { db in FetchedRows(rows: try block(db)) }.rows
    }

    /// The one row (or none) a test asserts on: see `readRows`.
    func readRow(_ block: @Sendable (Database) throws -> Row?) async throws -> Row? {
        try await readRows { db in try block(db).map { [$0] } ?? [] }.first
    }
}

/// Fetched rows on their way out of a read.
private struct FetchedRows: @unchecked Sendable {
    let rows: [Row]
}

extension AppDatabase {
    /// Sets every member's language and region, as Profile would.
    func speak(_ language: String, region: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE user SET language = ?, region = ?", arguments: [language, region])
        }
    }
}

import Foundation
import GRDB
import Testing
@testable import App

/// Dates read from rows by hand are the dates GRDB reads, to the last bit.
@Suite("Dates from the database")
struct RowDateTests {
    @Test("every stored date parses to exactly what GRDB reads, from 1901 to 2199, to the millisecond")
    func matchesGRDB() throws {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let milliseconds = Int64.random(in: -2_177_452_800_000...7_258_118_400_000, using: &rng)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            let stored = try #require(String.fromDatabaseValue(date.databaseValue))
            let expected = try #require(Date.fromDatabaseValue(stored.databaseValue))
            #expect(Row.storedDate(stored) == expected, "\(stored)")
        }
    }

    @Test("other forms, NULL and nonsense go the long way or are refused")
    func otherForms() async throws {
        // Given: a table holding a stored date, other SQLite date forms, a number and NULL
        let database = try AppDatabase.inMemory()
        let values: [DatabaseValue] = ["2026-11-22 10:30:00.125".databaseValue, "2026-11-22".databaseValue,
                                       "2026-11-22T10:30:00".databaseValue, "2026-11-22 10:30".databaseValue,
                                       1_790_000_000.databaseValue, .null]
        let read = try await database.write { db -> [(Date?, Date?)] in
            try db.execute(sql: "CREATE TEMP TABLE t (i INTEGER, d)")
            for (index, value) in values.enumerated() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [index, value])
            }
            return try db.fetchAll(db.makeStatement(sql: "SELECT d FROM t ORDER BY i")) { row in
                (try row.optionalDate("d"), row["d"] as Date?)
            }
        }
        // Then: each reads as GRDB reads it
        for (index, (mine, grdb)) in read.enumerated() {
            #expect(mine == grdb, "value \(index)")
        }
        #expect(read[0].0 == Date(timeIntervalSince1970: 1_795_343_400.125))
        #expect(read[5].0 == nil)
        for nonsense in ["2026-13-01 00:00:00.000", "2026-02-30 00:00:00", "2026-11-22 24:00:00", "abcd-11-22 00:00:00",
                         "2026-11-22 10:30:00.", "2026-11-22 10:30:00.1234567890", "2026-11-22x10:30:00"] {
            #expect(Row.storedDate(nonsense) == nil, "\(nonsense)")
        }
    }
}

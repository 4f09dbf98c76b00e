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

    @Test("dates are written as the very text GRDB writes, to the millisecond, in and outside the fast range")
    func writesAsGRDB() throws {
        var rng = SeededGenerator(seed: 11)
        var dates = (0..<20_000).map { _ in
            Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800_000...7_258_118_399_999, using: &rng)) / 1_000)
        }
        dates += [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.001), Date(timeIntervalSince1970: 86_399.999),
                  Date(timeIntervalSince1970: 1_795_343_400.1239), Date(timeIntervalSinceReferenceDate: 0.0005),
                  Date(timeIntervalSince1970: -5_000_000_000), Date(timeIntervalSince1970: 9_000_000_000)]
        for date in dates {
            #expect(date.storedText == String.fromDatabaseValue(date.databaseValue), "\(date.timeIntervalSince1970)")
        }
    }

    @Test("the export's dates read as JSONDecoder's .iso8601 reads them; anything else is nil")
    func iso8601() throws {
        var rng = SeededGenerator(seed: 3)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800...7_258_118_399, using: &rng)))
            let json = try encoder.encode([date])
            let text = try #require(try JSONDecoder().decode([String].self, from: json).first)
            #expect(Date.iso8601Text(text) == (try decoder.decode([Date].self, from: json).first), "\(text)")
        }
        for nonsense in ["2026-11-22T10:30:00", "2026-11-22 10:30:00Z", "2026-11-22T10:30:00+01:00", "2026-02-30T10:30:00Z",
                         "2026-11-22T24:00:00Z", "2026-11-22T10:30:00.5Z", "x026-11-22T10:30:00Z", ""] {
            #expect(Date.iso8601Text(nonsense) == nil, "\(nonsense)")
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

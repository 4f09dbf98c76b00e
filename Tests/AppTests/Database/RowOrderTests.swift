import Foundation
import GRDB
import Testing
@testable import App

/// Rows read by position read what the columns hold, and lists sorted in Swift come out as SQLite sorts them.
@Suite("Rows by position and NOCASE order")
struct RowOrderTests {
    @Test("names sorted in Swift come out as ORDER BY name COLLATE NOCASE, id puts them")
    func noCaseOrderMatchesSQLite() async throws {
        let database = try AppDatabase.inMemory()
        let pieces = ["a", "A", "b", "B", "z", "Z", "é", "É", "ß", "_", "[", "`", "{", " ", "0", "9", "😀", "ı", "İ", ""]
        var rng = SeededGenerator(seed: 11)
        var names: [(Int64, String)] = []
        for id in 1...600 {
            let length = Int.random(in: 0...4, using: &rng)
            names.append((Int64(id), (0..<length).map { _ in pieces.randomElement(using: &rng)! }.joined()))
        }
        let rows = names
        let sqlOrder = try await database.write { db -> [Int64] in
            try db.execute(sql: "CREATE TEMP TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            for (id, name) in rows { try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [id, name]) }
            return try Int64.fetchAll(db, sql: "SELECT id FROM t ORDER BY name COLLATE NOCASE, id")
        }
        let swiftOrder = names.sorted { NoCaseOrder.precedes($0.1, $0.0, $1.1, $1.0) }.map(\.0)
        #expect(swiftOrder == sqlOrder)
    }

    @Test("a stash and an account read by position equal the same rows read by name, and name every column")
    func positionalRecords() async throws {
        let database = try AppDatabase.inMemory()
        let (stashes, accounts, columns) = try await database.write { db -> ([(Stash, Stash)], [(Account, Account)], [String: Int]) in
            let now = Date(timeIntervalSince1970: 1_790_000_000.25)
            var user = User(name: "Ann", email: "ann@example.com", passwordHash: "x", currency: "USD", timeZone: "UTC",
                            theme: .system, createdAt: now, updatedAt: now)
            try user.insert(db)
            var stash = Stash(id: nil, userId: user.id!, name: "Trip", kind: .spend, goalCents: 12_345, reward: "Beach",
                              categoryId: nil, reminder: .weekly, createdAt: now, updatedAt: now.addingTimeInterval(60))
            try stash.insert(db)
            var account = Account(id: nil, userId: user.id!, name: "Cash", kind: .creditCard, openingBalanceCents: -500,
                                  createdAt: now, updatedAt: now)
            try account.insert(db)
            let stashes = try db.fetchAll(db.makeStatement(sql: "SELECT \(Stash.selectionSQL), stash.* FROM stash")) { row in
                (try Stash(row: row, from: 0), try Stash(row: row))
            }
            let accounts = try db.fetchAll(db.makeStatement(sql: "SELECT \(Account.selectionSQL), account.* FROM account")) { row in
                (try Account(row: row, from: 0), try Account(row: row))
            }
            let columns = [
                "stash": try db.columns(in: "stash").count,
                "account": try db.columns(in: "account").count,
            ]
            return (stashes, accounts, columns)
        }
        #expect(stashes.count == 1 && accounts.count == 1)
        for (byPosition, byName) in stashes { #expect(byPosition == byName) }
        for (byPosition, byName) in accounts { #expect(byPosition == byName) }
        #expect(columns["stash"] == Stash.selectionCount)
        // account also has ledgerTotalCents, kept by triggers and read beside the record
        #expect(columns["account"] == Account.selectionCount + 1)
        #expect(Stash.selectionSQL.split(separator: ",").count == Stash.selectionCount)
        #expect(Account.selectionSQL.split(separator: ",").count == Account.selectionCount)
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// Records read back what was written, and lists sorted in Swift come out as SQLite sorts them.
@Suite("Records read back and NOCASE order")
struct RowOrderTests {
    @Test("names sorted in Swift come out as ORDER BY name COLLATE NOCASE, id puts them")
    func noCaseOrderMatchesSQLite() async throws {
        let database = try AppDatabase.inMemory()
        let pieces = [
            "a", "A", "b", "B", "z", "Z", "é", "É", "ß", "_", "[", "`", "{", " ", "0", "9", "😀", "ı", "İ", "",
        ]
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

    @Test("a stash and an account read back, alone and with their figures, equal what was written, to the millisecond")
    func recordsReadBack() async throws {
        let database = try AppDatabase.inMemory()
        let now = Date(timeIntervalSince1970: 1_790_000_000.25)
        let (userId, stash, account) = try await database.write { db -> (Int64, Stash, MoneyAccount) in
            var user = User(
                name: "Ann",
                email: "ann@example.com",
                passwordHash: "x",
                currency: "USD",
                timeZone: "UTC",
                theme: .system,
                createdAt: now,
                updatedAt: now
            )
            try user.insert(db)
            var stash = Stash(
                id: nil,
                userId: user.id!,
                name: "Trip",
                kind: .spend,
                goalCents: 12_345,
                reward: "Beach",
                categoryId: nil,
                reminder: .weekly,
                createdAt: now,
                updatedAt: now.addingTimeInterval(60)
            )
            try stash.insert(db)
            var account = MoneyAccount(
                id: nil,
                userId: user.id!,
                name: "Cash",
                kind: .creditCard,
                openingBalanceCents: -500,
                createdAt: now,
                updatedAt: now
            )
            try account.insert(db)
            return (user.id!, stash, account)
        }
        let today = CalendarDay.utc(of: now)
        let (stashes, summaries, balances) = try database.read { db in
            (
                try Stash.fetchAll(db),
                try MemberStore.stashSummaries(
                    MemberDatabase(db: db, userId: userId),
                    month: today.monthValue,
                    today: today
                ),
                try MemberStore.accountBalances(MemberDatabase(db: db, userId: userId))
            )
        }
        #expect(stashes == [stash])
        #expect(summaries.map(\.stash) == [stash])
        #expect(balances.count == 1 && balances[0].0 == account && balances[0].1 == -500)
    }
}

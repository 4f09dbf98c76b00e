import Foundation
import GRDB
import Testing

@testable import App

/// The rows decoded by hand (`HandDecoding.swift`) come out exactly as GRDB's `Codable` decoding makes them, from
/// the queries the pages run, over demo data with every optional column both set and empty.
@Suite("Hand-decoded rows")
struct HandDecodingTests {
    @Test("every hand-decoded row equals its Codable decoding, empty and set optional columns alike")
    func handEqualsCodable() async throws {
        let database = try AppDatabase.inMemory()
        _ = try await DemoData.fill(
            database: database,
            email: "demo@example.com",
            passwordHash: { "x" },
            years: 1,
            entries: 600,
            now: TestClock.date("2026-11-22T10:00:00Z")
        )
        try await database.write { db in
            let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user")!
            // A bare entry (no stash, category or account) and a used coupon without a value, whatever the demo holds.
            try db.execute(
                sql: """
                    INSERT INTO ledger (userId, date, amountCents, kind, note, createdAt, updatedAt)
                    VALUES (?, '2026-11-20', 1234, 'income', 'Bare', '2026-11-20 08:00:00.000', '2026-11-20 08:00:00.000');
                    INSERT INTO coupon (userId, name, details, expiresOn, category, valueCents, code, usedOn, createdAt)
                    VALUES (?, 'Used', '', '2026-12-31', 'Food', NULL, 'X1', '2026-11-01', '2026-10-01 08:00:00.000');
                    UPDATE cardBenefit SET snoozedUntil = '2026-12-01' WHERE id = (SELECT MIN(id) FROM cardBenefit);
                    """,
                arguments: [userId, userId]
            )
        }
        try database.read { db in
            let userId = try Int64.fetchOne(db, sql: "SELECT id FROM user")!
            let ledger = try Self.compare(LedgerEntry.self, db, sql: "SELECT * FROM ledger")
            #expect(ledger.contains { $0.stashId == nil && $0.categoryId == nil && $0.accountId == nil })
            #expect(ledger.contains { $0.stashId != nil } && ledger.contains { $0.categoryId != nil })
            #expect(ledger.contains { $0.accountId != nil })
            let rows = try Self.compare(LedgerRow.self, db, sql: LedgerRow.selectSQL)
            #expect(rows.contains { $0.stashName != nil } && rows.contains { $0.categoryKind != nil })
            #expect(rows.contains { $0.categoryName == nil && $0.stashName == nil && $0.accountName == nil })
            try Self.compare(
                DayEntry.self,
                db,
                sql: """
                    SELECT ledger.*, COALESCE(stash.name, category.name, '') AS label FROM ledger
                    LEFT JOIN stash ON stash.id = ledger.stashId LEFT JOIN category ON category.id = ledger.categoryId
                    """
            )
            let stashes = try Self.compare(Stash.self, db, sql: "SELECT * FROM stash")
            #expect(stashes.contains { $0.goalCents != nil } && stashes.contains { $0.categoryId != nil })
            let summaries = try Self.compare(
                StashMonthRow.self,
                db,
                sql: MemberStore.summarySQL,
                arguments: ["month": "2026-11", "userId": userId]
            )
            #expect(summaries.contains { $0.monthTotal > 0 })
            try Self.compare(Category.self, db, sql: "SELECT * FROM category")
            let coupons = try Self.compare(Coupon.self, db, sql: "SELECT * FROM coupon")
            #expect(coupons.contains { $0.usedOn != nil } && coupons.contains { $0.usedOn == nil })
            #expect(coupons.contains { $0.valueCents != nil } && coupons.contains { $0.valueCents == nil })
            try Self.compare(MoneyAccount.self, db, sql: "SELECT * FROM account")
            try Self.compare(AccountBalanceRow.self, db, sql: "SELECT * FROM account")
            let cards = try Self.compare(WalletCard.self, db, sql: "SELECT * FROM walletCard")
            #expect(cards.contains { $0.catalogueId != nil } && cards.contains { $0.feeDueOn != nil })
            try Self.compare(BenefitUse.self, db, sql: "SELECT * FROM benefitUse")
            let subscriptions = try Self.compare(Subscription.self, db, sql: "SELECT * FROM subscription")
            #expect(subscriptions.contains { $0.cardId != nil } && subscriptions.contains { $0.cardId == nil })
            let benefits = try Self.compare(CardBenefit.self, db, sql: "SELECT * FROM cardBenefit")
            #expect(benefits.contains { $0.snoozedUntil != nil } && benefits.contains { $0.snoozedUntil == nil })
        }
    }

    @Test("a row that can't be decoded throws by hand as it does through Codable, instead of stopping the app")
    func badValueThrows() throws {
        let database = try AppDatabase.inMemory()
        try database.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT 1 AS id, 1 AS userId, 'Trip' AS name, 'sideways' AS kind, NULL AS goalCents, '' AS reward,
                           NULL AS categoryId, 'off' AS reminder, '2026-11-20 08:00:00.000' AS createdAt,
                           '2026-11-20 08:00:00.000' AS updatedAt
                    """
            )!
            #expect(throws: (any Error).self) { try Stash(row: row) }
            #expect(throws: (any Error).self) { try FetchableRecordDecoder().decode(Stash.self, from: row) }
        }
    }

    /// Decodes every row of `sql` by hand and through `Codable`, expects the same values, and returns them.
    @discardableResult
    private static func compare<Value: FetchableRecord & Decodable & Equatable>(
        _ type: Value.Type,
        _ db: Database,
        sql: String,
        arguments: StatementArguments = []
    ) throws -> [Value] {
        let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
        #expect(!rows.isEmpty, "\(Value.self): the query returned no row")
        let byHand = try rows.map { try Value(row: $0) }
        let byCodable = try rows.map { try FetchableRecordDecoder().decode(Value.self, from: $0) }
        if let index = byHand.indices.first(where: { byHand[$0] != byCodable[$0] }) {
            Issue.record("\(Value.self) from \(rows[index]): by hand \(byHand[index]), by Codable \(byCodable[index])")
        }
        return byHand
    }
}

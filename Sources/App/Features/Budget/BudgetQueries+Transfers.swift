import Foundation
import GRDB

/// Money moving between two of the member's accounts, kept as a pair of ledger rows (`LedgerEntry`): the row leaving
/// one account (a transfer, or a saving that names where it goes) and the row arriving in the other. The writes here
/// keep the arriving row in step with the leaving one inside the same database transaction.
extension MemberStore {
    /// Adds a transfer: `leaving` (kind `transfer`, out of its account) and its arrival in `accountId`.
    func addTransfer(_ leaving: LedgerEntry, into accountId: Int64) async throws -> LedgerEntry {
        try await write { db in
            let leaving = try own(leaving, in: db).inserted(db)
            try Self.placeArrival(db, of: leaving, into: accountId)
            return leaving
        }
    }

    /// Saves an edited transfer or saving and where its money arrives (nil: nowhere the member keeps).
    func updateTransfer(_ leaving: LedgerEntry, into accountId: Int64?) async throws {
        try await write { db in
            let leaving = try own(leaving, in: db)
            try leaving.update(db)
            try Self.placeArrival(db, of: leaving, into: accountId)
        }
    }

    /// The row arriving from the leaving row `id`, if there is one.
    static func arrival(_ db: Database, of id: Int64) throws -> LedgerEntry? {
        try LedgerEntry.fetchOne(
            db,
            sql: "SELECT * FROM ledger WHERE pairId = ? AND kind = ?",
            arguments: [id, LedgerEntry.Kind.transferIn.rawValue]
        )
    }

    /// Makes the row arriving from `leaving` say what it says (date, amount, note) in `accountId`, or removes it when
    /// the money goes nowhere the member keeps. An arrival moved to another account is open again there. The arrival
    /// of a split saving carries what all its parts add up to (write the parts first).
    static func placeArrival(_ db: Database, of leaving: LedgerEntry, into accountId: Int64?) throws {
        guard let id = leaving.id else { return }
        let existing = try arrival(db, of: id)
        guard let accountId else {
            _ = try existing?.delete(db)
            return
        }
        let amountCents =
            try Int64.fetchOne(db, sql: "SELECT SUM(amountCents) FROM ledger WHERE splitId = ?", arguments: [id])
            ?? leaving.amountCents
        var arriving =
            existing
            ?? LedgerEntry(
                id: nil,
                userId: leaving.userId,
                date: leaving.date,
                amountCents: amountCents,
                kind: .transferIn,
                note: leaving.note,
                stashId: nil,
                categoryId: nil,
                accountId: accountId,
                createdAt: leaving.updatedAt,
                updatedAt: leaving.updatedAt,
                pairId: id
            )
        if arriving.accountId != accountId { arriving.clearing = .open }
        arriving.date = leaving.date
        arriving.amountCents = amountCents
        arriving.note = leaving.note
        arriving.accountId = accountId
        arriving.updatedAt = leaving.updatedAt
        if existing == nil { try arriving.insert(db) } else { try arriving.update(db) }
    }
}

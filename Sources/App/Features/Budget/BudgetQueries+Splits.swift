import Foundation
import GRDB

/// One part of a split transaction as the form gives it: its category and amount, and the stash it goes to (the
/// stash's category then).
struct SplitPart: Sendable, Equatable {
    let categoryId: Int64
    let cents: Int64
    var stashId: Int64? = nil

    /// How a part's list names a stash (`stash-12`) beside the categories (`7`).
    static func value(stashId: Int64) -> String { "stash-\(stashId)" }

    /// The stash a part's list value names, if it names one.
    static func stashId(_ value: String) -> Int64? {
        value.hasPrefix("stash-") ? Int64(value.dropFirst(6)) : nil
    }
}

/// A transaction split across categories (and stashes) is one ledger row per part (`LedgerEntry.splitId`): the first
/// part carries the transaction's own id, the others name it. A part that goes to a stash is that stash's entry too.
/// The writes here keep the parts in step with the first.
extension MemberStore {
    /// Every part of the split the row `id` heads, the first first (empty when it isn't split).
    func splitParts(of id: Int64) throws -> [LedgerEntry] {
        try read { member in try Self.splitParts(member.db, of: id) }
    }

    static func splitParts(_ db: Database, of id: Int64) throws -> [LedgerEntry] {
        try LedgerEntry.fetchAll(db, sql: "SELECT * FROM ledger WHERE splitId = ? ORDER BY id", arguments: [id])
    }

    /// Makes the saved row `head` (already holding the first part) the head of `parts`: the other parts are written
    /// again from it, sharing its date, account, payee, note, tags and statement state. Fewer than two parts: no
    /// split.
    static func placeSplit(_ db: Database, head: LedgerEntry, parts: [SplitPart]) throws {
        guard let id = head.id else { return }
        try db.execute(sql: "DELETE FROM ledger WHERE splitId = ? AND id <> ?", arguments: [id, id])
        guard parts.count >= 2 else {
            try db.execute(sql: "UPDATE ledger SET splitId = NULL WHERE id = ?", arguments: [id])
            return
        }
        try db.execute(sql: "UPDATE ledger SET splitId = ? WHERE id = ?", arguments: [id, id])
        for part in parts.dropFirst() {
            var row = head
            row.id = nil
            row.amountCents = part.cents
            row.categoryId = part.categoryId
            row.stashId = part.stashId
            row.splitId = id
            try row.insert(db)
        }
    }
}

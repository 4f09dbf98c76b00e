import Foundation
import GRDB

/// One row of the `ledger` table: a money movement, income, expense, saving or one side of a transfer. Pages call it
/// a transaction; a stash entry is a ledger entry with a `stashId`.
///
/// Money moved between two of the member's accounts is a linked pair: the row leaving one account (a `transfer`, or a
/// `saving` that names the account it goes into) and the row arriving in the other (`transferIn`, whose `pairId`
/// names the leaving row). Deleting the leaving row deletes the arriving one.
struct LedgerEntry: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    enum Kind: String, Codable, Sendable, DatabaseValueConvertible {
        case income, expense, saving
        /// Money leaving `accountId` for another of the member's accounts: neither income nor spent.
        case transfer
        /// Money arriving in `accountId` from the row `pairId` names.
        case transferIn = "transfer-in"

        /// Whether the row moves money between the member's own accounts (no named figure counts it).
        var isTransfer: Bool { self == .transfer || self == .transferIn }

        /// Adds money to its account (income, an arriving transfer) rather than taking it out.
        var isInflow: Bool { self == .income || self == .transferIn }

        /// In SQL over a `kind` column: the three kinds the named figures count sort before the transfer kinds, so
        /// one range on an index keeps them.
        static func countedSQL(column: String) -> String { "\(column) < 'transfer'" }
    }

    /// Where a row stands against the bank's statement: not yet seen on it, seen (cleared), or locked by a
    /// reconciliation.
    enum Clearing: String, Codable, Sendable, DatabaseValueConvertible {
        case open, cleared, reconciled
    }

    var id: Int64?
    var userId: Int64
    /// `YYYY-MM-DD` in the user's time zone.
    var date: String
    /// Always positive; `kind` says which way the money went.
    var amountCents: Int64
    var kind: Kind
    var note: String
    var stashId: Int64?
    var categoryId: Int64?
    var accountId: Int64?
    var createdAt: Date
    var updatedAt: Date
    /// On an arriving transfer: the leaving row it belongs to.
    var pairId: Int64? = nil
    var clearing: Clearing = .open
    /// Who was paid or paid in (optional).
    var payee: String = ""
    /// Free tags, stored between commas (`,holiday,gifts,`) so one is found whole with `LIKE '%,tag,%'`.
    var tags: String = ""
    /// One part of a transaction split across categories: every part names the first (which names itself). The
    /// parts share the date, account, payee, note and tags; each counts in its own category.
    var splitId: Int64? = nil

    static let databaseTableName = "ledger"

    enum CodingKeys: String, CodingKey {
        case id, userId, date, amountCents, kind, note, stashId, categoryId, accountId, createdAt, updatedAt, pairId
        case clearing, payee, tags, splitId
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let userId = Column(CodingKeys.userId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// A row not written yet, of `kind` and belonging to `stash` if given, for a form's draft to fill in.
    static func blank(userId: Int64, kind: Kind, stash: Stash? = nil, now: Date) -> LedgerEntry {
        LedgerEntry(
            id: nil,
            userId: userId,
            date: "",
            amountCents: 0,
            kind: kind,
            note: "",
            stashId: stash?.id,
            categoryId: stash?.categoryId,
            accountId: nil,
            createdAt: now,
            updatedAt: now
        )
    }

    /// The amount as its account sees it: money in positive, money out negative.
    var signedCents: Int64 { kind.isInflow ? amountCents : -amountCents }

    var day: CalendarDay? { CalendarDay(date) }
    var month: String { String(date.prefix(7)) }
}

extension LedgerEntry {
    /// A trash payload from before clearing, payees and tags were kept has none of them: open, no payee, no tags.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        userId = try container.decode(Int64.self, forKey: .userId)
        date = try container.decode(String.self, forKey: .date)
        amountCents = try container.decode(Int64.self, forKey: .amountCents)
        kind = try container.decode(Kind.self, forKey: .kind)
        note = try container.decode(String.self, forKey: .note)
        stashId = try container.decodeIfPresent(Int64.self, forKey: .stashId)
        categoryId = try container.decodeIfPresent(Int64.self, forKey: .categoryId)
        accountId = try container.decodeIfPresent(Int64.self, forKey: .accountId)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        pairId = try container.decodeIfPresent(Int64.self, forKey: .pairId)
        clearing = try container.decodeIfPresent(Clearing.self, forKey: .clearing) ?? .open
        payee = try container.decodeIfPresent(String.self, forKey: .payee) ?? ""
        tags = try container.decodeIfPresent(String.self, forKey: .tags) ?? ""
        splitId = try container.decodeIfPresent(Int64.self, forKey: .splitId)
    }

    /// The tags one by one, as typed.
    var tagList: [String] { tags.split(separator: ",").map(String.init) }

    /// `list` as the `tags` column keeps it.
    static func tagsText(_ list: [String]) -> String { list.isEmpty ? "" : "," + list.joined(separator: ",") + "," }
}

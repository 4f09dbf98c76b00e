import Foundation

/// The named figures of a stretch of the user's ledger (a day, a month, a year), as every screen, PDF and CSV shows
/// them. These are the one definition; PRODUCT.md's "Named figures" says the same in words:
///
/// - *Income*: income transactions dated in the stretch.
/// - *Spent*: expense transactions, Needs and Wants, spend-stash entries included.
/// - *Saved*: saving transactions, save-stash entries and Savings-category transactions alike.
/// - *Remaining*: Income − Spent.
/// - A transfer between two of the member's accounts is none of them, and leaves *Balance* (the accounts' balances,
///   `MemberStore.accountBalances`) unchanged.
///
/// A figure about stashes alone is a different number and says so in its label (`stashesOnly`).
struct LedgerTotals: Sendable, Equatable {
    var savedCents: Int64 = 0
    var spentCents: Int64 = 0
    var incomeCents: Int64 = 0
    var entryCount: Int = 0

    /// Income received − spent (the Budget seed's "remaining this month").
    var remainingCents: Int64 { incomeCents - spentCents }

    var isEmpty: Bool { entryCount == 0 }

    /// Adds one ledger kind's total and row count, as the day and month totals store them.
    mutating func add(kind: LedgerEntry.Kind?, cents: Int64, count: Int) {
        switch kind {
        case .income: incomeCents += cents
        case .expense: spentCents += cents
        case .saving: savedCents += cents
        // Money moved between the member's own accounts is none of the named figures.
        case .transfer, .transferIn, nil: return
        }
        entryCount += count
    }

    static func + (lhs: LedgerTotals, rhs: LedgerTotals) -> LedgerTotals {
        LedgerTotals(
            savedCents: lhs.savedCents + rhs.savedCents,
            spentCents: lhs.spentCents + rhs.spentCents,
            incomeCents: lhs.incomeCents + rhs.incomeCents,
            entryCount: lhs.entryCount + rhs.entryCount
        )
    }

    static func += (lhs: inout LedgerTotals, rhs: LedgerTotals) {
        lhs = lhs + rhs
    }
}

import Foundation
import GRDB

extension MoneyAccount.Kind {
    /// Whether money in it counts as money to spend: checking, cash and credit cards (`SafeToSpend`).
    var isSpendable: Bool {
        switch self {
        case .checking, .cash, .creditCard: true
        case .savings, .other: false
        }
    }
}

extension SafeToSpend {
    /// Each member's figure for a day, kept while the app writes nothing: every row it is built from is the member's,
    /// and a change to any of them is a write.
    typealias Cache = UserCache<CalendarDay, SafeToSpend>
}

extension MemberStore {
    /// Safe to spend and the forecast today (`SafeToSpend`), from the spendable accounts, the schedules until the end
    /// of next month, the wallet cards' fees and this month's stashes, in one read so its lines agree.
    func safeToSpend(user: User, today: CalendarDay) throws -> SafeToSpend {
        try read { member in try Self.safeToSpend(member, user: user, today: today) }
    }

    /// `safeToSpend`, from `cache` when the app has written nothing since it was worked out.
    func safeToSpend(user: User, today: CalendarDay, cache: SafeToSpend.Cache) throws -> SafeToSpend {
        try cached(cache, key: today) { try safeToSpend(user: user, today: today) }
    }

    /// `safeToSpend` in the caller's read, from the accounts' balances and this month's stash summaries it has
    /// read already, if it has.
    static func safeToSpend(
        _ member: MemberDatabase,
        user: User,
        today: CalendarDay,
        balances: [(MoneyAccount, Int64)]? = nil,
        summaries: [StashSummary]? = nil
    ) throws -> SafeToSpend {
        let last = today.monthValue.next.lastDay
        let coming = try coming(member, from: today, through: last)
        let pending = try pendingOccurrences(member)
        let balances = try balances ?? accountBalances(member)
        let spendable = balances.filter { $0.0.kind.isSpendable }
        let unspendable = Set(balances.filter { !$0.0.kind.isSpendable }.compactMap(\.0.id))
        // A schedule counts unless it names an account whose money isn't for spending.
        let counts: (Int64?) -> Bool = { account in account.map { !unspendable.contains($0) } ?? true }
        var events = coming.filter { counts($0.accountId) }.map {
            SafeToSpend.Event(
                day: $0.day,
                name: $0.name,
                kind: $0.kind,
                cents: $0.amountCents,
                source: .schedule($0.scheduleId),
                stashId: $0.stashId
            )
        }
        events += pending.filter { counts($0.accountId) }.map {
            SafeToSpend.Event(
                day: today,
                name: $0.name,
                kind: $0.kind,
                cents: $0.amountCents,
                source: .schedule($0.occurrence.scheduleId),
                stashId: $0.stashId
            )
        }
        let cards = try WalletCard.fetchAll(
            member.db,
            sql: """
                SELECT * FROM walletCard WHERE userId = ? AND annualFeeCents > 0 AND feeDueOn IS NOT NULL AND currency = ?
                """,
            arguments: [member.userId, user.currency]
        )
        for card in cards {
            guard let id = card.id, let anniversary = card.anniversary else { continue }
            var day = RenewalFrequency.yearly.nextRenewal(from: anniversary, onOrAfter: today)
            while day <= last {
                events.append(
                    SafeToSpend.Event(
                        day: day,
                        name: card.nickname.isEmpty ? card.name : "\(card.name) · \(card.nickname)",
                        kind: .expense,
                        cents: card.annualFeeCents,
                        source: .card(id)
                    )
                )
                day = RenewalFrequency.yearly.nextRenewal(from: anniversary, onOrAfter: day.adding(days: 1))
            }
        }
        let summaries = try summaries ?? stashSummaries(member, month: today.monthValue, today: today)
        let stashes = summaries.compactMap { summary in
            summary.stash.id.map {
                SafeToSpend.StashPlan(
                    id: $0,
                    name: summary.stash.name,
                    kind: summary.stash.kind,
                    targetCents: summary.progress.targetCents,
                    doneCents: summary.progress.totalCents
                )
            }
        }
        return SafeToSpend(
            today: today,
            accounts: spendable.compactMap { account, cents in
                account.id.map { SafeToSpend.Account(id: $0, name: account.name, balanceCents: cents) }
            },
            events: events,
            stashes: stashes,
            bufferCents: user.safeBufferCents
        )
    }
}

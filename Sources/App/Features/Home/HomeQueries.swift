import Foundation
import GRDB

/// Everything Home shows that comes from the database.
struct HomeData: Sendable {
    var summaries: [StashSummary] = []
    /// The amounts most often entered per stash (list view of the current month).
    var quickAmounts: [Int64: [Int64]] = [:]
    /// Saved and spent per day (calendar view).
    var activity: [String: DayActivity] = [:]
    /// The chosen day's entries (calendar view), nil when no day of the month is chosen.
    var dayEntries: [DayEntry]?
    var balances: [(MoneyAccount, Int64)] = []
    /// A past month's total balance at its end.
    var balanceAtEnd: Int64?
    var totals = LedgerTotals()
    var wallet: WalletWidgetRead = .unchanged
    /// Safe to spend, for the current month only.
    var safe: SafeToSpend?
}

extension MemberStore {
    /// Home's reads in one read transaction, so the page takes one trip to the database and its numbers agree.
    /// `walletRevision` is the revision of the wallet widgets the caller keeps, if any; safe to spend comes from
    /// `safeCache` while the app has written nothing since it was worked out.
    func homeData(
        user: User,
        month: Month,
        today: CalendarDay,
        view: HomeView,
        day: CalendarDay?,
        walletRevision: Int64?,
        safeCache: SafeToSpend.Cache
    ) throws -> HomeData {
        let (keptSafe, writes) = kept(safeCache, key: today)
        let data = try read { member in
            var data = HomeData()
            data.summaries = try Self.stashSummaries(member, month: month, today: today)
            if view == .list {
                if month == today.monthValue {
                    data.quickAmounts = try Self.quickAmounts(member)
                }
            } else if !data.summaries.isEmpty {
                data.activity = try Self.dayActivity(member, month: month)
                if let day, day.monthValue == month {
                    data.dayEntries = try Self.entries(member, on: day, limit: DayList.shown)
                }
            }
            data.balances = try Self.accountBalances(member)
            if month < today.monthValue {
                data.balanceAtEnd = try Self.balancesAtMonthEnds(member, [month]).first
            }
            data.totals = try Self.monthTotals(member, month: month)
            if month == today.monthValue {
                data.safe =
                    try keptSafe
                    ?? Self.safeToSpend(
                        member,
                        user: user,
                        today: today,
                        balances: data.balances,
                        summaries: data.summaries
                    )
            }
            data.wallet = try Self.walletWidgetData(
                member,
                today: today,
                through: today.adding(days: 7),
                unlessRevision: walletRevision
            )
            return data
        }
        if keptSafe == nil, let safe = data.safe {
            safeCache.store(.init(key: today, revision: writes, value: safe), userId: userId)
        }
        return data
    }
}

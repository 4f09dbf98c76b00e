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
    var balances: [(Account, Int64)] = []
    var totals = LedgerTotals()
    var wallet: WalletWidgetRead = .unchanged
}

extension MemberStore {
    /// Home's reads in one read transaction, so the page takes one trip to the database and its numbers agree.
    /// `walletRevision` is the revision of the wallet widgets the caller keeps, if any.
    func homeData(month: Month, today: CalendarDay, view: HomeView, day: CalendarDay?,
                  walletRevision: Int64?) async throws -> HomeData {
        try await read { db in
            var data = HomeData()
            data.summaries = try Self.stashSummaries(db, userId: userId, month: month, today: today)
            if view == .list {
                if month == today.monthValue {
                    data.quickAmounts = try Self.quickAmounts(db, userId: userId)
                }
            } else if !data.summaries.isEmpty {
                data.activity = try Self.dayActivity(db, userId: userId, month: month)
                if let day, day.monthValue == month {
                    data.dayEntries = try Self.entries(db, userId: userId, on: day, limit: DayList.shown)
                }
            }
            data.balances = try Self.accountBalances(db, userId: userId)
            data.totals = try Self.monthTotals(db, userId: userId, month: month)
            data.wallet = try Self.walletWidgetData(db, userId: userId, today: today, through: today.adding(days: 7),
                                                    unlessRevision: walletRevision)
            return data
        }
    }
}

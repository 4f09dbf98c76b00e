import Foundation
import GRDB

/// The Wallet tab's count: how many of the items "Expiring soon" lists are due within three days. It is drawn on
/// every page, so it is kept per user until the wallet changes (the `wallet` revision, as Home's widgets are), and
/// read in the same transaction as the bell's count.
enum WalletBadge {
    static let days = 3

    /// Everything besides the wallet's rows that the count depends on.
    struct Key: Equatable, Sendable {
        let today: CalendarDay
        let timeZone: TimeZone

        init(user: User, today: CalendarDay) {
            self.today = today
            timeZone = user.calendarTimeZone
        }
    }

    typealias Cache = UserCache<Key, Int>

    /// The tab's badge for `count` in the member's language; none when nothing expires that soon.
    static func label(_ count: Int, t: Words) -> Shell.NavItem.Badge? {
        guard count > 0 else { return nil }
        return .init(
            text: count > 99 ? t["wallet.badge.many", ["count": t.format.number(99)]] : t.format.number(count),
            label: t.plural("wallet.badge.label", count: count, ["days": t.format.number(days)])
        )
    }

    /// How many wallet items are due within `days`: the "Expiring soon" list with that lead time.
    static func count(_ member: MemberDatabase, user: User, today: CalendarDay) throws -> Int {
        // Only counted, never shown: no words needed.
        let rules = ReminderRules(user: user, today: today, leadDays: days, t: .unset)
        return try MemberStore.expiringSoon(member, rules: rules).count
    }
}

/// The counts the shell shows on every page, read together.
struct ShellCounts: Sendable {
    let unreadNotifications: Int
    /// Nil when the wallet is unchanged since `unlessRevision`.
    let wallet: (revision: Int64, expiring: Int)?
}

extension MemberStore {
    /// The bell's unread count and, unless the wallet's revision is still `known`, the Wallet tab's count.
    func shellCounts(user: User, today: CalendarDay, unlessRevision known: Int64?) throws -> ShellCounts {
        try read { member in
            let db = member.db
            let unread = try Self.unreadNotificationCount(member)
            let revision =
                try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT wallet FROM userRevision WHERE userId = ?"),
                    arguments: [userId]
                ) ?? 0
            guard revision != known else { return ShellCounts(unreadNotifications: unread, wallet: nil) }
            let expiring = try WalletBadge.count(member, user: user, today: today)
            return ShellCounts(unreadNotifications: unread, wallet: (revision, expiring))
        }
    }

    /// What of the wallet is due within the rules' lead time, each with its days left, most urgent first: the
    /// "Expiring soon" list, and the Wallet tab's count.
    static func expiringSoon(_ member: MemberDatabase, rules: ReminderRules) throws -> [(Reminder, Int)] {
        let today = rules.today
        return try walletDue(member, rules: rules)
            .compactMap { item -> (Reminder, Int)? in
                guard let day = CalendarDay(item.dueOn) else { return nil }
                let days = today.distance(to: day)
                return days <= rules.leadDays ? (item, days) : nil
            }
            .sorted { ($0.1, $0.0.title) < ($1.1, $1.0.title) }
    }

    func expiringSoon(_ rules: ReminderRules) throws -> [(Reminder, Int)] {
        try read { member in try Self.expiringSoon(member, rules: rules) }
    }
}

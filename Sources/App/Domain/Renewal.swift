import Foundation

/// How often a subscription renews, and the arithmetic of renewals and monthly totals.
public enum RenewalFrequency: String, Sendable, CaseIterable, Codable {
    case weekly, monthly, quarterly, yearly

    /// "Weekly", "Monthly"… in the member's language.
    func label(_ t: Words) -> String {
        switch self {
        case .weekly: t["wallet.frequency.weekly"]
        case .monthly: t["wallet.frequency.monthly"]
        case .quarterly: t["wallet.frequency.quarterly"]
        case .yearly: t["wallet.frequency.yearly"]
        }
    }

    /// "/wk", "/mo", "/qtr", "/yr" after an amount, in the member's language.
    func suffix(_ t: Words) -> String {
        switch self {
        case .weekly: t["wallet.frequency.suffix.weekly"]
        case .monthly: t["wallet.frequency.suffix.monthly"]
        case .quarterly: t["wallet.frequency.suffix.quarterly"]
        case .yearly: t["wallet.frequency.suffix.yearly"]
        }
    }

    /// `amount` per month, in whole cents rounded half up: weekly × 52 ÷ 12, quarterly ÷ 3, yearly ÷ 12.
    public func monthlyCents(_ amount: Int64) -> Int64 {
        switch self {
        case .weekly: (amount * 52 + 6) / 12
        case .monthly: amount
        case .quarterly: (amount * 2 + 3) / 6
        case .yearly: (amount + 6) / 12
        }
    }

    /// The `count`-th renewal after `start`. Months are counted from `start` itself, so a renewal on the 31st
    /// comes back on the 31st after a short month (clamped to the month's last day in between).
    public func renewal(_ count: Int, after start: CalendarDay) -> CalendarDay {
        switch self {
        case .weekly: return start.adding(days: 7 * count)
        case .monthly: return Self.adding(months: count, to: start)
        case .quarterly: return Self.adding(months: 3 * count, to: start)
        case .yearly: return Self.adding(months: 12 * count, to: start)
        }
    }

    /// The first renewal on or after `today`, counting from the stored renewal date `start` (which stays put:
    /// the date rolls forward on read, no job needed).
    public func nextRenewal(from start: CalendarDay, onOrAfter today: CalendarDay) -> CalendarDay {
        guard start < today else { return start }
        let months: Int
        switch self {
        case .weekly:
            let days = start.distance(to: today)
            return start.adding(days: (days + 6) / 7 * 7)
        case .monthly: months = 1
        case .quarterly: months = 3
        case .yearly: months = 12
        }
        let gap = (today.year - start.year) * 12 + (today.month - start.month)
        var count = max(0, gap / months)
        while renewal(count, after: start) < today { count += 1 }
        return renewal(count, after: start)
    }

    static func adding(months: Int, to day: CalendarDay) -> CalendarDay {
        let index = day.year * 12 + (day.month - 1) + months
        let month = Month(year: index / 12, month: index % 12 + 1)
        return CalendarDay(year: month.year, month: month.month, day: min(day.day, month.dayCount))!
    }
}

/// Where a coupon sits on the Tracker: expiring today, this week (1–7 days), later, or in the history.
public enum CouponSection: String, Sendable, CaseIterable {
    case today
    case thisWeek = "week"
    case later, history

    public static func of(expiresOn: CalendarDay, usedOn: CalendarDay?, today: CalendarDay) -> CouponSection {
        if usedOn != nil { return .history }
        let left = today.distance(to: expiresOn)
        switch left {
        case ..<0: return .history
        case 0: return .today
        case 1...7: return .thisWeek
        default: return .later
        }
    }

    /// The section's heading on the Tracker, in the member's language.
    func title(_ t: Words) -> String {
        switch self {
        case .today: t["wallet.coupons.section.today"]
        case .thisWeek: t["wallet.coupons.section.week"]
        case .later: t["wallet.coupons.section.later"]
        case .history: t["wallet.coupons.section.history"]
        }
    }
}

/// Annual-fee return on investment: what a card's benefits gave back this card year against its fee.
public struct FeeReturn: Sendable, Equatable {
    public let redeemedCents: Int64
    public let feeCents: Int64

    public init(redeemedCents: Int64, feeCents: Int64) {
        self.redeemedCents = redeemedCents
        self.feeCents = feeCents
    }

    public var netCents: Int64 { redeemedCents - feeCents }
    public var isPositive: Bool { netCents >= 0 }
    /// Redeemed as a whole percentage of the fee (nil when there is no fee).
    public var percent: Int? {
        guard feeCents > 0 else { return nil }
        return Int((redeemedCents * 100) / feeCents)
    }
    /// What is still to redeem to break even (0 once there).
    public var toBreakEvenCents: Int64 { max(0, -netCents) }
}

import Foundation
import Mustache

/// The Tracker's view models: subscription and coupon rows, coupon groups, and the totals behind them.
extension WalletController {
    struct SubscriptionRow: Sendable {
        let name: String
        let initials: String
        let amountText: String
        let renewText: String
        let urgency: String
        let cardName: String?
        let category: String
        let editPath: String
        let deletePath: String

        init(_ subscription: Subscription, next: CalendarDay, today: CalendarDay, user: User, cardNames: [Int64: String]) {
            let id = subscription.id ?? 0
            name = subscription.name
            initials = SubscriptionTemplate.initials(subscription.name)
            amountText = user.money(subscription.amountCents) + subscription.frequency.suffix
            let days = today.distance(to: next)
            renewText = days == 0 ? "Renews today" : days == 1 ? "Renews tomorrow"
                : days <= 7 ? "Renews in \(days) days" : "Renews \(next.shortText)"
            urgency = (days <= 1 ? Urgency.critical : Urgency(daysLeft: days)).rawValue
            cardName = subscription.cardId.flatMap { cardNames[$0] }
            category = subscription.category
            editPath = WalletPaths.editSubscription(id)
            deletePath = WalletPaths.deleteSubscription(id)
        }
    }

    struct CouponRow: Sendable {
        let name: String
        let details: String?
        let category: String
        let valueText: String?
        let code: String?
        let daysText: String
        let urgency: String
        let usePath: String
        let deletePath: String
        let used: Bool

        init(_ coupon: Coupon, today: CalendarDay, user: User) {
            let id = coupon.id ?? 0
            name = coupon.name
            details = coupon.details.isEmpty ? nil : coupon.details
            category = coupon.category
            valueText = coupon.valueCents.map { user.money($0) + " off" }
            code = coupon.code.isEmpty ? nil : coupon.code
            let expires = CalendarDay(coupon.expiresOn) ?? today
            let days = today.distance(to: expires)
            if let usedOn = coupon.usedOn.flatMap(CalendarDay.init) {
                daysText = "Used \(usedOn.shortText)"
                urgency = "none"
            } else if days < 0 {
                daysText = "Expired \(expires.shortText)"
                urgency = "none"
            } else {
                daysText = days == 0 ? "Expires today" : days == 1 ? "1 day left" : days <= 7 ? "\(days) days left"
                    : "Expires \(expires.shortText)"
                urgency = Urgency(daysLeft: days).rawValue
            }
            usePath = WalletPaths.useCoupon(id)
            deletePath = WalletPaths.deleteCoupon(id)
            used = coupon.usedOn != nil
        }
    }

    struct CouponGroup: Sendable {
        let key: String
        let title: String
        let count: Int
        let rows: [CouponRow]
        let urgent: Bool
        /// "Show all 180" when the group is cut short.
        let morePath: String?
        let moreText: String?
    }

    /// "Later" shows this many coupons unless all are asked for, so the page stays quick on big wallets.
    static let laterShown = 50

    struct Tab: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    struct TrackerPage: Sendable {
        let tabs: [Tab]
        let isSubscriptions: Bool
        let monthlyText: String
        let activeText: String
        let soon: [SubscriptionRow]
        let hasSoon: Bool
        let all: [SubscriptionRow]
        let hasSubscriptions: Bool
        let groups: [CouponGroup]
        let hasOpenCoupons: Bool
        let history: [CouponRow]
        let hasHistory: Bool
        let addPath: String
        let addLabel: String
        let walletPath: String
    }

    /// The subscriptions with their next renewal on or after `today`, soonest first.
    static func upcoming(_ subscriptions: [Subscription], today: CalendarDay) -> [(Subscription, CalendarDay)] {
        subscriptions.map { ($0, $0.nextRenewal(today: today)) }.sorted { a, b in
            a.1 != b.1 ? a.1 < b.1 : a.0.name < b.0.name
        }
    }

    static func monthlyTotal(_ subscriptions: [Subscription]) -> Int64 {
        subscriptions.reduce(0) { $0 + $1.frequency.monthlyCents($1.amountCents) }
    }
}

// Big lists: answer template lookups directly instead of by reflection.
extension WalletController.CouponRow: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "details": details
        case "category": category
        case "valueText": valueText
        case "code": code
        case "daysText": daysText
        case "urgency": urgency
        case "usePath": usePath
        case "deletePath": deletePath
        case "used": used
        default: unknownField(name)
        }
    }
}

extension WalletController.SubscriptionRow: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "initials": initials
        case "amountText": amountText
        case "renewText": renewText
        case "urgency": urgency
        case "cardName": cardName
        case "category": category
        case "editPath": editPath
        case "deletePath": deletePath
        default: unknownField(name)
        }
    }
}

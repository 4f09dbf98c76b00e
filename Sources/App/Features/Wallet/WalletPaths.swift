import Foundation

/// The paths of the Wallet section: routes are registered with these, and links fill the patterns in.
enum WalletPaths {
    static let index = "/wallet"
    static let onboarding = "/wallet/onboarding"
    static let browse = "/wallet/cards/new"
    static let custom = "/wallet/cards/custom"
    static let tracker = "/wallet/tracker"
    static let coupons = "/wallet/tracker?tab=coupons"
    /// The coupons tab with every coupon of "Later" listed, scrolled to them.
    static let allLaterCoupons = coupons + "&later=all#coupons-later"
    static let newSubscription = "/wallet/subscriptions/new"
    static let customSubscription = newSubscription + "?custom=1"
    static let subscriptions = "/wallet/subscriptions"
    static let newCoupon = "/wallet/coupons/new"
    static let couponsCreate = "/wallet/coupons"
    static let settings = "/wallet/settings"
    static let expiring = "/wallet/expiring"

    static let preview = PathPattern("/wallet/catalogue/:catalogueId")
    static let addFromCatalogue = PathPattern("/wallet/catalogue/:catalogueId/add")
    static let card = PathPattern("/wallet/cards/:id")
    static let editCard = PathPattern("/wallet/cards/:id/edit")
    static let deleteCard = PathPattern("/wallet/cards/:id/delete")
    static let cardReminders = PathPattern("/wallet/cards/:id/reminders")
    static let newBenefit = PathPattern("/wallet/cards/:id/benefits")
    static let benefit = PathPattern("/wallet/benefits/:id")
    static let useBenefit = PathPattern("/wallet/benefits/:id/use")
    static let editBenefit = PathPattern("/wallet/benefits/:id/edit")
    static let unuseBenefit = PathPattern("/wallet/benefits/:id/unuse")
    static let snoozeBenefit = PathPattern("/wallet/benefits/:id/snooze")
    static let deleteBenefit = PathPattern("/wallet/benefits/:id/delete")
    static let editSubscription = PathPattern("/wallet/subscriptions/:id/edit")
    static let deleteSubscription = PathPattern("/wallet/subscriptions/:id/delete")
    static let editCoupon = PathPattern("/wallet/coupons/:id/edit")
    static let useCoupon = PathPattern("/wallet/coupons/:id/use")
    static let deleteCoupon = PathPattern("/wallet/coupons/:id/delete")

    /// The subscription form filled in from template `key`.
    static func newSubscription(template key: String) -> String { newSubscription + "?template=" + key }
}

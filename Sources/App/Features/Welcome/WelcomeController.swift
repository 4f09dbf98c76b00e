import Foundation
import Hummingbird

/// The first run: after sign-up, three screens on stashes, the budget and the wallet, then where reminders can reach
/// the member. Skip (on any screen) or reaching the reminders step ends it, so later log-ins open Home.
struct WelcomeController {
    let pages: PageRenderer
    /// The server's Web Push public key, for the "Enable notifications on this device" control.
    let pushKey: String

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WelcomePaths.index, use: show)
        group.get(WelcomePaths.budget, use: show)
        group.get(WelcomePaths.wallet, use: show)
        group.get(WelcomePaths.reminders, use: reminders)
        group.post(WelcomePaths.reminders, use: finishToReminders)
        group.post(WelcomePaths.skip, use: skip)
    }

    /// The screens before the reminders step, in order.
    static let screens: [(path: String, icon: String, title: String, lead: String, points: [String])] = [
        (
            WelcomePaths.index, "stash", "Stashes: money with a purpose",
            "A stash is a pot for one goal, with a monthly target. Create one from Home with “+ New stash”.",
            [
                "A Save stash puts money aside each month: a trip, a new laptop, a rainy-day fund.",
                "A Spend stash keeps spending within a monthly allowance: dining out, groceries, a hobby.",
                "Reach a month's target and you earn a badge worth 10 points, and the reward you promised yourself.",
            ]
        ),
        (
            WelcomePaths.budget, "budget", "The budget: where your month stands",
            "Budget shows what came in, what went out and what is left this month, in calm numbers.",
            [
                "Add your income sources, and see what remains this month: income minus what you spent.",
                "Every entry falls under Needs, Wants or Savings, in categories you can rename, hide or add.",
                "Transactions, accounts and monthly reports live there too; Statistics draws the charts.",
            ]
        ),
        (
            WelcomePaths.wallet, "wallet", "The wallet: get what your cards give",
            "Wallet keeps your credit cards' benefits, subscriptions and coupons in one place.",
            [
                "Add your cards from the catalogue, and mark each benefit as used before it expires.",
                "Track subscriptions and coupons: renewals and expiry dates move forward on their own.",
                "See whether each card's annual fee pays for itself.",
            ]
        ),
    ]

    /// The number of steps, the reminders step included.
    static var steps: Int { screens.count + 1 }

    /// `GET /welcome`, `/welcome/budget`, `/welcome/wallet`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let path = request.uri.path
        guard let index = Self.screens.firstIndex(where: { $0.path == path }) else { throw HTTPError(.notFound) }
        let screen = Self.screens[index]
        let isLast = index == Self.screens.count - 1
        let page = WelcomePages.Screen(
            stepText: "Step \(index + 1) of \(Self.steps)",
            icon: screen.icon,
            title: screen.title,
            lead: screen.lead,
            points: screen.points,
            nextPath: isLast ? WelcomePaths.reminders : Self.screens[index + 1].path,
            nextPosts: isLast
        )
        return pages.page(title: "Welcome", section: nil, context: context, navigation: false) {
            WelcomePages.screen(page, csrf: $0.csrf)
        }
    }

    /// `GET /welcome/reminders`: the channels reminders can come by, each set up where the notification settings
    /// set it up.
    @Sendable func reminders(request: Request, context: MemberContext) async throws -> Response {
        let page = WelcomePages.RemindersPage(
            stepText: "Step \(Self.steps) of \(Self.steps)",
            devices: ProfilePages.Devices(publicKey: pushKey, error: nil, list: []),
            hasCalendarFeed: try context.store.hasCalendarFeed()
        )
        return pages.page(title: "Turn on reminders", section: nil, context: context, navigation: false) {
            WelcomePages.reminders(page, csrf: $0.csrf)
        }
    }

    /// `POST /welcome/reminders`: the member has seen the screens; the first run is over, and the reminders step
    /// shows what to turn on.
    @Sendable func finishToReminders(request: Request, context: MemberContext) async throws -> Response {
        try await finish(context)
        return pages.redirect(to: WelcomePaths.reminders)
    }

    /// `POST /welcome/skip`: ends the first run and opens Home.
    @Sendable func skip(request: Request, context: MemberContext) async throws -> Response {
        try await finish(context)
        return pages.redirect(to: HomePaths.index)
    }

    private func finish(_ context: MemberContext) async throws {
        guard !context.user.firstRunDone else { return }
        var user = context.user
        user.firstRunDone = true
        try await context.store.update(user, columns: ["firstRunDone"])
    }
}

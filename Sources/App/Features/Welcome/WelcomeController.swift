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

    /// The screens before the reminders step, in order: where each is and the icon above it.
    static let screens: [(path: String, icon: String)] = [
        (WelcomePaths.index, "stash"),
        (WelcomePaths.budget, "budget"),
        (WelcomePaths.wallet, "wallet"),
    ]

    /// The words of the screen at `path`: its title, its lead and its three points.
    static func words(of path: String, t: Words) -> (title: String, lead: String, points: [String]) {
        switch path {
        case WelcomePaths.budget:
            (
                t["welcome.budget.title"], t["welcome.budget.lead"],
                [t["welcome.budget.first"], t["welcome.budget.second"], t["welcome.budget.third"]]
            )
        case WelcomePaths.wallet:
            (
                t["welcome.wallet.title"], t["welcome.wallet.lead"],
                [t["welcome.wallet.first"], t["welcome.wallet.second"], t["welcome.wallet.third"]]
            )
        default:
            (
                t["welcome.stashes.title"], t["welcome.stashes.lead"],
                [t["welcome.stashes.first"], t["welcome.stashes.second"], t["welcome.stashes.third"]]
            )
        }
    }

    /// The number of steps, the reminders step included.
    static var steps: Int { screens.count + 1 }

    /// `GET /welcome`, `/welcome/budget`, `/welcome/wallet`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let path = request.uri.path
        guard let index = Self.screens.firstIndex(where: { $0.path == path }) else { throw HTTPError(.notFound) }
        let t = context.words
        let screen = Self.screens[index]
        let words = Self.words(of: screen.path, t: t)
        let isLast = index == Self.screens.count - 1
        let page = WelcomePages.Screen(
            stepText: t["welcome.step", ["number": t.format.number(index + 1), "total": t.format.number(Self.steps)]],
            icon: screen.icon,
            title: words.title,
            lead: words.lead,
            points: words.points,
            nextPath: isLast ? WelcomePaths.reminders : Self.screens[index + 1].path,
            nextPosts: isLast
        )
        return pages.page(title: t["welcome.title"], section: nil, context: context, navigation: false) {
            WelcomePages.screen(page, csrf: $0.csrf, t: $0.t)
        }
    }

    /// `GET /welcome/reminders`: the channels reminders can come by, each set up where the notification settings
    /// set it up.
    @Sendable func reminders(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let page = WelcomePages.RemindersPage(
            stepText: t["welcome.step", ["number": t.format.number(Self.steps), "total": t.format.number(Self.steps)]],
            devices: ProfilePages.Devices(publicKey: pushKey, error: nil, list: []),
            hasCalendarFeed: try context.store.hasCalendarFeed()
        )
        return pages.page(title: t["welcome.reminders.title"], section: nil, context: context, navigation: false) {
            WelcomePages.reminders(page, csrf: $0.csrf, t: $0.t)
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

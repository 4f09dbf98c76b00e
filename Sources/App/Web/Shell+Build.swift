import Foundation

/// The primary sections of the app, in navigation order.
enum Section: String, Sendable, CaseIterable {
    case home, statistics, badges, wallet, budget, profile

    /// The section's name in the tab bar.
    func label(_ t: Words) -> String {
        switch self {
        case .home: t["shell.sections.home"]
        case .statistics: t["shell.sections.statistics"]
        case .badges: t["shell.sections.badges"]
        case .wallet: t["shell.sections.wallet"]
        case .budget: t["shell.sections.budget"]
        case .profile: t["shell.sections.profile"]
        }
    }

    var path: String {
        switch self {
        case .home: HomePaths.index
        case .statistics: StatisticsPaths.index
        case .badges: BadgePaths.index
        case .wallet: WalletPaths.index
        case .budget: BudgetPaths.expenses
        case .profile: ProfilePaths.index
        }
    }

    /// The sections in the tab bar / side bar (Profile sits behind the avatar instead).
    static let navigation: [Section] = [.home, .statistics, .badges, .wallet, .budget]
}

extension Shell {
    /// The shell for a page of `section` (nil: a page outside the sections) seen by `user` (nil: signed out).
    init(
        t: Words,
        title: String,
        section: Section?,
        user: User?,
        csrfToken: String,
        flash: App.Flash?,
        navigation: Bool = true,
        celebration: Celebration? = nil,
        unread: Int? = nil,
        walletExpiring: Int? = nil
    ) {
        let theme = user?.theme ?? .system
        self.init(
            t: t,
            title: title,
            theme: theme == .system ? nil : theme.rawValue,
            colorScheme: theme == .system ? "light dark" : theme.rawValue,
            csrf: CSRF(token: csrfToken, pageKey: user == nil ? nil : Self.makePageKey()),
            avatar: user.map {
                Avatar(
                    initials: $0.initials,
                    name: $0.name,
                    href: ProfilePaths.index,
                    current: section == .profile,
                    photoURL: ProfilePhoto.url(of: $0)
                )
            },
            nav: Section.navigation.map {
                NavItem(
                    key: $0.rawValue,
                    label: $0.label(t),
                    href: $0.path,
                    current: $0 == section,
                    badge: $0 == .wallet ? walletExpiring.flatMap { WalletBadge.label($0, t: t) } : nil
                )
            },
            showNav: user != nil && navigation,
            flash: flash.map { Flash(kind: $0.kind.rawValue, message: $0.message, undoPath: $0.undoPath) },
            celebration: celebration,
            bell: unread.map { Bell(href: NotificationPaths.index, unread: $0) }
        )
    }
}

extension Shell {
    /// A random key for one rendered page, which numbers its forms' one-time tokens: 72 bits, base64url.
    static func makePageKey() -> String {
        Data(Secrets.randomBytes(9)).base64URLEncoded
    }
}

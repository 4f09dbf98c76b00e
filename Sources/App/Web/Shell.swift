/// The primary sections of the app, in navigation order.
enum Section: String, Sendable, CaseIterable {
    case home, statistics, badges, wallet, budget, profile

    var label: String {
        switch self {
        case .home: "Home"
        case .statistics: "Statistics"
        case .badges: "Badges"
        case .wallet: "Wallet"
        case .budget: "Budget"
        case .profile: "Profile"
        }
    }

    var path: String {
        switch self {
        case .home: Paths.home
        case .statistics: Paths.statistics
        case .badges: Paths.badges
        case .wallet: Paths.wallet
        case .budget: Paths.budget
        case .profile: Paths.profile
        }
    }

    /// The sections in the tab bar / side bar (Profile sits behind the avatar instead).
    static let navigation: [Section] = [.home, .statistics, .badges, .wallet, .budget]
}

import Views

extension Shell {
    /// The shell for a page of `section` (nil: a page outside the sections) seen by `user` (nil: signed out).
    init(title: String, section: Section?, user: User?, csrfToken: String, flash: App.Flash?, navigation: Bool = true,
         celebration: Celebration? = nil) {
        let theme = user?.theme ?? .system
        self.init(
            title: title,
            theme: theme == .system ? nil : theme.rawValue,
            colorScheme: theme == .system ? "light dark" : theme.rawValue,
            csrf: CSRF(token: csrfToken),
            avatar: user.map {
                Avatar(initials: $0.initials, name: $0.name, href: Paths.profile, current: section == .profile)
            },
            nav: Section.navigation.map {
                NavItem(key: $0.rawValue, label: $0.label, href: $0.path, current: $0 == section)
            },
            showNav: user != nil && navigation,
            flash: flash.map { Flash(kind: $0.kind.rawValue, message: $0.message, undoPath: $0.undoPath) },
            celebration: celebration)
    }
}

/// The page shell's view model for pages still drawn by `layout.mustache`.
struct TemplateShell: Sendable {
    struct NavItem: Sendable {
        let key: String
        let label: String
        let href: String
        let current: Bool
    }

    struct Avatar: Sendable {
        let initials: String
        let name: String
        let href: String
        let current: Bool
    }

    let title: String
    /// `light`, `dark` or nil to follow the system.
    let theme: String?
    let colorScheme: String
    let csrfToken: String
    let avatar: Avatar?
    let nav: [NavItem]
    let showNav: Bool
    let flash: Flash?
    let flashIsError: Bool
    let logoutPath: String
    let celebration: Shell.Celebration?

    init(
        title: String, section: Section?, user: User?, csrfToken: String, flash: Flash?, navigation: Bool = true,
        celebration: Shell.Celebration? = nil
    ) {
        self.title = title
        let theme = user?.theme ?? .system
        self.theme = theme == .system ? nil : theme.rawValue
        self.colorScheme = theme == .system ? "light dark" : theme.rawValue
        self.csrfToken = csrfToken
        self.avatar = user.map {
            Avatar(initials: $0.initials, name: $0.name, href: Paths.profile, current: section == .profile)
        }
        self.nav = Section.navigation.map {
            NavItem(key: $0.rawValue, label: $0.label, href: $0.path, current: $0 == section)
        }
        self.showNav = user != nil && navigation
        self.flash = flash
        self.flashIsError = flash?.kind == .error
        self.logoutPath = Paths.logout
        self.celebration = celebration
    }
}

/// What every page template is rendered with: the shell, and the page's own view model under `page`.
struct PageContext<Page: Sendable>: Sendable {
    let shell: TemplateShell
    let page: Page
}

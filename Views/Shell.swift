import Foundation
import HTML

/// The page shell's view model: everything the layout shows around a page.
struct Shell: Sendable {
    struct NavItem: Sendable {
        let key: String
        let label: String
        let href: String
        let current: Bool
        /// A count beside the label (the Wallet's items expiring soon); nil shows none.
        var badge: Badge? = nil

        /// A tab's count: its text, and what it counts for the tab's accessible name.
        struct Badge: Sendable {
            let text: String
            let label: String
        }
    }

    struct Avatar: Sendable {
        let initials: String
        let name: String
        let href: String
        let current: Bool
        /// The profile photo's URL, shown in place of the initials.
        var photoURL: String? = nil
    }

    /// The one-time message the previous action left.
    struct Flash: Sendable {
        /// `success`, `info` or `error`.
        let kind: String
        let message: String
        /// Where its "Undo" button posts, if the action can be undone.
        let undoPath: String?
    }

    /// The "Receive badge" dialog, shown right after an entry completes a stash.
    struct Celebration: Sendable {
        let stashName: String
        let monthTitle: String
        let points: Int
        let reward: String?
        /// The badge earned (the first, when there are more).
        let badgeId: Int64
        let more: Int?
    }

    /// The page's language and region.
    let t: Words
    let title: String
    /// `light`, `dark` or nil to follow the system.
    let theme: String?
    let colorScheme: String
    /// This session's token, for every form the page holds.
    let csrf: CSRF
    let avatar: Avatar?
    let nav: [NavItem]
    let showNav: Bool
    let flash: Flash?
    let celebration: Celebration?
    /// The bell in the top bar and its count of unread notifications; nil shows no bell (signed out).
    var bell: Bell? = nil

    /// The link to the notification list, with how many are unread.
    struct Bell: Sendable {
        let href: String
        let unread: Int

        /// Its accessible name: "Notifications", or with how many are unread.
        func label(_ t: Words) -> String {
            unread == 0 ? t["shell.bell.label"] : t.plural("shell.bell.unread", count: unread)
        }
    }
}

/// The anti-forgery token every form posts back, and, for a signed-in visitor, a token for each form shown, so a
/// form sent twice (a double click, a reload, the back button) is taken once.
struct CSRF: Sendable {
    let token: String
    /// A random key of the rendered page; each form's token is the key and the form's number on the page. Nil
    /// (signed out): forms carry no such token.
    var pageKey: String? = nil
    private let forms = FormCounter()

    /// The hidden fields that carry the tokens; each call is a new form with a token of its own.
    var field: HTML {
        guard let pageKey else { return "<input type=\"hidden\" name=\"_csrf\" value=\"\(token)\">" }
        return """
            <input type="hidden" name="_csrf" value="\(token)"><input type="hidden" name="_once" value="\(pageKey)-\(forms.next())">
            """
    }
}

/// Numbers the forms of one page as it is rendered.
private final class FormCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

extension Shell {
    /// A whole page: `main` inside the head, navigation, flash and badge dialog.
    func page(_ main: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="\(t.language.rawValue)" dir="\(t.language.direction)"\(theme.map { " data-theme=\"\($0)\"" as HTML })>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="\(colorScheme)">
        <title>\(title) · Stashify</title>
        <link rel="stylesheet" href="/css/app.css">
        <link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
        <link rel="icon" href="/favicon.ico" sizes="32x32">
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">
        <link rel="manifest" href="/manifest.webmanifest">
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#FFFFFF">
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#000000">
        <script src="/js/pwa.js" defer></script>
        </head>
        <body class="\(showNav ? "with-nav" : "without-nav")">
        <a class="skip-link" href="#main">\(t["shell.skip_to_content"])</a>
        \(showNav ? navigation : nil)<div class="frame">
          \(showNav ? topBar : brandBar)
          \(flash.map(flashMessage))
          \(celebration.map(dialog))
          <main id="main" class="main" tabindex="-1">
        \(main)
          </main>
        </div>
        </body>
        </html>

        """
    }

    private var navigation: HTML {
        """
        <nav class="nav" aria-label="\(t["shell.nav.label"])">
          <a class="nav__brand" href="\(HomePaths.index)">\(Icon.svg("logo", size: 28, className: "nav__logo"))Stashify</a>
          <ul class="nav__list">
            \(nav.map { item in
                """
                <li><a class="nav__item" href="\(item.href)"\(item.current ? " aria-current=\"page\"" as HTML : .empty)\(item.badge.map { " aria-label=\"\(item.label), \($0.label)\"" as HTML })>\(Icon.svg(item.key, size: 24, className: "nav__icon"))<span class="nav__label">\(item.label)</span>\(item.badge.map { "<span class=\"nav__badge\" aria-hidden=\"true\">\($0.text)</span>" as HTML })</a></li>
                """ as HTML
            })
          </ul>
        </nav>

        """
    }

    private var topBar: HTML {
        """
        <header class="topbar">
            \(titleHeading)
            <div class="topbar__actions">
            \(bell.map { bell in
                """
                <a class="bell" href="\(bell.href)" aria-label="\(bell.label(t))">\(Icon.svg("bell", size: 24, className: "nav__icon"))\(bell.unread > 0 ? "<span class=\"bell__count\" aria-hidden=\"true\">\(bell.unread > 99 ? "99+" : String(bell.unread))</span>" as HTML : .empty)</a>
                """ as HTML
            })
            \(avatar.map { avatar in
                """
                <a class="avatar" href="\(avatar.href)" title="\(t["shell.avatar.title"])"\(avatar.current ? " aria-current=\"page\"" as HTML : .empty)><span class="visually-hidden">\(t["shell.avatar.label"]) </span>\(avatar.photoURL.map { "<img class=\"avatar__photo\" src=\"\($0)\" alt=\"\" width=\"44\" height=\"44\">" as HTML } ?? "<span aria-hidden=\"true\">\(avatar.initials)</span>" as HTML)<span class="visually-hidden">\(avatar.name)</span></a>
                """ as HTML
            })
            </div>
          </header>
        """
    }

    /// The page's title; one holding a word too long for a phone's header (a member's 60-character stash name, a
    /// long compound) is cut to two lines with an ellipsis, whole in its tooltip, so the bell and avatar stay beside it.
    private var titleHeading: HTML {
        let longestWord = title.split(whereSeparator: \.isWhitespace).map(\.count).max() ?? 0
        return longestWord > 16
            ? "<h1 class=\"topbar__title topbar__title--name\" title=\"\(title)\">\(title)</h1>"
            : "<h1 class=\"topbar__title\">\(title)</h1>"
    }

    private var brandBar: HTML {
        """
        <header class="brandbar">
            <a class="brandbar__brand" href="\(HomePaths.index)">\(Icon.svg("logo", size: 32, className: "nav__logo"))Stashify</a>
          </header>
        """
    }

    private func flashMessage(_ flash: Flash) -> HTML {
        let undo: HTML? = flash.undoPath.map {
            """
            <form class="flash__action" method="post" action="\($0)">\(csrf.field)<button class="button button--plain" type="submit">\(t["shell.flash.undo"])</button></form>
            """
        }
        return """
            <div class="flash flash--\(flash.kind)" role="\(flash.kind == "error" ? "alert" : "status")">
                <span class="flash__message">\(flash.message)</span>
                \(undo)
              </div>
            """
    }

    private func dialog(_ celebration: Celebration) -> HTML {
        """
        <dialog class="celebration" open aria-labelledby="celebration-title">
            \(Icon.svg("badges", size: 72, className: "celebration__badge"))
            <h2 class="celebration__title" id="celebration-title">\(t["shell.celebration.title"])</h2>
            <p>\(Self.completed(celebration, t: t))</p>
            \(celebration.reward.map { "<p class=\"celebration__reward\">\(Self.reward($0, t: t))</p>" as HTML })
            \(celebration.more.map { "<p class=\"muted\">\(t.plural("shell.celebration.more", count: $0))</p>" as HTML })
            <form method="dialog" class="form-actions celebration__actions">
              <a class="button button--secondary" href="\(BadgePaths.badge(celebration.badgeId))">\(t["shell.celebration.see_badge"])</a>
              <button class="button button--primary" type="submit" autofocus>\(t["shell.celebration.nice"])</button>
            </form>
          </dialog>
          <script src="/js/celebration.js" defer></script>
        """
    }

    /// "You completed <strong>Trip</strong> for November 2026. <strong>+10 points</strong>."
    private static func completed(_ celebration: Celebration, t: Words) -> HTML {
        t.html(
            "shell.celebration.completed",
            [
                "stash": "<strong>\(celebration.stashName)</strong>",
                "month": HTML(text: celebration.monthTitle),
                "points": "<strong>\(t.plural("shell.celebration.points", count: celebration.points))</strong>",
            ]
        )
    }

    /// "Your reward: …", what the member promised themselves.
    private static func reward(_ reward: String, t: Words) -> String {
        t["shell.celebration.reward", ["reward": reward]]
    }
}

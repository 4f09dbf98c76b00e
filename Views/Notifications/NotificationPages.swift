import HTML

/// The notification list: reminders grouped by day, newest first, each linking to what it is about.
enum NotificationPages {
    /// A notification; it opens through its own path (marked read on the way), and offers "Mark read" while unread.
    struct Item: Sendable {
        let id: Int64
        let title: String
        let body: [String]
        let time: String
        let unread: Bool
    }

    struct Day: Sendable {
        let title: String
        let items: [Item]
    }

    struct IndexPage: Sendable {
        let days: [Day]
        let unreadCount: Int
    }

    static func index(_ page: IndexPage, csrf: CSRF, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="muted">\(page.unreadCount == 0 ? t["notifications.all_read"] : t.plural("notifications.unread", count: page.unreadCount))</p>
          \(page.unreadCount > 0 ? """
            <form method="post" action="\(NotificationPaths.readAll)">\(csrf.field)<button class="button button--secondary" type="submit">\(t["notifications.mark_all_read"])</button></form>
            """ as HTML : .empty)
        </div>
        \(page.days.isEmpty ? empty(page, t: t) : days(page, csrf: csrf, t: t))
        """
    }

    private static func empty(_ page: IndexPage, t: Words) -> HTML {
        """
        <section class="card empty-note">
          <h2>\(t["notifications.empty_title"])</h2>
          <p class="muted">\(t["notifications.empty_text"]) <a href="\(ProfilePaths.notifications)">\(t["notifications.settings_link"])</a></p>
        </section>
        """
    }

    private static func days(_ page: IndexPage, csrf: CSRF, t: Words) -> HTML {
        """
        \(page.days.enumerated().map { index, day in
            """
            <section class="card" aria-labelledby="day-\(index)">
              <h2 class="ledger-day" id="day-\(index)">\(day.title)</h2>
              <ul class="notification-list">
                \(day.items.map { item in
                    """
                    <li class="notification\(item.unread ? " notification--unread" : "")">
                      <a class="notification__link" href="\(NotificationPaths.open(item.id))"><span class="notification__title">\(item.unread ? "<span class=\"visually-hidden\">\(t["notifications.unread_prefix"]) </span>" as HTML : .empty)\(item.title)</span>\(item.body.map { "<span class=\"notification__body\">\($0)</span>" as HTML })<span class="notification__time">\(item.time)</span></a>
                      \(item.unread ? """
                        <form method="post" action="\(NotificationPaths.read(item.id))">\(csrf.field)<button class="button button--plain row-action" type="submit">\(t["notifications.mark_read"])<span class="visually-hidden">: \(item.title)</span></button></form>
                        """ as HTML : nil)
                    </li>
                    """ as HTML
                })
              </ul>
            </section>
            """ as HTML
        })
        """
    }
}

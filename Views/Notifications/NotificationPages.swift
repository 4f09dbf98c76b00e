import HTML

/// The notification list: reminders grouped by day, newest first, each linking to what it is about.
enum NotificationPages {
    struct Item: Sendable {
        let title: String
        let body: [String]
        let time: String
        let path: String
        let unread: Bool
        /// Where "Mark read" posts (nil once read).
        let readPath: String?
    }

    struct Day: Sendable {
        let title: String
        let items: [Item]
    }

    struct IndexPage: Sendable {
        let days: [Day]
        let unreadCount: Int
        let readAllPath: String
        let settingsPath: String
    }

    static func index(_ page: IndexPage, csrf: CSRF) -> HTML {
        """
        <div class="budget-bar">
          <p class="muted">\(page.unreadCount == 0 ? "All read" : page.unreadCount == 1 ? "1 unread" : "\(page.unreadCount) unread")</p>
          \(page.unreadCount > 0 ? """
            <form method="post" action="\(page.readAllPath)">\(csrf.field)<button class="button button--secondary" type="submit">Mark all read</button></form>
            """ as HTML : .empty)
        </div>
        \(page.days.isEmpty ? empty(page) : days(page, csrf: csrf))
        """
    }

    private static func empty(_ page: IndexPage) -> HTML {
        """
        <section class="card empty-note">
          <h2>No notifications yet</h2>
          <p class="muted">Reminders about expiring benefits and coupons, renewals, stashes behind pace and your monthly summary will appear here, at your reminder time. <a href="\(page.settingsPath)">Reminder settings</a></p>
        </section>
        """
    }

    private static func days(_ page: IndexPage, csrf: CSRF) -> HTML {
        """
        \(page.days.enumerated().map { index, day in
            """
            <section class="card" aria-labelledby="day-\(index)">
              <h2 class="ledger-day" id="day-\(index)">\(day.title)</h2>
              <ul class="notification-list">
                \(day.items.map { item in
                    """
                    <li class="notification\(item.unread ? " notification--unread" : "")">
                      <a class="notification__link" href="\(item.path)"><span class="notification__title">\(item.unread ? "<span class=\"visually-hidden\">Unread: </span>" as HTML : .empty)\(item.title)</span>\(item.body.map { "<span class=\"notification__body\">\($0)</span>" as HTML })<span class="notification__time">\(item.time)</span></a>
                      \(item.readPath.map { path in
                        """
                        <form method="post" action="\(path)">\(csrf.field)<button class="button button--plain row-action" type="submit">Mark read<span class="visually-hidden">: \(item.title)</span></button></form>
                        """ as HTML
                      })
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

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

    static func index(_ page: IndexPage, csrf: CSRF) -> HTML {
        """
        <div class="budget-bar">
          <p class="muted">\(page.unreadCount == 0 ? "All read" : page.unreadCount == 1 ? "1 unread" : "\(page.unreadCount) unread")</p>
          \(page.unreadCount > 0 ? """
            <form method="post" action="\(NotificationPaths.readAll)">\(csrf.field)<button class="button button--secondary" type="submit">Mark all read</button></form>
            """ as HTML : .empty)
        </div>
        \(page.days.isEmpty ? empty(page) : days(page, csrf: csrf))
        """
    }

    private static func empty(_ page: IndexPage) -> HTML {
        """
        <section class="card empty-note">
          <h2>No notifications yet</h2>
          <p class="muted">Reminders about expiring benefits and coupons, renewals, stashes behind pace and your monthly summary will appear here, at your reminder time. <a href="\(ProfilePaths.notifications)">Reminder settings</a></p>
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
                      <a class="notification__link" href="\(NotificationPaths.open(item.id))"><span class="notification__title">\(item.unread ? "<span class=\"visually-hidden\">Unread: </span>" as HTML : .empty)\(item.title)</span>\(item.body.map { "<span class=\"notification__body\">\($0)</span>" as HTML })<span class="notification__time">\(item.time)</span></a>
                      \(item.unread ? """
                        <form method="post" action="\(NotificationPaths.read(item.id))">\(csrf.field)<button class="button button--plain row-action" type="submit">Mark read<span class="visually-hidden">: \(item.title)</span></button></form>
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

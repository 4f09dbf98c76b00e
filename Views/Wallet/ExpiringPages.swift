import HTML

/// "Expiring soon": benefits, coupons, renewals and annual fees due within the user's lead time, most urgent first.
enum ExpiringPages {
    struct Row: Sendable {
        let kindLabel: String
        let icon: String
        let title: String
        let detail: String
        let daysText: String
        /// `urgent`, `warning` or `standard`.
        let urgency: String
        /// Where the reminder leads (stored with it).
        let path: String
        /// What it is about: a benefit can be marked used and snoozed, a coupon marked used.
        let subject: Subject
        /// Snooze choices (benefits only).
        let snoozeChoices: [WalletPages.BenefitRow.SnoozeChoice]
    }

    enum Subject: Sendable {
        case benefit(Int64)
        case coupon(Int64)
        case other
    }

    struct IndexPage: Sendable {
        let rows: [Row]
        /// "Due within 3 days".
        let leadText: String
        /// What shows here, when nothing does.
        let emptyText: String
    }

    /// "Mark used" (benefits and coupons), posting back here.
    private static func usePath(_ subject: Subject) -> String? {
        switch subject {
        case .benefit(let id): WalletPaths.useBenefit(id)
        case .coupon(let id): WalletPaths.useCoupon(id)
        case .other: nil
        }
    }

    /// Snoozing (benefits only), posting back here.
    private static func snoozePath(_ subject: Subject) -> String? {
        guard case .benefit(let id) = subject else { return nil }
        return WalletPaths.snoozeBenefit(id)
    }

    static func index(_ page: IndexPage, csrf: CSRF, _ t: Words) -> HTML {
        """
        \(WalletPages.tabs(current: .expiring, t))
        <p class="muted">\(page.leadText) · <a href="\(ProfilePaths.notifications)">\(t["wallet.expiring.change_lead"])</a></p>
        \(page.rows.isEmpty ? emptyNote(page, t) : rows(page, csrf: csrf, t))
        """
    }

    private static func emptyNote(_ page: IndexPage, _ t: Words) -> HTML {
        """
        <section class="card empty-note"><h2>\(t["wallet.expiring.empty_title"])</h2><p class="muted">\(page.emptyText)</p></section>
        """
    }

    private static func rows(_ page: IndexPage, csrf: CSRF, _ t: Words) -> HTML {
        let back: HTML = "<input type=\"hidden\" name=\"returnTo\" value=\"\(WalletPaths.expiring)\">"
        return """
            <section class="card" aria-label="\(t["wallet.tabs.expiring"])">
              <ul class="notification-list">
                \(page.rows.map { row in
                """
                <li class="notification expiring urgency--\(row.urgency)">
                  \(Icon.framed(row.icon, size: 24, spanClass: "benefit__icon", className: "nav__icon"))
                  <a class="notification__link" href="\(row.path)"><span class="notification__title"><span class="visually-hidden">\(row.kindLabel): </span>\(row.title)</span><span class="notification__body">\(row.detail)</span><span class="benefit__days">\(row.daysText)</span></a>
                  <div class="expiring__actions">
                  \(usePath(row.subject).map { "<form method=\"post\" action=\"\($0)\">\(csrf.field)\(back)<button class=\"button button--secondary\" type=\"submit\">\(t["wallet.expiring.mark_used"])<span class=\"visually-hidden\">\(t["wallet.expiring.about", ["title": row.title]])</span></button></form>" as HTML })
                  \(snoozePath(row.subject).map { path in
                    """
                    <details class="menu"><summary class="button button--plain">\(t["wallet.expiring.snooze"])<span class="visually-hidden">\(t["wallet.expiring.about", ["title": row.title]])</span></summary><div class="menu__list">\(row.snoozeChoices.map { "<form method=\"post\" action=\"\(path)\">\(csrf.field)\(back)<button class=\"menu__item\" type=\"submit\" name=\"days\" value=\"\($0.days)\">\($0.label)</button></form>" as HTML })</div></details>
                    """ as HTML
                  })
                  </div>
                </li>
                """ as HTML
                })
              </ul>
            </section>
            """
    }
}

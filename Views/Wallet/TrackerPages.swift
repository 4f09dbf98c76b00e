import HTML

/// The Wallet's Tracker: subscriptions with their monthly total, coupons by how soon they expire, and the
/// subscription templates.
enum TrackerPages {
    struct SubscriptionRow: Sendable {
        let id: Int64
        let name: String
        let initials: String
        let amountText: String
        let renewText: String
        let urgency: String
        let cardName: String?
        let category: String
    }

    struct CouponRow: Sendable {
        let id: Int64
        let name: String
        let details: String?
        let category: String
        let valueText: String?
        let code: String?
        let daysText: String
        let urgency: String
        let used: Bool
    }

    struct CouponGroup: Sendable {
        let key: String
        let title: String
        let count: Int
        let rows: [CouponRow]
        let urgent: Bool
        /// "Show all 180" when the group is cut short.
        let moreText: String?
    }

    struct TrackerPage: Sendable {
        let tabs: [TabLink]
        let isSubscriptions: Bool
        let monthlyText: String
        let activeText: String
        let soon: [SubscriptionRow]
        let all: [SubscriptionRow]
        let groups: [CouponGroup]
        let history: [CouponRow]
        let addLabel: String
    }

    struct TemplateTile: Sendable {
        /// The template's key.
        let key: String
        let name: String
        let initials: String
        let priceText: String
    }

    struct TemplatesPage: Sendable {
        let query: String
        let tiles: [TemplateTile]
    }

    /// The form that adds what the tab lists.
    private static func addPath(_ page: TrackerPage) -> String {
        page.isSubscriptions ? WalletPaths.newSubscription : WalletPaths.newCoupon
    }

    static func subscriptionRow(_ row: SubscriptionRow) -> HTML {
        """
        <li class="track urgency--\(row.urgency)">
          <span class="track__icon" aria-hidden="true">\(row.initials)</span>
          <div class="track__body">
            <p class="track__head"><a class="track__name" href="\(WalletPaths.editSubscription(row.id))">\(row.name)</a> <span class="track__amount">\(row.amountText)</span></p>
            <p class="track__meta"><span class="track__when">\(row.renewText)</span> · \(row.category)\(row.cardName.map { " <span class=\"pill pill--card\">\($0)</span>" as HTML })</p>
          </div>
        </li>

        """
    }

    static func couponRow(_ row: CouponRow, csrf: CSRF, _ t: Words) -> HTML {
        """
        <li class="track urgency--\(row.urgency)\(row.used ? " track--used" : "")">
          <span class="track__icon" aria-hidden="true">%</span>
          <div class="track__body">
            <p class="track__head"><span class="track__name">\(row.name)</span>\(row.valueText.map { " <span class=\"track__amount\">\($0)</span>" as HTML })</p>
            \(row.details.map { "<p class=\"track__meta\">\($0)</p>" as HTML })
            <p class="track__meta"><span class="track__when">\(row.daysText)</span> · \(row.category)\(row.code.map { " · <span class=\"track__code-group\">\(t["wallet.coupons.code"]) <code class=\"track__code\">\($0)</code> <button class=\"button button--plain button--small copy-button\" type=\"button\" data-copy=\"\($0)\" data-copied=\"\(t["wallet.coupons.copied"])\" data-copied-status=\"\(t["wallet.coupons.copied_status", ["code": $0]])\" data-copy-failed=\"\(t["wallet.coupons.copy_failed"])\" hidden>\(t["wallet.coupons.copy"])<span class=\"visually-hidden\">\(t["wallet.coupons.copy_hidden", ["code": $0]])</span></button></span>" as HTML })</p>
          </div>
          <div class="track__actions">
            <form method="post" action="\(WalletPaths.useCoupon(row.id))">\(csrf.field)<input type="hidden" name="used" value="\(row.used ? "0" : "1")"><button class="button \(row.used ? "button--plain" : "button--primary") button--small" type="submit" aria-label="\(row.used ? t["wallet.coupons.reopen_label", ["name": row.name]] : t["wallet.coupons.use_label", ["name": row.name]])">\(row.used ? t["wallet.coupons.reopen"] : t["wallet.coupons.use"])</button></form>
            <a class="button button--plain button--small" href="\(WalletPaths.editCoupon(row.id))" aria-label="\(t["wallet.coupons.edit_label", ["name": row.name]])">\(t["wallet.coupons.edit"])</a>
            <a class="button button--plain button--small" href="\(WalletPaths.deleteCoupon(row.id))" aria-label="\(t["wallet.coupons.delete_label", ["name": row.name]])">\(t["wallet.coupons.delete"])</a>
          </div>
        </li>

        """
    }

    static func tracker(_ page: TrackerPage, csrf: CSRF, _ t: Words) -> HTML {
        """
        <div class="toolbar wallet-toolbar">
          \(WalletPages.tabs(current: .tracker, t))
          <a class="button button--primary" href="\(addPath(page))">\(page.addLabel)</a>
        </div>
        <nav class="segmented-links" aria-label="\(t["wallet.tabs.tracker"])">
          \(TabLink.links(page.tabs, className: "segmented-links__item"))
        </nav>

        \(page.isSubscriptions ? subscriptions(page, t) : coupons(page, csrf: csrf, t))
        """
    }

    private static func subscriptions(_ page: TrackerPage, _ t: Words) -> HTML {
        let list: HTML =
            page.all.isEmpty
            ? "<p class=\"muted\">\(t.html("wallet.subscriptions.empty", ["link": "<a href=\"\(addPath(page))\">\(t["wallet.subscriptions.empty_link"])</a>"]))</p>"
            : """
            \(page.soon.isEmpty ? nil : """
                  <section aria-labelledby="soon-title">
                    <h2 class="list-title" id="soon-title">\(t["wallet.subscriptions.soon"])</h2>
                    <ul class="track-list">\(page.soon.map(subscriptionRow))</ul>
                  </section>
                  """ as HTML)
            <section aria-labelledby="all-title">
              <h2 class="list-title" id="all-title">\(t["wallet.subscriptions.all"])</h2>
              <ul class="track-list">\(page.all.map(subscriptionRow))</ul>
            </section>
            """
        return """
            <section class="card wallet-summary" aria-label="\(t["wallet.subscriptions.monthly"])">
              <p class="wallet-summary__label">\(t["wallet.subscriptions.monthly"])</p>
              <p class="wallet-summary__value">\(page.monthlyText)</p>
              <p class="wallet-summary__count">\(page.activeText)</p>
            </section>
            \(list)
            """
    }

    private static func coupons(_ page: TrackerPage, csrf: CSRF, _ t: Words) -> HTML {
        """
        \(page.groups.map { group in
            """
            <section aria-labelledby="coupons-\(group.key)">
              <h2 class="list-title\(group.urgent ? " list-title--urgent" : "")" id="coupons-\(group.key)">\(group.urgent ? "<span aria-hidden=\"true\">⚠ </span>" as HTML : nil)\(group.title) (\(t.format.number(group.count)))</h2>
              <ul class="track-list">\(group.rows.map { couponRow($0, csrf: csrf, t) })</ul>
              \(group.moreText.map { "<p class=\"wallet-widgets__more\"><a href=\"\(WalletPaths.allLaterCoupons)\">\($0) →</a></p>" as HTML })
            </section>

            """ as HTML
        })
        \(page.groups.isEmpty ? "<p class=\"muted\">\(t.html("wallet.coupons.empty", ["link": "<a href=\"\(addPath(page))\">\(t["wallet.coupons.empty_link"])</a>"]))</p>" as HTML : nil)
        \(page.history.isEmpty ? nil : """
            <details class="history">
              <summary class="list-title">\(t["wallet.coupons.section.history"])</summary>
              <ul class="track-list">\(page.history.map { couponRow($0, csrf: csrf, t) })</ul>
            </details>
            """ as HTML)
        <script src="/js/wallet.js" defer></script>
        """
    }

    static func templates(_ page: TemplatesPage, _ t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(WalletPaths.tracker)">\(t["wallet.subscriptions.back"])</a></p>
        <form class="search" method="get" action="\(WalletPaths.newSubscription)" role="search">
          <label class="visually-hidden" for="service-search">\(t["wallet.subscriptions.search_label"])</label>
          <input class="field__control search__input" id="service-search" type="search" name="q" value="\(page.query)" placeholder="\(t["wallet.subscriptions.search_placeholder"])" autocomplete="off">
          <button class="button button--secondary" type="submit">\(t["wallet.search"])</button>
        </form>
        <h2 class="list-title">\(t["wallet.subscriptions.popular"])</h2>
        \(page.tiles.isEmpty ? "<p class=\"muted\">\(t["wallet.subscriptions.no_match", ["query": page.query]])</p>" : """
            <ul class="template-grid">
              \(page.tiles.map { "<li><a class=\"template-tile\" href=\"\(WalletPaths.newSubscription(template: $0.key))\"><span class=\"track__icon\" aria-hidden=\"true\">\($0.initials)</span><span class=\"template-tile__name\">\($0.name)</span><span class=\"muted small\">\($0.priceText)</span></a></li>" as HTML })
            </ul>
            """ as HTML)
        <p><a class="button button--secondary" href="\(WalletPaths.customSubscription)">\(t["wallet.subscriptions.add_custom"])</a></p>
        """
    }
}

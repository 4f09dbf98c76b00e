import HTML

/// Home: the month at a glance — overview, the stash list or the calendar, a day's entries, quick add.
enum HomePages {
    struct Overview: Sendable {
        let completedText: String
        /// "Saved in your stashes": these are the stashes' figures, not the month's Saved and Spent.
        let savedLabel: String
        let savedText: String
        let spentLabel: String
        let spentText: String
        let hasSave: Bool
        let hasSpend: Bool
    }

    struct ViewToggle: Sendable {
        let value: String
        let label: String
        let current: Bool
    }

    struct CalendarCell: Sendable {
        /// The day of the month; 0 for a cell outside the month.
        let day: Int
        let inMonth: Bool
        let path: String
        let saved: Bool
        let spent: Bool
        let today: Bool
        let selected: Bool
        let label: String
    }

    struct CalendarWeek: Sendable {
        let cells: [CalendarCell]
    }

    struct DayEntry: Sendable {
        let amount: String
        let kindClass: String
        let stashName: String
        let note: String?
        let editPath: String
    }

    struct DayDrawer: Sendable {
        let title: String
        let entries: [DayEntry]
        /// The link to the rest of the day's entries when only the newest are listed.
        let more: TextLink?
        let closePath: String
    }

    struct HomePage: Sendable {
        let greeting: String
        let monthTitle: String
        let previousPath: String
        let nextPath: String
        let currentPath: String?
        let hasStashes: Bool
        let overview: Overview
        let toggles: [ViewToggle]
        let togglePath: String
        let returnPath: String
        let isList: Bool
        let cards: [StashCard]
        let weeks: [CalendarWeek]
        let drawer: DayDrawer?
        let quickDate: String
        let newStashPath: String
        let states: [EmptyState]
        let summary: SummaryCards
        let wallet: WalletWidgets?
    }

    static func home(_ page: HomePage, csrf: CSRF) -> HTML {
        """
        <section class="hero">
          <p class="hero__eyebrow">\(page.greeting)</p>
          <nav class="month-nav" aria-label="Month">
            <a class="month-nav__step" href="\(page.previousPath)" aria-label="Previous month">‹</a>
            <h2 class="month-nav__title">\(page.monthTitle)</h2>
            <a class="month-nav__step" href="\(page.nextPath)" aria-label="Next month">›</a>
            \(page.currentPath.map { "<a class=\"month-nav__today\" href=\"\($0)\">This month</a>" as HTML })
          </nav>
        </section>
        \(page.summary.html)
        \(page.hasStashes ? stashes(page, csrf: csrf) : firstRun(page.states))
        \(page.wallet.map { $0.html(csrf: csrf) })
        """
    }

    private static func stashes(_ page: HomePage, csrf: CSRF) -> HTML {
        let overview = page.overview
        return """
            <section class="overview card" aria-label="Month overview">
              <p class="overview__headline">\(overview.completedText)</p>
              <div class="overview__figures">
                \(overview.hasSave ? "<p><span class=\"overview__label\">\(overview.savedLabel)</span> <span class=\"amount--saved\">\(overview.savedText)</span></p>" as HTML : nil)
                \(overview.hasSpend ? "<p><span class=\"overview__label\">\(overview.spentLabel)</span> <span class=\"amount--spent\">\(overview.spentText)</span></p>" as HTML : nil)
              </div>
            </section>

            <div class="toolbar">
              <form class="segmented" method="post" action="\(page.togglePath)" aria-label="View">
                \(csrf.field)
                <input type="hidden" name="returnTo" value="\(page.returnPath)">
                \(page.toggles.map { toggle in
                "<button class=\"segmented__item\" type=\"submit\" name=\"view\" value=\"\(toggle.value)\" aria-pressed=\"\(toggle.current ? "true" : "false")\">\(toggle.label)</button>" as HTML
            })
              </form>
              <a class="button button--primary" href="\(page.newStashPath)">+ New stash</a>
            </div>
            \(page.isList ? list(page, csrf: csrf) : calendar(page))
            """
    }

    /// The stash cards with their quick-add buttons. One form carries what every button sends; each button posts
    /// it to its own stash.
    private static func list(_ page: HomePage, csrf: CSRF) -> HTML {
        """
        <form id="quick-add" method="post">\(csrf.field)<input type="hidden" name="date" value="\(page.quickDate)"><input type="hidden" name="returnTo" value="\(page.returnPath)"></form>
        <div class="stash-list">
          \(page.cards.map { card in
              """
              <div class="stash-list__item">
                  \(card.html)    <div class="quick-add">
                      \(card.quickAmounts.map { quick in
                          "<button class=\"chip\" type=\"submit\" form=\"quick-add\" formaction=\"\(StashPaths.entries(card.id))\" name=\"amount\" value=\"\(quick.value)\" aria-label=\"\(quick.ariaLabel)\">\(quick.label)</button>" as HTML
                      })
                      <a class="chip chip--outline" href="\(StashPaths.newEntry(card.id, returnTo: card.returnTo))">Add entry</a>
                    </div>
                  </div>

              """ as HTML
          })
        </div>
        """
    }

    private static func calendar(_ page: HomePage) -> HTML {
        """
        <section class="calendar card" aria-label="\(page.monthTitle) calendar">
          <table class="calendar__grid">
            <thead><tr><th scope="col" abbr="Monday">Mo</th><th scope="col" abbr="Tuesday">Tu</th><th scope="col" abbr="Wednesday">We</th><th scope="col" abbr="Thursday">Th</th><th scope="col" abbr="Friday">Fr</th><th scope="col" abbr="Saturday">Sa</th><th scope="col" abbr="Sunday">Su</th></tr></thead>
            <tbody>
              \(page.weeks.map { week in "<tr>\(week.cells.map(cell))</tr>" as HTML })
            </tbody>
          </table>
          <p class="calendar__legend"><span class="dot dot--saved"></span> savings <span class="dot dot--spent"></span> spending</p>
        </section>
        \(page.drawer.map(drawer))
        """
    }

    private static func cell(_ cell: CalendarCell) -> HTML {
        guard cell.inMonth else { return "<td></td>" }
        return """
            <td><a class="calendar__day\(cell.today ? " calendar__day--today" : "")\(cell.selected ? " calendar__day--selected" : "")" href="\(cell.path)" aria-label="\(cell.label)"\(cell.selected ? " aria-current=\"date\"" as HTML : nil)><span class="calendar__number">\(cell.day)</span><span class="calendar__dots" aria-hidden="true">\(cell.saved ? "<span class=\"dot dot--saved\"></span>" as HTML : nil)\(cell.spent ? "<span class=\"dot dot--spent\"></span>" as HTML : nil)</span></a></td>
            """
    }

    private static func drawer(_ drawer: DayDrawer) -> HTML {
        let entries: HTML =
            drawer.entries.isEmpty
            ? "<p class=\"muted\">Nothing saved or spent on this day.</p>"
            : """
            <ul class="entry-list">
                \(drawer.entries.map { entry in
                    """
                    <li class="entry-list__item"><a href="\(entry.editPath)"><span class="entry-list__main"><span class="\(entry.kindClass) entry-list__amount">\(entry.amount)</span> <span>\(entry.stashName)</span></span>\(entry.note.map { "<span class=\"entry-list__note\">\($0)</span>" as HTML })</a></li>
                    """ as HTML
                })
              </ul>
            """
        return """
            <section class="drawer card" id="day" aria-labelledby="drawer-title">
              <div class="drawer__head">
                <h2 class="card__title" id="drawer-title">\(drawer.title)</h2>
                <a class="button button--plain" href="\(drawer.closePath)">Close</a>
              </div>
              \(entries)
              \(drawer.more?.moreHTML)
            </section>
            """
    }

    private static func firstRun(_ states: [EmptyState]) -> HTML {
        """
        <p class="muted">You haven't added anything yet. Two steps get you going:</p>
        <div class="empty-grid">
        \(states.map(\.html))
        </div>
        """
    }
}

/// Home's wallet widgets: "Expiring soon" (benefits, renewals and coupons in one list, most urgent first), the
/// subscriptions' monthly total, and insight banners.
struct WalletWidgets: Sendable {
    struct Item: Sendable {
        let title: String
        let subtitle: String
        let daysText: String
        let urgency: String
        let path: String
        let actionPath: String?
        let actionLabel: String?
        let returnTo: String
    }

    struct Insight: Sendable {
        let text: String
        let path: String
        let urgent: Bool
    }

    struct SubscriptionsMini: Sendable {
        let monthlyText: String
        let renewalsText: String?
        let path: String
    }

    let totalText: String
    let cardsText: String
    let hasCards: Bool
    let items: [Item]
    let moreText: String?
    let seeAllPath: String
    let subscriptions: SubscriptionsMini?
    let couponsText: String?
    let couponsPath: String
    let insights: [Insight]
    let walletPath: String
    /// "Recently used", below "Expiring soon".
    var recent: RecentlyUsed? = nil

    func html(csrf: CSRF) -> HTML {
        """
        <div class="wallet-widgets">
        \(insights.map { "<a class=\"insight\($0.urgent ? " insight--urgent" : "")\" href=\"\($0.path)\">\($0.text)</a>" as HTML })
        \(hasCards ? summary : nil)
        \(items.isEmpty ? nil : expiring(csrf: csrf))
        \(recent?.html)
        <div class="wallet-widgets__minis">
        \(subscriptions.map { mini in
            "<a class=\"card mini-widget\" href=\"\(mini.path)\"><span class=\"mini-widget__title\">Subscriptions</span><span class=\"mini-widget__value\">\(mini.monthlyText)</span>\(mini.renewalsText.map { "<span class=\"muted small\">\($0)</span>" as HTML })</a>" as HTML
        })
        \(couponsText.map { "<a class=\"card mini-widget\" href=\"\(couponsPath)\"><span class=\"mini-widget__title\">Coupons expiring</span><span class=\"muted small\">\($0)</span></a>" as HTML })
        </div>
        </div>
        """
    }

    private var summary: HTML {
        """
        <section class="card wallet-summary wallet-summary--home" aria-label="Wallet">
          <p class="wallet-summary__label">Total available</p>
          <p class="wallet-summary__value">\(totalText)</p>
          <p class="wallet-summary__count">\(cardsText) · <a href="\(walletPath)">See breakdown →</a></p>
        </section>
        """
    }

    private func expiring(csrf: CSRF) -> HTML {
        """
        <section class="card" aria-labelledby="expiring-title">
          <h2 class="card__title" id="expiring-title">Expiring soon</h2>
          <ul class="track-list track-list--flat">
            \(items.map { item in
                """
                <li class="track urgency--\(item.urgency)">
                      <div class="track__body">
                        <p class="track__head"><a class="track__name" href="\(item.path)">\(item.title)</a> <span class="track__when">\(item.daysText)</span></p>
                        <p class="track__meta">\(item.subtitle)</p>
                      </div>
                      \(item.actionPath.map { path in
                          "<div class=\"track__actions\"><form method=\"post\" action=\"\(path)\">\(csrf.field)<input type=\"hidden\" name=\"returnTo\" value=\"\(item.returnTo)\"><input type=\"hidden\" name=\"used\" value=\"1\"><button class=\"button button--primary button--small\" type=\"submit\">\(item.actionLabel ?? "")</button></form></div>" as HTML
                      })
                    </li>

                """ as HTML
            })
          </ul>
          \(moreText.map { "<p class=\"wallet-widgets__more\"><a href=\"\(seeAllPath)\">\($0) →</a></p>" as HTML })
        </section>
        """
    }
}

/// Home's ledger summary (dashboard cards): total balance, income, spent and remaining in a month.
struct SummaryCards: Sendable {
    struct Card: Sendable {
        let key: String
        let label: String
        let amount: String
        let href: String
    }

    let cards: [Card]

    var html: HTML {
        """
        <section class="summary-cards\(cards.contains { $0.amount.count > 12 } ? " summary-cards--wide" : "")" aria-label="Money summary">
          \(cards.map { card in
              "<a class=\"summary-card summary-card--\(card.key)\" href=\"\(card.href)\"><span class=\"summary-card__label\">\(card.label)</span><span class=\"\(Self.amountClass(card.amount))\">\(card.amount)</span></a>" as HTML
          })
        </section>
        """
    }

    /// A long amount steps its size down so it stays on one line in a half-width card at 360 px (a longer one puts
    /// the cards one under another on a phone, `summary-cards--wide`), and an amount below zero reads as one whatever
    /// its card's colour.
    static func amountClass(_ amount: String) -> String {
        var classes = "summary-card__amount"
        if amount.count > 12 {
            classes += " summary-card__amount--longest"
        } else if amount.count > 9 {
            classes += " summary-card__amount--long"
        }
        if amount.hasPrefix("−") { classes += " summary-card__amount--negative" }
        return classes
    }
}

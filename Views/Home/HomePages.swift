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
        /// The day; nil for a cell outside the month.
        let date: CalendarDay?
        let saved: Bool
        let spent: Bool
        /// A schedule brings money that day (in the next 30 days).
        let scheduled: Bool
        let today: Bool
        let selected: Bool
        let label: String
    }

    struct CalendarWeek: Sendable {
        let cells: [CalendarCell]
    }

    struct DayEntry: Sendable {
        /// The entry, and whether it is a stash's (edited on the stash entry form).
        let id: Int64
        let inStash: Bool
        let amount: String
        let kindClass: String
        let stashName: String
        let note: String?
    }

    /// A schedule's occurrence still to come on the day.
    struct DayUpcoming: Sendable {
        let name: String
        let amount: String
        let href: String
    }

    struct DayDrawer: Sendable {
        let day: CalendarDay
        /// The month shown; nil for this month.
        let month: Month?
        let title: String
        var upcoming: [DayUpcoming] = []
        let entries: [DayEntry]
        /// The link to the rest of the day's entries when only the newest are listed.
        let more: TextLink?
    }

    struct HomePage: Sendable {
        /// What the schedules did while the member was away, said once.
        let away: String?
        let greeting: String
        let month: Month
        let isCurrentMonth: Bool
        let hasStashes: Bool
        let overview: Overview
        let toggles: [ViewToggle]
        let isList: Bool
        let cards: [StashCard]
        let weeks: [CalendarWeek]
        let drawer: DayDrawer?
        let quickDate: String
        let states: [EmptyState]
        let summary: SummaryCards
        let wallet: WalletWidgets?
    }

    static func home(_ page: HomePage, t: Words, csrf: CSRF) -> HTML {
        """
        <section class="hero">
          <p class="hero__eyebrow">\(page.greeting)</p>
          <nav class="month-nav" aria-label="\(t["home.month_nav.label"])">
            <a class="month-nav__step" href="\(HomePaths.home(month: page.month.previous))" aria-label="\(t["home.month_nav.previous"])">‹</a>
            <h2 class="month-nav__title">\(t.month(page.month))</h2>
            <a class="month-nav__step" href="\(HomePaths.home(month: page.month.next))" aria-label="\(t["home.month_nav.next"])">›</a>
            \(page.isCurrentMonth ? nil : "<a class=\"month-nav__today\" href=\"\(HomePaths.home())\">\(t["home.month_nav.this_month"])</a>" as HTML)
          </nav>
        </section>
        \(page.away.map { "<p class=\"notice\" role=\"status\">\($0) <a href=\"\(SchedulePaths.index)\">\(t["home.away.link"])</a></p>" as HTML })
        \(page.summary.html(t))
        \(quickActions(t))
        \(page.hasStashes ? stashes(page, t: t, csrf: csrf) : firstRun(page.states, t: t))
        \(page.wallet.map { $0.html(t: t, csrf: csrf) })
        """
    }

    /// The things a member does most, as a row of large buttons (FundFlow's dashboard).
    static func quickActions(_ t: Words) -> HTML {
        let actions: [(icon: String, label: String, href: String)] = [
            ("budget", t["budget.add.transaction"], BudgetPaths.newTransaction(kind: nil, returnTo: HomePaths.home())),
            ("transfer", t["budget.add.transfer"], BudgetPaths.newTransfer(returnTo: HomePaths.home())),
            ("wallet", t["budget.accounts.add_heading"], BudgetPaths.newAccount),
            ("chart", t["home.quick_actions.reports"], BudgetPaths.reports),
        ]
        return """
            <nav class="quick-actions" aria-label="\(t["home.quick_actions.label"])">
              \(actions.map { action in
                  "<a class=\"quick-action\" href=\"\(action.href)\">\(Icon.svg(action.icon, size: 24))<span>\(action.label)</span></a>" as HTML
              })
            </nav>
            """
    }

    private static func stashes(_ page: HomePage, t: Words, csrf: CSRF) -> HTML {
        let overview = page.overview
        return """
            <section class="overview card" aria-label="\(t["home.overview.label"])">
              <p class="overview__headline">\(overview.completedText)</p>
              <div class="overview__figures">
                \(overview.hasSave ? "<p><span class=\"overview__label\">\(overview.savedLabel)</span> <span class=\"amount--saved\">\(overview.savedText)</span></p>" as HTML : nil)
                \(overview.hasSpend ? "<p><span class=\"overview__label\">\(overview.spentLabel)</span> <span class=\"amount--spent\">\(overview.spentText)</span></p>" as HTML : nil)
              </div>
            </section>

            <div class="toolbar">
              <form class="segmented" method="post" action="\(HomePaths.view)" aria-label="\(t["home.view.label"])">
                \(csrf.field)
                <input type="hidden" name="returnTo" value="\(returnPath(page))">
                \(page.toggles.map { toggle in
                "<button class=\"segmented__item\" type=\"submit\" name=\"view\" value=\"\(toggle.value)\" aria-pressed=\"\(toggle.current ? "true" : "false")\">\(toggle.label)</button>" as HTML
            })
              </form>
              <a class="button button--primary" href="\(StashPaths.new)">\(t["home.new_stash"])</a>
            </div>
            \(page.isList ? list(page, t: t, csrf: csrf) : calendar(page, t: t))
            """
    }

    /// The stash cards with their quick-add buttons. One form carries what every button sends; each button posts
    /// it to its own stash.
    private static func list(_ page: HomePage, t: Words, csrf: CSRF) -> HTML {
        """
        <form id="quick-add" method="post">\(csrf.field)<input type="hidden" name="date" value="\(page.quickDate)"><input type="hidden" name="returnTo" value="\(returnPath(page))"></form>
        <div class="stash-list">
          \(page.cards.map { card in
              """
              <div class="stash-list__item">
                  \(card.html)    <div class="quick-add">
                      \(card.quickAmounts.map { quick in
                          "<button class=\"chip\" type=\"submit\" form=\"quick-add\" formaction=\"\(StashPaths.entries(card.id))\" name=\"amount\" value=\"\(quick.value)\" aria-label=\"\(quick.ariaLabel)\">\(quick.label)</button>" as HTML
                      })
                      <a class="chip chip--outline" href="\(StashPaths.newEntry(card.id, returnTo: card.returnTo))">\(t["home.add_entry"])</a>
                    </div>
                  </div>

              """ as HTML
          })
        </div>
        """
    }

    private static func calendar(_ page: HomePage, t: Words) -> HTML {
        """
        <section class="calendar card" aria-label="\(t["home.calendar.label", ["month": t.month(page.month)]])">
          <table class="calendar__grid">
            <thead><tr>\(t.dates.week.map { "<th scope=\"col\"><abbr title=\"\(t.dates.weekdayName($0))\">\(t.weekdayShort($0))</abbr></th>" as HTML })</tr></thead>
            <tbody>
              \(page.weeks.map { week in "<tr>\(week.cells.map(cell))</tr>" as HTML })
            </tbody>
          </table>
          <p class="calendar__legend"><span class="dot dot--saved"></span> \(t["home.calendar.legend_saved"]) <span class="dot dot--spent"></span> \(t["home.calendar.legend_spent"]) <span class="dot dot--scheduled"></span> \(t["home.calendar.legend_scheduled"])</p>
        </section>
        \(page.drawer.map { drawer($0, t: t) })
        """
    }

    private static func cell(_ cell: CalendarCell) -> HTML {
        guard let date = cell.date else { return "<td></td>" }
        // The day opens at its drawer, so on a phone the page doesn't come back at the top with the drawer below.
        return """
            <td><a class="calendar__day\(cell.today ? " calendar__day--today" : "")\(cell.selected ? " calendar__day--selected" : "")" href="\(HomePaths.home(month: date.monthValue, day: date))#day" aria-label="\(cell.label)"\(cell.selected ? " aria-current=\"date\"" as HTML : nil)><span class="calendar__number">\(date.day)</span><span class="calendar__dots" aria-hidden="true">\(cell.saved ? "<span class=\"dot dot--saved\"></span>" as HTML : nil)\(cell.spent ? "<span class=\"dot dot--spent\"></span>" as HTML : nil)\(cell.scheduled ? "<span class=\"dot dot--scheduled\"></span>" as HTML : nil)</span></a></td>
            """
    }

    private static func drawer(_ drawer: DayDrawer, t: Words) -> HTML {
        let upcoming: HTML? =
            drawer.upcoming.isEmpty
            ? nil
            : """
            <ul class="entry-list">
                \(drawer.upcoming.map { item in
                    "<li class=\"entry-list__item entry-list__item--upcoming\"><a href=\"\(item.href)\"><span class=\"entry-list__main\"><span class=\"entry-list__amount\">\(item.amount)</span> <span>\(item.name)</span></span><span class=\"entry-list__note\">\(t["home.day.scheduled"])</span></a></li>" as HTML
                })
              </ul>
            """
        let entries: HTML? =
            drawer.entries.isEmpty
            ? (upcoming == nil ? "<p class=\"muted\">\(t["home.day.empty"])</p>" : nil)
            : """
            <ul class="entry-list">
                \(drawer.entries.map { entry in
                    """
                    <li class="entry-list__item"><a href="\(BudgetPaths.editLedgerEntry(entry.id, inStash: entry.inStash, returnTo: HomePaths.home(month: drawer.month, day: drawer.day)))"><span class="entry-list__main"><span class="\(entry.kindClass) entry-list__amount">\(entry.amount)</span> <span>\(entry.stashName)</span></span>\(entry.note.map { "<span class=\"entry-list__note\">\($0)</span>" as HTML })</a></li>
                    """ as HTML
                })
              </ul>
            """
        return """
            <section class="drawer card" id="day" aria-labelledby="drawer-title">
              <div class="drawer__head">
                <h2 class="card__title" id="drawer-title">\(drawer.title)</h2>
                <a class="button button--plain" href="\(HomePaths.home(month: drawer.month))">\(t["home.day.close"])</a>
              </div>
              \(upcoming)
              \(entries)
              \(drawer.more?.moreHTML)
            </section>
            """
    }

    /// Where switching the view and quick-adding come back to: Home at the month shown.
    private static func returnPath(_ page: HomePage) -> String {
        HomePaths.home(month: page.isCurrentMonth ? nil : page.month)
    }

    private static func firstRun(_ states: [EmptyState], t: Words) -> HTML {
        """
        <p class="muted">\(t["home.first_run"])</p>
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
        /// What is expiring: a card's benefit (marked done in place), a subscription's renewal or a coupon (marked
        /// used in place).
        enum Subject: Sendable {
            case benefit(Int64, card: Int64)
            case renewal(Int64)
            case coupon(Int64)
        }

        let subject: Subject
        let title: String
        let subtitle: String
        let daysText: String
        let urgency: String
    }

    struct Insight: Sendable {
        /// What the banner is about: renewals this week (the tracker), coupons expiring today, a card's annual fee.
        enum Subject: Sendable {
            case renewals
            case coupons
            case annualFee(card: Int64)
        }

        let subject: Subject
        let text: String
        let urgent: Bool
    }

    struct SubscriptionsMini: Sendable {
        let monthlyText: String
        let renewalsText: String?
    }

    let totalText: String
    let cardsText: String
    let hasCards: Bool
    let items: [Item]
    let moreText: String?
    let subscriptions: SubscriptionsMini?
    let couponsText: String?
    let insights: [Insight]
    /// "Recently used", below "Expiring soon".
    var recent: RecentlyUsed? = nil

    func html(t: Words, csrf: CSRF) -> HTML {
        """
        <div class="wallet-widgets">
        \(insights.map { "<a class=\"insight\($0.urgent ? " insight--urgent" : "")\" href=\"\(Self.path($0.subject))\">\($0.text)</a>" as HTML })
        \(hasCards ? summary(t) : nil)
        \(items.isEmpty ? nil : expiring(t: t, csrf: csrf))
        \(recent?.html(t))
        <div class="wallet-widgets__minis">
        \(subscriptions.map { mini in
            "<a class=\"card mini-widget\" href=\"\(WalletPaths.tracker)\"><span class=\"mini-widget__title\">\(t["home.wallet.subscriptions"])</span><span class=\"mini-widget__value\">\(mini.monthlyText)</span>\(mini.renewalsText.map { "<span class=\"muted small\">\($0)</span>" as HTML })</a>" as HTML
        })
        \(couponsText.map { "<a class=\"card mini-widget\" href=\"\(WalletPaths.coupons)\"><span class=\"mini-widget__title\">\(t["home.wallet.coupons_expiring"])</span><span class=\"muted small\">\($0)</span></a>" as HTML })
        </div>
        </div>
        """
    }

    private func summary(_ t: Words) -> HTML {
        """
        <section class="card wallet-summary wallet-summary--home" aria-label="\(t["home.wallet.label"])">
          <p class="wallet-summary__label">\(t["home.wallet.total_available"])</p>
          <p class="wallet-summary__value">\(totalText)</p>
          <p class="wallet-summary__count">\(cardsText) · <a href="\(WalletPaths.index)">\(t["home.wallet.see_breakdown"])</a></p>
        </section>
        """
    }

    /// Where an expiring line leads: the benefit's card, the subscription, the coupons.
    private static func path(_ subject: Item.Subject) -> String {
        switch subject {
        case .benefit(_, let card): WalletPaths.card(card)
        case .renewal(let id): WalletPaths.editSubscription(id)
        case .coupon: WalletPaths.coupons
        }
    }

    /// The button that clears an expiring line in place, coming back to Home: a benefit done, a coupon used.
    private static func action(_ subject: Item.Subject, t: Words) -> (path: String, label: String)? {
        switch subject {
        case .benefit(let id, _): (WalletPaths.useBenefit(id), t["home.wallet.mark_done"])
        case .renewal: nil
        case .coupon(let id): (WalletPaths.useCoupon(id), t["home.wallet.mark_used"])
        }
    }

    private static func path(_ subject: Insight.Subject) -> String {
        switch subject {
        case .renewals: WalletPaths.tracker
        case .coupons: WalletPaths.coupons
        case .annualFee(let card): WalletPaths.card(card)
        }
    }

    private func expiring(t: Words, csrf: CSRF) -> HTML {
        """
        <section class="card" aria-labelledby="expiring-title">
          <h2 class="card__title" id="expiring-title">\(t["home.wallet.expiring_soon"])</h2>
          <ul class="track-list track-list--flat">
            \(items.map { item in
                """
                <li class="track urgency--\(item.urgency)">
                      <div class="track__body">
                        <p class="track__head"><a class="track__name" href="\(Self.path(item.subject))">\(item.title)</a> <span class="track__when">\(item.daysText)</span></p>
                        <p class="track__meta">\(item.subtitle)</p>
                      </div>
                      \(Self.action(item.subject, t: t).map { path, label in
                          "<div class=\"track__actions\"><form method=\"post\" action=\"\(path)\">\(csrf.field)<input type=\"hidden\" name=\"returnTo\" value=\"\(HomePaths.index)\"><input type=\"hidden\" name=\"used\" value=\"1\"><button class=\"button button--primary button--small\" type=\"submit\">\(label)</button></form></div>" as HTML
                      })
                    </li>

                """ as HTML
            })
          </ul>
          \(moreText.map { "<p class=\"wallet-widgets__more\"><a href=\"\(WalletPaths.expiring)\">\($0) →</a></p>" as HTML })
        </section>
        """
    }
}

/// Home's ledger summary (dashboard cards): total balance, income, spent and remaining in a month, and safe to spend
/// in the current one.
struct SummaryCards: Sendable {
    struct Card: Sendable {
        let key: String
        let label: String
        let amount: String
        /// Below zero: the amount reads as one whatever its card's colour.
        let negative: Bool
        let href: String
    }

    let cards: [Card]

    func html(_ t: Words) -> HTML {
        """
        <section class="summary-cards\(cards.contains { $0.amount.count > 12 } ? " summary-cards--wide" : "")" aria-label="\(t["home.summary_cards"])">
          \(cards.map { card in
              "<a class=\"summary-card summary-card--\(card.key)\" href=\"\(card.href)\"><span class=\"summary-card__label\">\(card.label)</span><span class=\"\(Self.amountClass(card))\">\(card.amount)</span></a>" as HTML
          })
        </section>
        """
    }

    /// A long amount steps its size down so it stays on one line in a half-width card at 360 px (a longer one puts
    /// the cards one under another on a phone, `summary-cards--wide`), and an amount below zero reads as one whatever
    /// its card's colour.
    static func amountClass(_ card: Card) -> String {
        let amount = card.amount
        var classes = "summary-card__amount"
        if amount.count > 12 {
            classes += " summary-card__amount--longest"
        } else if amount.count > 9 {
            classes += " summary-card__amount--long"
        }
        if card.negative { classes += " summary-card__amount--negative" }
        return classes
    }
}

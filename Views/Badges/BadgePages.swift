import HTML

/// Badges: the rank card, the stashes still in progress, the earned badges by month, and one badge.
enum BadgePages {
    struct RankCard: Sendable {
        let title: String
        /// The tier's name, as the member's language writes it.
        let tier: String
        let tierClass: String
        let points: Int
        let nextText: String
        let bar: ProgressBar
    }

    struct BadgeItem: Sendable {
        let id: Int64
        let stashName: String
        let completedOn: String
        let points: Int
        let claimed: Bool
    }

    struct BadgeGroup: Sendable {
        let monthTitle: String
        var badges: [BadgeItem]
    }

    struct IndexPage: Sendable {
        let rank: RankCard
        let tabs: [TabLink]
        /// Nil on the earned tabs; the in-progress stashes on the first.
        let inProgress: [StashCard]?
        let groups: [BadgeGroup]
        let empty: Notice?
        /// The tab shown, which of its pages this is, and whether older ones follow.
        let tab: BadgeController.Tab
        let pageNumber: Int
        let hasOlder: Bool
    }

    struct ShowPage: Sendable {
        let id: Int64
        /// The stash, and the month it was completed for (its page opens there).
        let stashId: Int64
        let month: Month?
        let stashName: String
        let monthTitle: String
        let completedOn: String
        /// How it was completed: "Saved $210.00 of $200.00 · 4 entries".
        let result: String?
        let points: Int
        let reward: String?
        /// When the reward was claimed; nil while it isn't.
        let claimedOn: String?
    }

    static func index(_ page: IndexPage, t: Words) -> HTML {
        let rank = page.rank
        return """
            <section class="card rank \(rank.tierClass)" aria-labelledby="rank-title">
              \(Icon.svg("badges", size: 56, className: "rank__medal"))
              <div class="rank__body">
                <h2 class="rank__title" id="rank-title">\(rank.title)</h2>
                <p class="rank__points">\(t.html("badges.rank.standing", ["points": "<strong>\(t.plural("badges.rank.points", count: rank.points))</strong>", "tier": "\(rank.tier)"]))</p>
                \(rank.bar.html)
                <p class="muted small">\(rank.nextText)</p>
              </div>
            </section>

            <nav class="tabs" aria-label="\(t["badges.tabs_label"])">
              \(TabLink.links(page.tabs, className: "tabs__item"))
            </nav>

            \(page.inProgress.map { cards in
            """
            <div class="stash-list">
              \(cards.map { "<div class=\"stash-list__item\">\($0.html)</div>" as HTML })
            </div>
            """ as HTML
            })

            \(page.groups.map { group in
            """
            <section class="badge-group" aria-label="\(group.monthTitle)">
              <h2 class="badge-group__title">\(group.monthTitle)</h2>
              <ul class="badge-grid">
                \(group.badges.map { badge in
                    """
                    <li><a class="badge-tile" href="\(BadgePaths.badge(badge.id))">\(Icon.svg("badges", size: 40, className: "badge-tile__icon"))<span class="badge-tile__name">\(badge.stashName)</span><span class="muted small">\(badge.completedOn) · +\(badge.points)</span>\(badge.claimed ? "<span class=\"tag\">\(t["badges.reward_claimed"])</span>" as HTML : nil)</a></li>
                    """ as HTML
                })
              </ul>
            </section>

            """ as HTML
            })

            \(page.empty.map { empty in
            """
            <section class="empty-state">
              \(Icon.svg("badges", size: 56, className: "empty-state__icon"))
              <h2 class="empty-state__title">\(empty.title)</h2>
              <p class="empty-state__text">\(empty.text)</p>
              <a class="button button--primary" href="\(StashPaths.new)">\(t["badges.empty.new_stash"])</a>
            </section>
            """ as HTML
            })

            <nav class="pager" aria-label="\(t["badges.pages"])">
              \(page.pageNumber > 1 ? "<a class=\"button button--plain\" href=\"\(BadgePaths.tab(page.tab.rawValue, page: page.pageNumber - 1))\">\(t["badges.newer"])</a>" as HTML : nil)
              \(page.hasOlder ? "<a class=\"button button--plain\" href=\"\(BadgePaths.tab(page.tab.rawValue, page: page.pageNumber + 1))\">\(t["badges.older"])</a>" as HTML : nil)
            </nav>
            """
    }

    static func show(_ page: ShowPage, t: Words, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(BadgePaths.all)">\(t["badges.show.back"])</a></p>
        <section class="card badge-detail" aria-labelledby="badge-title">
          \(Icon.svg("badges", size: 88, className: "badge-detail__icon"))
          <h2 class="badge-detail__title" id="badge-title">\(page.stashName)</h2>
          <p class="muted">\(t["badges.show.completed_for", ["month": page.monthTitle]])</p>
          <dl class="facts">
            \(page.result.map { "<div><dt>\(t["badges.show.result"])</dt><dd>\($0)</dd></div>" as HTML })
            <div><dt>\(t["badges.show.completed_on"])</dt><dd>\(page.completedOn)</dd></div>
            <div><dt>\(t["badges.show.points"])</dt><dd>+\(page.points)</dd></div>
            <div><dt>\(t["badges.show.reward"])</dt><dd>\(page.reward.map { "\($0)" as HTML } ?? "<span class=\"muted\">\(t["badges.show.no_reward"])</span>")</dd></div>
            \(page.claimedOn.map { "<div><dt>\(t["badges.show.claimed"])</dt><dd>\($0)</dd></div>" as HTML })
          </dl>
          <form method="post" action="\(BadgePaths.claim(page.id))" class="form-actions">
            \(csrf.field)
            \(page.claimedOn == nil
                ? "<input type=\"hidden\" name=\"claimed\" value=\"1\"><button class=\"button button--primary\" type=\"submit\">\(t["badges.show.mark_claimed"])</button>"
                : "<input type=\"hidden\" name=\"claimed\" value=\"0\"><button class=\"button button--secondary\" type=\"submit\">\(t["badges.show.mark_unclaimed"])</button>" as HTML)
            <a class="button button--plain" href="\(StashPaths.show(page.stashId, month: page.month))">\(t["badges.show.open_stash"])</a>
          </form>
        </section>
        """
    }
}

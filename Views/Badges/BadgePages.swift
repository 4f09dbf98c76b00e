import HTML

/// Badges: the rank card, the stashes still in progress, the earned badges by month, and one badge.
public enum BadgePages {
    public typealias TabLink = Views.TabLink

    public struct RankCard: Sendable {
        public let title: String
        public let tier: String
        public let tierClass: String
        public let points: Int
        public let nextText: String
        public let bar: ProgressBar

        public init(title: String, tier: String, tierClass: String, points: Int, nextText: String, bar: ProgressBar) {
            self.title = title
            self.tier = tier
            self.tierClass = tierClass
            self.points = points
            self.nextText = nextText
            self.bar = bar
        }
    }


    public struct BadgeItem: Sendable {
        public let stashName: String
        public let completedOn: String
        public let points: Int
        public let path: String
        public let claimed: Bool

        public init(stashName: String, completedOn: String, points: Int, path: String, claimed: Bool) {
            self.stashName = stashName
            self.completedOn = completedOn
            self.points = points
            self.path = path
            self.claimed = claimed
        }
    }

    public struct BadgeGroup: Sendable {
        public let monthTitle: String
        public var badges: [BadgeItem]

        public init(monthTitle: String, badges: [BadgeItem]) {
            self.monthTitle = monthTitle
            self.badges = badges
        }
    }

    public struct IndexPage: Sendable {
        public let rank: RankCard
        public let tabs: [TabLink]
        /// Nil on the earned tabs; the in-progress stashes on the first.
        public let inProgress: [StashCard]?
        public let groups: [BadgeGroup]
        public let empty: Notice?
        public let newStashPath: String
        public let olderPath: String?
        public let newerPath: String?

        public init(rank: RankCard, tabs: [TabLink], inProgress: [StashCard]?, groups: [BadgeGroup], empty: Notice?, newStashPath: String, olderPath: String?, newerPath: String?) {
            self.rank = rank
            self.tabs = tabs
            self.inProgress = inProgress
            self.groups = groups
            self.empty = empty
            self.newStashPath = newStashPath
            self.olderPath = olderPath
            self.newerPath = newerPath
        }
    }

    public struct ShowPage: Sendable {
        public let stashName: String
        public let stashPath: String
        public let monthTitle: String
        public let completedOn: String
        /// How it was completed: "Saved $210.00 of $200.00 · 4 entries".
        public let result: String?
        public let points: Int
        public let reward: String?
        /// When the reward was claimed; nil while it isn't.
        public let claimedOn: String?
        public let claimPath: String
        public let backPath: String

        public init(stashName: String, stashPath: String, monthTitle: String, completedOn: String, result: String?, points: Int, reward: String?, claimedOn: String?, claimPath: String, backPath: String) {
            self.stashName = stashName
            self.stashPath = stashPath
            self.monthTitle = monthTitle
            self.completedOn = completedOn
            self.result = result
            self.points = points
            self.reward = reward
            self.claimedOn = claimedOn
            self.claimPath = claimPath
            self.backPath = backPath
        }
    }

    public static func index(_ page: IndexPage) -> HTML {
        let rank = page.rank
        return """
        <section class="card rank \(rank.tierClass)" aria-labelledby="rank-title">
          <svg class="rank__medal" aria-hidden="true" width="56" height="56"><use href="/icons/sprite.svg#badges"></use></svg>
          <div class="rank__body">
            <h2 class="rank__title" id="rank-title">\(rank.title)</h2>
            <p class="rank__points"><strong>\(rank.points)</strong> points · \(rank.tier) tier</p>
            \(rank.bar.html)
            <p class="muted small">\(rank.nextText)</p>
          </div>
        </section>

        <nav class="tabs" aria-label="Badges">
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
                    <li><a class="badge-tile" href="\(badge.path)"><svg class="badge-tile__icon" aria-hidden="true" width="40" height="40"><use href="/icons/sprite.svg#badges"></use></svg><span class="badge-tile__name">\(badge.stashName)</span><span class="muted small">\(badge.completedOn) · +\(badge.points)</span>\(badge.claimed ? "<span class=\"tag\">Reward claimed</span>" : "")</a></li>
                    """ as HTML
                })
              </ul>
            </section>

            """ as HTML
        })

        \(page.empty.map { empty in
            """
            <section class="empty-state">
              <svg class="empty-state__icon" aria-hidden="true" width="56" height="56"><use href="/icons/sprite.svg#badges"></use></svg>
              <h2 class="empty-state__title">\(empty.title)</h2>
              <p class="empty-state__text">\(empty.text)</p>
              <a class="button button--primary" href="\(page.newStashPath)">+ New stash</a>
            </section>
            """ as HTML
        })

        <nav class="pager" aria-label="Badge pages">
          \(page.newerPath.map { "<a class=\"button button--plain\" href=\"\($0)\">← Newer</a>" as HTML })
          \(page.olderPath.map { "<a class=\"button button--plain\" href=\"\($0)\">Older →</a>" as HTML })
        </nav>
        """
    }

    public static func show(_ page: ShowPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.backPath)">← All badges</a></p>
        <section class="card badge-detail" aria-labelledby="badge-title">
          <svg class="badge-detail__icon" aria-hidden="true" width="88" height="88"><use href="/icons/sprite.svg#badges"></use></svg>
          <h2 class="badge-detail__title" id="badge-title">\(page.stashName)</h2>
          <p class="muted">Completed for \(page.monthTitle)</p>
          <dl class="facts">
            \(page.result.map { "<div><dt>Result</dt><dd>\($0)</dd></div>" as HTML })
            <div><dt>Completed on</dt><dd>\(page.completedOn)</dd></div>
            <div><dt>Points</dt><dd>+\(page.points)</dd></div>
            <div><dt>Reward</dt><dd>\(page.reward.map { "\($0)" as HTML } ?? "<span class=\"muted\">No reward set — add one by editing the stash.</span>")</dd></div>
            \(page.claimedOn.map { "<div><dt>Claimed</dt><dd>\($0)</dd></div>" as HTML })
          </dl>
          <form method="post" action="\(page.claimPath)" class="form-actions">
            \(csrf.field)
            \(page.claimedOn == nil
                ? "<input type=\"hidden\" name=\"claimed\" value=\"1\"><button class=\"button button--primary\" type=\"submit\">Mark reward as claimed</button>"
                : "<input type=\"hidden\" name=\"claimed\" value=\"0\"><button class=\"button button--secondary\" type=\"submit\">Mark as not claimed</button>" as HTML)
            <a class="button button--plain" href="\(page.stashPath)">Open stash</a>
          </form>
        </section>
        """
    }
}

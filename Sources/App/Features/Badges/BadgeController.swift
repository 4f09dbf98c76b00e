import Foundation
import Hummingbird

/// Badges & rank: the rank card, In progress · Completed · All-time, and each badge's detail.
struct BadgeController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BadgePaths.index, use: index)
        group.get(BadgePaths.badge, use: show)
        group.post(BadgePaths.claim, use: claim)
    }

    /// `GET /badges?tab=in-progress|completed|all&page=N`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let tab = request.uri.queryParameters["tab"].flatMap { Tab(rawValue: String($0)) } ?? .inProgress
        let pageNumber = request.pageNumber
        let rank = Rank(points: try context.store.points())

        var inProgress: [StashCard] = []
        var groups: [BadgePages.BadgeGroup] = []
        var more = false
        var empty: Notice?
        switch tab {
        case .inProgress:
            let summaries = try context.store.stashSummaries(month: today.monthValue, today: today)
                .filter { !$0.progress.isCompleted }
                .sorted { $0.progress.closeness > $1.progress.closeness }
            inProgress = summaries.map { StashCard($0, user: user, t: t) }
            if inProgress.isEmpty {
                empty = .init(title: t["badges.empty.in_progress_title"], text: t["badges.empty.in_progress_text"])
            }
        case .completed, .all:
            let (badges, hasMore) = try context.store.earnedBadges(
                month: tab == .completed ? today.monthValue : nil,
                page: pageNumber
            )
            more = hasMore
            groups = Self.group(badges, t: t)
            if groups.isEmpty {
                empty = .init(
                    title: tab == .completed ? t["badges.empty.completed_title"] : t["badges.empty.all_title"],
                    text: t["badges.empty.earned_text", ["points": t.format.number(Rank.pointsPerBadge)]]
                )
            }
        }
        let page = BadgePages.IndexPage(
            rank: BadgePages.RankCard(
                title: rank.title(t),
                tier: rank.tierName(t),
                tierClass: "rank--" + rank.tier.rawValue.lowercased(),
                points: rank.points,
                nextText: rank.nextText(t),
                bar: ProgressBar(
                    percent: rank.levelPercent,
                    label: t[
                        "badges.rank.bar_label",
                        ["percent": t.format.percent(rank.levelPercent), "title": rank.nextTitle(t)]
                    ]
                )
            ),
            tabs: Tab.allCases.map {
                TabLink(label: $0.label(t), href: BadgePaths.tab($0.rawValue), current: $0 == tab)
            },
            inProgress: tab == .inProgress ? inProgress : nil,
            groups: groups,
            empty: empty,
            tab: tab,
            pageNumber: pageNumber,
            hasOlder: more
        )
        return pages.page(title: t["badges.title"], section: .badges, context: context) {
            BadgePages.index(page, t: $0.t)
        }
    }

    private static func group(_ badges: [BadgeDetails], t: Words) -> [BadgePages.BadgeGroup] {
        var groups: [BadgePages.BadgeGroup] = []
        for details in badges {
            let monthTitle = Month(details.badge.month).map { t.month($0) } ?? details.badge.month
            let item = BadgePages.BadgeItem(
                id: details.badge.id ?? 0,
                stashName: details.stashName,
                completedOn: CalendarDay(details.badge.completedOn).map { t.weekdayDate($0) }
                    ?? details.badge.completedOn,
                points: details.badge.points,
                claimed: details.badge.claimedAt != nil
            )
            if groups.last?.monthTitle == monthTitle {
                groups[groups.count - 1].badges.append(item)
            } else {
                groups.append(BadgePages.BadgeGroup(monthTitle: monthTitle, badges: [item]))
            }
        }
        return groups
    }

    /// `GET /badges/:id`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let details = try context.store.badgeDetails(id: id),
            details.badge.earned
        else { throw HTTPError(.notFound) }
        let badge = details.badge
        let page = BadgePages.ShowPage(
            id: id,
            stashId: badge.stashId,
            month: Month(badge.month),
            stashName: details.stashName,
            monthTitle: Month(badge.month).map { t.month($0) } ?? badge.month,
            completedOn: CalendarDay(badge.completedOn).map { t.weekdayDate($0) } ?? badge.completedOn,
            result: details.result.map { Self.resultText($0, user: user, t: t) },
            points: badge.points,
            reward: details.reward.isEmpty ? nil : details.reward,
            claimedOn: badge.claimedAt.map { t.weekdayDate(CalendarDay.today(in: user.calendarTimeZone, now: $0)) }
        )
        return pages.page(title: t["badges.show.page_title"], section: .badges, context: context) { shell in
            BadgePages.show(page, t: shell.t, csrf: shell.csrf)
        }
    }

    /// How the month was completed: "Saved $210.00 of $200.00 · 4 entries", or for a spend stash "Spent $180.00 of
    /// a $200.00 allowance · 3 entries".
    static func resultText(_ result: StashProgress, user: User, t: Words) -> String {
        let values: KeyValuePairs<String, String> = [
            "total": user.money(result.totalCents), "target": user.money(result.targetCents),
        ]
        return switch result.kind {
        case .save: t.plural("badges.show.result_saved", count: result.entryCount, values)
        case .spend: t.plural("badges.show.result_spent", count: result.entryCount, values)
        }
    }

    /// `POST /badges/:id/claim` with `claimed=1` (or `0` to take it back).
    @Sendable func claim(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(ClaimInput.self, context: context)
        let t = context.words
        let claimed = input.claimed != "0"
        guard let id = context.parameters.get("id", as: Int64.self),
            try await context.store.setClaimed(badgeId: id, at: claimed ? now() : nil)
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: BadgePaths.badge(id),
            flash: .success(claimed ? t["badges.flash.claimed"] : t["badges.flash.unclaimed"])
        )
    }
}

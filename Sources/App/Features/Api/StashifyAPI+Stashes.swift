import Foundation
import OpenAPIRuntime

/// Stashes, their entries, and the badges and rank they earn.
extension StashifyAPI {
    /// `GET /api/v1/stashes`
    func listStashes(_ input: Operations.ListStashes.Input) async throws -> Operations.ListStashes.Output {
        let member = try member()
        let month = try member.month(input.query.month)
        let summaries = try member.store.stashSummaries(month: month, today: member.today)
        return .ok(
            .init(
                body: .json(.init(month: month.description, stashes: summaries.map { member.stash($0, month: month) }))
            )
        )
    }

    /// `GET /api/v1/stashes/{stashId}`
    func getStash(_ input: Operations.GetStash.Input) async throws -> Operations.GetStash.Output {
        let member = try member()
        let month = try member.month(input.query.month)
        guard let summary = try member.store.stashSummary(id: input.path.stashId, month: month, today: member.today)
        else { throw ApiFailure.notFound(member.t) }
        return .ok(.init(body: .json(member.stash(summary, month: month))))
    }

    /// `GET /api/v1/stashes/{stashId}/entries`
    func listStashEntries(
        _ input: Operations.ListStashEntries.Input
    ) async throws
        -> Operations.ListStashEntries.Output
    {
        let member = try member()
        let month = try member.month(input.query.month)
        let page = try member.number(input.query.page, "page", in: 1...10_000, fallback: 1)
        guard let stash = try member.store.stash(id: input.path.stashId) else { throw ApiFailure.notFound(member.t) }
        let (entries, more) = try member.store.entries(stashId: stash.id ?? 0, month: month, page: page, perPage: 50)
        return .ok(
            .init(
                body: .json(
                    .init(
                        month: month.description,
                        entries: entries.map {
                            var entry = member.transaction($0)
                            entry.stashName = stash.name
                            return entry
                        },
                        nextPage: more ? page + 1 : nil
                    )
                )
            )
        )
    }

    /// `POST /api/v1/stashes/{stashId}/entries`: the stash's "Add" form's rules, messages and save.
    func createStashEntry(
        _ input: Operations.CreateStashEntry.Input
    ) async throws
        -> Operations.CreateStashEntry.Output
    {
        let member = try member()
        guard case .json(let body) = input.body else { throw member.badParameter("body") }
        let (user, store, today) = (member.user, member.store, member.today)
        guard let stash = try store.stash(id: input.path.stashId) else { throw ApiFailure.notFound(member.t) }
        let typed = EntryInput(
            amount: member.typed(body.amount),
            date: body.date ?? today.description,
            note: body.note ?? "",
            returnTo: nil,
            account: body.accountId.map(String.init) ?? "",
            into: body.intoAccountId.map(String.init) ?? ""
        )
        let validated = EntryRules.validate(
            typed,
            kind: stash.kind,
            accounts: try store.accounts(),
            currency: user.currencyValue,
            grammar: user.format.amounts,
            today: today,
            t: member.t
        )
        let draft: EntryDraft
        switch validated {
        case .invalid(let errors):
            throw ApiFailure.invalid(errors.renamed(["account": "accountId", "into": "intoAccountId"]), member.t)
        case .valid(let valid): draft = valid
        }
        let (saved, outcome) = try await store.addEntry(draft, to: stash, today: today, now: now())
        return .created(.init(body: .json(try member.created(saved, outcome: outcome))))
    }

    /// `GET /api/v1/badges`
    func listBadges(_ input: Operations.ListBadges.Input) async throws -> Operations.ListBadges.Output {
        let member = try member()
        let page = try member.number(input.query.page, "page", in: 1...10_000, fallback: 1)
        let rank = Rank(points: try member.store.points())
        let (badges, more) = try member.store.earnedBadges(page: page, perPage: 50)
        return .ok(
            .init(
                body: .json(
                    .init(
                        rank: .init(
                            points: rank.points,
                            tier: .init(rawValue: rank.tier.rawValue) ?? .bronze,
                            level: rank.level,
                            pointsToNextLevel: rank.pointsToNextLevel
                        ),
                        badges: badges.map { member.badge($0) },
                        nextPage: more ? page + 1 : nil
                    )
                )
            )
        )
    }
}

extension StashifyAPI.Member {
    func stash(_ summary: StashSummary, month: Month) -> Components.Schemas.Stash {
        let (stash, progress) = (summary.stash, summary.progress)
        return .init(
            id: stash.id ?? 0,
            name: stash.name,
            kind: stash.kind == .save ? .save : .spend,
            categoryId: stash.categoryId,
            categoryName: summary.categoryName,
            month: month.description,
            target: money(progress.targetCents),
            total: money(progress.totalCents),
            percent: progress.percent,
            completed: progress.isCompleted,
            reward: stash.reward
        )
    }

    func badge(_ details: BadgeDetails) -> Components.Schemas.Badge {
        let badge = details.badge
        return .init(
            id: badge.id ?? 0,
            stashId: badge.stashId,
            stashName: details.stashName,
            month: badge.month,
            completedOn: badge.completedOn,
            points: badge.points,
            reward: details.reward,
            claimedAt: badge.claimedAt
        )
    }
}

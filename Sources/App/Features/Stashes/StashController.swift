import Foundation
import Hummingbird

/// Create, show, edit and delete stashes.
struct StashController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(StashPaths.new, use: new)
        group.post(StashPaths.create, use: create)
        group.get(StashPaths.stash, use: show)
        group.get(StashPaths.edit, use: edit)
        group.post(StashPaths.edit, use: update)
        group.addDeletion(StashPaths.delete, deletion)
        addEntriesRoutes(to: group)
    }

    // MARK: - Create

    /// `GET /stashes/new`
    @Sendable func new(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        return try await formPage(
            StashInput(
                kind: request.uri.queryParameters["kind"].map(String.init) ?? "save",
                category: "",
                reminder: "off"
            ),
            errors: FieldErrors(t: context.words),
            stashId: nil,
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /stashes`
    @Sendable func create(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        return try await request.submitForm(StashInput.self, context: context) { input in
            try await StashRules.validate(
                input,
                categories: try context.store.categories(),
                currency: user.currencyValue,
                grammar: context.user.format.amounts,
                t: t
            ) {
                try context.store.sameName(Stash.self, as: $0, except: nil)
            }
        } form: { input, errors, status in
            try await formPage(
                input,
                errors: errors,
                stashId: nil,
                user: user,
                request: request,
                context: context,
                status: status
            )
        } save: { _, draft in
            let now = self.now()
            var stash = Stash(
                id: nil,
                userId: context.member.id,
                name: "",
                kind: .save,
                goalCents: nil,
                reward: "",
                categoryId: nil,
                reminder: .off,
                createdAt: now,
                updatedAt: now
            )
            draft.apply(to: &stash)
            let created = try await context.store.createStash(
                stash,
                newCategory: draft.newCategory,
                targetCents: draft.targetCents,
                month: context.member.today.monthValue,
                now: now
            )
            return pages.redirect(
                to: StashPaths.show(created.id ?? 0),
                flash: .success(t["stashes.flash.created", ["name": created.name]])
            )
        }
    }

    // MARK: - Edit

    /// `GET /stashes/:id/edit`
    @Sendable func edit(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let summary = try context.namedStashSummary()
        return try await formPage(
            StashInput(
                stash: summary.stash,
                targetCents: summary.progress.targetCents,
                currency: user.currencyValue,
                format: context.user.format
            ),
            errors: FieldErrors(t: context.words),
            stashId: summary.stash.id,
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /stashes/:id/edit`: a changed target applies from this month on. A higher target that would take this
    /// month's badge away is saved only once confirmed.
    @Sendable func update(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let summary = try context.namedStashSummary()
        return try await request.submitForm(StashInput.self, context: context) { input in
            try await StashRules.validate(
                input,
                categories: try context.store.categories(),
                currency: user.currencyValue,
                grammar: context.user.format.amounts,
                t: t
            ) {
                try context.store.sameName(Stash.self, as: $0, except: summary.stash.id)
            }
        } form: { input, errors, status in
            try await formPage(
                input,
                errors: errors,
                stashId: summary.stash.id,
                user: user,
                request: request,
                context: context,
                status: status
            )
        } save: { input, draft in
            var draft = draft
            let today = context.member.today
            if input.confirmTarget == "keep" {
                draft.targetCents = summary.progress.targetCents
            } else if input.confirmTarget != String(draft.targetCents),
                let warning = try await targetWarning(
                    summary,
                    draft: draft,
                    month: today.monthValue,
                    user: user,
                    context: context
                )
            {
                return try await formPage(
                    input,
                    errors: FieldErrors(t: context.words),
                    stashId: summary.stash.id,
                    user: user,
                    request: request,
                    context: context,
                    warning: warning
                )
            }
            var stash = summary.stash
            draft.apply(to: &stash)
            stash.updatedAt = now()
            let outcome = try await context.store.updateStash(
                stash,
                newCategory: draft.newCategory,
                targetCents: draft.targetCents,
                month: today.monthValue,
                today: today,
                now: stash.updatedAt
            )
            return pages.redirect(
                to: StashPaths.show(stash.id ?? 0),
                flash: .success(t["stashes.flash.saved", ["name": stash.name]], badgeIds: outcome.newBadgeIds)
            )
        }
    }

    /// What a higher target would take away: this month's badge, when this month's entries no longer reach the new
    /// target (the only month it changes; past months keep theirs). Nil when nothing would go.
    private func targetWarning(
        _ summary: StashSummary,
        draft: StashDraft,
        month: Month,
        user: User,
        context: MemberContext
    ) async throws -> StashPages.TargetWarning? {
        let current = summary.progress
        let raised = StashProgress(
            kind: draft.kind,
            totalCents: current.totalCents,
            entryCount: current.entryCount,
            targetCents: draft.targetCents,
            monthClosed: false
        )
        guard draft.targetCents > current.targetCents, current.isCompleted, !raised.isCompleted,
            let id = summary.stash.id,
            let badge = try context.store.earnedBadge(stashId: id, month: month)
        else { return nil }
        let t = context.words
        let points =
            badge.claimedAt == nil
            ? t.plural("stashes.target_warning.points", count: badge.points)
            : t.plural("stashes.target_warning.points_claimed", count: badge.points)
        return StashPages.TargetWarning(
            text: t[
                "stashes.target_warning.text",
                [
                    "target": user.money(draft.targetCents), "month": t.month(month), "points": points,
                    "saved": user.money(current.totalCents),
                ]
            ],
            confirmValue: String(draft.targetCents)
        )
    }

    private func formPage(
        _ input: StashInput,
        errors: FieldErrors,
        stashId: Int64?,
        user: User,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok,
        warning: StashPages.TargetWarning? = nil
    ) async throws -> Response {
        let categories = try context.store.categories()
        let t = context.words
        let page = StashPages.FormPage(
            heading: stashId == nil ? t["stashes.form.new_title"] : t["stashes.form.edit_title"],
            action: stashId.map { StashPaths.edit($0) } ?? StashPaths.create,
            submitLabel: stashId == nil ? t["stashes.form.create"] : t["stashes.form.save"],
            cancelPath: stashId.map { StashPaths.show($0) } ?? HomePaths.index,
            summary: errors.summary,
            fields: StashRules.fields(input, errors: errors, categories: categories, isNew: stashId == nil, t: t),
            warning: warning
        )
        return pages.page(title: page.heading, section: .home, context: context, status: status) {
            StashPages.form(page, t: $0.t, csrf: $0.csrf)
        }
    }

    // MARK: - Show

    /// `GET /stashes/:id?month=YYYY-MM&page=N`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let month = request.uri.queryParameters["month"].flatMap { Month(String($0)) } ?? today.monthValue
        let pageNumber = request.pageNumber
        guard let id = context.parameters.get("id", as: Int64.self),
            let summary = try context.store.stashSummary(id: id, month: month, today: today)
        else { throw HTTPError(.notFound) }
        let stash = summary.stash

        let (entries, more) = try context.store.entries(stashId: id, month: month, page: pageNumber, perPage: 20)
        let results = try context.store.monthResults(stash: stash, today: today)
        var goalBar: ProgressBar?
        var goalText: String?
        if let goal = stash.goalCents {
            let total = results.reduce(Int64(0)) { $0 + $1.1.totalCents }  // every month with entries
            let progress = StashProgress(
                kind: .save,
                totalCents: total,
                entryCount: 0,
                targetCents: goal,
                monthClosed: false
            )
            let percent = t.format.percent(progress.percent)
            goalBar = ProgressBar(progress, label: t["stashes.show.goal_bar", ["percent": percent]])
            goalText =
                t[
                    "stashes.show.goal_text",
                    ["total": user.money(total), "goal": user.money(goal), "percent": percent]
                ]
        }
        var page = StashPages.ShowPage(
            card: StashCard(summary, user: user, t: t),
            month: month,
            hasNext: month < today.monthValue,
            goal: goalBar,
            goalText: goalText,
            reward: stash.reward.isEmpty ? nil : stash.reward,
            entries: entries.map { entry in
                StashPages.EntryItem(
                    id: entry.id ?? 0,
                    dateTitle: entry.day.map { t.weekdayDate($0) } ?? entry.date,
                    amount: user.money(entry.amountCents),
                    note: entry.note.isEmpty ? nil : entry.note
                )
            },
            pageNumber: pageNumber,
            hasOlder: more,
            months: results.map { (resultMonth, progress, earned) in
                StashPages.MonthRow(
                    month: resultMonth,
                    amount: t[
                        "stashes.show.month_amount",
                        ["total": user.money(progress.totalCents), "target": user.money(progress.targetCents)]
                    ],
                    percentText: t.format.percent(progress.percent),
                    result: earned
                        ? t["stashes.show.result_completed"]
                        : progress.isOverBudget
                            ? t["stashes.show.result_over_budget"]
                            : resultMonth < today.monthValue
                                ? t["stashes.show.result_not_completed"] : t["stashes.show.result_in_progress"],
                    earned: earned,
                    current: resultMonth == month
                )
            },
            kindLabel: stash.kind.stashLabel(t)
        )
        if stash.kind == .save, let payday = try context.store.payday() {
            page.everyPayday = SchedulePaths.new(into: stash, payday: payday, today: today)
        }
        return pages.page(title: stash.name, section: .home, context: context) { StashPages.show(page, t: $0.t) }
    }

    // MARK: - Delete

    /// `GET` and `POST /stashes/:id/delete`: the page says what goes with the stash before anything is deleted.
    var deletion: Deletion<Stash> {
        Deletion { _, context in
            try context.named(Stash.self)
        } confirm: { stash, _, context in
            let id = stash.id ?? 0
            let footprint = try context.store.stashFootprint(stashId: id)
            let t = context.words
            let entries = t.plural("stashes.delete.entries", count: footprint.entries)
            let badges = t.plural(
                "stashes.delete.badges",
                count: footprint.badges,
                ["points": t.format.number(footprint.badges * Rank.pointsPerBadge)]
            )
            let page = StashPages.DeletePage(
                id: id,
                name: stash.name,
                consequences: t["stashes.delete.consequences", ["entries": entries, "badges": badges]]
                    + (footprint.schedules == 0
                        ? "" : " " + t.plural("stashes.delete.schedules", count: footprint.schedules))
            )
            return pages.page(title: t["stashes.delete.page_title"], section: .home, context: context) {
                StashPages.delete(page, t: $0.t, csrf: $0.csrf)
            }
        } delete: { stash, _, context in
            try await context.store.deleteStash(id: stash.id ?? 0)
            let t = context.words
            return pages.redirect(
                to: HomePaths.index,
                flash: .success(t["stashes.flash.deleted", ["name": stash.name]])
            )
        }
    }
}

extension MemberContext {
    /// The stash named by the `:id` path parameter with its progress this month, or a 404 if it isn't the member's.
    func namedStashSummary() throws -> StashSummary {
        let today = member.today
        guard let id = parameters.get("id", as: Int64.self),
            let summary = try store.stashSummary(id: id, month: today.monthValue, today: today)
        else { throw HTTPError(.notFound) }
        return summary
    }
}

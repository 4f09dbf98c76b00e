import Foundation
import Hummingbird

/// Schedules: add, edit and delete money that repeats, and confirm or skip the occurrences waiting for a tap.
struct ScheduleController {
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let suggestions: ScheduleSuggestion.Cache

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(SchedulePaths.index, use: index)
        group.get(SchedulePaths.new, use: new)
        group.post(SchedulePaths.index, use: create)
        group.get(SchedulePaths.edit, use: edit)
        group.post(SchedulePaths.edit, use: update)
        group.addDeletion(SchedulePaths.delete, deletion)
        group.post(SchedulePaths.confirm, use: confirm)
        group.post(SchedulePaths.skip, use: skip)
        group.post(SchedulePaths.occurrences, use: planOccurrence)
        group.post(SchedulePaths.dismissSuggestion, use: dismissSuggestion)
    }

    /// `GET /schedules`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        try indexPage(context: context)
    }

    /// `GET /schedules/new`, filled in from a suggestion's query when it comes from one.
    @Sendable func new(request: Request, context: MemberContext) async throws -> Response {
        var input = ScheduleRules.blank(today: context.member.today)
        let query = request.uri.queryParameters
        func take(_ name: String) -> String? { query[Substring(name)].map { String($0.prefix(200)) } }
        input.name = take("name") ?? input.name
        input.amount = take("amount") ?? input.amount
        input.frequency = take("frequency") ?? input.frequency
        input.interval = take("interval") ?? input.interval
        input.monthDay = take("monthDay") ?? input.monthDay
        input.month = take("month") ?? input.month
        input.target = take("target") ?? input.target
        input.account = take("account") ?? input.account
        input.starts = take("starts") ?? input.starts
        input.payday = take("payday") ?? input.payday
        if let weekday = take("weekday") {
            input.weekday = weekday
            input.weekdays = [weekday]
        }
        return try await formPage(
            input,
            errors: FieldErrors(t: context.words),
            schedule: nil,
            context: context
        )
    }

    /// `POST /schedules`
    @Sendable func create(request: Request, context: MemberContext) async throws -> Response {
        try await save(request: request, context: context, schedule: nil)
    }

    /// `GET /schedules/:id/edit`
    @Sendable func edit(request: Request, context: MemberContext) async throws -> Response {
        let schedule = try context.named(Schedule.self)
        if let owner = try context.store.scheduleOwner(of: schedule.id ?? 0) {
            return pages.redirect(to: owner.editPath)
        }
        return try await formPage(
            ScheduleRules.input(schedule, user: context.user),
            errors: FieldErrors(t: context.words),
            schedule: schedule,
            context: context
        )
    }

    /// `POST /schedules/:id/edit`
    @Sendable func update(request: Request, context: MemberContext) async throws -> Response {
        let schedule = try context.named(Schedule.self)
        if let owner = try context.store.scheduleOwner(of: schedule.id ?? 0) {
            return pages.redirect(to: owner.editPath)
        }
        return try await save(request: request, context: context, schedule: schedule)
    }

    /// Deleting a schedule: what it posted stays in the ledger.
    var deletion: Deletion<Schedule> {
        Deletion { _, context in
            try context.named(Schedule.self)
        } confirm: { schedule, _, context in
            // A subscription's or an income source's schedule goes with it, from its own form.
            if let owner = try context.store.scheduleOwner(of: schedule.id ?? 0) {
                return pages.redirect(to: owner.editPath)
            }
            let t = context.words
            let page = ConfirmPage(
                title: t["budget.confirm.delete_named", ["name": schedule.name]],
                text: t["schedules.delete_text"],
                action: SchedulePaths.delete(schedule.id ?? 0),
                cancelPath: SchedulePaths.index,
                button: t["budget.form.delete"]
            )
            return pages.confirm(page, title: page.title, section: .budget, context: context)
        } delete: { schedule, _, context in
            if let owner = try context.store.scheduleOwner(of: schedule.id ?? 0) {
                return pages.redirect(to: owner.editPath)
            }
            try await context.store.deleteSchedule(schedule)
            let t = context.words
            return pages.redirect(
                to: SchedulePaths.index,
                flash: .success(t["budget.flash.deleted", ["name": schedule.name]])
            )
        }
    }

    /// `POST /occurrences/:id/confirm`: posts it with the amount typed.
    @Sendable func confirm(request: Request, context: MemberContext) async throws -> Response {
        let pending = try loadPending(context: context)
        let user = context.user
        let t = context.words
        let input = try await request.decodeForm(ConfirmInput.self, context: context)
        var errors = FieldErrors(t: t)
        guard
            let cents = errors.amount(
                input.amount,
                field: "amount",
                currency: user.currencyValue,
                grammar: user.format.amounts
            )
        else {
            return try indexPage(
                context: context,
                typed: (pending.occurrence.id ?? 0, input.amount ?? "", errors["amount"]),
                status: .unprocessableContent
            )
        }
        let outcome = try await context.store.confirmOccurrence(
            pending,
            amountCents: cents,
            today: context.member.today,
            now: now()
        )
        return pages.redirect(
            to: SchedulePaths.index,
            flash: .success(
                t["schedules.flash.confirmed", ["name": pending.name, "amount": user.money(cents)]],
                badgeIds: outcome.newBadgeIds
            )
        )
    }

    /// `POST /schedules/suggestions/dismiss`: "Not recurring", kept for good.
    @Sendable func dismissSuggestion(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(DismissInput.self, context: context)
        let key = ScheduleSuggestion.key(input.key ?? "")
        guard !key.isEmpty else { throw HTTPError(.badRequest) }
        try await context.store.dismissSuggestion(key: key, now: now())
        let t = context.words
        return pages.redirect(to: SchedulePaths.index, flash: .success(t["schedules.flash.not_recurring"]))
    }

    /// `POST /occurrences/:id/skip`: nothing is posted for it.
    @Sendable func skip(request: Request, context: MemberContext) async throws -> Response {
        let pending = try loadPending(context: context)
        try await context.store.skipOccurrence(pending, now: now())
        let t = context.words
        return pages.redirect(
            to: SchedulePaths.index,
            flash: .success(t["schedules.flash.skipped", ["name": pending.name, "date": t.date(pending.day)]])
        )
    }

    // MARK: - Helpers

    private func save(request: Request, context: MemberContext, schedule: Schedule?) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let choices = try choices(context: context)
        return try await request.submitForm(ScheduleInput.self, context: context) { input in
            ScheduleRules.validate(
                input,
                choices: choices,
                currency: user.currencyValue,
                grammar: user.format.amounts,
                today: today,
                editingFrom: schedule?.start,
                t: t
            )
        } form: { input, errors, status in
            try await formPage(
                input,
                errors: errors,
                schedule: schedule,
                context: context,
                choices: choices,
                status: status
            )
        } save: { _, draft in
            let now = self.now()
            var saved =
                schedule
                ?? Schedule(
                    id: nil,
                    userId: context.member.id,
                    name: "",
                    rule: "",
                    startsOn: "",
                    weekend: .keep,
                    kind: .expense,
                    categoryId: nil,
                    accountId: nil,
                    stashId: nil,
                    amountCents: 0,
                    maxCents: nil,
                    note: "",
                    posting: .confirm,
                    nextOn: nil,
                    createdAt: now,
                    updatedAt: now
                )
            draft.apply(to: &saved)
            let outcome =
                if let schedule, let from = draft.from {
                    try await context.store.splitSchedule(schedule, edited: saved, from: from, today: today, now: now).1
                } else {
                    try await context.store.saveSchedule(saved, today: today, now: now).1
                }
            let message =
                schedule == nil
                ? t["budget.flash.added", ["name": draft.name]] : t["budget.flash.saved", ["name": draft.name]]
            return pages.redirect(
                to: SchedulePaths.index,
                flash: .success(message, badgeIds: outcome.newBadgeIds)
            )
        }
    }

    private func choices(context: MemberContext) throws -> ScheduleChoices {
        ScheduleChoices(
            categories: try context.store.categories(),
            stashes: try context.store.stashesByName(),
            accounts: try context.store.accounts(),
            paydays: try context.store.paydays()
        )
    }

    /// The form; an existing schedule's page lists its coming days below it, `typed` keeping a refused change of
    /// one of them with its error.
    private func formPage(
        _ input: ScheduleInput,
        errors: FieldErrors,
        schedule: Schedule?,
        context: MemberContext,
        choices loaded: ScheduleChoices? = nil,
        typed: (day: String, input: OccurrenceInput, error: String)? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let t = context.words
        let user = context.user
        let choices = try loaded ?? self.choices(context: context)
        let heading = schedule == nil ? t["schedules.form.add_heading"] : t["schedules.form.edit_heading"]
        let form = BudgetPages.SimpleFormPage(
            heading: heading,
            action: schedule.map { SchedulePaths.edit($0.id ?? 0) } ?? SchedulePaths.index,
            summary: errors.summary,
            fields: ScheduleRules.fields(input, errors: errors, choices: choices, editing: schedule != nil, t: t),
            deletePath: schedule.map { SchedulePaths.delete($0.id ?? 0) },
            cancelPath: SchedulePaths.index
        )
        let upcoming = try schedule.map { schedule in
            try context.store.upcomingOccurrences(of: schedule, limit: 6).map { next in
                let day = next.dueOn.description
                let kept = typed?.day == day ? typed : nil
                let state: String? =
                    switch next.state {
                    case .skipped: t["schedules.upcoming.skipped"]
                    case .planned where next.postOn != schedule.weekend.apply(to: next.dueOn):
                        t["schedules.upcoming.moved", ["date": t.date(next.dueOn)]]
                    case .planned: t["schedules.upcoming.changed"]
                    default: nil
                    }
                return SchedulePages.UpcomingRow(
                    day: day,
                    date: t.date(next.postOn),
                    dateValue: kept?.input.date ?? next.postOn.description,
                    amount: kept?.input.amount ?? user.amountValue(next.amountCents ?? schedule.typicalCents),
                    state: state,
                    canRestore: next.state != nil,
                    error: kept?.error
                )
            }
        }
        let page = SchedulePages.FormPage(form: form, scheduleId: schedule?.id, upcoming: upcoming ?? [])
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            SchedulePages.form(page, csrf: shell.csrf, t: t)
        }
    }

    /// The list; `typed` keeps a refused confirmation's amount and error on its row.
    private func indexPage(
        context: MemberContext,
        typed: (id: Int64, amount: String, error: String?)? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let user = context.user
        let t = context.words
        let pending = try context.store.pendingOccurrences()
        let schedules = try context.store.schedules()
        let owners = try context.store.scheduleOwners()
        let paydays = Dictionary(try context.store.paydays().map { ($0.sourceId, $0.name) }) { first, _ in first }
        let page = SchedulePages.IndexPage(
            pending: pending.map { row in
                let id = row.occurrence.id ?? 0
                return SchedulePages.PendingRow(
                    id: id,
                    name: row.name,
                    date: t.date(row.day),
                    amount: typed?.id == id ? typed?.amount ?? "" : user.amountValue(row.amountCents),
                    error: typed?.id == id ? typed?.error : nil
                )
            },
            schedules: schedules.map { schedule in
                let amount =
                    schedule.maxCents.map {
                        t["schedules.range", ["least": user.money(schedule.amountCents), "most": user.money($0)]]
                    } ?? user.money(schedule.amountCents)
                let posting = ScheduleRules.postingLabel(schedule.posting, t: t)
                let next = schedule.nextOn.flatMap(CalendarDay.init).map { schedule.weekend.apply(to: $0) }
                let owner = owners[schedule.id ?? 0]
                return SchedulePages.ScheduleRow(
                    id: schedule.id ?? 0,
                    name: schedule.name,
                    amount: amount,
                    rule: schedule.paydayOf.flatMap { paydays[$0] }.map {
                        t["schedules.on_paydays", ["rule": ScheduleRules.words(schedule, t: t), "name": $0]]
                    } ?? ScheduleRules.words(schedule, t: t),
                    detail: next.map { t["schedules.next", ["date": t.date($0), "posting": posting]] }
                        ?? t["schedules.ended"],
                    editPath: owner?.editPath ?? SchedulePaths.edit(schedule.id ?? 0),
                    keptBy: owner.map {
                        switch $0 {
                        case .subscription: t["schedules.kept_by.subscription"]
                        case .income: t["schedules.kept_by.income"]
                        }
                    }
                )
            },
            emptyState: .schedules(t),
            suggestions: try context.store.scheduleSuggestions(today: context.member.today, cache: suggestions).prefix(
                5
            ).map { item in
                SchedulePages.Suggestion(
                    key: item.key,
                    text: t[
                        "schedules.suggestions.line",
                        [
                            "name": item.name,
                            "rhythm": ScheduleRules.rhythm(item.frequency, interval: item.interval, t: t),
                        ]
                    ],
                    addPath: SchedulePaths.new(item, amount: user.amountValue(item.amountCents))
                )
            }
        )
        return pages.page(title: t["schedules.title"], section: .budget, context: context, status: status) { shell in
            SchedulePages.index(page, csrf: shell.csrf, t: t)
        }
    }

    /// `POST /schedules/:id/occurrences`: changes, skips or restores one coming day, leaving the rest as it is.
    @Sendable func planOccurrence(request: Request, context: MemberContext) async throws -> Response {
        let schedule = try context.named(Schedule.self)
        let user = context.user
        let t = context.words
        let today = context.member.today
        let input = try await request.decodeForm(OccurrenceInput.self, context: context)
        guard let day = CalendarDay(input.day ?? "") else { throw HTTPError(.notFound) }
        var errors = FieldErrors(t: t)
        let plan: OccurrencePlan
        switch input.action {
        case "skip": plan = .skip
        case "restore": plan = .restore
        default:
            let date = errors.date(input.date, field: "date", today: today, window: .planning)
            let cents = errors.amount(
                input.amount,
                field: "amount",
                currency: user.currencyValue,
                grammar: user.format.amounts
            )
            if let date, date < today { errors.add("date", t["schedules.errors.moved_past"]) }
            guard let date, let cents, errors.isEmpty else {
                return try await formPage(
                    ScheduleRules.input(schedule, user: user),
                    errors: FieldErrors(t: t),
                    schedule: schedule,
                    context: context,
                    typed: (day.description, input, errors["date"] ?? errors["amount"] ?? ""),
                    status: .unprocessableContent
                )
            }
            plan = .change(postOn: date, amountCents: cents == schedule.typicalCents ? nil : cents)
        }
        guard try await context.store.planOccurrence(schedule, day: day, plan: plan, today: today, now: now())
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: SchedulePaths.edit(schedule.id ?? 0),
            flash: .success(t["schedules.flash.planned", ["date": t.date(day)]])
        )
    }

    private func loadPending(context: MemberContext) throws -> PendingOccurrence {
        guard let id = context.parameters.get("id", as: Int64.self),
            let pending = try context.store.pendingOccurrence(id: id)
        else { throw HTTPError(.notFound) }
        return pending
    }
}

/// "Not recurring": the suggestion's description.
struct DismissInput: Decodable, Sendable {
    var key: String?
}

/// The "To confirm" form: the amount as typed.
struct ConfirmInput: Decodable, Sendable {
    var amount: String?
}

extension PendingOccurrence {
    /// The day it posts on.
    var day: CalendarDay { CalendarDay(occurrence.postOn) ?? CalendarDay(year: 1970, month: 1, day: 1)! }
}

import Foundation
import Hummingbird

/// Add, edit, delete and restore stash entries.
extension StashController {
    func addEntriesRoutes(to group: RouterGroup<MemberContext>) {
        group.get(StashPaths.newEntry, use: newEntry)
        group.get(StashPaths.quickAdd, use: quickAdd)
        group.post(StashPaths.entries, use: createEntry)
        group.get(StashPaths.editEntry, use: editEntry)
        group.post(StashPaths.editEntry, use: updateEntry)
        group.post(StashPaths.deleteEntry, use: deleteEntry)
        group.post(StashPaths.restore, use: restoreEntry)
    }

    /// `GET /stashes/:id/entries/new`
    @Sendable func newEntry(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let summary = try context.namedStashSummary()
        // A new entry leaves (and goes into) the accounts the stash's last entry named. A quick-add link fills in
        // the amount and note as typed; nothing is saved until the form is sent.
        let latest = try context.store.latestEntry(stashId: summary.stash.id ?? 0)
        let query = request.uri.queryParameters
        return try entryFormPage(
            EntryInput(
                amount: query["amount"].map { String($0.prefix(40)) },
                note: query["note"].map { String($0.prefix(200)) },
                account: latest?.transaction.accountId.map(String.init),
                into: latest?.pairAccountId.map(String.init)
            ),
            errors: FieldErrors(t: context.words),
            summary: summary,
            entry: nil,
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /stashes/:id/entries`: saves the entry; a completed stash gets the "Receive badge" dialog next.
    @Sendable func createEntry(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let summary = try context.namedStashSummary()
        let today = context.member.today
        let accounts = try context.store.accounts()
        return try await request.submitForm(EntryInput.self, context: context) { input in
            EntryRules.validate(
                input,
                kind: summary.stash.kind,
                accounts: accounts,
                currency: user.currencyValue,
                grammar: context.user.format.amounts,
                today: today,
                t: t
            )
        } form: { input, errors, status in
            try entryFormPage(
                input,
                errors: errors,
                summary: summary,
                entry: nil,
                user: user,
                request: request,
                context: context,
                status: status
            )
        } save: { input, draft in
            let stash = summary.stash
            let (saved, outcome) = try await context.store.addEntry(draft, to: stash, today: today, now: self.now())
            // A quick-add amount posts money with one tap: "Undo" takes it out again (and offers to put it back).
            return pages.redirect(
                to: entryReturnPath(input.returnTo) ?? StashPaths.show(stash.id ?? 0, month: draft.day.monthValue),
                flash: .undoable(
                    stash.kind == .save
                        ? t["stashes.flash.entry_saved_in", ["amount": user.money(draft.cents), "name": stash.name]]
                        : t["stashes.flash.entry_spent_in", ["amount": user.money(draft.cents), "name": stash.name]],
                    undoPath: StashPaths.deleteEntry(saved.id ?? 0),
                    badgeIds: outcome.newBadgeIds
                )
            )
        }
    }

    /// `GET /entries/:id/edit`
    @Sendable func editEntry(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let (row, summary) = try await loadEntry(request: request, context: context, user: user)
        let entry = row.transaction
        // A split's part is edited with the whole split.
        if let head = entry.splitId {
            return pages.redirect(
                to: Paths.path(
                    BudgetPaths.editTransaction(head),
                    returningTo: request.uri.queryParameters["return"].map(String.init)
                )
            )
        }
        let input = EntryInput(
            amount: user.amountValue(entry.amountCents),
            date: entry.date,
            note: entry.note,
            returnTo: request.uri.queryParameters["return"].map(String.init),
            account: entry.accountId.map(String.init) ?? "",
            into: row.pairAccountId.map(String.init) ?? ""
        )
        return try entryFormPage(
            input,
            errors: FieldErrors(t: context.words),
            summary: summary,
            entry: entry,
            locked: row.isLocked,
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /entries/:id/edit`
    @Sendable func updateEntry(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let (row, summary) = try await loadEntry(request: request, context: context, user: user)
        let old = row.transaction
        guard old.splitId == nil else { throw HTTPError(.notFound) }
        let today = context.member.today
        let accounts = try context.store.accounts()
        return try await request.submitForm(EntryInput.self, context: context) { input in
            LockedRow.check(
                EntryRules.validate(
                    input,
                    kind: summary.stash.kind,
                    accounts: accounts,
                    currency: user.currencyValue,
                    grammar: context.user.format.amounts,
                    today: today,
                    t: t
                ),
                locked: row.isLocked,
                unlock: input.unlock,
                t: t
            )
        } form: { input, errors, status in
            try entryFormPage(
                input,
                errors: errors,
                summary: summary,
                entry: old,
                locked: row.isLocked,
                user: user,
                request: request,
                context: context,
                status: status
            )
        } save: { input, draft in
            var entry = old
            draft.apply(to: &entry)
            let now = self.now()
            entry.updatedAt = now
            let outcome = try await context.store.updateEntry(
                entry,
                was: old,
                stash: summary.stash,
                into: summary.stash.kind == .save ? draft.intoAccountId : nil,
                today: today,
                now: now
            )
            return pages.redirect(
                to: entryReturnPath(input.returnTo)
                    ?? StashPaths.show(summary.stash.id ?? 0, month: draft.day.monthValue),
                flash: .success(t["stashes.flash.entry_updated"], badgeIds: outcome.newBadgeIds)
            )
        }
    }

    /// `POST /entries/:id/delete`: removes the entry and offers "Undo".
    @Sendable func deleteEntry(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let (row, summary) = try await loadEntry(request: request, context: context, user: user)
        let entry = row.transaction
        guard entry.splitId == nil else { throw HTTPError(.notFound) }
        let input = try await request.decodeForm(EntryInput.self, context: context)
        if row.isLocked, input.unlock != "yes" {
            let returnTo = entryReturnPath(input.returnTo)
            let page = LockedRow.deletion(
                action: request.uri.path,
                returnTo: returnTo,
                cancelPath: Paths.path(StashPaths.editEntry(entry.id ?? 0), returningTo: returnTo),
                t: t
            )
            return pages.confirm(page, title: page.title, section: .home, context: context)
        }
        let now = self.now()
        let trashId = try await context.store.deleteEntry(
            entry,
            stash: summary.stash,
            today: context.member.today,
            now: now
        )
        return pages.redirect(
            to: entryReturnPath(input.returnTo) ?? StashPaths.show(summary.stash.id ?? 0, month: entry.day?.monthValue),
            flash: .undoable(
                t[
                    "stashes.flash.entry_deleted",
                    ["amount": user.money(entry.amountCents), "name": summary.stash.name]
                ],
                undoPath: StashPaths.restore(trashId)
            )
        )
    }

    /// `POST /trash/:id/restore`: puts a deleted entry back exactly as it was.
    @Sendable func restoreEntry(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let trashId = context.parameters.get("id", as: Int64.self),
            let (entry, outcome) = try await context.store.restoreEntry(
                trashId: trashId,
                today: context.member.today,
                now: now()
            )
        else { throw HTTPError(.notFound, message: t["stashes.flash.nothing_to_undo"]) }
        guard let stashId = entry.stashId, entry.splitId == nil else {
            return pages.redirect(
                to: BudgetPaths.transactions,
                flash: .success(t["stashes.flash.transaction_restored"], badgeIds: outcome.newBadgeIds)
            )
        }
        return pages.redirect(
            to: StashPaths.show(stashId, month: entry.day?.monthValue),
            flash: .success(t["stashes.flash.entry_restored"], badgeIds: outcome.newBadgeIds)
        )
    }

    // MARK: - Helpers

    private func entryFormPage(
        _ input: EntryInput,
        errors: FieldErrors,
        summary: StashSummary,
        entry: LedgerEntry?,
        locked: Bool = false,
        user: User,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let stash = summary.stash
        let id = stash.id ?? 0
        let today = context.member.today
        let t = context.words
        let returnTo = entryReturnPath(input.returnTo ?? request.uri.queryParameters["return"].map(String.init))
        let page = StashPages.EntryFormPage(
            heading: entry == nil
                ? (stash.kind == .save ? t["stashes.entry_form.add_savings"] : t["stashes.entry_form.add_spending"])
                : t["stashes.entry_form.edit_title"],
            stashName: stash.name,
            action: entry.map { StashPaths.editEntry($0.id ?? 0) } ?? StashPaths.entries(id),
            submitLabel: entry == nil ? t["stashes.entry_form.save_new"] : t["stashes.entry_form.save"],
            cancelPath: returnTo ?? StashPaths.show(id),
            summary: errors.summary,
            fields: EntryRules.fields(
                input,
                errors: errors,
                today: today,
                kind: stash.kind,
                accounts: try context.store.accounts(),
                t: t
            ) + (locked ? [LockedRow.field(input.unlock, errors: errors, t: t)] : []),
            card: StashCard(summary, user: user, t: t),
            totalCents: summary.progress.totalCents,
            targetCents: summary.progress.targetCents,
            oldAmountCents: entry?.month == today.monthValue.description ? entry?.amountCents ?? 0 : 0,
            minorUnits: user.currencyValue.minorUnits,
            currency: user.currency,
            locale: user.format.region.identifier,
            decimalSeparator: String(user.format.amounts.decimalSeparator),
            groupingSeparator: String(user.format.amounts.groupingSeparator),
            isSpend: stash.kind == .spend,
            entryId: entry.map { $0.id ?? 0 },
            returnTo: returnTo
        )
        return pages.page(title: page.heading, section: .home, context: context, status: status) {
            StashPages.entryForm(page, t: $0.t, csrf: $0.csrf)
        }
    }

    /// Only local paths are followed after saving.
    private func entryReturnPath(_ path: String?) -> String? {
        path.flatMap(Paths.safeReturnPath)
    }

    private func loadEntry(
        request: Request,
        context: MemberContext,
        user: User
    ) async throws -> (LedgerRow, StashSummary) {
        let today = context.member.today
        guard let id = context.parameters.get("id", as: Int64.self),
            let row = try context.store.ledgerRow(id: id),
            let stashId = row.transaction.stashId,
            let summary = try context.store.stashSummary(id: stashId, month: today.monthValue, today: today)
        else { throw HTTPError(.notFound) }
        return (row, summary)
    }
}

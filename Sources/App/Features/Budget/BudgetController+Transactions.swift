import Foundation
import Hummingbird

/// The ledger as a list (search, filters, keyset pages) and the add / edit / delete transaction flow.
extension BudgetController {
    static let transactionsPerPage = 50

    func addTransactionsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.transactions, use: transactions)
        group.get(BudgetPaths.newTransaction, use: newTransaction)
        group.post(BudgetPaths.transactions, use: createTransaction)
        group.get(BudgetPaths.editTransaction, use: editTransaction)
        group.post(BudgetPaths.editTransaction, use: updateTransaction)
        group.post(BudgetPaths.deleteTransaction, use: deleteTransaction)
        group.post(BudgetPaths.bulkTransactions, use: bulkTransactions)
        group.post(BudgetPaths.undoBulk, use: undoBulk)
    }

    // MARK: - List

    /// `GET /transactions?q=&kind=&category=&account=&month=&from=&to=&min=&max=&cleared=&sort=&page=`, or a keyset
    /// page of the newest-first list with `before=date,id` / `after=date,id`.
    @Sendable func transactions(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let params = request.uri.queryParameters
        let text = request.uri.searchText
        var query = TransactionsQuery(text: text)
        query.filter.text = text.isEmpty ? nil : String(text.prefix(100))
        query.filter.amountsCents = Money.searchAmounts(
            text,
            currency: user.currencyValue,
            grammar: context.user.format.amounts
        )
        query.filter.kind = params["kind"].flatMap { LedgerEntry.Kind(rawValue: String($0)) }
        query.filter.categoryId = params["category"].flatMap { Int64(String($0)) }
        query.filter.accountId = params["account"].flatMap { Int64(String($0)) }
        query.filter.month = params["month"].flatMap { Month(String($0)) }
        query.filter.from = params["from"].flatMap { CalendarDay(String($0)) }
        query.filter.to = params["to"].flatMap { CalendarDay(String($0)) }
        query.filter.clearing = params["cleared"].flatMap { LedgerFilter.ClearingFilter(rawValue: String($0)) }
        for (name, keyPath) in [("payee", \LedgerFilter.payee), ("tag", \LedgerFilter.tag)] {
            let typed = (params[Substring(name)].map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
            query.filter[keyPath: keyPath] = typed.isEmpty ? nil : String(typed.prefix(100))
        }
        query.sort = params["sort"].flatMap { LedgerSort(rawValue: String($0)) } ?? .newest
        // Amounts typed the member's way; one that can't be read says so beside its field and filters nothing.
        var errors = FieldErrors(t: t)
        for (name, keyPath) in [("min", \LedgerFilter.minCents), ("max", \LedgerFilter.maxCents)] {
            let typed = params[Substring(name)].map(String.init) ?? ""
            query.typed[name] = typed
            query.filter[keyPath: keyPath] = errors.amount(
                typed,
                field: name,
                currency: user.currencyValue,
                grammar: user.format.amounts,
                required: false,
                rule: .zeroOrMore
            )
        }
        let before = params["before"].flatMap { LedgerCursor(String($0)) }
        let after = before == nil ? params["after"].flatMap { LedgerCursor(String($0)) } : nil

        let categories = try context.store.categories()
        let accounts = try context.store.accounts()
        let used = try context.store.recentPayeesAndTags()
        let summary = try context.store.ledgerSummary(filter: query.filter)
        let base = query.path
        let joiner = base.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        let rows: [LedgerRow]
        var pager = TransactionPages.Pager()
        if before != nil || after != nil {
            // A keyset page (links from a day's list): newer and older, and back to the first.
            let (page, more) = try context.store.ledgerPage(
                filter: query.filter,
                before: before,
                after: after,
                limit: Self.transactionsPerPage
            )
            rows = page
            pager.older = rows.last.flatMap { last -> String? in
                after != nil || more
                    ? base + joiner + "before="
                        + LedgerCursor(date: last.transaction.date, id: last.transaction.id ?? 0).description : nil
            }
            pager.newer = rows.first.flatMap { first -> String? in
                before != nil || (after != nil && more)
                    ? base + joiner + "after="
                        + LedgerCursor(date: first.transaction.date, id: first.transaction.id ?? 0).description : nil
            }
            pager.first = base
        } else {
            let pages = max(1, (summary.count + Self.transactionsPerPage - 1) / Self.transactionsPerPage)
            let current = min(pages, max(1, params["page"].flatMap { Int(String($0)) } ?? 1))
            rows = try context.store.ledgerPage(
                filter: query.filter,
                sort: query.sort,
                page: current,
                limit: Self.transactionsPerPage
            )
            pager = TransactionPages.Pager.numbered(current: current, of: pages) { page in
                page == 1 ? base : base + joiner + "page=\(page)"
            }
        }
        let today = context.member.today
        let kindLabels: [(String, String)] = [
            ("", t["budget.transactions.all_kinds"]), ("income", t["budget.kinds.income"]),
            ("expense", t["budget.tabs.expenses"]), ("saving", t["budget.kinds.savings"]),
            ("transfer", t["budget.transfers.title"]),
        ]
        let clearingLabels: [(String, String)] = [
            ("", t["budget.transactions.cleared.any"]), ("open", t["budget.transactions.cleared.open"]),
            ("cleared", t["budget.transactions.cleared.cleared"]),
            ("reconciled", t["budget.transactions.cleared.reconciled"]),
        ]
        let sortLabels: [(LedgerSort, String)] = [
            (.newest, t["budget.transactions.sort.newest"]), (.oldest, t["budget.transactions.sort.oldest"]),
            (.largest, t["budget.transactions.sort.largest"]), (.smallest, t["budget.transactions.sort.smallest"]),
        ]
        var days = LedgerDay.group(rows, user: user, today: today, returnTo: request.uri.description, t: t)
        if query.sort == .largest || query.sort == .smallest {
            // By amount, days come in any order: one list, each row saying its day.
            let items = zip(rows, days.flatMap(\.items)).map { row, item in
                item.dated(LedgerItem.dayTitle(row.transaction.day, today: today, t: t))
            }
            days =
                items.isEmpty ? [] : [LedgerDay(title: sortLabels.first { $0.0 == query.sort }?.1 ?? "", items: items)]
        }
        let page = TransactionPages.IndexPage(
            query: text,
            month: query.filter.month?.description ?? "",
            payee: query.filter.payee ?? "",
            tag: query.filter.tag ?? "",
            payees: used.payees,
            tags: used.tags,
            from: query.filter.from?.description ?? "",
            to: query.filter.to?.description ?? "",
            min: query.typed["min"] ?? "",
            max: query.typed["max"] ?? "",
            minError: errors["min"],
            maxError: errors["max"],
            kinds: kindLabels.map {
                Choice(value: $0.0, label: $0.1, checked: $0.0 == (query.filter.kind?.rawValue ?? ""))
            },
            categories: [
                Choice(
                    value: "",
                    label: t["budget.transactions.all_categories"],
                    checked: query.filter.categoryId == nil
                )
            ]
                + categories.map {
                    Choice(
                        value: String($0.id ?? 0),
                        label: "\($0.kind.label(t)) · \($0.name)",
                        checked: $0.id == query.filter.categoryId
                    )
                },
            accounts: accounts.isEmpty
                ? []
                : [
                    Choice(
                        value: "",
                        label: t["budget.transactions.all_accounts"],
                        checked: query.filter.accountId == nil
                    )
                ]
                    + accounts.map {
                        Choice(value: String($0.id ?? 0), label: $0.name, checked: $0.id == query.filter.accountId)
                    },
            clearing: clearingLabels.map {
                Choice(value: $0.0, label: $0.1, checked: $0.0 == (query.filter.clearing?.rawValue ?? ""))
            },
            sorts: sortLabels.map { Choice(value: $0.0.rawValue, label: $0.1, checked: $0.0 == query.sort) },
            summary: t.plural(
                "budget.transactions.summary",
                count: summary.count,
                ["total": user.money(summary.totalCents)]
            ),
            days: days,
            filtered: query.filter != LedgerFilter() || query.sort != .newest,
            bulkCategories: [Choice(value: "", label: t["budget.bulk.choose_category"], checked: true)]
                + categories.filter { !$0.isHidden }.map {
                    Choice(
                        value: String($0.id ?? 0),
                        label: $0.name,
                        checked: false,
                        group: $0.kind.label(t)
                    )
                },
            returnTo: request.uri.description,
            moreOpen: query.filter.accountId != nil || query.filter.from != nil || query.filter.to != nil
                || query.filter.payee != nil || query.filter.tag != nil
                || !(query.typed["min"] ?? "").isEmpty || !(query.typed["max"] ?? "").isEmpty
                || query.filter.clearing != nil || query.sort != .newest,
            pager: pager
        )
        var shown = page
        // The first page of the whole list shows what the schedules bring in the next 30 days.
        if !page.filtered, params["page"] == nil, params["before"] == nil, params["after"] == nil {
            let today = context.member.today
            shown.upcoming = try context.store.coming(from: today, through: today.adding(days: 30)).map { item in
                TransactionPages.Upcoming(
                    date: t.date(item.day),
                    name: item.name,
                    amount: item.signedAmount(user),
                    amountClass: item.kind == .income
                        ? "amount--income" : item.kind == .saving ? "amount--saving" : "amount--expense",
                    detail: ScheduleRules.postingLabel(item.posting, t: t),
                    href: SchedulePaths.edit(item.scheduleId)
                )
            }
        }
        return pages.page(title: t["budget.links.transactions"], section: .budget, context: context) { shell in
            TransactionPages.index(shown, csrf: shell.csrf, t: t)
        }
    }

    // MARK: - Many at once

    /// `POST /transactions/bulk`: the ticked rows moved to a category, marked cleared or not, or deleted, with Undo.
    @Sendable func bulkTransactions(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let input = try await request.decodeForm(BulkInput.self, context: context)
        let back = Self.transactionReturnPath(input.returnTo) ?? BudgetPaths.transactions
        let ids = (input.ids ?? []).compactMap { Int64($0) }
        guard !ids.isEmpty else { return pages.redirect(to: back, flash: .error(t["budget.bulk.none_selected"])) }
        let now = self.now()
        let outcome: MemberStore.BulkOutcome
        let message: String
        do {
            switch input.action {
            case "category":
                guard
                    let category = try context.store.categories().first(where: { String($0.id ?? 0) == input.category })
                else { return pages.redirect(to: back, flash: .error(t["budget.bulk.no_category"])) }
                outcome = try await context.store.bulkRecategorise(ids: ids, category: category, now: now)
                message = t.plural("budget.bulk.moved", count: outcome.changed, ["name": category.name])
            case "tag":
                var errors = FieldErrors(t: t)
                let tags = TagRules.parse(input.tag, field: "tag", errors: &errors, t: t)
                guard let tag = tags.first, tags.count == 1, errors.isEmpty else {
                    return pages.redirect(to: back, flash: .error(errors["tag"] ?? t["budget.bulk.no_tag"]))
                }
                outcome = try await context.store.bulkTag(ids: ids, tag: tag, now: now)
                message = t.plural("budget.bulk.tagged", count: outcome.changed, ["tag": tag])
            case "cleared", "open":
                let cleared = input.action == "cleared"
                outcome = try await context.store.bulkSetCleared(ids: ids, cleared: cleared, now: now)
                message =
                    if cleared {
                        t.plural("budget.bulk.marked_cleared", count: outcome.changed)
                    } else {
                        t.plural("budget.bulk.marked_open", count: outcome.changed)
                    }
            case "delete":
                outcome = try await context.store.bulkDelete(ids: ids, today: context.member.today, now: now)
                message = t.plural("budget.bulk.deleted", count: outcome.changed)
            default:
                return pages.redirect(to: back, flash: .error(t["budget.bulk.no_action"]))
            }
        } catch is NotTheMembersRecord {
            throw HTTPError(.notFound)
        }
        let text =
            outcome.skipped == 0 ? message : message + " " + t.plural("budget.bulk.skipped", count: outcome.skipped)
        return pages.redirect(
            to: back,
            flash: outcome.trashId.map { .undoable(text, undoPath: BudgetPaths.undoBulk($0)) } ?? .success(text)
        )
    }

    /// `POST /transactions/bulk/:id/undo`
    @Sendable func undoBulk(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let count = try await context.store.undoBulk(trashId: id, today: context.member.today, now: now())
        else { throw HTTPError(.notFound, message: t["stashes.flash.nothing_to_undo"]) }
        return pages.redirect(
            to: BudgetPaths.transactions,
            flash: .success(t.plural("budget.bulk.undone", count: count))
        )
    }

    // MARK: - Add / edit

    /// `GET /transactions/new?kind=needs|wants|savings|income`
    @Sendable func newTransaction(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let params = request.uri.queryParameters
        var input = TransactionInput()
        // Without a kind asked for, the form starts at the newest transaction's kind and category.
        input.kind = params["kind"].flatMap { Category.Kind(rawValue: String($0))?.rawValue }
        input.returnTo = params["return"].map(String.init)
        if let date = params["date"].flatMap({ CalendarDay(String($0)) }) { input.date = date.description }
        return try await transactionFormPage(
            input,
            errors: FieldErrors(t: context.words),
            existing: nil,
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /transactions`
    @Sendable func createTransaction(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let choices = try await context.store.transactionChoices()
        let posted = try await request.decodeForm(TransactionInput.self, context: context)
        // "Add a part" posts the form back for one more part row; nothing is saved.
        if posted.addPart != nil {
            return try await transactionFormPage(
                posted.withOneMorePart,
                errors: FieldErrors(t: context.words),
                existing: nil,
                user: user,
                request: request,
                context: context,
                choices: choices
            )
        }
        return try await Request.submit(posted) { input in
            TransactionRules.validate(
                input,
                t: context.words,
                choices: choices,
                currency: user.currencyValue,
                grammar: context.user.format.amounts,
                today: today,
                money: { user.money($0) }
            )
        } form: { input, errors, status in
            try await transactionFormPage(
                input,
                errors: errors,
                existing: nil,
                user: user,
                request: request,
                context: context,
                choices: choices,
                status: status
            )
        } save: { input, draft in
            let outcome: MemberStore.Outcome
            do {
                outcome = try await context.store.addTransaction(draft, today: today, now: self.now()).1
            } catch {
                return try await transactionFormPage(
                    input,
                    errors: FieldErrors(t: context.words),
                    existing: nil,
                    user: user,
                    request: request,
                    context: context,
                    choices: choices,
                    status: .internalServerError,
                    saveFailed: true
                )
            }
            let t = context.words
            let values: KeyValuePairs<String, String> = [
                "amount": user.money(draft.cents), "name": draft.category.name,
            ]
            let message =
                switch draft.category.kind {
                case .income: t["budget.transaction_form.added_income", values]
                case .savings: t["budget.transaction_form.added_saving", values]
                case .needs, .wants: t["budget.transaction_form.added_expense", values]
                }
            return pages.redirect(
                to: Self.transactionReturnPath(input.returnTo)
                    ?? Self.transactionLanding(kind: draft.category.kind, day: draft.day, today: today),
                flash: .success(
                    message,
                    badgeIds: outcome.newBadgeIds
                )
            )
        }
    }

    /// `GET /transactions/:id/edit` (a stash entry is edited on its entry page).
    @Sendable func editTransaction(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let row = try await loadTransaction(context: context)
        let transaction = row.transaction
        let returnTo = request.uri.queryParameters["return"].map(String.init)
        switch transaction.kind {
        case .transfer:
            return pages.redirect(to: Paths.path(BudgetPaths.editTransfer(row.formId), returningTo: returnTo))
        case .transferIn:
            return pages.redirect(
                to: BudgetPaths.editLedgerEntry(row.formId, inStash: row.formInStash, returnTo: returnTo)
            )
        case .income, .expense, .saving: break
        }
        // A split's part (which may go to a stash) is edited with the whole split.
        if let head = transaction.splitId, head != transaction.id {
            return pages.redirect(
                to: BudgetPaths.editLedgerEntry(head, inStash: false, returnTo: returnTo)
            )
        }
        if transaction.stashId != nil, transaction.splitId == nil {
            return pages.redirect(to: StashPaths.editEntry(transaction.id ?? 0))
        }
        let parts = transaction.splitId == nil ? [] : try context.store.splitParts(of: transaction.id ?? 0)
        let kind =
            row.categoryKind
            ?? (transaction.kind == .income ? .income : transaction.kind == .saving ? .savings : .wants)
        var input = TransactionInput(
            amount: user.amountValue(parts.isEmpty ? transaction.amountCents : parts.reduce(0) { $0 + $1.amountCents }),
            kind: kind.rawValue,
            category: transaction.categoryId.map(String.init),
            note: transaction.note,
            date: transaction.date,
            account: transaction.accountId.map(String.init) ?? "",
            stash: nil,
            returnTo: returnTo,
            into: row.pairAccountId.map(String.init) ?? "",
            payee: transaction.payee,
            tags: transaction.tagList.joined(separator: ", ")
        )
        if !parts.isEmpty {
            input.partCategory = parts.map { part in
                part.stashId.map { SplitPart.value(stashId: $0) } ?? part.categoryId.map(String.init) ?? ""
            }
            input.partAmount = parts.map { user.amountValue($0.amountCents) }
        }
        return try await transactionFormPage(
            input,
            errors: FieldErrors(t: context.words),
            existing: transaction,
            locked: row.isLocked,
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /transactions/:id/edit`
    @Sendable func updateTransaction(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let row = try await loadTransaction(context: context)
        guard row.transaction.stashId == nil || row.transaction.splitId == row.transaction.id,
            !row.transaction.kind.isTransfer,
            row.transaction.splitId == nil || row.transaction.splitId == row.transaction.id
        else { throw HTTPError(.notFound) }
        let today = context.member.today
        let choices = try await context.store.transactionChoices()
        let posted = try await request.decodeForm(TransactionInput.self, context: context)
        if posted.addPart != nil {
            return try await transactionFormPage(
                posted.withOneMorePart,
                errors: FieldErrors(t: context.words),
                existing: row.transaction,
                locked: row.isLocked,
                user: user,
                request: request,
                context: context,
                choices: choices
            )
        }
        return try await Request.submit(posted) { input in
            // An edited transaction stays off any stash: its savings goal is chosen only when it is added.
            var limited = input
            limited.stash = nil
            return LockedRow.check(
                TransactionRules.validate(
                    limited,
                    t: context.words,
                    choices: choices,
                    currency: user.currencyValue,
                    grammar: context.user.format.amounts,
                    today: today,
                    keepCategoryId: row.transaction.categoryId,
                    money: { user.money($0) }
                ),
                locked: row.isLocked,
                unlock: input.unlock,
                t: context.words
            )
        } form: { input, errors, status in
            try await transactionFormPage(
                input,
                errors: errors,
                existing: row.transaction,
                locked: row.isLocked,
                user: user,
                request: request,
                context: context,
                choices: choices,
                status: status
            )
        } save: { input, draft in
            var transaction = row.transaction
            draft.apply(to: &transaction)
            let now = self.now()
            transaction.updatedAt = now
            let outcome: MemberStore.Outcome
            do {
                outcome = try await context.store.updateTransaction(
                    transaction,
                    into: draft.intoAccountId,
                    parts: draft.parts,
                    today: today,
                    now: now
                )
            } catch {
                return try await transactionFormPage(
                    input,
                    errors: FieldErrors(t: context.words),
                    existing: row.transaction,
                    user: user,
                    request: request,
                    context: context,
                    choices: choices,
                    status: .internalServerError,
                    saveFailed: true
                )
            }
            let t = context.words
            return pages.redirect(
                to: Self.transactionReturnPath(input.returnTo)
                    ?? Self.transactionLanding(kind: draft.category.kind, day: draft.day, today: today),
                flash: .success(t["budget.transaction_form.saved_flash"], badgeIds: outcome.newBadgeIds)
            )
        }
    }

    /// `POST /transactions/:id/delete`: to the trash, with "Undo".
    @Sendable func deleteTransaction(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        var row = try await loadTransaction(context: context)
        // An arriving transfer goes with the row it left: deleting either side deletes the pair.
        if row.transaction.kind == .transferIn, let pair = try context.store.ledgerRow(id: row.formId) { row = pair }
        // A part of a split goes with the whole split.
        if let head = row.transaction.splitId, head != row.transaction.id,
            let first = try context.store.ledgerRow(id: head)
        {
            row = first
        }
        guard row.transaction.stashId == nil || row.transaction.splitId == row.transaction.id,
            row.transaction.kind != .transferIn
        else { throw HTTPError(.notFound) }
        let input = try await request.decodeForm(TransactionInput.self, context: context)
        let t = context.words
        if row.isLocked, input.unlock != "yes" {
            let returnTo = Self.transactionReturnPath(input.returnTo)
            let page = LockedRow.deletion(
                action: request.uri.path,
                returnTo: returnTo,
                cancelPath: Paths.path(BudgetPaths.editTransaction(row.transaction.id ?? 0), returningTo: returnTo),
                t: t
            )
            return pages.confirm(page, title: page.title, section: .budget, context: context)
        }
        let trashId = try await context.store.deleteTransaction(
            row.transaction,
            today: context.member.today,
            now: now()
        )
        let amount = user.money(row.transaction.amountCents)
        let message =
            if row.transaction.kind == .transfer {
                t["budget.transfers.deleted", ["amount": amount]]
            } else if let name = row.categoryName {
                t["budget.transaction_form.deleted", ["amount": amount, "name": name]]
            } else {
                t["budget.transaction_form.deleted_uncategorized", ["amount": amount]]
            }
        return pages.redirect(
            to: Self.transactionReturnPath(input.returnTo) ?? BudgetPaths.transactions,
            flash: .undoable(message, undoPath: StashPaths.restore(trashId))
        )
    }

    // MARK: - Helpers

    /// The form page; `choices` are loaded unless the caller already has them.
    private func transactionFormPage(
        _ input: TransactionInput,
        errors: FieldErrors,
        existing: LedgerEntry?,
        locked: Bool = false,
        user: User,
        request: Request,
        context: MemberContext,
        choices loaded: TransactionChoices? = nil,
        status: HTTPResponse.Status = .ok,
        saveFailed: Bool = false
    ) async throws -> Response {
        var choices = if let loaded { loaded } else { try await context.store.transactionChoices() }
        var input = input
        if input.kind == nil { input.kind = (choices.recent.latestKind ?? .needs).rawValue }
        if existing != nil {
            choices.stashes = []
        } else if input.account == nil, let accountId = choices.recent.accountId,
            choices.accounts.contains(where: { $0.id == accountId })
        {
            input.account = String(accountId)
        }
        let t = context.words
        let today = context.member.today
        let returnTo = Self.transactionReturnPath(input.returnTo)
        let heading =
            existing != nil
            ? t["budget.transaction_form.edit_heading"]
            : TransactionRules.newHeading(Category.Kind(rawValue: input.kind ?? "") ?? .needs, t: t)
        let page = TransactionPages.FormPage(
            heading: heading,
            action: existing.map { BudgetPaths.editTransaction($0.id ?? 0) } ?? BudgetPaths.transactions,
            submitLabel: existing == nil ? t["budget.form.save"] : t["budget.transaction_form.save_changes"],
            cancelPath: returnTo ?? BudgetPaths.expenses,
            summary: errors.summary,
            form: TransactionRules.form(
                input,
                choices: choices,
                errors: errors,
                today: today,
                keepCategoryId: existing?.categoryId,
                isNew: existing == nil,
                t: t
            ),
            returnTo: returnTo,
            unlock: locked ? LockedRow.field(input.unlock, errors: errors, t: t) : nil,
            id: existing.map { $0.id ?? 0 },
            saveError: saveFailed ? t["budget.transaction_form.save_failed"] : nil
        )
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            TransactionPages.form(page, csrf: shell.csrf, t: t)
        }
    }

    private func loadTransaction(context: MemberContext) async throws -> LedgerRow {
        guard let id = context.parameters.get("id", as: Int64.self),
            let row = try context.store.ledgerRow(id: id)
        else { throw HTTPError(.notFound) }
        return row
    }

    /// Where a saved transaction leads: its Budget tab, on its month.
    static func transactionLanding(kind: Category.Kind, day: CalendarDay, today: CalendarDay) -> String {
        let month = day.monthValue == today.monthValue ? nil : day.monthValue
        return kind == .income ? BudgetPaths.expenses(month: month) : BudgetPaths.tab(kind, month: month)
    }

    static func transactionReturnPath(_ path: String?) -> String? {
        path.flatMap(Paths.safeReturnPath)
    }
}

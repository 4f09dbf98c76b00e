import Foundation
import Hummingbird

/// Where money is kept: accounts with their balances, one account's transactions, add / edit / delete.
extension BudgetController {
    func addAccountsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.accounts, use: accounts)
        group.get(BudgetPaths.newAccount, use: newAccount)
        group.post(BudgetPaths.accounts, use: createAccount)
        group.get(BudgetPaths.account, use: account)
        group.get(BudgetPaths.reconcileAccount, use: reconcileForm)
        group.post(BudgetPaths.reconcileAccount, use: reconcile)
        group.post(BudgetPaths.clearTransaction, use: setCleared)
        group.get(BudgetPaths.editAccount, use: editAccount)
        group.post(BudgetPaths.editAccount, use: updateAccount)
        group.addDeletion(BudgetPaths.deleteMoneyAccount, accountDeletion)
    }

    /// `GET /accounts?months=12|36`: each account's balance, the total, and the total at each month's end.
    @Sendable func accounts(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let balances = try context.store.accountBalances()
        let span = request.uri.queryParameters["months"] == "36" ? 36 : 12
        let thisMonth = context.member.today.monthValue
        var months = [thisMonth]
        while months.count < span { months.insert(months[0].previous, at: 0) }
        let ends = balances.isEmpty ? [] : try context.store.balancesAtMonthEnds(months)
        let title = t.plural("budget.net_worth.title", count: span)
        let page = AccountPages.IndexPage(
            total: user.money(balances.reduce(Int64(0)) { $0 + $1.1 }),
            accounts: balances.map { Self.accountRow($0.0, balance: $0.1, user: user, t: t) },
            spans: [12, 36].map {
                TabLink(
                    label: t.plural("budget.net_worth.span", count: $0),
                    href: $0 == 12 ? BudgetPaths.accounts : BudgetPaths.accounts + "?months=36",
                    current: $0 == span
                )
            },
            netWorth: ends.isEmpty
                ? nil
                : ChartView(
                    id: "chart-net-worth",
                    title: title,
                    svg: Charts.line(
                        id: "chart-net-worth",
                        title: title,
                        labels: months.map { t.month($0) },
                        // Every fourth month's name on a year, every twelfth on three, so a phone's labels don't meet.
                        tickLabels: months.enumerated().map { index, month in
                            index % (span == 12 ? 4 : 12) == 0 ? t.monthShort(month) : ""
                        },
                        values: ends,
                        format: user.compactMoney,
                        tooltip: { label, value in t["budget.net_worth.tooltip", ["month": label, "amount": value]] }
                    ),
                    table: ChartView.Table(
                        headers: [t["statistics.charts.month"], t["budget.net_worth.column"]],
                        rows: months.indices.reversed().map { [t.month(months[$0]), user.money(ends[$0])] }
                    ),
                    isEmpty: false,
                    emptyText: ""
                )
        )
        return pages.page(title: t["budget.links.accounts"], section: .budget, context: context) { _ in
            AccountPages.index(page, t: t)
        }
    }

    static func accountRow(_ account: MoneyAccount, balance: Int64, user: User, t: Words) -> AccountPages.AccountRow {
        AccountPages.AccountRow(
            id: account.id ?? 0,
            name: account.name,
            kindLabel: account.kind.label(t),
            balance: user.money(balance),
            negative: balance < 0,
            icon: accountIcon(account.kind)
        )
    }

    static func accountIcon(_ kind: MoneyAccount.Kind) -> String {
        switch kind {
        case .checking: "wallet"
        case .savings: "stash"
        case .creditCard: "wallet"
        case .cash: "dots"
        case .other: "budget"
        }
    }

    /// `GET /accounts/:id?before=date,id`: the balance, the cleared balance and one page of the account's register,
    /// each row with the balance after it.
    @Sendable func account(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let standing = try loadStanding(context: context)
        let account = standing.account
        let id = account.id ?? 0
        let before = request.uri.queryParameters["before"].flatMap { LedgerCursor(String($0)) }
        let (rows, more, balanceAfterFirst) = try context.store.register(
            account: account,
            balance: standing.balance,
            before: before,
            limit: BudgetController.transactionsPerPage
        )
        let here = BudgetPaths.account(id) + (before.map { "?before=\($0)" } ?? "")
        let today = context.member.today
        var running = balanceAfterFirst
        var days: [AccountPages.RegisterDay] = []
        for row in rows {
            let entry = AccountPages.RegisterRow(
                item: LedgerItem(row, user: user, today: today, returnTo: here, accountId: id, t: t),
                transactionId: row.transaction.id ?? 0,
                balance: t["budget.accounts.balance_after", ["amount": user.money(running)]],
                clearing: row.transaction.clearing
            )
            running -= row.transaction.signedCents
            if days.last?.date == row.transaction.date {
                days[days.count - 1].rows.append(entry)
            } else {
                days.append(
                    AccountPages.RegisterDay(
                        date: row.transaction.date,
                        title: LedgerItem.dayTitle(row.transaction.day, today: today, t: t),
                        rows: [entry]
                    )
                )
            }
        }
        let page = AccountPages.ShowPage(
            account: Self.accountRow(account, balance: standing.balance, user: user, t: t),
            opening: user.money(account.openingBalanceCents),
            clearedBalance: user.money(standing.clearedBalance),
            reconciled: account.reconciledOn.flatMap(CalendarDay.init).map { day in
                t[
                    "budget.accounts.last_reconciled",
                    ["date": t.dates.date(day), "amount": user.money(account.reconciledCents ?? 0)]
                ]
            },
            days: days,
            returnTo: here,
            olderPath: more
                ? rows.last.map {
                    BudgetPaths.account(id) + "?before="
                        + LedgerCursor(date: $0.transaction.date, id: $0.transaction.id ?? 0).description
                } : nil,
            firstPath: before != nil ? BudgetPaths.account(id) : nil
        )
        return pages.page(title: account.name, section: .budget, context: context) { shell in
            AccountPages.show(page, csrf: shell.csrf, t: t)
        }
    }

    /// `POST /transactions/:id/cleared` (`cleared=1` or `0`): ticks a row as seen on the statement, or unticks it; a
    /// reconciled row stays locked.
    @Sendable func setCleared(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let row = try context.store.ledgerRow(id: id)
        else { throw HTTPError(.notFound) }
        let input = try await request.decodeForm(ClearedInput.self, context: context)
        let t = context.words
        let back =
            Self.transactionReturnPath(input.returnTo)
            ?? row.transaction.accountId.map { BudgetPaths.account($0) } ?? BudgetPaths.transactions
        guard row.transaction.clearing != .reconciled else {
            return pages.redirect(to: back, flash: .error(t["budget.accounts.locked_row"]))
        }
        let cleared = input.cleared == "1"
        _ = try await context.store.setCleared(row.transaction, cleared: cleared)
        return pages.redirect(to: back)
    }

    /// `GET /accounts/:id/reconcile`
    @Sendable func reconcileForm(request: Request, context: MemberContext) async throws -> Response {
        let standing = try loadStanding(context: context)
        return try reconcilePage(
            ReconcileInput(date: context.member.today.description),
            errors: FieldErrors(t: context.words),
            standing: standing,
            difference: nil,
            context: context
        )
    }

    /// `POST /accounts/:id/reconcile`: with the statement's closing balance and date. When the cleared rows through
    /// that date add up to it, they are locked; otherwise the page shows the difference and locks nothing.
    @Sendable func reconcile(request: Request, context: MemberContext) async throws -> Response {
        let standing = try loadStanding(context: context)
        let user = context.user
        let t = context.words
        let store = context.store
        var difference: Int64?
        return try await request.submitForm(ReconcileInput.self, context: context) {
            input -> Validated<(CalendarDay, Int64)> in
            var errors = FieldErrors(t: t)
            let cents = errors.amount(
                input.balance,
                field: "balance",
                currency: user.currencyValue,
                grammar: user.format.amounts,
                rule: .signed
            )
            let day = errors.date(input.date, field: "date", today: context.member.today, window: .ledger)
            guard errors.isEmpty, let cents, let day else { return .invalid(errors) }
            let cleared = try store.clearedBalance(
                account: standing.account,
                clearedTotal: standing.clearedTotal,
                through: day
            )
            guard cleared == cents else {
                difference = cents - cleared
                errors.add(
                    "balance",
                    t[
                        "budget.reconcile.mismatch",
                        ["difference": user.money(abs(cents - cleared)), "cleared": user.money(cleared)]
                    ]
                )
                return .invalid(errors)
            }
            return .valid((day, cents))
        } form: { input, errors, status in
            try reconcilePage(
                input,
                errors: errors,
                standing: standing,
                difference: difference,
                context: context,
                status: status
            )
        } save: { _, draft in
            let locked = try await store.reconcile(
                account: standing.account,
                through: draft.0,
                statementCents: draft.1,
                now: now()
            )
            return pages.redirect(
                to: BudgetPaths.account(standing.account.id ?? 0),
                flash: .success(
                    t.plural("budget.reconcile.done", count: locked, ["date": t.dates.date(draft.0)])
                )
            )
        }
    }

    // MARK: - Form

    @Sendable func newAccount(request: Request, context: MemberContext) async throws -> Response {
        try accountFormPage(
            MoneyAccountInput(kind: "checking", opening: "0"),
            errors: FieldErrors(t: context.words),
            account: nil,
            request: request,
            context: context
        )
    }

    @Sendable func createAccount(request: Request, context: MemberContext) async throws -> Response {
        try await request.submitForm(MoneyAccountInput.self, context: context) { input in
            try await MoneyAccountRules.validate(
                input,
                t: context.words,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts
            ) {
                try context.store.sameName(MoneyAccount.self, as: $0, except: nil)
            }
        } form: { input, errors, status in
            try accountFormPage(input, errors: errors, account: nil, request: request, context: context, status: status)
        } save: { _, draft in
            let now = self.now()
            var account = MoneyAccount(
                id: nil,
                userId: context.member.id,
                name: "",
                kind: .checking,
                openingBalanceCents: 0,
                createdAt: now,
                updatedAt: now
            )
            draft.apply(to: &account)
            let saved = try await context.store.saveAccount(account)
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.account(saved.id ?? 0),
                flash: .success(t["budget.flash.added", ["name": draft.name]])
            )
        }
    }

    @Sendable func editAccount(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let account = try context.named(MoneyAccount.self)
        return try accountFormPage(
            MoneyAccountInput(
                name: account.name,
                kind: account.kind.rawValue,
                opening: user.amountValue(account.openingBalanceCents)
            ),
            errors: FieldErrors(t: context.words),
            account: account,
            request: request,
            context: context
        )
    }

    @Sendable func updateAccount(request: Request, context: MemberContext) async throws -> Response {
        let account = try context.named(MoneyAccount.self)
        return try await request.submitForm(MoneyAccountInput.self, context: context) { input in
            try await MoneyAccountRules.validate(
                input,
                t: context.words,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts
            ) {
                try context.store.sameName(MoneyAccount.self, as: $0, except: account.id)
            }
        } form: { input, errors, status in
            try accountFormPage(
                input,
                errors: errors,
                account: account,
                request: request,
                context: context,
                status: status
            )
        } save: { _, draft in
            var account = account
            draft.apply(to: &account)
            account.updatedAt = now()
            _ = try await context.store.saveAccount(account)
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.account(account.id ?? 0),
                flash: .success(t["budget.flash.saved", ["name": draft.name]])
            )
        }
    }

    /// Deleting a money account asks what becomes of its transactions, saying how many: they stay in the budget
    /// without an account, or move to another of the member's accounts.
    var accountDeletion: Deletion<MoneyAccount> {
        Deletion { _, context in
            try context.named(MoneyAccount.self)
        } confirm: { account, _, context in
            let t = context.words
            let count = try context.store.accountRowCount(account)
            let others = try context.store.accounts().filter { $0.id != account.id }
            let page = ConfirmPage(
                title: t["budget.confirm.delete_named", ["name": account.name]],
                text: count == 0
                    ? t["budget.accounts.delete_none"] : t.plural("budget.accounts.delete_count", count: count),
                action: BudgetPaths.deleteMoneyAccount(account.id ?? 0),
                cancelPath: BudgetPaths.account(account.id ?? 0),
                button: t["budget.form.delete"],
                fields: count == 0
                    ? []
                    : [
                        .select(
                            "moveTo",
                            label: t["budget.accounts.rows_field"],
                            value: "",
                            options: [("", t["budget.accounts.rows_keep"])]
                                + others.map { (String($0.id ?? 0), t["budget.accounts.rows_move", ["name": $0.name]]) }
                        )
                    ]
            )
            return pages.confirm(page, title: t["budget.accounts.delete_title"], section: .budget, context: context)
        } delete: { account, request, context in
            let t = context.words
            let input = try await request.decodeForm(DeleteMoneyAccountInput.self, context: context)
            var target: MoneyAccount?
            if let text = input.moveTo, !text.isEmpty {
                // Only another of the member's own accounts; anything else is a forged form.
                guard
                    let other = try context.store.accounts().first(where: {
                        String($0.id ?? 0) == text && $0.id != account.id
                    })
                else { throw HTTPError(.badRequest) }
                target = other
            }
            let moved = try await context.store.deleteMoneyAccount(account, movingTo: target?.id)
            let message =
                if let target, moved > 0 {
                    t.plural(
                        "budget.accounts.deleted_moved",
                        count: moved,
                        ["name": account.name, "other": target.name]
                    )
                } else {
                    t["budget.flash.deleted", ["name": account.name]]
                }
            return pages.redirect(to: BudgetPaths.accounts, flash: .success(message))
        }
    }

    // MARK: - Helpers

    /// The account the path names, with its balances; a 404 when it isn't the member's.
    private func loadStanding(context: MemberContext) throws -> AccountStanding {
        guard let id = context.parameters.get("id", as: Int64.self),
            let standing = try context.store.accountStanding(id: id)
        else { throw HTTPError(.notFound) }
        return standing
    }

    private func reconcilePage(
        _ input: ReconcileInput,
        errors: FieldErrors,
        standing: AccountStanding,
        difference: Int64?,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let user = context.user
        let id = standing.account.id ?? 0
        let page = AccountPages.ReconcilePage(
            accountName: standing.account.name,
            action: BudgetPaths.reconcileAccount(id),
            cancelPath: BudgetPaths.account(id),
            summary: errors.summary,
            clearedBalance: user.money(standing.clearedBalance),
            difference: difference.map { user.money($0) },
            fields: [
                .input(
                    "balance",
                    label: t["budget.reconcile.balance"],
                    value: input.balance ?? "",
                    error: errors["balance"],
                    hint: t["budget.reconcile.balance_hint"],
                    autocomplete: "off",
                    inputmode: "decimal",
                    required: true,
                    autofocus: true
                ),
                .input(
                    "date",
                    label: t["budget.reconcile.date"],
                    value: input.date ?? context.member.today.description,
                    type: "date",
                    error: errors["date"],
                    hint: t["budget.reconcile.date_hint"],
                    required: true
                ),
            ]
        )
        let title = t["budget.reconcile.title", ["name": standing.account.name]]
        return pages.page(title: title, section: .budget, context: context, status: status) { shell in
            AccountPages.reconcile(page, csrf: shell.csrf, t: t)
        }
    }

    private func accountFormPage(
        _ input: MoneyAccountInput,
        errors: FieldErrors,
        account: MoneyAccount?,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let heading = account == nil ? t["budget.accounts.add_heading"] : t["budget.accounts.edit"]
        let page = SimpleFormPage(
            heading: heading,
            action: account.map { BudgetPaths.editAccount($0.id ?? 0) } ?? BudgetPaths.accounts,
            summary: errors.summary,
            fields: [
                .input(
                    "name",
                    label: t["budget.accounts.form.name"],
                    value: input.name ?? "",
                    error: errors["name"],
                    hint: t["budget.accounts.form.name_hint"],
                    autocomplete: "off",
                    required: true,
                    autofocus: account == nil
                ),
                .select(
                    "kind",
                    label: t["budget.transaction_form.type"],
                    value: input.kind ?? "checking",
                    options: MoneyAccount.Kind.allCases.map { ($0.rawValue, $0.label(t)) },
                    error: errors["kind"]
                ),
                .input(
                    "opening",
                    label: t["budget.accounts.opening_balance"],
                    value: input.opening ?? "",
                    error: errors["opening"],
                    hint: t["budget.accounts.form.opening_hint"],
                    autocomplete: "off",
                    inputmode: "decimal"
                ),
            ],
            deletePath: account.map { BudgetPaths.deleteMoneyAccount($0.id ?? 0) },
            cancelPath: account.map { BudgetPaths.account($0.id ?? 0) } ?? BudgetPaths.accounts
        )
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            BudgetPages.simpleForm(page, csrf: shell.csrf, t: t)
        }
    }
}

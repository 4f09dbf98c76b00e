import Foundation
import Hummingbird

/// Where money is kept: accounts with their balances, one account's transactions, add / edit / delete.
extension BudgetController {
    func addAccountsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.accounts, use: accounts)
        group.get(BudgetPaths.newAccount, use: newAccount)
        group.post(BudgetPaths.accounts, use: createAccount)
        group.get(BudgetPaths.account, use: account)
        group.get(BudgetPaths.editAccount, use: editAccount)
        group.post(BudgetPaths.editAccount, use: updateAccount)
        group.addDeletion(BudgetPaths.deleteMoneyAccount, accountDeletion)
    }

    /// `GET /accounts`
    @Sendable func accounts(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let balances = try context.store.accountBalances()
        let page = AccountPages.IndexPage(
            total: user.money(balances.reduce(Int64(0)) { $0 + $1.1 }),
            accounts: balances.map { Self.accountRow($0.0, balance: $0.1, user: user, t: t) }
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

    /// `GET /accounts/:id?before=date,id`: the balance and one page of the account's transactions.
    @Sendable func account(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let (account, balance) = try context.store.accountWithBalance(id: id)
        else { throw HTTPError(.notFound) }
        let before = request.uri.queryParameters["before"].flatMap { LedgerCursor(String($0)) }
        var filter = LedgerFilter()
        filter.accountId = id
        let (rows, more) = try context.store.ledgerPage(
            filter: filter,
            before: before,
            limit: BudgetController.transactionsPerPage
        )
        let here = BudgetPaths.account(id)
        let page = AccountPages.ShowPage(
            account: Self.accountRow(account, balance: balance, user: user, t: t),
            opening: user.money(account.openingBalanceCents),
            days: LedgerDay.group(rows, user: user, today: context.member.today, returnTo: here, t: t),
            olderPath: more
                ? rows.last.map {
                    here + "?before=" + LedgerCursor(date: $0.transaction.date, id: $0.transaction.id ?? 0).description
                } : nil,
            firstPath: before != nil ? here : nil
        )
        return pages.page(title: account.name, section: .budget, context: context) { _ in
            AccountPages.show(page, t: t)
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

    /// Deleting a money account: its transactions stay, without an account.
    var accountDeletion: Deletion<MoneyAccount> {
        Deletion { _, context in
            try context.named(MoneyAccount.self)
        } confirm: { account, _, context in
            let t = context.words
            let page = ConfirmPage(
                title: t["budget.confirm.delete_named", ["name": account.name]],
                text: t["budget.accounts.delete_text"],
                action: BudgetPaths.deleteMoneyAccount(account.id ?? 0),
                cancelPath: BudgetPaths.account(account.id ?? 0),
                button: t["budget.form.delete"]
            )
            return pages.confirm(page, title: t["budget.accounts.delete_title"], section: .budget, context: context)
        } delete: { account, _, context in
            try await context.store.deleteMoneyAccount(account)
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.accounts,
                flash: .success(t["budget.flash.deleted", ["name": account.name]])
            )
        }
    }

    // MARK: - Helpers

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

import Foundation
import Hummingbird
import Views

/// A valid account form: its name, type and opening balance.
struct AccountDraft: Sendable {
    let name: String
    let kind: Account.Kind
    let cents: Int64
}

/// Where money is kept: accounts with their balances, one account's transactions, add / edit / delete.
struct MoneyAccountsController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    typealias AccountRow = MoneyAccountPages.AccountRow
    typealias IndexPage = MoneyAccountPages.IndexPage
    typealias ShowPage = MoneyAccountPages.ShowPage

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get("accounts", use: index)
        group.get("accounts/new", use: new)
        group.post("accounts", use: create)
        group.get("accounts/:id", use: show)
        group.get("accounts/:id/edit", use: edit)
        group.post("accounts/:id/edit", use: update)
        group.get("accounts/:id/delete", use: confirmDelete)
        group.post("accounts/:id/delete", use: delete)
    }


    /// `GET /accounts`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let balances = try await context.store.accountBalances()
        let page = IndexPage(
            total: user.money(balances.reduce(Int64(0)) { $0 + $1.1 }),
            accounts: balances.map { Self.row($0.0, balance: $0.1, user: user) },
            newPath: BudgetPaths.newAccount)
        return pages.page(title: "Accounts", section: .budget, context: context) { _ in
            MoneyAccountPages.index(page)
        }
    }

    static func row(_ account: Account, balance: Int64, user: User) -> AccountRow {
        AccountRow(name: account.name, kindLabel: account.kind.label, balance: user.money(balance), negative: balance < 0,
                   path: BudgetPaths.account(account.id ?? 0), icon: icon(account.kind))
    }

    static func icon(_ kind: Account.Kind) -> String {
        switch kind {
        case .checking: "wallet"
        case .savings: "stash"
        case .creditCard: "wallet"
        case .cash: "dots"
        case .other: "budget"
        }
    }

    /// `GET /accounts/:id?before=date,id`: the balance and one page of the account's transactions.
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        guard let id = context.parameters.get("id", as: Int64.self),
              let (account, balance) = try await context.store.accountWithBalance(id: id)
        else { throw HTTPError(.notFound) }
        let before = request.uri.queryParameters["before"].flatMap { LedgerCursor(String($0)) }
        var filter = LedgerFilter()
        filter.accountId = id
        let (rows, more) = try await context.store.ledgerPage(filter: filter, before: before,
                                                              limit: TransactionsController.perPage)
        let here = BudgetPaths.account(id)
        let page = ShowPage(
            account: Self.row(account, balance: balance, user: user),
            opening: user.money(account.openingBalanceCents),
            days: LedgerDay.group(rows, user: user, today: context.member.today, returnTo: here),
            olderPath: more ? rows.last.map { here + "?before=" + LedgerCursor(date: $0.transaction.date, id: $0.transaction.id ?? 0).description } : nil,
            firstPath: before != nil ? here : nil,
            editPath: BudgetPaths.editAccount(id),
            deletePath: BudgetPaths.deleteAccount(id),
            addPath: BudgetPaths.newTransaction(kind: nil, returnTo: here))
        return pages.page(title: account.name, section: .budget, context: context) { _ in
            MoneyAccountPages.show(page)
        }
    }

    // MARK: - Form

    struct Input: Decodable, Sendable {
        var name: String?
        var kind: String?
        var opening: String?
    }

    @Sendable func new(request: Request, context: MemberContext) async throws -> Response {
        try formPage(Input(kind: "checking", opening: "0"), errors: FieldErrors(), account: nil, request: request,
                     context: context)
    }

    @Sendable func create(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let input = try await request.decodeForm(Input.self, context: context)
        var errors = FieldErrors()
        let draft = validate(input, currency: user.currencyValue, errors: &errors)
        guard errors.isEmpty else {
            return try formPage(input, errors: errors, account: nil, request: request, context: context,
                                status: .unprocessableContent)
        }
        let now = self.now()
        let account = try await context.store.saveAccount(Account(
            id: nil, userId: context.member.id, name: draft.name, kind: draft.kind, openingBalanceCents: draft.cents,
            createdAt: now, updatedAt: now))
        return pages.redirect(to: BudgetPaths.account(account.id ?? 0), flash: .success("Added “\(draft.name)”."))
    }

    @Sendable func edit(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let account = try await load(context: context)
        return try formPage(Input(name: account.name, kind: account.kind.rawValue,
                                  opening: Money(cents: account.openingBalanceCents, currency: user.currencyValue).formValue),
                            errors: FieldErrors(), account: account, request: request, context: context)
    }

    @Sendable func update(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        var account = try await load(context: context)
        let input = try await request.decodeForm(Input.self, context: context)
        var errors = FieldErrors()
        let draft = validate(input, currency: user.currencyValue, errors: &errors)
        guard errors.isEmpty else {
            return try formPage(input, errors: errors, account: account, request: request, context: context,
                                status: .unprocessableContent)
        }
        account.name = draft.name
        account.kind = draft.kind
        account.openingBalanceCents = draft.cents
        account.updatedAt = now()
        _ = try await context.store.saveAccount(account)
        return pages.redirect(to: BudgetPaths.account(account.id ?? 0), flash: .success("Saved “\(draft.name)”."))
    }

    @Sendable func confirmDelete(request: Request, context: MemberContext) async throws -> Response {
        let account = try await load(context: context)
        let page = ConfirmPage(
            title: "Delete “\(account.name)”?",
            text: "Its transactions stay in your budget, without an account.",
            action: BudgetPaths.deleteAccount(account.id ?? 0), cancelPath: BudgetPaths.account(account.id ?? 0),
            button: "Delete")
        return pages.page(title: "Delete account", section: .budget, context: context) { shell in
            page.html(csrf: shell.csrf)
        }
    }

    @Sendable func delete(request: Request, context: MemberContext) async throws -> Response {
        let account = try await load(context: context)
        try await context.store.deleteAccount(account)
        return pages.redirect(to: BudgetPaths.accounts, flash: .success("Deleted “\(account.name)”."))
    }

    // MARK: - Helpers

    private func validate(_ input: Input, currency: Currency, errors: inout FieldErrors) -> AccountDraft {
        let name = errors.text(input.name, field: "name", required: "Enter a name.", max: 60)
        let kind = errors.choice(input.kind, field: "kind", as: Account.Kind.self, message: "Choose an account type.")
        let cents = errors.amount(input.opening, field: "opening", currency: currency, required: false, rule: .signed) ?? 0
        return AccountDraft(name: name, kind: kind ?? .checking, cents: cents)
    }

    private func formPage(_ input: Input, errors: FieldErrors, account: Account?, request: Request,
                          context: MemberContext, status: HTTPResponse.Status = .ok) throws -> Response {
        let heading = account == nil ? "Add account" : "Edit account"
        let page = SimpleFormPage(
            heading: heading,
            action: account.map { BudgetPaths.editAccount($0.id ?? 0) } ?? BudgetPaths.accounts,
            summary: errors.summary,
            fields: [
                .input("name", label: "Account name", value: input.name ?? "", error: errors["name"],
                       hint: "Like Everyday checking or Visa.", autocomplete: "off", required: true, autofocus: account == nil),
                .select("kind", label: "Type", value: input.kind ?? "checking",
                        options: Account.Kind.allCases.map { ($0.rawValue, $0.label) }, error: errors["kind"]),
                .input("opening", label: "Opening balance", value: input.opening ?? "", error: errors["opening"],
                       hint: "What it held when you started; negative (like -250) for a credit card you owe on.",
                       autocomplete: "off", inputmode: "decimal"),
            ],
            deletePath: account.map { BudgetPaths.deleteAccount($0.id ?? 0) },
            cancelPath: account.map { BudgetPaths.account($0.id ?? 0) } ?? BudgetPaths.accounts)
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            BudgetPages.simpleForm(page, csrf: shell.csrf)
        }
    }

    private func load(context: MemberContext) async throws -> Account {
        guard let id = context.parameters.get("id", as: Int64.self),
              let account = try await context.store.account(id: id)
        else { throw HTTPError(.notFound) }
        return account
    }
}

import Foundation
import OpenAPIRuntime

/// The budget: the named figures, transactions, categories, accounts and income sources.
extension StashifyAPI {
    /// `GET /api/v1/safe-to-spend`
    func getSafeToSpend(_ input: Operations.GetSafeToSpend.Input) async throws -> Operations.GetSafeToSpend.Output {
        let member = try member()
        let safe = try member.store.safeToSpend(user: member.user, today: member.today, cache: safeToSpend)
        let lines: [Components.Schemas.SafeToSpendLine] = safe.lines.map { line in
            let kind: Components.Schemas.SafeToSpendLine.KindPayload =
                switch line.kind {
                case .account: .account
                case .income: .income
                case .obligation: .obligation
                case .savePlan: .savePlan
                case .spendLeft: .spendLeft
                case .buffer: .buffer
                }
            return .init(kind: kind, name: line.name, day: line.day?.description, amount: member.money(line.cents))
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        day: member.today.description,
                        amount: member.money(safe.cents),
                        perDay: member.money(safe.perDayCents),
                        until: safe.horizon.description,
                        lowestBalance: safe.dip.map { member.money($0.balanceCents) },
                        lowestOn: safe.dip?.day.description,
                        lines: lines
                    )
                )
            )
        )
    }

    /// `GET /api/v1/months/{month}`
    func getMonthSummary(_ input: Operations.GetMonthSummary.Input) async throws -> Operations.GetMonthSummary.Output {
        let member = try member()
        let month = try member.month(input.path.month)
        let totals = try member.store.monthTotals(month: month)
        let sources = try member.store.incomeSources()
        let balances = try member.store.accountBalances()
        let expected = sources.reduce(Int64(0)) { $0 + $1.frequency.monthlyCents($1.amountCents) }
        return .ok(
            .init(
                body: .json(
                    .init(
                        month: month.description,
                        income: member.money(totals.incomeCents),
                        spent: member.money(totals.spentCents),
                        saved: member.money(totals.savedCents),
                        remaining: member.money(totals.remainingCents),
                        expectedIncome: sources.isEmpty ? nil : member.money(expected),
                        balance: member.money(balances.reduce(0) { $0 + $1.1 })
                    )
                )
            )
        )
    }

    /// `GET /api/v1/transactions`
    func listTransactions(
        _ input: Operations.ListTransactions.Input
    ) async throws
        -> Operations.ListTransactions.Output
    {
        let member = try member()
        let query = input.query
        let limit = try member.number(query.limit, "limit", in: 1...500, fallback: 100)
        var filter = LedgerFilter()
        if let text = query.q?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard text.count <= 100 else { throw member.badParameter("q") }
            filter.text = text
            filter.amountsCents = Money.searchAmounts(
                text,
                currency: member.user.currencyValue,
                grammar: member.user.format.amounts
            )
        }
        filter.kind = query.kind.flatMap { LedgerEntry.Kind(rawValue: $0.rawValue) }
        filter.categoryId = query.categoryId
        filter.accountId = query.accountId
        filter.from = try member.day(query.from, "from")
        filter.to = try member.day(query.to, "to")
        for (value, name) in [(query.minAmount, "minAmount"), (query.maxAmount, "maxAmount")] {
            if let value, value < 0 { throw member.badParameter(name) }
        }
        (filter.minCents, filter.maxCents) = (query.minAmount, query.maxAmount)
        var cursor: LedgerCursor?
        if let text = query.cursor {
            guard let parsed = LedgerCursor(text) else { throw member.badParameter("cursor") }
            cursor = parsed
        }
        let (rows, more) = try member.store.ledgerPage(filter: filter, before: cursor, limit: limit)
        let next = more ? rows.last.map { LedgerCursor(date: $0.transaction.date, id: $0.transaction.id ?? 0) } : nil
        return .ok(
            .init(
                body: .json(
                    .init(transactions: rows.map { member.transaction($0) }, nextCursor: next?.description)
                )
            )
        )
    }

    /// `GET /api/v1/transactions/{transactionId}`
    func getTransaction(_ input: Operations.GetTransaction.Input) async throws -> Operations.GetTransaction.Output {
        let member = try member()
        guard let row = try member.store.ledgerRow(id: input.path.transactionId) else {
            throw ApiFailure.notFound(member.t)
        }
        return .ok(.init(body: .json(member.transaction(row))))
    }

    /// `POST /api/v1/transactions`: the Budget "Add" form's rules, messages and save.
    func createTransaction(
        _ input: Operations.CreateTransaction.Input
    ) async throws
        -> Operations.CreateTransaction.Output
    {
        let member = try member()
        guard case .json(let body) = input.body else { throw member.badParameter("body") }
        let (user, store, today) = (member.user, member.store, member.today)
        let typed = TransactionInput(
            amount: member.typed(body.amount),
            kind: body.kind.rawValue,
            category: String(body.categoryId),
            note: body.note ?? "",
            date: body.date ?? today.description,
            account: body.accountId.map(String.init) ?? "",
            stash: body.stashId.map(String.init) ?? "",
            returnTo: nil,
            into: body.intoAccountId.map(String.init) ?? "",
            payee: body.payee ?? "",
            tags: (body.tags ?? []).joined(separator: ",")
        )
        let validated = TransactionRules.validate(
            typed,
            t: member.t,
            choices: try await store.transactionChoices(withRecent: false),
            currency: user.currencyValue,
            grammar: user.format.amounts,
            today: today,
            money: { user.money($0) }
        )
        let draft: TransactionDraft
        switch validated {
        case .invalid(let errors): throw ApiFailure.invalid(errors.renamed(Self.transactionFields), member.t)
        case .valid(let valid): draft = valid
        }
        let (saved, outcome) = try await store.addTransaction(draft, today: today, now: now())
        return .created(.init(body: .json(try member.created(saved, outcome: outcome))))
    }

    /// The form's field names as the API's body names them.
    static let transactionFields = [
        "category": "categoryId", "account": "accountId", "stash": "stashId", "into": "intoAccountId",
    ]

    /// `GET /api/v1/categories`
    func listCategories(_ input: Operations.ListCategories.Input) async throws -> Operations.ListCategories.Output {
        let member = try member()
        let categories = try member.store.categories().map { category in
            Components.Schemas.Category(
                id: category.id ?? 0,
                name: category.name,
                kind: .init(rawValue: category.kind.rawValue) ?? .needs,
                icon: category.icon,
                color: category.color,
                hidden: category.isHidden,
                _default: category.isDefault
            )
        }
        return .ok(.init(body: .json(categories)))
    }

    /// `GET /api/v1/accounts`
    func listAccounts(_ input: Operations.ListAccounts.Input) async throws -> Operations.ListAccounts.Output {
        let member = try member()
        let accounts = try member.store.accountBalances().map { account, balance in
            Components.Schemas.Account(
                id: account.id ?? 0,
                name: account.name,
                kind: .init(rawValue: account.kind.rawValue) ?? .other,
                openingBalance: member.money(account.openingBalanceCents),
                balance: member.money(balance),
                reconciledOn: account.reconciledOn
            )
        }
        return .ok(.init(body: .json(accounts)))
    }

    /// `GET /api/v1/income-sources`
    func listIncomeSources(
        _ input: Operations.ListIncomeSources.Input
    ) async throws
        -> Operations.ListIncomeSources.Output
    {
        let member = try member()
        let sources = try member.store.incomeSources().map { source in
            Components.Schemas.IncomeSource(
                id: source.id ?? 0,
                name: source.name,
                amount: member.money(source.amountCents),
                frequency: .init(rawValue: source.frequency.rawValue) ?? .variable,
                monthly: member.money(source.frequency.monthlyCents(source.amountCents))
            )
        }
        return .ok(.init(body: .json(sources)))
    }
}

extension StashifyAPI.Member {
    /// A row of the transactions list.
    func transaction(_ row: LedgerRow) -> Components.Schemas.Transaction {
        var transaction = transaction(row.transaction)
        transaction.categoryName = row.categoryName
        transaction.stashName = row.stashName
        transaction.accountName = row.accountName
        return transaction
    }

    func transaction(_ entry: LedgerEntry) -> Components.Schemas.Transaction {
        Components.Schemas.Transaction(
            id: entry.id ?? 0,
            date: entry.date,
            kind: .init(rawValue: entry.kind.rawValue) ?? .expense,
            amount: money(entry.amountCents),
            note: entry.note,
            payee: entry.payee,
            tags: entry.tagList,
            categoryId: entry.categoryId,
            stashId: entry.stashId,
            accountId: entry.accountId,
            clearing: .init(rawValue: entry.clearing.rawValue) ?? .open,
            splitId: entry.splitId
        )
    }

    /// The answer to a change that made a transaction: it as the list shows it, and the badges it earned.
    func created(_ saved: LedgerEntry, outcome: MemberStore.Outcome) throws -> Components.Schemas.CreatedTransaction {
        let row = try saved.id.flatMap { try store.ledgerRow(id: $0) }
        let badges = try outcome.newBadgeIds.compactMap { try store.badgeDetails(id: $0) }
        return .init(
            transaction: row.map { transaction($0) } ?? transaction(saved),
            badgesEarned: badges.map { badge($0) }
        )
    }
}

extension FieldErrors {
    /// The same errors with fields renamed by `names` (the API's body names where they differ from the form's).
    func renamed(_ names: [String: String]) -> FieldErrors {
        var renamed = FieldErrors(t: t)
        for (field, message) in fields { renamed.add(names[field] ?? field, message) }
        return renamed
    }
}

import Foundation
import Hummingbird

/// Moving money between two of the member's accounts: add, edit (delete goes through the transaction's delete, with
/// Undo).
extension BudgetController {
    func addTransfersRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.newTransfer, use: newTransfer)
        group.post(BudgetPaths.transfers, use: createTransfer)
        group.get(BudgetPaths.editTransfer, use: editTransfer)
        group.post(BudgetPaths.editTransfer, use: updateTransfer)
    }

    /// `GET /transfers/new?from=<account>`
    @Sendable func newTransfer(request: Request, context: MemberContext) async throws -> Response {
        let params = request.uri.queryParameters
        let input = TransferInput(
            from: params["from"].map(String.init),
            returnTo: params["return"].map(String.init)
        )
        return try transferFormPage(
            input,
            errors: FieldErrors(t: context.words),
            existing: nil,
            accounts: try context.store.accounts(),
            context: context
        )
    }

    /// `POST /transfers`
    @Sendable func createTransfer(request: Request, context: MemberContext) async throws -> Response {
        let accounts = try context.store.accounts()
        return try await request.submitForm(TransferInput.self, context: context) { input in
            validateTransfer(input, accounts: accounts, context: context)
        } form: { input, errors, status in
            try transferFormPage(
                input,
                errors: errors,
                existing: nil,
                accounts: accounts,
                context: context,
                status: status
            )
        } save: { input, draft in
            let now = self.now()
            var leaving = LedgerEntry.blank(userId: context.member.id, kind: .transfer, now: now)
            draft.apply(to: &leaving)
            _ = try await context.store.addTransfer(leaving, into: draft.toId)
            return pages.redirect(
                to: Self.transactionReturnPath(input.returnTo) ?? BudgetPaths.account(draft.fromId),
                flash: .success(Self.transferMessage(draft, accounts: accounts, context: context))
            )
        }
    }

    /// `GET /transfers/:id/edit`
    @Sendable func editTransfer(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let (leaving, toId, locked) = try loadTransfer(context: context)
        let input = TransferInput(
            from: leaving.accountId.map(String.init),
            to: toId.map(String.init),
            amount: user.amountValue(leaving.amountCents),
            date: leaving.date,
            note: leaving.note,
            returnTo: request.uri.queryParameters["return"].map(String.init)
        )
        return try transferFormPage(
            input,
            errors: FieldErrors(t: context.words),
            existing: leaving,
            locked: locked,
            accounts: try context.store.accounts(),
            context: context
        )
    }

    /// `POST /transfers/:id/edit`
    @Sendable func updateTransfer(request: Request, context: MemberContext) async throws -> Response {
        let (leaving, _, locked) = try loadTransfer(context: context)
        let accounts = try context.store.accounts()
        return try await request.submitForm(TransferInput.self, context: context) { input in
            LockedRow.check(
                validateTransfer(input, accounts: accounts, context: context),
                locked: locked,
                unlock: input.unlock,
                t: context.words
            )
        } form: { input, errors, status in
            try transferFormPage(
                input,
                errors: errors,
                existing: leaving,
                locked: locked,
                accounts: accounts,
                context: context,
                status: status
            )
        } save: { input, draft in
            var edited = leaving
            draft.apply(to: &edited)
            edited.updatedAt = now()
            try await context.store.updateTransfer(edited, into: draft.toId)
            return pages.redirect(
                to: Self.transactionReturnPath(input.returnTo) ?? BudgetPaths.account(draft.fromId),
                flash: .success(context.words["budget.transaction_form.saved_flash"])
            )
        }
    }

    // MARK: - Helpers

    private func validateTransfer(
        _ input: TransferInput,
        accounts: [MoneyAccount],
        context: MemberContext
    ) -> Validated<TransferDraft> {
        TransferRules.validate(
            input,
            accounts: accounts,
            t: context.words,
            currency: context.user.currencyValue,
            grammar: context.user.format.amounts,
            today: context.member.today
        )
    }

    /// "Moved $300.00 from Checking to Savings."
    private static func transferMessage(
        _ draft: TransferDraft,
        accounts: [MoneyAccount],
        context: MemberContext
    ) -> String {
        let t = context.words
        let name = { (id: Int64) in accounts.first { $0.id == id }?.name ?? "" }
        let values: KeyValuePairs<String, String> = [
            "amount": context.user.money(draft.cents), "from": name(draft.fromId), "to": name(draft.toId),
        ]
        return t["budget.transfers.added", values]
    }

    /// The transfer the path names (its leaving row), the account it arrives in and whether a reconciliation locks
    /// it; a 404 for anything else.
    private func loadTransfer(context: MemberContext) throws -> (LedgerEntry, Int64?, Bool) {
        guard let id = context.parameters.get("id", as: Int64.self),
            let row = try context.store.ledgerRow(id: id), row.transaction.kind == .transfer
        else { throw HTTPError(.notFound) }
        return (row.transaction, row.pairAccountId, row.isLocked)
    }

    private func transferFormPage(
        _ input: TransferInput,
        errors: FieldErrors,
        existing: LedgerEntry?,
        locked: Bool = false,
        accounts: [MoneyAccount],
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let heading = existing == nil ? t["budget.transfers.add_heading"] : t["budget.transfers.edit_heading"]
        let returnTo = Self.transactionReturnPath(input.returnTo)
        let page = TransferPages.FormPage(
            heading: heading,
            action: existing.map { BudgetPaths.editTransfer($0.id ?? 0) } ?? BudgetPaths.transfers,
            submitLabel: existing == nil ? t["budget.transfers.submit"] : t["budget.transaction_form.save_changes"],
            cancelPath: returnTo ?? BudgetPaths.accounts,
            summary: errors.summary,
            fields: TransferRules.fields(
                input,
                accounts: accounts,
                errors: errors,
                today: context.member.today,
                t: t
            ) + (locked ? [LockedRow.field(input.unlock, errors: errors, t: t)] : []),
            returnTo: returnTo,
            id: existing?.id,
            needsAccounts: accounts.count >= 2
                ? nil
                : EmptyState(
                    key: "transfer",
                    icon: "transfer",
                    title: t["budget.transfers.needs_accounts.title"],
                    text: t["budget.transfers.needs_accounts.text"],
                    action: t["budget.accounts.add"],
                    actionPath: BudgetPaths.newAccount
                )
        )
        return pages.page(title: heading, section: .budget, context: context, status: status) { shell in
            TransferPages.form(page, csrf: shell.csrf, t: t)
        }
    }
}

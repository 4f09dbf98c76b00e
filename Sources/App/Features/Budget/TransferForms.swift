import Foundation

/// The transfer form as typed: money moving from one of the member's accounts to another.
struct TransferInput: Decodable, Sendable {
    var from: String?
    var to: String?
    var amount: String?
    var date: String?
    var note: String?
    var returnTo: String?
    /// `yes` once the member agrees to change a transfer locked by a reconciliation.
    var unlock: String? = nil
}

/// A transfer form that passed validation.
struct TransferDraft: Sendable {
    var fromId: Int64
    var toId: Int64
    var cents: Int64
    var day: CalendarDay
    var note: String

    /// The leaving row says all of it; the arriving row is made from it (`MemberStore.placeArrival`).
    func apply(to leaving: inout LedgerEntry) {
        leaving.kind = .transfer
        // A row moved to another account is open again there.
        if leaving.accountId != fromId { leaving.clearing = .open }
        leaving.accountId = fromId
        leaving.amountCents = cents
        leaving.date = day.description
        leaving.note = note
        leaving.categoryId = nil
        leaving.stashId = nil
    }
}

/// Validation and view of the transfer form.
enum TransferRules {
    /// Both accounts must be the member's and differ; the amount is typed the member's way and above zero. Accounts
    /// carry no currency of their own (every amount is in the member's currency), so no conversion can be asked for.
    static func validate(
        _ input: TransferInput,
        accounts: [MoneyAccount],
        t: Words,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay
    ) -> Validated<TransferDraft> {
        var errors = FieldErrors(t: t)
        func account(_ text: String?, field: String, missing: String) -> Int64? {
            guard let text, !text.isEmpty else {
                errors.add(field, missing)
                return nil
            }
            guard let id = accounts.first(where: { String($0.id ?? 0) == text })?.id else {
                errors.add(field, t["budget.errors.choose_account"])
                return nil
            }
            return id
        }
        let fromId = account(input.from, field: "from", missing: t["budget.transfers.errors.from_required"])
        var toId = account(input.to, field: "to", missing: t["budget.transfers.errors.to_required"])
        if let fromId, fromId == toId {
            errors.add("to", t["budget.transfers.errors.same_account"])
            toId = nil
        }
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let day = errors.date(input.date, field: "date", today: today, window: .ledger)
        let note = errors.text(input.note, field: "note", max: 200)
        guard errors.isEmpty, let fromId, let toId, let cents, let day else { return .invalid(errors) }
        return .valid(TransferDraft(fromId: fromId, toId: toId, cents: cents, day: day, note: note))
    }

    /// The form's fields, in the order a bank's transfer form asks them.
    static func fields(
        _ input: TransferInput,
        accounts: [MoneyAccount],
        errors: FieldErrors,
        today: CalendarDay,
        t: Words
    ) -> [FormField] {
        let options = accounts.map { (String($0.id ?? 0), "\($0.name) · \($0.kind.label(t))") }
        let choose = [("", t["budget.transfers.choose_account"])]
        return [
            .select(
                "from",
                label: t["budget.transfers.from"],
                value: input.from ?? "",
                options: choose + options,
                error: errors["from"]
            ),
            .select(
                "to",
                label: t["budget.transfers.to"],
                value: input.to ?? "",
                options: choose + options,
                error: errors["to"]
            ),
            .input(
                "amount",
                label: t["budget.form.amount"],
                value: input.amount ?? "",
                error: errors["amount"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true
            ),
            .input(
                "date",
                label: t["budget.transaction_form.date"],
                value: input.date ?? today.description,
                type: "date",
                error: errors["date"],
                required: true
            ),
            .input(
                "note",
                label: t["budget.transaction_form.note"],
                value: input.note ?? "",
                error: errors["note"],
                hint: t["budget.transfers.note_hint"],
                autocomplete: "off"
            ),
        ]
    }
}

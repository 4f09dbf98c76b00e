import Foundation

/// The create / edit stash form as typed.
struct StashInput: Decodable, Sendable {
    var name: String?
    var kind: String?
    var target: String?
    var goal: String?
    var reward: String?
    var category: String?
    var newCategory: String?
    var reminder: String?
    /// After a warning that a higher target takes away this month's badge: the target confirmed (in cents), or
    /// `keep` to save the rest with the old target.
    var confirmTarget: String?

    init(
        name: String? = nil,
        kind: String? = nil,
        target: String? = nil,
        goal: String? = nil,
        reward: String? = nil,
        category: String? = nil,
        newCategory: String? = nil,
        reminder: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.target = target
        self.goal = goal
        self.reward = reward
        self.category = category
        self.newCategory = newCategory
        self.reminder = reminder
    }

    /// What the edit form shows for a saved stash.
    init(stash: Stash, targetCents: Int64, currency: Currency, format: RegionFormat) {
        self.init(
            name: stash.name,
            kind: stash.kind.rawValue,
            target: format.amountValue(targetCents, currency),
            goal: stash.goalCents.map { format.amountValue($0, currency) } ?? "",
            reward: stash.reward,
            category: stash.categoryId.map(String.init) ?? "",
            newCategory: "",
            reminder: stash.reminder.rawValue
        )
    }
}

/// A stash form that passed validation.
struct StashDraft: Sendable {
    var name: String
    var kind: Stash.Kind
    var targetCents: Int64
    var goalCents: Int64?
    var reward: String
    /// One of the user's categories, or nil for `newCategory`.
    var categoryId: Int64?
    /// A category named on the form: found by name among the kind's categories, or made (`StashCategory`).
    /// Empty is the kind's "Other".
    var newCategory: String
    var reminder: Stash.Reminder

    func apply(to stash: inout Stash) {
        stash.name = name
        stash.kind = kind
        stash.goalCents = goalCents
        stash.reward = reward
        stash.categoryId = categoryId
        stash.reminder = reminder
    }
}

/// Validation and fields of the stash form.
enum StashRules {
    /// Checks every field; `categories` are the user's, the category chosen must be of a kind the stash can have,
    /// and `nameTaken` finds another stash of the member's with the same name.
    static func validate(
        _ input: StashInput,
        categories: [Category],
        currency: Currency,
        grammar: AmountGrammar,
        t: Words,
        nameTaken: (String) async throws -> String?
    ) async rethrows -> Validated<StashDraft> {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["stashes.errors.name_required"], max: 60)

        let kind = errors.choice(
            input.kind,
            field: "kind",
            as: Stash.Kind.self,
            message: t["stashes.errors.kind"]
        )

        let targetCents = errors.amount(input.target, field: "target", currency: currency, grammar: grammar)
        let goalCents = errors.amount(input.goal, field: "goal", currency: currency, grammar: grammar, required: false)
        let reward = errors.text(input.reward, field: "reward", max: 200)

        var newCategory = (input.newCategory ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var categoryId: Int64?
        // A category sent by name rather than by id (a form from before stashes had budget categories) is looked up
        // by that name.
        if newCategory.isEmpty, let text = input.category, !text.isEmpty, Int64(text) == nil {
            newCategory = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if newCategory.count > 40 {
            errors.add("newCategory", t["stashes.errors.new_category_too_long", ["max": t.format.number(40)]])
        } else if newCategory.isEmpty, let text = input.category, !text.isEmpty {
            // One of the user's categories, of a kind this stash can have.
            let category = categories.first { String($0.id ?? 0) == text }
            if let category, let kind, !kind.categoryKinds.contains(category.kind) {
                errors.add(
                    "category",
                    kind == .save
                        ? t["stashes.errors.category_save"]
                        : t["stashes.errors.category_spend"]
                )
            } else if category == nil {
                errors.add("category", t["stashes.errors.category_unknown"])
            }
            categoryId = category?.id
        }

        let reminder = errors.choice(
            input.reminder ?? "off",
            field: "reminder",
            as: Stash.Reminder.self,
            message: t["stashes.errors.reminder"]
        )
        if errors["name"] == nil, let taken = try await nameTaken(name) {
            errors.add("name", t["stashes.errors.name_taken", ["name": taken]])
        }

        guard errors.isEmpty, let kind, let targetCents, let reminder else { return .invalid(errors) }
        return .valid(
            StashDraft(
                name: name,
                kind: kind,
                targetCents: targetCents,
                goalCents: goalCents,
                reward: reward,
                categoryId: categoryId,
                newCategory: newCategory,
                reminder: reminder
            )
        )
    }

    /// The form's controls; the category list shows the kinds a stash can have, in groups, hidden ones left out
    /// (except the one chosen).
    static func fields(
        _ input: StashInput,
        errors: FieldErrors,
        categories: [Category],
        isNew: Bool,
        t: Words
    ) -> [FormField] {
        // A home kind's "Other" (Savings', Wants') is the list's first choice, "Other".
        let isHomeOther = { (category: Category) in
            category.name == Category.otherName && (category.kind == .savings || category.kind == .wants)
        }
        let typed = input.category ?? ""
        let chosen = categories.first { String($0.id ?? 0) == typed }.map { isHomeOther($0) ? "" : typed } ?? typed
        let groups: [(label: String, options: [(value: String, label: String)])] =
            [
                ("", [("", t["stashes.form.category_other"])])
            ]
            + [
                (Category.Kind.savings, t["stashes.form.category_group_savings"]),
                (.needs, t["stashes.form.category_group_needs"]),
                (.wants, t["stashes.form.category_group_wants"]),
            ].map { kind, groupLabel in
                (
                    groupLabel,
                    categories.filter {
                        $0.kind == kind && (!$0.isHidden || String($0.id ?? 0) == chosen) && !isHomeOther($0)
                    }
                    .map { (String($0.id ?? 0), $0.name) }
                )
            }.filter { !$0.options.isEmpty }
        return [
            .input(
                "name",
                label: t["stashes.form.name"],
                value: input.name ?? "",
                error: errors["name"],
                hint: t["stashes.form.name_hint"],
                autocomplete: "off",
                required: true,
                autofocus: isNew
            ),
            .radio(
                "kind",
                label: t["stashes.form.kind"],
                value: input.kind ?? Stash.Kind.save.rawValue,
                options: [
                    (Stash.Kind.save.rawValue, t["stashes.form.kind_save"]),
                    (Stash.Kind.spend.rawValue, t["stashes.form.kind_spend"]),
                ],
                error: errors["kind"]
            ),
            .input(
                "target",
                label: t["stashes.form.target"],
                value: input.target ?? "",
                error: errors["target"],
                hint: isNew
                    ? t["stashes.form.target_hint_new"]
                    : t["stashes.form.target_hint_edit"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true
            ),
            .input(
                "goal",
                label: t["stashes.form.goal"],
                value: input.goal ?? "",
                error: errors["goal"],
                hint: t["stashes.form.goal_hint"],
                autocomplete: "off",
                inputmode: "decimal"
            ),
            .input(
                "reward",
                label: t["stashes.form.reward"],
                value: input.reward ?? "",
                error: errors["reward"],
                hint: t["stashes.form.reward_hint"],
                autocomplete: "off"
            ),
            .select(
                "category",
                label: t["stashes.form.category"],
                value: chosen,
                groups: groups,
                error: errors["category"],
                hint: t["stashes.form.category_hint"]
            ),
            .input(
                "newCategory",
                label: t["stashes.form.new_category"],
                value: input.newCategory ?? "",
                error: errors["newCategory"],
                hint: t["stashes.form.new_category_hint"],
                autocomplete: "off"
            ),
            .select(
                "reminder",
                label: t["stashes.form.reminder"],
                value: input.reminder ?? Stash.Reminder.off.rawValue,
                options: Stash.Reminder.allCases.map { ($0.rawValue, $0.label(t)) },
                error: errors["reminder"]
            ),
        ]
    }
}

/// The add / edit entry form as typed.
struct EntryInput: Decodable, Sendable {
    var amount: String?
    var date: String?
    var note: String?
    /// Where to go after saving (Home's quick add comes back to Home).
    var returnTo: String?
    /// The account the money leaves (or, for spending, is paid from); empty for none.
    var account: String? = nil
    /// A saving's account the money goes into; empty for none.
    var into: String? = nil
    /// `yes` once the member agrees to change an entry locked by a reconciliation.
    var unlock: String? = nil
}

/// A valid entry form: the amount, the day, the note and the accounts the money leaves and (saving) goes into.
struct EntryDraft: Sendable {
    let cents: Int64
    let day: CalendarDay
    let note: String
    var accountId: Int64? = nil
    var intoAccountId: Int64? = nil

    func apply(to entry: inout LedgerEntry) {
        entry.amountCents = cents
        entry.date = day.description
        entry.note = note
        // A row moved to another account is open again there.
        if entry.accountId != accountId { entry.clearing = .open }
        entry.accountId = accountId
    }
}

/// Validation of entries.
enum EntryRules {
    /// Checks every field; the accounts must be the member's (`accounts`), and a saving can't go into the account
    /// it leaves. A spend stash's entry goes into no account.
    static func validate(
        _ input: EntryInput,
        kind: Stash.Kind,
        accounts: [MoneyAccount],
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        t: Words
    ) -> Validated<EntryDraft> {
        var errors = FieldErrors(t: t)
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let day = errors.date(input.date, field: "date", today: today, window: .ledger)
        let note = errors.text(input.note, field: "note", max: 200)
        let accountId = account(input.account, field: "account", accounts: accounts, errors: &errors, t: t)
        var intoAccountId =
            kind == .save ? account(input.into, field: "into", accounts: accounts, errors: &errors, t: t) : nil
        if let intoAccountId, intoAccountId == accountId {
            errors.add("into", t["budget.transfers.errors.same_account"])
        }
        if errors["into"] != nil { intoAccountId = nil }
        guard errors.isEmpty, let cents, let day else { return .invalid(errors) }
        return .valid(
            EntryDraft(cents: cents, day: day, note: note, accountId: accountId, intoAccountId: intoAccountId)
        )
    }

    /// The member's account a select posted (empty: none), or a field error.
    private static func account(
        _ text: String?,
        field: String,
        accounts: [MoneyAccount],
        errors: inout FieldErrors,
        t: Words
    ) -> Int64? {
        guard let text, !text.isEmpty else { return nil }
        guard let id = accounts.first(where: { String($0.id ?? 0) == text })?.id else {
            errors.add(field, t["budget.errors.choose_account"])
            return nil
        }
        return id
    }

    static func fields(
        _ input: EntryInput,
        errors: FieldErrors,
        today: CalendarDay,
        kind: Stash.Kind,
        accounts: [MoneyAccount],
        t: Words
    ) -> [FormField] {
        let account = AccountFields.from(input.account, accounts: accounts, errors: errors, t: t)
        let into =
            kind == .spend
            ? nil
            : AccountFields.into(
                input.into,
                accounts: accounts,
                errors: errors,
                hint: t["stashes.entry_form.into_hint"],
                t: t
            )
        return [
            .input(
                "amount",
                label: kind == .save ? t["stashes.entry_form.amount_saved"] : t["stashes.entry_form.amount_spent"],
                value: input.amount ?? "",
                error: errors["amount"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true,
                autofocus: true
            ),
            .input(
                "date",
                label: t["stashes.entry_form.date"],
                value: input.date ?? today.description,
                type: "date",
                error: errors["date"],
                required: true
            ),
            .input(
                "note",
                label: t["stashes.entry_form.note"],
                value: input.note ?? "",
                error: errors["note"],
                hint: t["stashes.entry_form.note_hint"],
                autocomplete: "off"
            ),
        ] + [account, into].compactMap { $0 }
    }
}

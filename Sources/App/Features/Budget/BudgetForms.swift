import Foundation

/// The add / edit transaction form as typed.
struct TransactionInput: Decodable, Sendable {
    var amount: String?
    var kind: String?
    var category: String?
    var note: String?
    var date: String?
    var account: String?
    var stash: String?
    var returnTo: String?
    /// A saving's account the money goes into.
    var into: String? = nil
    /// `yes` once the member agrees to change a row locked by a reconciliation.
    var unlock: String? = nil
    var payee: String? = nil
    /// Tags separated by commas.
    var tags: String? = nil
    /// A split's parts, row by row: each row's category and amount (`partCategory[]`, `partAmount[]`).
    var partCategory: [String]? = nil
    var partAmount: [String]? = nil
    /// Set by the "Add a part" button, which posts the form back with one more row instead of saving it.
    var addPart: String? = nil

    /// The form as typed with one more (empty) part row, and at least two.
    var withOneMorePart: TransactionInput {
        var input = self
        var categories = partCategory ?? []
        var amounts = partAmount ?? []
        let rows = max(2, max(categories.count, amounts.count) + 1)
        while categories.count < rows { categories.append("") }
        while amounts.count < rows { amounts.append("") }
        (input.partCategory, input.partAmount, input.addPart) = (categories, amounts, nil)
        return input
    }

    /// The part rows as typed, empty ones dropped.
    var typedParts: [(category: String, amount: String)] {
        let categories = partCategory ?? []
        let amounts = partAmount ?? []
        return (0..<max(categories.count, amounts.count)).compactMap { index in
            let category = index < categories.count ? categories[index] : ""
            let amount = index < amounts.count ? amounts[index].trimmingCharacters(in: .whitespaces) : ""
            return category.isEmpty && amount.isEmpty ? nil : (category, amount)
        }
    }
}

/// The checkbox an edit of a row locked by a reconciliation asks for, and its rule.
enum LockedRow {
    static func field(_ value: String?, errors: FieldErrors, t: Words) -> FormField {
        .checkbox(
            "unlock",
            label: t["budget.locked.confirm"],
            checked: value == "yes",
            error: errors["unlock"],
            hint: t["budget.locked.hint"]
        )
    }

    /// What deleting a locked row asks first: the confirming post repeats `returnTo` and answers `unlock=yes`.
    static func deletion(action: String, returnTo: String?, cancelPath: String, t: Words) -> ConfirmPage {
        ConfirmPage(
            title: t["budget.locked.delete_title"],
            text: t["budget.locked.delete_text"],
            action: action,
            cancelPath: cancelPath,
            button: t["budget.locked.delete_button"],
            hidden: [("returnTo", returnTo), ("unlock", "yes")]
        )
    }

    static func check<Draft>(
        _ validated: Validated<Draft>,
        locked: Bool,
        unlock: String?,
        t: Words
    )
        -> Validated<Draft>
    {
        validated.adding("unlock", t["budget.locked.required"], if: locked && unlock != "yes", t: t)
    }
}

/// A transaction form that passed validation.
struct TransactionDraft: Sendable {
    var cents: Int64
    var category: Category
    var note: String
    var day: CalendarDay
    var accountId: Int64?
    var stash: Stash?
    /// A saving's account the money goes into (nil for any other kind).
    var intoAccountId: Int64? = nil
    var payee = ""
    var tags: [String] = []
    /// A split's parts (two or more), the first of them the row itself; empty when not split.
    var parts: [SplitPart] = []

    func apply(to transaction: inout LedgerEntry) {
        // A split's first part may go to a stash; a transaction no longer split leaves its part's stash.
        if let first = parts.first {
            transaction.stashId = first.stashId
        } else if transaction.splitId != nil {
            transaction.stashId = nil
        }
        transaction.amountCents = parts.first?.cents ?? cents
        transaction.kind = category.kind.transactionKind
        transaction.categoryId = category.id
        transaction.note = note
        transaction.date = day.description
        // A row moved to another account is open again there.
        if transaction.accountId != accountId { transaction.clearing = .open }
        transaction.accountId = accountId
        transaction.payee = payee
        transaction.tags = LedgerEntry.tagsText(tags)
    }
}

/// The account selects of the forms that move money: the account it leaves (or is paid from), and where a saving
/// goes. Each is drawn when the member has accounts to choose from, or an error to show beside it.
enum AccountFields {
    static func from(_ value: String?, accounts: [MoneyAccount], errors: FieldErrors, t: Words) -> FormField? {
        accounts.isEmpty && errors["account"] == nil
            ? nil
            : .select(
                "account",
                label: t["budget.transaction_form.account"],
                value: value ?? "",
                options: [("", t["budget.transaction_form.no_account"])] + options(accounts, t: t),
                error: errors["account"]
            )
    }

    static func into(
        _ value: String?,
        accounts: [MoneyAccount],
        errors: FieldErrors,
        hint: String,
        t: Words
    ) -> FormField? {
        accounts.count < 2 && errors["into"] == nil
            ? nil
            : .select(
                "into",
                label: t["budget.transaction_form.into"],
                value: value ?? "",
                options: [("", t["budget.transaction_form.into_none"])] + options(accounts, t: t),
                error: errors["into"],
                hint: hint
            )
    }

    /// "Everyday checking · Checking"
    private static func options(_ accounts: [MoneyAccount], t: Words) -> [(value: String, label: String)] {
        accounts.map { (String($0.id ?? 0), "\($0.name) · \($0.kind.label(t))") }
    }
}

/// Tags as typed: separated by commas, each trimmed, the same tag once whatever its case.
enum TagRules {
    static let most = 10
    static let longest = 30

    static func parse(_ text: String?, field: String, errors: inout FieldErrors, t: Words) -> [String] {
        var tags: [String] = []
        for part in (text ?? "").split(separator: ",") {
            let tag = part.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !tag.isEmpty, !tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) else {
                continue
            }
            tags.append(tag)
        }
        if tags.contains(where: { $0.count > longest }) {
            errors.add(field, t["budget.tags.too_long", ["most": String(longest)]])
        } else if tags.count > most {
            errors.add(field, t["budget.tags.too_many", ["most": String(most)]])
        }
        return tags
    }
}

/// What the form offers: the user's categories, accounts and save stashes.
struct TransactionChoices: Sendable {
    let categories: [Category]
    let accounts: [MoneyAccount]
    /// The save stashes a new saving can name as its goal.
    var stashes: [Stash]
    /// Every stash a split's part can go to.
    var partStashes: [Stash] = []
    /// The category each kind pre-selects, the kind a new transaction starts at (so logging another is amount →
    /// Enter) and the account it pre-selects: each the most recently used.
    var recent: RecentChoices
    /// Payees and tags used lately, offered as the member types.
    var payees: [String] = []
    var tags: [String] = []
}

/// Validation and view of the transaction form.
enum TransactionRules {
    static let kinds: [Category.Kind] = [.needs, .wants, .savings, .income]

    /// Checks every field; the category must be one of the user's, of the chosen kind, and (for new
    /// transactions) not hidden — except the one the transaction already has.
    static func validate(
        _ input: TransactionInput,
        t: Words,
        choices: TransactionChoices,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        keepCategoryId: Int64? = nil,
        money: (Int64) -> String
    ) -> Validated<TransactionDraft> {
        var errors = FieldErrors(t: t)
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let kind = errors.choice(
            input.kind,
            field: "kind",
            as: Category.Kind.self,
            message: t["budget.errors.choose_kind"]
        )
        // A split's parts: each of a category (or a stash in one) of the chosen kind, with an amount, and together the
        // whole amount.
        let typedParts = input.typedParts
        var parts: [SplitPart] = []
        for part in typedParts {
            let stash = SplitPart.stashId(part.category).flatMap { id in choices.partStashes.first { $0.id == id } }
            let categoryId = stash?.categoryId ?? Int64(part.category)
            guard
                let category = choices.categories.first(where: {
                    $0.id == categoryId && (!$0.isHidden || $0.id == keepCategoryId)
                }), category.kind == kind || kind == nil
            else {
                errors.add("parts", t["budget.split.errors.category"])
                break
            }
            var partErrors = FieldErrors(t: t)
            guard let partCents = partErrors.amount(part.amount, field: "parts", currency: currency, grammar: grammar)
            else {
                errors.add("parts", t["budget.split.errors.amount"])
                break
            }
            parts.append(SplitPart(categoryId: category.id ?? 0, cents: partCents, stashId: stash?.id))
        }
        if !typedParts.isEmpty, errors["parts"] == nil {
            if parts.count < 2 {
                errors.add("parts", t["budget.split.errors.two"])
            } else if let cents, parts.reduce(0, { $0 + $1.cents }) != cents {
                errors.add(
                    "parts",
                    t[
                        "budget.split.errors.sum",
                        [
                            "parts": money(parts.reduce(0) { $0 + $1.cents }), "amount": money(cents),
                        ]
                    ]
                )
            }
        }
        // A split files the transaction under its first part's category.
        let categoryId = parts.first?.categoryId ?? Int64(input.category ?? "")
        let category = choices.categories.first {
            $0.id == categoryId && (!$0.isHidden || $0.id == keepCategoryId)
        }
        // Without JavaScript the list shows every kind's categories, so the chosen type and the category can disagree:
        // the form says so rather than filing the money as a kind the member didn't choose.
        if kind != nil, category == nil { errors.add("category", t["budget.errors.choose_category"]) }
        if let kind, let category, category.kind != kind {
            errors.add(
                "category",
                t[
                    "budget.errors.kind_mismatch",
                    ["name": category.name, "kind": category.kind.label(t), "chosen": kind.label(t)]
                ]
            )
        }
        let day = errors.date(input.date, field: "date", today: today, window: .ledger)
        let note = errors.text(input.note, field: "note", max: 200)
        let payee = errors.text(input.payee, field: "payee", max: 100)
        let tags = TagRules.parse(input.tags, field: "tags", errors: &errors, t: t)
        var accountId: Int64?
        if let text = input.account, !text.isEmpty {
            accountId = choices.accounts.first { String($0.id ?? 0) == text }?.id
            if accountId == nil { errors.add("account", t["budget.errors.choose_account"]) }
        }
        var intoAccountId: Int64?
        if (category?.kind ?? kind) == .savings, let text = input.into, !text.isEmpty {
            intoAccountId = choices.accounts.first { String($0.id ?? 0) == text }?.id
            if intoAccountId == nil {
                errors.add("into", t["budget.errors.choose_account"])
            } else if intoAccountId == accountId {
                errors.add("into", t["budget.transfers.errors.same_account"])
                intoAccountId = nil
            }
        }
        var stash: Stash?
        if !typedParts.isEmpty, !(input.stash ?? "").isEmpty {
            errors.add("stash", t["budget.split.errors.goal"])
        } else if (category?.kind ?? kind) == .savings, let text = input.stash, !text.isEmpty {
            stash = choices.stashes.first { String($0.id ?? 0) == text }
            if stash == nil { errors.add("stash", t["budget.errors.choose_goal"]) }
        }
        guard errors.isEmpty, let cents, let category, let day else { return .invalid(errors) }
        return .valid(
            TransactionDraft(
                cents: cents,
                category: category,
                note: note,
                day: day,
                accountId: accountId,
                stash: stash,
                intoAccountId: intoAccountId,
                payee: payee,
                tags: tags,
                parts: parts.count >= 2 ? parts : []
            )
        )
    }

    // MARK: - View

    /// The heading of the form for a new transaction of `kind`.
    static func newHeading(_ kind: Category.Kind, t: Words) -> String {
        switch kind {
        case .income: t["budget.add.income"]
        case .savings: t["budget.add.saving"]
        case .needs, .wants: t["budget.add.expense"]
        }
    }

    /// The split's part rows: at least two, each with every category to choose from (grouped by kind).
    static func splitControls(
        _ input: TransactionInput,
        choices: TransactionChoices,
        errors: FieldErrors,
        keepCategoryId: Int64?,
        t: Words
    ) -> TransactionPages.Split {
        let categories = input.partCategory ?? []
        let amounts = input.partAmount ?? []
        let count = max(2, max(categories.count, amounts.count))
        let available = choices.categories.filter { !$0.isHidden || $0.id == keepCategoryId }
        let stashes = choices.partStashes.filter { stash in available.contains { $0.id == stash.categoryId } }
        let rows = (0..<count).map { index in
            let chosen = index < categories.count ? categories[index] : ""
            return TransactionPages.Split.Row(
                categories: [Choice(value: "", label: t["budget.split.choose"], checked: chosen.isEmpty)]
                    + kinds.flatMap { kind in
                        available.filter { $0.kind == kind }.map {
                            Choice(
                                value: String($0.id ?? 0),
                                label: $0.name,
                                checked: String($0.id ?? 0) == chosen,
                                group: kind.label(t)
                            )
                        }
                    }
                    + stashes.map {
                        Choice(
                            value: SplitPart.value(stashId: $0.id ?? 0),
                            label: t["budget.split.stash_option", ["name": $0.name]],
                            checked: SplitPart.value(stashId: $0.id ?? 0) == chosen,
                            group: t["budget.split.stashes"]
                        )
                    },
                amount: index < amounts.count ? amounts[index] : ""
            )
        }
        return TransactionPages.Split(
            rows: rows,
            error: errors["parts"],
            open: !input.typedParts.isEmpty || categories.count > 2 || errors["parts"] != nil
        )
    }

    /// The form's controls. With no category typed yet, the chosen kind's most recent category is selected.
    static func form(
        _ input: TransactionInput,
        choices: TransactionChoices,
        errors: FieldErrors,
        today: CalendarDay,
        keepCategoryId: Int64? = nil,
        isNew: Bool = true,
        t: Words
    ) -> TransactionPages.Controls {
        let kind = Category.Kind(rawValue: input.kind ?? "") ?? .needs
        let typedCategory = input.category.flatMap { Int64($0) }
        let selectedCategory =
            typedCategory ?? choices.recent.byKind[kind]
            ?? choices.categories.first { $0.kind == kind && !$0.isHidden }?.id
        let groups = kinds.map { groupKind in
            TransactionPages.CategoryGroup(
                label: groupKind.label(t),
                kind: groupKind.rawValue,
                recent: choices.recent.byKind[groupKind].map { String($0) },
                options: choices.categories
                    .filter { $0.kind == groupKind && (!$0.isHidden || $0.id == keepCategoryId) }
                    .map { category in
                        Choice(
                            value: String(category.id ?? 0),
                            label: category.name,
                            checked: category.id == selectedCategory
                        )
                    }
            )
        }
        let account = AccountFields.from(input.account, accounts: choices.accounts, errors: errors, t: t)
        let into = AccountFields.into(
            input.into,
            accounts: choices.accounts,
            errors: errors,
            hint: t["budget.transaction_form.into_hint"],
            t: t
        )
        // Drawn whenever there are goals to offer, or an error to show next to it.
        let stash: FormField? =
            choices.stashes.isEmpty && errors["stash"] == nil
            ? nil
            : .select(
                "stash",
                label: t["budget.transaction_form.goal"],
                value: input.stash ?? "",
                options: [("", t["budget.transaction_form.no_goal"])]
                    + choices.stashes.map { (String($0.id ?? 0), $0.name) },
                error: errors["stash"],
                hint: t["budget.transaction_form.goal_hint"]
            )
        return TransactionPages.Controls(
            amount: .input(
                "amount",
                label: t["budget.form.amount"],
                value: input.amount ?? "",
                error: errors["amount"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true,
                autofocus: true
            ),
            kindOptions: kinds.map {
                Choice(
                    value: $0.rawValue,
                    label: $0.label(t),
                    checked: $0 == kind,
                    heading: isNew ? newHeading($0, t: t) : nil
                )
            },
            kindError: errors["kind"],
            groups: groups,
            categoryError: errors["category"],
            note: .input(
                "note",
                label: t["budget.transaction_form.note"],
                value: input.note ?? "",
                error: errors["note"],
                hint: t["budget.transaction_form.note_hint"],
                autocomplete: "off"
            ),
            date: .input(
                "date",
                label: t["budget.transaction_form.date"],
                value: input.date ?? today.description,
                type: "date",
                error: errors["date"],
                required: true
            ),
            account: account,
            into: into,
            stash: stash,
            payee: .input(
                "payee",
                label: t["budget.transaction_form.payee"],
                value: input.payee ?? "",
                error: errors["payee"],
                hint: t["budget.transaction_form.payee_hint"],
                autocomplete: "off",
                suggestions: choices.payees
            ),
            tags: .input(
                "tags",
                label: t["budget.transaction_form.tags"],
                value: input.tags ?? "",
                error: errors["tags"],
                hint: t["budget.transaction_form.tags_hint"],
                autocomplete: "off",
                suggestions: choices.tags
            ),
            split: splitControls(input, choices: choices, errors: errors, keepCategoryId: keepCategoryId, t: t)
        )
    }
}

/// The transactions list as asked for: its filters and order, with the search text and amounts as typed.
struct TransactionsQuery: Sendable {
    var text: String
    var filter = LedgerFilter()
    var sort = LedgerSort.newest
    /// The amount fields as typed (`min`, `max`), shown back as they were.
    var typed: [String: String] = [:]

    /// The list's path with these filters and order (no page or cursor).
    var path: String {
        var query: [String] = []
        func add(_ name: String, _ value: String?) {
            guard let value, !value.isEmpty,
                let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed)
            else { return }
            query.append("\(name)=\(encoded)")
        }
        add("q", text)
        add("kind", filter.kind?.rawValue)
        add("category", filter.categoryId.map(String.init))
        add("account", filter.accountId.map(String.init))
        add("month", filter.month?.description)
        add("from", filter.from?.description)
        add("to", filter.to?.description)
        add("min", filter.minCents == nil ? nil : typed["min"])
        add("max", filter.maxCents == nil ? nil : typed["max"])
        add("payee", filter.payee)
        add("tag", filter.tag)
        add("cleared", filter.clearing?.rawValue)
        add("sort", sort == .newest ? nil : sort.rawValue)
        return BudgetPaths.transactions + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}

/// A change to the rows ticked in the transactions list: `action` is `category` (with `category`), `tag` (with
/// `tag`), `cleared`, `open` or `delete`.
struct BulkInput: Decodable, Sendable {
    var ids: [String]?
    var action: String?
    var category: String?
    /// The tag `tag` adds.
    var tag: String?
    var returnTo: String?
}

/// What becomes of a deleted account's transactions: moved to the account `moveTo` names, or (empty) kept without one.
struct DeleteMoneyAccountInput: Decodable, Sendable {
    var moveTo: String?
}

/// A row's cleared tick as posted from an account's register.
struct ClearedInput: Decodable, Sendable {
    var cleared: String?
    var returnTo: String?
}

/// The reconcile form as typed: the statement's closing balance and date.
struct ReconcileInput: Decodable, Sendable {
    var balance: String?
    var date: String?
}

/// A valid income source form: its name, amount and how often it comes in.
struct IncomeDraft: Sendable {
    let name: String
    let cents: Int64
    let frequency: IncomeSource.Frequency
    let paidOn: CalendarDay?
    let posts: Bool

    func apply(to source: inout IncomeSource) {
        source.name = name
        source.amountCents = cents
        source.frequency = frequency
        source.paidOn = paidOn?.description
        source.postsIncome = posts
    }
}

/// A valid account form: its name, type and opening balance.
struct MoneyAccountDraft: Sendable {
    let name: String
    let kind: MoneyAccount.Kind
    let cents: Int64

    func apply(to account: inout MoneyAccount) {
        account.name = name
        account.kind = kind
        account.openingBalanceCents = cents
    }
}

/// A valid category form: its name, kind, icon and colour.
struct CategoryDraft: Sendable {
    let name: String
    let kind: Category.Kind
    let icon: String
    let color: String

    func apply(to category: inout Category) {
        category.name = name
        category.kind = kind
        category.icon = icon
        category.color = color
    }
}

/// The income source form as typed.
struct IncomeInput: Decodable, Sendable {
    var name: String?
    var amount: String?
    var frequency: String?
    /// A pay day (`YYYY-MM-DD`), which the next ones count from.
    var paidOn: String?
    /// "yes" when each pay day records the income by itself.
    var posts: String?
}

/// The rules of the income source form.
enum IncomeRules {
    static func validate(
        _ input: IncomeInput,
        t: Words,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay
    ) -> Validated<IncomeDraft> {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["budget.errors.enter_name"], max: 60)
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let frequency = errors.choice(
            input.frequency,
            field: "frequency",
            as: IncomeSource.Frequency.self,
            message: t["budget.errors.choose_frequency"]
        )
        // Without a pay day it is only a monthly figure, with no days of its own.
        let paid =
            (input.paidOn ?? "").isEmpty
            ? nil : errors.date(input.paidOn, field: "paidOn", today: today, window: .planning)
        guard errors.isEmpty, let cents, let frequency else { return .invalid(errors) }
        return .valid(
            IncomeDraft(name: name, cents: cents, frequency: frequency, paidOn: paid, posts: input.posts == "yes")
        )
    }
}

/// The money account form as typed.
struct MoneyAccountInput: Decodable, Sendable {
    var name: String?
    var kind: String?
    var opening: String?
}

/// The rules of the money account form.
enum MoneyAccountRules {
    /// Checks every field; `nameTaken` finds another account of the member's with the same name.
    static func validate(
        _ input: MoneyAccountInput,
        t: Words,
        currency: Currency,
        grammar: AmountGrammar,
        nameTaken: (String) async throws -> String?
    ) async rethrows -> Validated<MoneyAccountDraft> {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["budget.errors.enter_name"], max: 60)
        let kind = errors.choice(
            input.kind,
            field: "kind",
            as: MoneyAccount.Kind.self,
            message: t["budget.errors.choose_account_kind"]
        )
        // An empty opening balance is zero.
        let cents = errors.amount(
            input.opening,
            field: "opening",
            currency: currency,
            grammar: grammar,
            required: false,
            rule: .signed
        )
        if errors["name"] == nil, let taken = try await nameTaken(name) {
            errors.add("name", t["budget.errors.account_taken", ["name": taken]])
        }
        guard errors.isEmpty, let kind else { return .invalid(errors) }
        return .valid(MoneyAccountDraft(name: name, kind: kind, cents: cents ?? 0))
    }
}

/// The category form as typed.
struct CategoryInput: Decodable, Sendable {
    var name: String?
    var kind: String?
    var icon: String?
    var color: String?
}

/// The move-up / move-down buttons of a category as posted.
struct CategoryMoveInput: Decodable, Sendable {
    var direction: String?
}

/// The rules of the category form.
enum CategoryRules {
    /// Checks every field. A new category takes its kind from the form (`kind` nil); an edited one keeps `kind`.
    /// `nameTaken` finds another category of that kind with the same name.
    static func validate(
        _ input: CategoryInput,
        kind fixedKind: Category.Kind?,
        t: Words,
        nameTaken: (String, Category.Kind) async throws -> String?
    ) async rethrows
        -> Validated<CategoryDraft>
    {
        var errors = FieldErrors(t: t)
        // A new category's kind comes from the page it was added on: without one the form can't be saved, and the
        // name field (the only one the member sees first) says so.
        let kind =
            fixedKind
            ?? errors.choice(
                input.kind,
                field: "name",
                as: Category.Kind.self,
                message: t["budget.errors.choose_kind_first"]
            )
        let name = errors.text(input.name, field: "name", required: t["budget.errors.enter_name"], max: 40)
        let icon = input.icon ?? ""
        if !CategoryPalette.icons.contains(icon) { errors.add("icon", t["budget.errors.choose_icon"]) }
        let color = input.color ?? ""
        if !CategoryPalette.colors.contains(color) { errors.add("color", t["budget.errors.choose_colour"]) }
        if errors["name"] == nil, let kind, let taken = try await nameTaken(name, kind) {
            errors.add("name", t["budget.errors.category_taken", ["kind": kind.label(t), "name": taken]])
        }
        guard errors.isEmpty, let kind else { return .invalid(errors) }
        return .valid(CategoryDraft(name: name, kind: kind, icon: icon, color: color))
    }
}

import Foundation
import Views

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

    init(name: String? = nil, kind: String? = nil, target: String? = nil, goal: String? = nil, reward: String? = nil,
         category: String? = nil, newCategory: String? = nil, reminder: String? = nil) {
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
    init(stash: Stash, targetCents: Int64, currency: Currency) {
        self.init(name: stash.name, kind: stash.kind.rawValue,
                  target: Money(cents: targetCents, currency: currency).formValue,
                  goal: stash.goalCents.map { Money(cents: $0, currency: currency).formValue } ?? "",
                  reward: stash.reward, category: stash.category, newCategory: "", reminder: stash.reminder.rawValue)
    }
}

/// A stash form that passed validation.
struct StashDraft: Sendable {
    var name: String
    var kind: Stash.Kind
    var targetCents: Int64
    var goalCents: Int64?
    var reward: String
    var category: String
    var reminder: Stash.Reminder

    func apply(to stash: inout Stash) {
        stash.name = name
        stash.kind = kind
        stash.goalCents = goalCents
        stash.reward = reward
        stash.category = category
        stash.reminder = reminder
    }
}

/// Validation and fields of the stash form.
enum StashRules {
    static func validate(_ input: StashInput, currency: Currency, into errors: inout FieldErrors) -> StashDraft {
        let name = errors.text(input.name, field: "name", required: "Enter a name.", max: 60)

        let kind = errors.choice(input.kind, field: "kind", as: Stash.Kind.self, message: "Choose Save or Spend.")

        let targetCents = errors.amount(input.target, field: "target", currency: currency) ?? 0
        let goalCents = errors.amount(input.goal, field: "goal", currency: currency, required: false)
        let reward = errors.text(input.reward, field: "reward", max: 200)

        let newCategory = (input.newCategory ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var category = (input.category ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !newCategory.isEmpty { category = newCategory }
        if category.isEmpty { category = "Other" }
        if category.count > 40 { errors.add(newCategory.isEmpty ? "category" : "newCategory", "Use at most 40 characters.") }

        let reminder = errors.choice(input.reminder ?? "off", field: "reminder", as: Stash.Reminder.self,
                                     message: "Choose when to be reminded.")

        return StashDraft(name: name, kind: kind ?? .save, targetCents: targetCents, goalCents: goalCents, reward: reward,
                          category: category, reminder: reminder ?? .off)
    }

    static func fields(_ input: StashInput, errors: FieldErrors, categories: [String], isNew: Bool) -> [FormField] {
        let category = input.category ?? "Other"
        var options = categories
        if !options.contains(category) { options.append(category) }
        return [
            .input("name", label: "Name", value: input.name ?? "", error: errors["name"],
                   hint: "For example Vacation Fund or Dining Out.", autocomplete: "off", required: true, autofocus: isNew),
            .radio("kind", label: "Type", value: input.kind ?? Stash.Kind.save.rawValue, options: [
                (Stash.Kind.save.rawValue, "Save — put money aside each month"),
                (Stash.Kind.spend.rawValue, "Spend — keep spending within an allowance"),
            ], error: errors["kind"]),
            .input("target", label: "Monthly target", value: input.target ?? "", error: errors["target"],
                   hint: isNew ? "For a Spend stash, this is the monthly allowance."
                       : "A new target applies from this month on; past months keep theirs.",
                   autocomplete: "off", inputmode: "decimal", required: true),
            .input("goal", label: "Long-term goal", value: input.goal ?? "", error: errors["goal"],
                   hint: "Optional: the total you're working toward.", autocomplete: "off", inputmode: "decimal"),
            .input("reward", label: "Reward", value: input.reward ?? "", error: errors["reward"],
                   hint: "If I complete this stash, I get… (optional)", autocomplete: "off"),
            .select("category", label: "Category", value: category, options: options.map { ($0, $0) },
                    error: errors["category"]),
            .input("newCategory", label: "Or a new category", value: input.newCategory ?? "", error: errors["newCategory"],
                   hint: "Optional: type a name to use your own.", autocomplete: "off"),
            .select("reminder", label: "Reminders", value: input.reminder ?? Stash.Reminder.off.rawValue,
                    options: Stash.Reminder.allCases.map { ($0.rawValue, $0.label) }, error: errors["reminder"]),
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
}

/// A valid entry form: the amount, the day and the note.
struct EntryDraft: Sendable {
    let cents: Int64
    let day: CalendarDay
    let note: String
}

/// Validation of entries.
enum EntryRules {
    static func validate(
        _ input: EntryInput, currency: Currency, today: CalendarDay, into errors: inout FieldErrors
    ) -> EntryDraft {
        let cents = errors.amount(input.amount, field: "amount", currency: currency) ?? 0
        let day = errors.date(input.date, field: "date", today: today, window: .ledger) ?? today
        let note = errors.text(input.note, field: "note", max: 200)
        return EntryDraft(cents: cents, day: day, note: note)
    }

    static func fields(_ input: EntryInput, errors: FieldErrors, today: CalendarDay, kind: Stash.Kind) -> [FormField] {
        [
            .input("amount", label: kind == .save ? "Amount saved" : "Amount spent", value: input.amount ?? "",
                   error: errors["amount"], autocomplete: "off", inputmode: "decimal", required: true, autofocus: true),
            .input("date", label: "Date", value: input.date ?? today.description, type: "date", error: errors["date"],
                   required: true),
            .input("note", label: "Note", value: input.note ?? "", error: errors["note"],
                   hint: "Optional, like “Freelance earnings” or “Dinner out”.", autocomplete: "off"),
        ]
    }
}

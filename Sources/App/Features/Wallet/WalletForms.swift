import Foundation

/// What wallet forms share.
enum WalletRules {
    /// How often a benefit resets, as a select's choices in the member's language.
    static func periodOptions(_ t: Words) -> [(String, String)] {
        BenefitPeriod.allCases.map { ($0.rawValue, $0.label(t)) }
    }
}

// MARK: - Cards

/// The custom card and edit card forms as typed (a custom card has up to three benefits of its own).
struct CardInput: Decodable, Sendable {
    var name: String?
    var issuer: String?
    var nickname: String?
    var gradient: String?
    var annualFee: String?
    var feeDueOn: String?
    var benefit1Name: String?, benefit1Value: String?, benefit1Period: String?
    var benefit2Name: String?, benefit2Value: String?, benefit2Period: String?
    var benefit3Name: String?, benefit3Value: String?, benefit3Period: String?

    init() {}

    init(card: WalletCard, currency: Currency, format: RegionFormat) {
        name = card.name
        issuer = card.issuer
        nickname = card.nickname
        gradient = CardGradient.matching(start: card.gradientStart, end: card.gradientEnd)?.rawValue ?? "original"
        annualFee = format.amountValue(card.annualFeeCents, currency)
        feeDueOn = card.feeDueOn ?? ""
    }

    var benefitRows: [(name: String?, value: String?, period: String?)] {
        [
            (benefit1Name, benefit1Value, benefit1Period), (benefit2Name, benefit2Value, benefit2Period),
            (benefit3Name, benefit3Value, benefit3Period),
        ]
    }
}

/// A card form that passed validation.
struct CardDraft: Sendable {
    var name: String
    var issuer: String
    var nickname: String
    /// nil keeps the card's own (catalogue) colours.
    var gradient: CardGradient?
    var annualFeeCents: Int64
    var feeDueOn: CalendarDay?
    var benefits: [(name: String, valueCents: Int64, period: BenefitPeriod)]

    /// `original` is the catalogue card `card` was added from: "Original colours" brings its gradient back.
    func apply(to card: inout WalletCard, original: CardCatalogue.Card?) {
        card.name = name
        card.issuer = issuer
        card.nickname = nickname
        if let gradient {
            card.gradientStart = gradient.colours.start
            card.gradientEnd = gradient.colours.end
        } else if let original {
            card.gradientStart = original.gradient.start
            card.gradientEnd = original.gradient.end
        }
        card.annualFeeCents = annualFeeCents
        card.feeDueOn = feeDueOn?.description
    }
}

/// Validation of the custom card and edit card forms.
enum CardRules {
    /// Checks every field. Two cards of the wallet may share a name only with different nicknames, so every list can
    /// tell them apart: `nameTaken` finds another card with the same full name ("Name · Nickname").
    static func validate(
        _ input: CardInput,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        withBenefits: Bool,
        allowOriginal: Bool,
        t: Words,
        nameTaken: (String) async throws -> String?
    ) async rethrows -> Validated<CardDraft> {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["wallet.card.errors.name"], max: 60)
        let issuer = errors.text(
            input.issuer,
            field: "issuer",
            required: t["wallet.card.errors.issuer"],
            max: 60
        )
        let nickname = errors.text(input.nickname, field: "nickname", max: 40)
        var gradient: CardGradient?
        if let chosen = CardGradient(rawValue: input.gradient ?? "") {
            gradient = chosen
        } else if !(allowOriginal && input.gradient == "original") {
            errors.add("gradient", t["wallet.card.errors.colour"])
        }
        // An empty fee is no fee.
        let fee = errors.amount(
            input.annualFee,
            field: "annualFee",
            currency: currency,
            grammar: grammar,
            required: false,
            rule: .zeroOrMore
        )
        let due = errors.date(input.feeDueOn, field: "feeDueOn", today: today, required: false, window: .planning)
        var benefits: [(String, Int64, BenefitPeriod)] = []
        if withBenefits {
            for (index, row) in input.benefitRows.enumerated() {
                let number = index + 1
                let value = (row.value ?? "").trimmingCharacters(in: .whitespaces)
                if (row.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && value.isEmpty {
                    continue
                }
                let name = errors.text(
                    row.name,
                    field: "benefit\(number)Name",
                    required: t["wallet.card.errors.benefit_name"],
                    max: 60
                )
                let cents = errors.amount(value, field: "benefit\(number)Value", currency: currency, grammar: grammar)
                let period = errors.choice(
                    row.period,
                    field: "benefit\(number)Period",
                    as: BenefitPeriod.self,
                    message: t["wallet.benefit.errors.period"]
                )
                if let cents, let period, !name.isEmpty { benefits.append((name, cents, period)) }
            }
        }
        if errors["name"] == nil, errors["nickname"] == nil,
            let taken = try await nameTaken(nickname.isEmpty ? name : name + " · " + nickname)
        {
            errors.add("nickname", t["wallet.card.errors.taken", ["name": taken]])
        }
        guard errors.isEmpty else { return .invalid(errors) }
        return .valid(
            CardDraft(
                name: name,
                issuer: issuer,
                nickname: nickname,
                gradient: gradient,
                annualFeeCents: fee ?? 0,
                feeDueOn: due,
                benefits: benefits
            )
        )
    }

    static func fields(
        _ input: CardInput,
        errors: FieldErrors,
        withBenefits: Bool,
        allowOriginal: Bool,
        t: Words
    ) -> [FormField] {
        var gradients = CardGradient.allCases.map { ($0.rawValue, WalletController.gradientLabel($0, t)) }
        if allowOriginal { gradients.insert(("original", t["wallet.colours.original"]), at: 0) }
        var fields: [FormField] = [
            .input(
                "name",
                label: t["wallet.card.fields.name"],
                value: input.name ?? "",
                error: errors["name"],
                hint: t["wallet.card.fields.name_hint"],
                autocomplete: "off",
                required: true,
                autofocus: true
            ),
            .input(
                "issuer",
                label: t["wallet.card.fields.issuer"],
                value: input.issuer ?? "",
                error: errors["issuer"],
                hint: t["wallet.card.fields.issuer_hint"],
                autocomplete: "off",
                required: true
            ),
            .input(
                "nickname",
                label: t["wallet.card.fields.nickname"],
                value: input.nickname ?? "",
                error: errors["nickname"],
                hint: t["wallet.card.fields.nickname_hint"],
                autocomplete: "off"
            ),
            .radio(
                "gradient",
                label: t["wallet.card.fields.colour"],
                value: input.gradient ?? "",
                options: gradients,
                error: errors["gradient"]
            ),
            .input(
                "annualFee",
                label: t["wallet.roi.fee"],
                value: input.annualFee ?? "",
                error: errors["annualFee"],
                hint: t["wallet.card.fields.fee_hint"],
                autocomplete: "off",
                inputmode: "decimal"
            ),
            .input(
                "feeDueOn",
                label: t["wallet.fields.fee_due"],
                value: input.feeDueOn ?? "",
                type: "date",
                error: errors["feeDueOn"],
                hint: t["wallet.card.fields.fee_due_hint"]
            ),
        ]
        if withBenefits {
            for (index, row) in input.benefitRows.enumerated() {
                let number = index + 1
                fields.append(
                    .input(
                        "benefit\(number)Name",
                        label: t["wallet.card.fields.benefit", ["number": t.format.number(number)]],
                        value: row.name ?? "",
                        error: errors["benefit\(number)Name"],
                        hint: number == 1 ? t["wallet.card.fields.benefit_hint"] : nil,
                        autocomplete: "off"
                    )
                )
                fields.append(
                    .input(
                        "benefit\(number)Value",
                        label: t["wallet.card.fields.benefit_value", ["number": t.format.number(number)]],
                        value: row.value ?? "",
                        error: errors["benefit\(number)Value"],
                        autocomplete: "off",
                        inputmode: "decimal"
                    )
                )
                fields.append(
                    .select(
                        "benefit\(number)Period",
                        label: t["wallet.card.fields.benefit_period", ["number": t.format.number(number)]],
                        value: row.period ?? BenefitPeriod.monthly.rawValue,
                        options: WalletRules.periodOptions(t),
                        error: errors["benefit\(number)Period"]
                    )
                )
            }
        }
        return fields
    }
}

/// The add and edit benefit forms as typed.
struct BenefitInput: Decodable, Sendable {
    var name: String?
    var value: String?
    var period: String?
    var details: String?

    init() {}

    init(_ benefit: CardBenefit, currency: Currency, format: RegionFormat) {
        name = benefit.name
        value = format.amountValue(benefit.valueCents, currency)
        period = benefit.period.rawValue
        details = benefit.details
    }
}

/// A valid benefit form.
struct BenefitDraft: Sendable {
    let name: String
    let valueCents: Int64
    let period: BenefitPeriod
    let details: String

    func apply(to benefit: inout CardBenefit) {
        benefit.name = name
        benefit.valueCents = valueCents
        benefit.period = period
        benefit.details = details
    }
}

/// Validation of the add and edit benefit forms.
enum BenefitRules {
    static func validate(
        _ input: BenefitInput,
        currency: Currency,
        grammar: AmountGrammar,
        t: Words
    ) -> Validated<BenefitDraft> {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["wallet.errors.name"], max: 60)
        let cents = errors.amount(input.value, field: "value", currency: currency, grammar: grammar)
        let period = errors.choice(
            input.period,
            field: "period",
            as: BenefitPeriod.self,
            message: t["wallet.benefit.errors.period"]
        )
        let details = errors.text(input.details, field: "details", max: 200)
        guard errors.isEmpty, let cents, let period else { return .invalid(errors) }
        return .valid(BenefitDraft(name: name, valueCents: cents, period: period, details: details))
    }

    static func fields(_ input: BenefitInput, errors: FieldErrors, currency: Currency, t: Words) -> [FormField] {
        [
            .input(
                "name",
                label: t["wallet.benefit.fields.name"],
                value: input.name ?? "",
                error: errors["name"],
                hint: t["wallet.benefit.fields.name_hint"],
                autocomplete: "off",
                required: true,
                autofocus: true
            ),
            .input(
                "value",
                label: t["wallet.benefit.fields.value"],
                value: input.value ?? "",
                error: errors["value"],
                hint: t["wallet.benefit.fields.value_hint", ["currency": currency.code]],
                autocomplete: "off",
                inputmode: "decimal",
                required: true
            ),
            .select(
                "period",
                label: t["wallet.benefit.fields.period"],
                value: input.period ?? BenefitPeriod.monthly.rawValue,
                options: WalletRules.periodOptions(t),
                error: errors["period"]
            ),
            .input(
                "details",
                label: t["wallet.benefit.fields.details"],
                value: input.details ?? "",
                error: errors["details"],
                hint: t["wallet.benefit.fields.details_hint"],
                autocomplete: "off"
            ),
        ]
    }
}

// MARK: - Catalogue

/// "Add to wallet" on a catalogue card as typed.
struct CatalogueAddInput: Decodable, Sendable {
    var feeDueOn: String?
}

/// A catalogue card with a benefit that counts by card year needs its fee due date (the anniversary) before it can
/// be added: without it those benefits and the fee's return would follow the calendar year.
enum CatalogueAddRules {
    static func needsFeeDate(_ card: CardCatalogue.Card) -> Bool {
        card.benefits.contains { $0.period == .anniversary }
    }

    /// The fee due date, when one was given (it can be left out for a card that doesn't need it).
    static func validate(
        _ input: CatalogueAddInput,
        card: CardCatalogue.Card,
        today: CalendarDay,
        t: Words
    )
        -> Validated<CalendarDay?>
    {
        var errors = FieldErrors(t: t)
        let day = errors.date(input.feeDueOn, field: "feeDueOn", today: today, required: false, window: .planning)
        if day == nil, errors["feeDueOn"] == nil, needsFeeDate(card) {
            errors.add("feeDueOn", t["wallet.preview.errors.fee_due"])
        }
        guard errors.isEmpty else { return .invalid(errors) }
        return .valid(day)
    }

    static func fields(
        _ input: CatalogueAddInput,
        errors: FieldErrors,
        card: CardCatalogue.Card,
        t: Words
    ) -> [FormField] {
        let needed = needsFeeDate(card)
        return [
            .input(
                "feeDueOn",
                label: needed ? t["wallet.fields.fee_due"] : t["wallet.preview.fee_due_optional"],
                value: input.feeDueOn ?? "",
                type: "date",
                error: errors["feeDueOn"],
                hint: needed ? t["wallet.preview.fee_due_hint_needed"] : t["wallet.preview.fee_due_hint"],
                required: needed
            )
        ]
    }
}

// MARK: - Mark as done

/// The "Mark as done" form as typed; both fields absent is the one-tap button (the full value, today).
struct BenefitUseInput: Decodable, Sendable {
    var amount: String?
    var usedOn: String?
    var returnTo: String?

    init(amount: String? = nil, usedOn: String? = nil) {
        self.amount = amount
        self.usedOn = usedOn
    }
}

/// A valid "Mark as done": how much, on which day, and the period of that day.
struct BenefitUseDraft: Sendable {
    let cents: Int64
    let day: CalendarDay
    let window: PeriodWindow
}

/// A use is worth more than nothing and at most the benefit's value (a credit can't give back more than it is
/// worth), and is dated today or earlier, in the current period or the one before (a use remembered late).
enum BenefitUseRules {
    /// `usedOn` finds the day of a use already recorded in a period (by its first day): one use a period.
    static func validate(
        _ input: BenefitUseInput,
        benefit: CardBenefit,
        card: WalletCard,
        today: CalendarDay,
        timeZone: TimeZone,
        format: RegionFormat,
        t: Words,
        usedOn: (CalendarDay) async throws -> String?
    ) async rethrows -> Validated<BenefitUseDraft> {
        var errors = FieldErrors(t: t)
        let currency = card.currencyValue
        let full = format.amountValue(benefit.valueCents, currency)
        let cents = errors.amount(input.amount ?? full, field: "amount", currency: currency, grammar: format.amounts)
        if let cents, cents > benefit.valueCents {
            errors.add(
                "amount",
                t["wallet.use.errors.too_much", ["amount": format.money(benefit.valueCents, currency)]]
            )
        }
        let current = benefit.window(containing: today, anniversary: card.anniversary, timeZone: timeZone)
        let earliest = current.previous(
            benefit.period,
            anniversary: card.anniversary,
            added: benefit.addedOn(in: timeZone)
        ).start
        var day = errors.date(input.usedOn ?? today.description, field: "usedOn", today: today, window: .ledger)
        if let chosen = day, chosen > today {
            errors.add("usedOn", t["wallet.use.errors.future"])
            day = nil
        } else if let chosen = day, chosen < earliest {
            errors.add("usedOn", t["wallet.use.errors.too_early", ["date": t.date(earliest)]])
            day = nil
        }
        guard errors.isEmpty, let cents, let day else { return .invalid(errors) }
        let window = benefit.window(containing: day, anniversary: card.anniversary, timeZone: timeZone)
        if let taken = try await usedOn(window.start) {
            errors.add(
                "usedOn",
                t[
                    "wallet.use.errors.taken",
                    ["name": benefit.name, "date": CalendarDay(taken).map(t.date) ?? taken]
                ]
            )
            return .invalid(errors)
        }
        return .valid(BenefitUseDraft(cents: cents, day: day, window: window))
    }

    static func fields(_ input: BenefitUseInput, errors: FieldErrors, value: String, t: Words) -> [FormField] {
        [
            .input(
                "amount",
                label: t["wallet.use.fields.amount"],
                value: input.amount ?? "",
                error: errors["amount"],
                hint: t["wallet.use.fields.amount_hint", ["amount": value]],
                autocomplete: "off",
                inputmode: "decimal",
                required: true,
                autofocus: true
            ),
            .input(
                "usedOn",
                label: t["wallet.use.fields.day"],
                value: input.usedOn ?? "",
                type: "date",
                error: errors["usedOn"],
                hint: t["wallet.use.fields.day_hint"],
                required: true
            ),
        ]
    }
}

/// The onboarding picks and the benefit actions as posted.
extension WalletController {
    struct OnboardingInput: Decodable {
        var cards: [String]?
        var skip: String?
        /// Fee due dates by catalogue id, for the ticked cards that need one.
        var feeDueOn: [String: String]?
    }

    /// The card's reminder switch as posted.
    struct CardRemindersInput: Decodable {
        var on: String?
        /// Where to go back to (the Wallet, from a card's quick menu); the card's page when absent.
        var returnTo: String?
    }

    struct ActionInput: Decodable {
        var days: String?
        var returnTo: String?
    }
}

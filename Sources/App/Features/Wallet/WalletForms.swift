import Foundation
import Views

/// What wallet forms share.
enum WalletRules {
    static let periodOptions = BenefitPeriod.allCases.map { ($0.rawValue, $0.label) }
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

    init(card: WalletCard, currency: Currency) {
        name = card.name
        issuer = card.issuer
        nickname = card.nickname
        gradient = CardGradient.matching(start: card.gradientStart, end: card.gradientEnd)?.rawValue ?? "original"
        annualFee = Money(cents: card.annualFeeCents, currency: currency).formValue
        feeDueOn = card.feeDueOn ?? ""
    }

    var benefitRows: [(name: String?, value: String?, period: String?)] {
        [(benefit1Name, benefit1Value, benefit1Period), (benefit2Name, benefit2Value, benefit2Period),
         (benefit3Name, benefit3Value, benefit3Period)]
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
}

enum CardRules {
    static func validate(_ input: CardInput, currency: Currency, today: CalendarDay, withBenefits: Bool,
                         allowOriginal: Bool, into errors: inout FieldErrors) -> CardDraft {
        let name = errors.text(input.name, field: "name", required: "Enter the card's name.", max: 60)
        let issuer = errors.text(input.issuer, field: "issuer", required: "Enter the bank or issuer.", max: 60)
        let nickname = errors.text(input.nickname, field: "nickname", max: 40)
        var gradient: CardGradient?
        if let chosen = CardGradient(rawValue: input.gradient ?? "") { gradient = chosen }
        else if !(allowOriginal && input.gradient == "original") { errors.add("gradient", "Choose a colour.") }
        let fee = errors.amount(input.annualFee, field: "annualFee", currency: currency, required: false, rule: .zeroOrMore) ?? 0
        let due = errors.date(input.feeDueOn, field: "feeDueOn", today: today, required: false, window: .planning)
        var benefits: [(String, Int64, BenefitPeriod)] = []
        if withBenefits {
            for (index, row) in input.benefitRows.enumerated() {
                let number = index + 1
                let value = (row.value ?? "").trimmingCharacters(in: .whitespaces)
                if (row.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && value.isEmpty { continue }
                let name = errors.text(row.name, field: "benefit\(number)Name", required: "Name this benefit, or clear its value.",
                                       max: 60)
                let cents = errors.amount(value, field: "benefit\(number)Value", currency: currency)
                let period = errors.choice(row.period, field: "benefit\(number)Period", as: BenefitPeriod.self, message: "Choose how often it resets.")
                if let cents, let period, !name.isEmpty { benefits.append((name, cents, period)) }
            }
        }
        return CardDraft(name: name, issuer: issuer, nickname: nickname, gradient: gradient, annualFeeCents: fee,
                         feeDueOn: due, benefits: benefits)
    }

    static func fields(_ input: CardInput, errors: FieldErrors, withBenefits: Bool, allowOriginal: Bool) -> [FormField] {
        var gradients = CardGradient.allCases.map { ($0.rawValue, $0.label) }
        if allowOriginal { gradients.insert(("original", "Original colours"), at: 0) }
        var fields: [FormField] = [
            .input("name", label: "Card name", value: input.name ?? "", error: errors["name"],
                   hint: "For example Sapphire Preferred.", autocomplete: "off", required: true, autofocus: true),
            .input("issuer", label: "Issuer", value: input.issuer ?? "", error: errors["issuer"],
                   hint: "The bank, like Chase or American Express.", autocomplete: "off", required: true),
            .input("nickname", label: "Nickname", value: input.nickname ?? "", error: errors["nickname"],
                   hint: "Optional, like Personal or Business.", autocomplete: "off"),
            .radio("gradient", label: "Colour", value: input.gradient ?? "", options: gradients, error: errors["gradient"]),
            .input("annualFee", label: "Annual fee", value: input.annualFee ?? "", error: errors["annualFee"],
                   hint: "Leave empty for no fee.", autocomplete: "off", inputmode: "decimal"),
            .input("feeDueOn", label: "Fee due date", value: input.feeDueOn ?? "", type: "date", error: errors["feeDueOn"],
                   hint: "The card anniversary: card-year benefits and the fee's return count from it."),
        ]
        if withBenefits {
            for (index, row) in input.benefitRows.enumerated() {
                let number = index + 1
                fields.append(.input("benefit\(number)Name", label: "Benefit \(number)", value: row.name ?? "",
                                     error: errors["benefit\(number)Name"],
                                     hint: number == 1 ? "Optional: a credit like “Dining credit”." : nil, autocomplete: "off"))
                fields.append(.input("benefit\(number)Value", label: "Benefit \(number) value", value: row.value ?? "",
                                     error: errors["benefit\(number)Value"], autocomplete: "off", inputmode: "decimal"))
                fields.append(.select("benefit\(number)Period", label: "Benefit \(number) resets",
                                      value: row.period ?? BenefitPeriod.monthly.rawValue,
                                      options: WalletRules.periodOptions, error: errors["benefit\(number)Period"]))
            }
        }
        return fields
    }
}

/// The add benefit form as typed.
struct BenefitInput: Decodable, Sendable {
    var name: String?
    var value: String?
    var period: String?
    var details: String?
}

/// A valid benefit form.
struct BenefitDraft: Sendable {
    let name: String
    let valueCents: Int64
    let period: BenefitPeriod
    let details: String
}

enum BenefitRules {
    static func validate(_ input: BenefitInput, currency: Currency, into errors: inout FieldErrors)
        -> BenefitDraft {
        let name = errors.text(input.name, field: "name", required: "Enter a name.", max: 60)
        let cents = errors.amount(input.value, field: "value", currency: currency) ?? 0
        let period = errors.choice(input.period, field: "period", as: BenefitPeriod.self, message: "Choose how often it resets.")
        let details = errors.text(input.details, field: "details", max: 200)
        return BenefitDraft(name: name, valueCents: cents, period: period ?? .monthly, details: details)
    }

    static func fields(_ input: BenefitInput, errors: FieldErrors) -> [FormField] {
        [
            .input("name", label: "Benefit", value: input.name ?? "", error: errors["name"], hint: "Like “Uber Cash”.",
                   autocomplete: "off", required: true, autofocus: true),
            .input("value", label: "Value each period", value: input.value ?? "", error: errors["value"], autocomplete: "off",
                   inputmode: "decimal", required: true),
            .select("period", label: "Resets", value: input.period ?? BenefitPeriod.monthly.rawValue,
                    options: WalletRules.periodOptions, error: errors["period"]),
            .input("details", label: "Details", value: input.details ?? "", error: errors["details"],
                   hint: "Optional: where it can be used.", autocomplete: "off"),
        ]
    }
}

/// The onboarding picks and the benefit actions as posted.
extension WalletController {
    struct OnboardingInput: Decodable {
        var cards: [String]?
        var skip: String?
    }

    /// The card's reminder switch as posted.
    struct CardRemindersInput: Decodable {
        var on: String?
    }

    struct ActionInput: Decodable {
        var days: String?
        var returnTo: String?
    }
}

import Foundation

/// A popular service to start a subscription from.
struct SubscriptionTemplate: Sendable {
    let key: String
    let name: String
    let amountCents: Int64
    let frequency: RenewalFrequency
    let category: String

    static let all: [SubscriptionTemplate] = [
        .init(key: "netflix", name: "Netflix", amountCents: 1_549, frequency: .monthly, category: "Streaming"),
        .init(key: "spotify", name: "Spotify", amountCents: 1_199, frequency: .monthly, category: "Music"),
        .init(key: "disney", name: "Disney+", amountCents: 999, frequency: .monthly, category: "Streaming"),
        .init(key: "icloud", name: "iCloud+", amountCents: 299, frequency: .monthly, category: "Cloud storage"),
        .init(
            key: "adobe",
            name: "Adobe Creative Cloud",
            amountCents: 5_999,
            frequency: .monthly,
            category: "Software"
        ),
        .init(key: "gym", name: "Gym", amountCents: 4_000, frequency: .monthly, category: "Fitness"),
        .init(key: "youtube", name: "YouTube Premium", amountCents: 1_399, frequency: .monthly, category: "Streaming"),
        .init(key: "amazon", name: "Amazon Prime", amountCents: 13_900, frequency: .yearly, category: "Shopping"),
        .init(key: "hulu", name: "Hulu", amountCents: 999, frequency: .monthly, category: "Streaming"),
        .init(key: "microsoft", name: "Microsoft 365", amountCents: 9_999, frequency: .yearly, category: "Software"),
        .init(key: "nyt", name: "New York Times", amountCents: 2_500, frequency: .monthly, category: "News"),
        .init(key: "backup", name: "Cloud Backup", amountCents: 900, frequency: .monthly, category: "Cloud storage"),
    ]

    static func named(_ key: String) -> SubscriptionTemplate? { all.first { $0.key == key } }

    /// The first letter(s) shown as the service's icon.
    static func initials(_ name: String) -> String { Initials.of(name) ?? "•" }
}

/// The add / edit subscription form as typed.
struct SubscriptionInput: Decodable, Sendable {
    var name: String?
    var amount: String?
    var frequency: String?
    var renewsOn: String?
    var cardId: String?
    var category: String?
    var icon: String?

    init(
        name: String? = nil,
        amount: String? = nil,
        frequency: String? = nil,
        renewsOn: String? = nil,
        cardId: String? = nil,
        category: String? = nil,
        icon: String? = nil
    ) {
        self.name = name
        self.amount = amount
        self.frequency = frequency
        self.renewsOn = renewsOn
        self.cardId = cardId
        self.category = category
        self.icon = icon
    }

    init(_ subscription: Subscription, currency: Currency, format: RegionFormat, today: CalendarDay) {
        self.init(
            name: subscription.name,
            amount: format.amountValue(subscription.amountCents, currency),
            frequency: subscription.frequency.rawValue,
            renewsOn: subscription.nextRenewal(today: today).description,
            cardId: subscription.cardId.map(String.init) ?? "",
            category: subscription.category,
            icon: subscription.icon
        )
    }
}

/// A valid subscription form.
struct SubscriptionDraft: Sendable {
    let name: String
    let amountCents: Int64
    let frequency: RenewalFrequency
    let renewsOn: CalendarDay
    let cardId: Int64?
    let category: String

    /// A subscription named like a popular service gets that service's icon.
    func apply(to subscription: inout Subscription) {
        subscription.name = name
        subscription.amountCents = amountCents
        subscription.frequency = frequency
        subscription.renewsOn = renewsOn.description
        subscription.cardId = cardId
        subscription.category = category
        subscription.icon = SubscriptionTemplate.all.first { $0.name == name }?.key ?? ""
    }
}

/// Validation and fields of the subscription form.
enum SubscriptionRules {
    static func validate(
        _ input: SubscriptionInput,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        cardIds: Set<Int64>
    )
        -> Validated<SubscriptionDraft>
    {
        var errors = FieldErrors()
        let name = errors.text(input.name, field: "name", required: "Enter the service's name.", max: 60)
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let frequency = errors.choice(
            input.frequency,
            field: "frequency",
            as: RenewalFrequency.self,
            message: "Choose how often it renews."
        )
        let renews = errors.date(input.renewsOn, field: "renewsOn", today: today, window: .planning)
        var cardId: Int64?
        if let text = input.cardId, !text.isEmpty {
            if let id = Int64(text), cardIds.contains(id) {
                cardId = id
            } else {
                errors.add("cardId", "Choose one of your cards.")
            }
        }
        var category = errors.text(input.category, field: "category", max: 40)
        if category.isEmpty { category = "Other" }
        guard errors.isEmpty, let cents, let frequency, let renews else { return .invalid(errors) }
        return .valid(
            SubscriptionDraft(
                name: name,
                amountCents: cents,
                frequency: frequency,
                renewsOn: renews,
                cardId: cardId,
                category: category
            )
        )
    }

    static func fields(_ input: SubscriptionInput, errors: FieldErrors, cards: [WalletCard], isNew: Bool) -> [FormField]
    {
        [
            .input(
                "name",
                label: "Service",
                value: input.name ?? "",
                error: errors["name"],
                autocomplete: "off",
                required: true,
                autofocus: isNew && (input.name ?? "").isEmpty
            ),
            .input(
                "amount",
                label: "Amount",
                value: input.amount ?? "",
                error: errors["amount"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true
            ),
            .select(
                "frequency",
                label: "Frequency",
                value: input.frequency ?? RenewalFrequency.monthly.rawValue,
                options: RenewalFrequency.allCases.map { ($0.rawValue, $0.label) },
                error: errors["frequency"]
            ),
            .input(
                "renewsOn",
                label: "Next renewal",
                value: input.renewsOn ?? "",
                type: "date",
                error: errors["renewsOn"],
                hint: "Later renewals follow by themselves.",
                required: true
            ),
            .select(
                "cardId",
                label: "Payment card",
                value: input.cardId ?? "",
                options: [("", "None (optional)")]
                    + cards.map { (String($0.id ?? 0), $0.nickname.isEmpty ? $0.name : "\($0.name) · \($0.nickname)") },
                error: errors["cardId"]
            ),
            .input(
                "category",
                label: "Category",
                value: input.category ?? "",
                error: errors["category"],
                hint: "Like Streaming or Fitness.",
                autocomplete: "off"
            ),
        ]
    }
}

/// The add and edit coupon forms as typed.
struct CouponInput: Decodable, Sendable {
    var name: String?
    var details: String?
    var expiresOn: String?
    var category: String?
    var value: String?
    var code: String?

    init(
        name: String? = nil,
        details: String? = nil,
        expiresOn: String? = nil,
        category: String? = nil,
        value: String? = nil,
        code: String? = nil
    ) {
        self.name = name
        self.details = details
        self.expiresOn = expiresOn
        self.category = category
        self.value = value
        self.code = code
    }

    init(_ coupon: Coupon, currency: Currency, format: RegionFormat) {
        self.init(
            name: coupon.name,
            details: coupon.details,
            expiresOn: coupon.expiresOn,
            category: coupon.category,
            value: coupon.valueCents.map { format.amountValue($0, currency) } ?? "",
            code: coupon.code
        )
    }
}

/// A valid coupon form.
struct CouponDraft: Sendable {
    let name: String
    let details: String
    let expiresOn: CalendarDay
    let category: String
    let valueCents: Int64?
    let code: String

    func apply(to coupon: inout Coupon) {
        coupon.name = name
        coupon.details = details
        coupon.expiresOn = expiresOn.description
        coupon.category = category
        coupon.valueCents = valueCents
        coupon.code = code
    }
}

/// Validation and fields of the coupon forms.

enum CouponRules {
    static let categories = ["Dining", "Groceries", "Shopping", "Travel", "Entertainment", "Services", "Other"]

    /// `keeping` is the date an edited coupon already has: it may stay even once it has passed.
    static func validate(
        _ input: CouponInput,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        keeping: CalendarDay? = nil
    )
        -> Validated<CouponDraft>
    {
        var errors = FieldErrors()
        let name = errors.text(input.name, field: "name", required: "Enter a name.", max: 60)
        let details = errors.text(input.details, field: "details", max: 200)
        let expires = errors.date(input.expiresOn, field: "expiresOn", today: today, window: .planning)
        if let expires, expires < today, expires != keeping {
            errors.add("expiresOn", "This date has passed; enter today or later.")
        }
        // A form without the field means "Other"; a value that isn't in the list is refused, not changed.
        let typed = input.category ?? ""
        let category = typed.isEmpty ? "Other" : typed
        if !categories.contains(category) { errors.add("category", "Choose a category.") }
        let value = errors.amount(input.value, field: "value", currency: currency, grammar: grammar, required: false)
        let code = errors.text(input.code, field: "code", max: 40)
        guard errors.isEmpty, let expires else { return .invalid(errors) }
        return .valid(
            CouponDraft(
                name: name,
                details: details,
                expiresOn: expires,
                category: category,
                valueCents: value,
                code: code
            )
        )
    }

    static func fields(_ input: CouponInput, errors: FieldErrors, isNew: Bool = true) -> [FormField] {
        [
            .input(
                "name",
                label: "Name",
                value: input.name ?? "",
                error: errors["name"],
                hint: "Like McDonald's BOGO.",
                autocomplete: "off",
                required: true,
                autofocus: isNew
            ),
            .input(
                "details",
                label: "Description",
                value: input.details ?? "",
                error: errors["details"],
                hint: "Optional, like “Buy one Big Mac, get one free”.",
                autocomplete: "off"
            ),
            .input(
                "expiresOn",
                label: "Expiration date",
                value: input.expiresOn ?? "",
                type: "date",
                error: errors["expiresOn"],
                required: true
            ),
            .select(
                "category",
                label: "Category",
                value: input.category ?? "Other",
                options: categories.map { ($0, $0) },
                error: errors["category"]
            ),
            .input(
                "value",
                label: "Value",
                value: input.value ?? "",
                error: errors["value"],
                hint: "Optional.",
                autocomplete: "off",
                inputmode: "decimal"
            ),
            .input(
                "code",
                label: "Coupon code",
                value: input.code ?? "",
                error: errors["code"],
                hint: "Optional.",
                autocomplete: "off"
            ),
        ]
    }
}

/// The "Mark used" form of a coupon as posted.
extension WalletController {
    struct CouponUseInput: Decodable {
        /// The state the form asks for: "1" (or absent) used, "0" open again.
        var used: String?
        var returnTo: String?
    }
}

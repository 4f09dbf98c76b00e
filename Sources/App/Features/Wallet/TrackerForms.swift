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

    /// The category the form starts with, in the member's language (it is theirs to change once saved).
    func category(_ t: Words) -> String {
        switch category {
        case "Streaming": t["wallet.subscriptions.categories.streaming"]
        case "Music": t["wallet.subscriptions.categories.music"]
        case "Cloud storage": t["wallet.subscriptions.categories.cloud"]
        case "Software": t["wallet.subscriptions.categories.software"]
        case "Fitness": t["wallet.subscriptions.categories.fitness"]
        case "Shopping": t["wallet.coupons.categories.shopping"]
        case "News": t["wallet.subscriptions.categories.news"]
        default: category
        }
    }

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
    /// "yes" when each renewal posts its charge to the ledger.
    var posts: String?

    init(
        name: String? = nil,
        amount: String? = nil,
        frequency: String? = nil,
        renewsOn: String? = nil,
        cardId: String? = nil,
        category: String? = nil,
        icon: String? = nil,
        posts: String? = nil
    ) {
        self.name = name
        self.amount = amount
        self.frequency = frequency
        self.renewsOn = renewsOn
        self.cardId = cardId
        self.category = category
        self.icon = icon
        self.posts = posts
    }

    init(_ subscription: Subscription, currency: Currency, format: RegionFormat, today: CalendarDay) {
        self.init(
            name: subscription.name,
            amount: format.amountValue(subscription.amountCents, currency),
            frequency: subscription.frequency.rawValue,
            renewsOn: subscription.nextRenewal(today: today).description,
            cardId: subscription.cardId.map(String.init) ?? "",
            category: subscription.category,
            icon: subscription.icon,
            posts: subscription.postsCharge ? "yes" : nil
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
    let posts: Bool

    /// A subscription named like a popular service gets that service's icon.
    func apply(to subscription: inout Subscription) {
        subscription.name = name
        subscription.amountCents = amountCents
        subscription.frequency = frequency
        subscription.renewsOn = renewsOn.description
        subscription.cardId = cardId
        subscription.category = category
        subscription.postsCharge = posts
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
        cardIds: Set<Int64>,
        t: Words
    )
        -> Validated<SubscriptionDraft>
    {
        var errors = FieldErrors(t: t)
        let name = errors.text(
            input.name,
            field: "name",
            required: t["wallet.subscriptions.errors.name"],
            max: 60
        )
        let cents = errors.amount(input.amount, field: "amount", currency: currency, grammar: grammar)
        let frequency = errors.choice(
            input.frequency,
            field: "frequency",
            as: RenewalFrequency.self,
            message: t["wallet.subscriptions.errors.frequency"]
        )
        let renews = errors.date(input.renewsOn, field: "renewsOn", today: today, window: .planning)
        var cardId: Int64?
        if let text = input.cardId, !text.isEmpty {
            if let id = Int64(text), cardIds.contains(id) {
                cardId = id
            } else {
                errors.add("cardId", t["wallet.subscriptions.errors.card"])
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
                category: category,
                posts: input.posts == "yes"
            )
        )
    }

    static func fields(
        _ input: SubscriptionInput,
        errors: FieldErrors,
        cards: [WalletCard],
        isNew: Bool,
        t: Words
    ) -> [FormField] {
        [
            .input(
                "name",
                label: t["wallet.subscriptions.fields.service"],
                value: input.name ?? "",
                error: errors["name"],
                autocomplete: "off",
                required: true,
                autofocus: isNew && (input.name ?? "").isEmpty
            ),
            .input(
                "amount",
                label: t["wallet.subscriptions.fields.amount"],
                value: input.amount ?? "",
                error: errors["amount"],
                autocomplete: "off",
                inputmode: "decimal",
                required: true
            ),
            .select(
                "frequency",
                label: t["wallet.subscriptions.fields.frequency"],
                value: input.frequency ?? RenewalFrequency.monthly.rawValue,
                options: RenewalFrequency.allCases.map { ($0.rawValue, $0.label(t)) },
                error: errors["frequency"]
            ),
            .input(
                "renewsOn",
                label: t["wallet.subscriptions.fields.renews"],
                value: input.renewsOn ?? "",
                type: "date",
                error: errors["renewsOn"],
                hint: t["wallet.subscriptions.fields.renews_hint"],
                required: true
            ),
            .select(
                "cardId",
                label: t["wallet.subscriptions.fields.card"],
                value: input.cardId ?? "",
                options: [("", t["wallet.subscriptions.fields.card_none"])]
                    + cards.map { (String($0.id ?? 0), $0.nickname.isEmpty ? $0.name : "\($0.name) · \($0.nickname)") },
                error: errors["cardId"]
            ),
            .input(
                "category",
                label: t["wallet.fields.category"],
                value: input.category ?? "",
                error: errors["category"],
                hint: t["wallet.subscriptions.fields.category_hint"],
                autocomplete: "off"
            ),
            .checkbox(
                "posts",
                label: t["wallet.subscriptions.fields.posts"],
                checked: input.posts == "yes",
                hint: t["wallet.subscriptions.fields.posts_hint"]
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
    /// The categories a coupon can have, as stored.
    static let categories = ["Dining", "Groceries", "Shopping", "Travel", "Entertainment", "Services", "Other"]

    /// A stored category as the member reads it: the coupon categories (and a subscription's "Other") in their
    /// language, anything else as typed.
    static func categoryLabel(_ category: String, _ t: Words) -> String {
        switch category {
        case "Dining": t["wallet.coupons.categories.dining"]
        case "Groceries": t["wallet.coupons.categories.groceries"]
        case "Shopping": t["wallet.coupons.categories.shopping"]
        case "Travel": t["wallet.coupons.categories.travel"]
        case "Entertainment": t["wallet.coupons.categories.entertainment"]
        case "Services": t["wallet.coupons.categories.services"]
        case "Other": t["wallet.coupons.categories.other"]
        default: category
        }
    }

    /// `keeping` is the date an edited coupon already has: it may stay even once it has passed.
    static func validate(
        _ input: CouponInput,
        currency: Currency,
        grammar: AmountGrammar,
        today: CalendarDay,
        keeping: CalendarDay? = nil,
        t: Words
    )
        -> Validated<CouponDraft>
    {
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["wallet.errors.name"], max: 60)
        let details = errors.text(input.details, field: "details", max: 200)
        let expires = errors.date(input.expiresOn, field: "expiresOn", today: today, window: .planning)
        if let expires, expires < today, expires != keeping {
            errors.add("expiresOn", t["wallet.coupons.errors.passed"])
        }
        // A form without the field means "Other"; a value that isn't in the list is refused, not changed.
        let typed = input.category ?? ""
        let category = typed.isEmpty ? "Other" : typed
        if !categories.contains(category) { errors.add("category", t["wallet.coupons.errors.category"]) }
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

    static func fields(_ input: CouponInput, errors: FieldErrors, isNew: Bool = true, t: Words) -> [FormField] {
        [
            .input(
                "name",
                label: t["wallet.coupons.fields.name"],
                value: input.name ?? "",
                error: errors["name"],
                hint: t["wallet.coupons.fields.name_hint"],
                autocomplete: "off",
                required: true,
                autofocus: isNew
            ),
            .input(
                "details",
                label: t["wallet.coupons.fields.details"],
                value: input.details ?? "",
                error: errors["details"],
                hint: t["wallet.coupons.fields.details_hint"],
                autocomplete: "off"
            ),
            .input(
                "expiresOn",
                label: t["wallet.coupons.fields.expires"],
                value: input.expiresOn ?? "",
                type: "date",
                error: errors["expiresOn"],
                required: true
            ),
            .select(
                "category",
                label: t["wallet.fields.category"],
                value: input.category ?? "Other",
                options: categories.map { ($0, categoryLabel($0, t)) },
                error: errors["category"]
            ),
            .input(
                "value",
                label: t["wallet.coupons.fields.value"],
                value: input.value ?? "",
                error: errors["value"],
                hint: t["wallet.fields.optional"],
                autocomplete: "off",
                inputmode: "decimal"
            ),
            .input(
                "code",
                label: t["wallet.coupons.fields.code"],
                value: input.code ?? "",
                error: errors["code"],
                hint: t["wallet.fields.optional"],
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

import Crypto
import Foundation
import WebPush

/// The profile details asked at sign-up step 2 and edited on Profile, as typed into the form.
struct DetailsInput: Decodable, Sendable {
    var location: String?
    var age: String?
    var salary: String?
    var householdSize: String?
    var currency: String?
    var timeZone: String?
    /// A `Region` identifier; a form without the field keeps the region the member has.
    var region: String?
    /// A `Language` code; a form without the field keeps the member's language.
    var language: String?

    /// What the form shows for a saved user.
    init(user: User) {
        location = user.location ?? ""
        age = user.age.map(String.init) ?? ""
        salary = user.salaryCents.map { user.amountValue($0) } ?? ""
        householdSize = user.householdSize.map(String.init) ?? ""
        currency = user.currency
        timeZone = user.timeZone
        region = user.region
        language = user.language
    }
}

/// Profile details that passed validation.
struct Details: Sendable, Equatable {
    var location: String?
    var age: Int?
    var salaryCents: Int64?
    var householdSize: Int?
    var currency: String
    var timeZone: String
    /// Nil when the form didn't ask.
    var region: String? = nil
    /// Nil when the form didn't ask.
    var language: String? = nil

    func apply(to user: inout User) {
        user.location = location
        user.age = age
        user.salaryCents = salaryCents
        user.householdSize = householdSize
        user.currency = currency
        user.timeZone = timeZone
        if let region { user.region = region }
        if let language { user.language = language }
    }
}

/// Validation rules and form fields shared by sign-up and Profile.
enum ProfileRules {
    static let nameLimit = 100
    static let passwordMinimum = 8
    static let passwordMaximum = 1024

    static func name(_ raw: String?, into errors: inout FieldErrors) -> String {
        let t = errors.t
        return errors.text(raw, field: "name", required: t["profile.errors.name_required"], max: nameLimit)
    }

    static func email(_ raw: String?, into errors: inout FieldErrors) -> String {
        let t = errors.t
        let email = User.normalize(email: raw ?? "")
        if email.isEmpty {
            errors.add("email", t["profile.errors.email_required"])
        } else if !isPlausibleEmail(email) {
            errors.add("email", t["profile.errors.email_invalid"])
        }
        return email
    }

    /// One `@`, something before it, a dotted domain after it, no spaces: the rest is the mail server's business.
    static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let domain = parts[1]
        guard !email.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," }),
            domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."), !domain.contains("..")
        else { return false }
        return true
    }

    static func newPassword(
        _ raw: String?,
        field: String = "password",
        common: CommonPasswords,
        into errors: inout FieldErrors
    ) -> String {
        let t = errors.t
        let password = raw ?? ""
        if password.count < passwordMinimum {
            errors.add(
                field,
                t["profile.errors.password_short", ["minimum": t.format.number(passwordMinimum)]]
            )
        } else if password.count > passwordMaximum {
            errors.add(
                field,
                t["profile.errors.password_long", ["maximum": t.format.number(passwordMaximum)]]
            )
        } else if password.trimmingCharacters(in: .whitespaces).isEmpty {
            errors.add(field, t["profile.errors.password_spaces"])
        } else if common.contains(password) {
            errors.add(field, t["profile.errors.password_common"])
        }
        return password
    }

    static func theme(_ raw: String?, into errors: inout FieldErrors) -> Theme {
        let t = errors.t
        return errors.choice(raw, field: "theme", as: Theme.self, message: t["profile.errors.theme"]) ?? .system
    }

    static func details(_ input: DetailsInput, grammar: AmountGrammar, into errors: inout FieldErrors) -> Details {
        let t = errors.t
        let location = errors.text(input.location, field: "location", max: nameLimit)

        let currencyCode = (input.currency ?? "").uppercased()
        let currency = Currency.find(currencyCode)
        if currency == nil { errors.add("currency", t["profile.errors.currency"]) }

        let timeZone = input.timeZone ?? ""
        if !isTimeZone(timeZone) {
            errors.add("timeZone", t["profile.errors.time_zone"])
        }
        let region = input.region.map(Region.init)
        if case .some(.none) = region { errors.add("region", t["profile.errors.region"]) }
        let language = input.language.map(Language.init(rawValue:))
        if case .some(.none) = language { errors.add("language", t["profile.errors.language"]) }

        let age = errors.wholeNumber(
            input.age,
            field: "age",
            range: 13...120,
            message: t["profile.errors.age"]
        )
        let household = errors.wholeNumber(
            input.householdSize,
            field: "householdSize",
            range: 1...30,
            message: t["profile.errors.household_size"]
        )

        let salaryCents = errors.amount(
            input.salary,
            field: "salary",
            currency: currency ?? .usd,
            grammar: grammar,
            required: false,
            rule: .zeroOrMore
        )
        return Details(
            location: location.isEmpty ? nil : location,
            age: age,
            salaryCents: salaryCents,
            householdSize: household,
            currency: currency?.code ?? Currency.usd.code,
            timeZone: timeZone,
            region: region??.identifier,
            language: language??.rawValue
        )
    }

    /// A new currency for an account that already has amounts. Nothing is converted, so the switch relabels them:
    /// allowed only when ticked, and never between currencies with different decimals (every amount would change).
    static func currencySwitch(
        from old: Currency,
        to new: Currency,
        hasAmounts: Bool,
        relabel: String?,
        format: RegionFormat,
        into errors: inout FieldErrors
    ) {
        guard old != new, hasAmounts else { return }
        let t = errors.t
        if old.minorUnits != new.minorUnits {
            errors.add(
                "currency",
                t[
                    "profile.errors.currency_decimals",
                    [
                        "old": old.code, "old_decimals": t.format.number(old.minorUnits), "new": new.code,
                        "new_decimals": t.format.number(new.minorUnits),
                    ]
                ]
            )
        } else if relabel != "yes" {
            let sample: Int64 = 123_450
            errors.add(
                "relabelCurrency",
                t[
                    "profile.errors.relabel",
                    ["old": format.money(sample, old), "new": format.money(sample, new)]
                ]
            )
        }
    }

    /// The box that confirms a currency switch, shown while one waits for it.
    static func relabelField(_ input: ProfileController.ProfileInput, user: User, errors: FieldErrors) -> FormField? {
        let code = (input.details.currency ?? user.currency).uppercased()
        guard code != user.currency, errors["relabelCurrency"] != nil || input.relabelCurrency == "yes" else {
            return nil
        }
        let t = errors.t
        return .checkbox(
            "relabelCurrency",
            label: t["profile.fields.relabel", ["currency": code]],
            checked: input.relabelCurrency == "yes",
            error: errors["relabelCurrency"]
        )
    }

    // MARK: - Form fields

    /// The fields in `errors.t`'s language (sign-up passes its words that way too).
    static func detailsFields(_ input: DetailsInput, errors: FieldErrors) -> [FormField] {
        let t = errors.t
        return [
            .input(
                "location",
                label: t["profile.fields.location"],
                value: input.location ?? "",
                error: errors["location"],
                hint: t["profile.fields.location_hint"],
                autocomplete: "address-level2"
            ),
            .input(
                "age",
                label: t["profile.fields.age"],
                value: input.age ?? "",
                error: errors["age"],
                hint: t["profile.fields.optional"],
                autocomplete: "off",
                inputmode: "numeric"
            ),
            .input(
                "salary",
                label: t["profile.fields.salary"],
                value: input.salary ?? "",
                error: errors["salary"],
                hint: t["profile.fields.salary_hint"],
                autocomplete: "off",
                inputmode: "decimal"
            ),
            .input(
                "householdSize",
                label: t["profile.fields.household_size"],
                value: input.householdSize ?? "",
                error: errors["householdSize"],
                hint: t["profile.fields.household_size_hint"],
                autocomplete: "off",
                inputmode: "numeric"
            ),
            .select(
                "currency",
                label: t["profile.fields.currency"],
                value: input.currency ?? Currency.usd.code,
                options: currencyOptions(t),
                error: errors["currency"],
                hint: t["profile.fields.currency_hint"]
            ),
            .select(
                "language",
                label: t["profile.fields.language"],
                value: input.language ?? Language.en.rawValue,
                options: Language.allCases.map { ($0.rawValue, $0.nativeName) },
                error: errors["language"],
                hint: t["profile.fields.language_hint"]
            ),
            .select(
                "region",
                label: t["profile.fields.region"],
                value: input.region ?? Region.unitedStates.identifier,
                options: regionOptions(currency: Currency.find(input.currency ?? "") ?? .usd, t: t),
                error: errors["region"],
                hint: t["profile.fields.region_hint"]
            ),
            .select(
                "timeZone",
                label: t["profile.fields.time_zone"],
                value: input.timeZone ?? TimeZone.current.identifier,
                options: timeZoneOptions(keeping: input.timeZone),
                error: errors["timeZone"],
                hint: t["profile.fields.time_zone_hint"]
            ),
        ]
    }

    /// Each offered region, named in `t`'s language, with an amount written its way: "German (Switzerland) —
    /// CHF 1’234.56".
    static func regionOptions(currency: Currency, t: Words) -> [(String, String)] {
        let locale = Locale(identifier: t.language.rawValue)
        return Region.offered.map { region in
            let name = locale.localizedString(forIdentifier: region.identifier) ?? region.name
            return (region.identifier, "\(name) — \(RegionFormat.of(region).money(123_456, currency))")
        }
    }

    /// Each currency with its name in `t`'s language: "EUR — Euro".
    static func currencyOptions(_ t: Words) -> [(String, String)] {
        let locale = Locale(identifier: t.language.rawValue)
        return Currency.all.map { currency in
            let name = t.language == .en ? currency.name : locale.localizedString(forCurrencyCode: currency.code)
            return (currency.code, "\(currency.code) — \(name ?? currency.name)")
        }
    }

    static func themeField(_ value: String, errors: FieldErrors) -> FormField {
        let t = errors.t
        return .select(
            "theme",
            label: t["profile.fields.theme"],
            value: value,
            options: Theme.allCases.map { theme in
                switch theme {
                case .system: (theme.rawValue, t["profile.fields.theme_system"])
                case .light: (theme.rawValue, t["profile.fields.theme_light"])
                case .dark: (theme.rawValue, t["profile.fields.theme_dark"])
                }
            },
            error: errors["theme"],
            hint: t["profile.fields.theme_hint"]
        )
    }

    /// Every time zone identifier a user may pick.
    static let timeZoneIdentifiers: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers).union(["UTC"])

    /// The time zone choices, sorted, computed once.
    static let timeZoneOptions: [(value: String, label: String)] = timeZoneIdentifiers.sorted().map {
        ($0, $0.replacingOccurrences(of: "_", with: " "))
    }

    /// The choices with `stored` among them when it is a zone the list doesn't name (`Etc/UTC`, `GMT`), so a
    /// profile shows the zone the account has and saving it again keeps it.
    static func timeZoneOptions(keeping stored: String?) -> [(value: String, label: String)] {
        guard let stored, !timeZoneIdentifiers.contains(stored), isTimeZone(stored) else { return timeZoneOptions }
        return [(stored, stored.replacingOccurrences(of: "_", with: " "))] + timeZoneOptions
    }

    /// Whether `identifier` names a time zone: one of the list, or another the system knows by that name.
    static func isTimeZone(_ identifier: String) -> Bool {
        if timeZoneIdentifiers.contains(identifier) { return true }
        guard identifier.count <= 64,
            identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) })
        else { return false }
        return TimeZone(identifier: identifier) != nil
    }

    /// The time zone a new account starts with: the browser's, when its page said which and it is one, else the
    /// server's own.
    static func signupTimeZone(browser: String?) -> String {
        if let browser, isTimeZone(browser) { return browser }
        let identifier = TimeZone.current.identifier
        return timeZoneIdentifiers.contains(identifier) ? identifier : "UTC"
    }
}

/// The profile and password forms as posted.
extension ProfileController {
    struct ProfileInput: Decodable {
        var name: String?
        var email: String?
        var theme: String?
        var details: DetailsInput
        /// "yes": switch the currency of an account with amounts, relabelling them without converting.
        var relabelCurrency: String?

        init(user: User) {
            name = user.name
            email = user.email
            theme = user.theme.rawValue
            details = DetailsInput(user: user)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            email = try container.decodeIfPresent(String.self, forKey: .email)
            theme = try container.decodeIfPresent(String.self, forKey: .theme)
            relabelCurrency = try container.decodeIfPresent(String.self, forKey: .relabelCurrency)
            details = try DetailsInput(from: decoder)
        }

        enum CodingKeys: String, CodingKey { case name, email, theme, relabelCurrency }
    }

    /// "Log out all other browsers", and logging out one other browser: each asks for the password.
    struct SessionsInput: Decodable {
        var sessionsPassword: String?
        var password: String?
    }

    struct PasswordInput: Decodable {
        var currentPassword: String?
        var newPassword: String?
        var confirmPassword: String?
    }
}

/// The notification settings form as typed.
struct NotificationSettingsInput: Decodable, Sendable {
    var notifications: String?
    var frequency: String?
    var weekday: String?
    var reminderTime: String?
    var leadDays: String?
    var quietHours: String?
    var quietFrom: String?
    var quietTo: String?
    var pushDigest: String?

    init(_ settings: WalletSettings) {
        notifications = settings.notificationsEnabled ? "on" : "off"
        frequency = settings.frequency
        weekday = String(settings.weekday)
        reminderTime = settings.reminderTime
        leadDays = String(settings.leadDays)
        quietHours = settings.quietEnabled ? "on" : "off"
        quietFrom = settings.quietFrom
        quietTo = settings.quietTo
        pushDigest = settings.pushDigest
    }
}

/// A valid notification settings form. A weekday, lead time or push digest left out keeps the saved one.
struct NotificationSettingsDraft: Sendable {
    let notificationsEnabled: Bool
    let frequency: String
    let weekday: Int?
    let reminderTime: String
    let leadDays: Int?
    let quietEnabled: Bool
    let quietFrom: String
    let quietTo: String
    let pushDigest: String?

    func apply(to settings: inout WalletSettings) {
        settings.notificationsEnabled = notificationsEnabled
        settings.frequency = frequency
        settings.weekday = weekday ?? settings.weekday
        settings.reminderTime = reminderTime
        settings.leadDays = leadDays ?? settings.leadDays
        settings.quietEnabled = quietEnabled
        settings.quietFrom = quietFrom
        settings.quietTo = quietTo
        settings.pushDigest = pushDigest ?? settings.pushDigest
    }
}

/// The rules of the notification settings.
enum NotificationSettingsRules {
    static func validate(_ input: NotificationSettingsInput, t: Words) -> Validated<NotificationSettingsDraft> {
        var errors = FieldErrors(t: t)
        let onOff = ["on", "off"]
        if !onOff.contains(input.notifications ?? "") { errors.add("notifications", t["profile.errors.on_off"]) }
        if !onOff.contains(input.quietHours ?? "") { errors.add("quietHours", t["profile.errors.on_off"]) }
        let frequency = WalletSettings.frequencies.first { $0.value == input.frequency }?.value
        if frequency == nil { errors.add("frequency", t["profile.errors.frequency"]) }
        let weekday = errors.wholeNumber(
            input.weekday,
            field: "weekday",
            range: 1...7,
            message: t["profile.errors.weekday"]
        )
        let reminderTime = errors.clockTime(input.reminderTime, field: "reminderTime")
        let quietFrom = errors.clockTime(input.quietFrom, field: "quietFrom")
        let quietTo = errors.clockTime(input.quietTo, field: "quietTo")
        if let quietFrom, quietFrom == quietTo, errors["quietTo"] == nil {
            errors.add("quietTo", t["profile.errors.quiet_same"])
        }
        if let digest = input.pushDigest, !WalletSettings.pushDigests.contains(where: { $0.value == digest }) {
            errors.add("pushDigest", t["profile.errors.push_digest"])
        }
        let lead = errors.wholeNumber(
            input.leadDays,
            field: "leadDays",
            range: WalletSettings.leadRange,
            message: t["profile.errors.lead_days"]
        )
        guard errors.isEmpty, let frequency, let reminderTime, let quietFrom, let quietTo else {
            return .invalid(errors)
        }
        return .valid(
            NotificationSettingsDraft(
                notificationsEnabled: input.notifications == "on",
                frequency: frequency,
                weekday: weekday,
                reminderTime: reminderTime,
                leadDays: lead,
                quietEnabled: input.quietHours == "on",
                quietFrom: quietFrom,
                quietTo: quietTo,
                pushDigest: input.pushDigest
            )
        )
    }
}

/// The push channels form as typed.
struct PushInput: Decodable, Sendable {
    var ntfyServer: String?
    var ntfyTopic: String?
    /// A new access token; empty keeps the saved one (which is never shown).
    var ntfyToken: String?
    /// `yes` removes the saved access token.
    var ntfyTokenRemove: String?
    var webhookURL: String?

    init(_ channels: [PushChannel]) {
        let ntfy = channels.first { $0.kind == .ntfy }
        ntfyServer = ntfy?.url
        ntfyTopic = ntfy?.topic
        webhookURL = channels.first { $0.kind == .webhook }?.url
    }
}

/// A valid push channels form: each channel, or nil to turn it off.
struct PushChannelsDraft: Sendable {
    var ntfy: PushChannel?
    var webhook: PushChannel?
}

/// The rules of the push channels: a channel left empty is turned off.
enum PushRules {
    /// Checks every field; `refusal` says why the server won't send to an address (one on this machine, say), so
    /// that is said now, not left to fail at every reminder.
    static func validate(
        _ input: PushInput,
        userId: Int64,
        t: Words,
        refusal: (String) async -> String?
    ) async -> Validated<PushChannelsDraft> {
        var errors = FieldErrors(t: t)
        let server = errors.text(input.ntfyServer, field: "ntfyServer", max: 300)
        let topic = errors.text(input.ntfyTopic, field: "ntfyTopic", max: 64)
        let token = errors.text(input.ntfyToken, field: "ntfyToken", max: 200)
        if !token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
            errors.add("ntfyToken", t["profile.errors.ntfy_token"])
        }
        let webhook = errors.text(input.webhookURL, field: "webhookURL", max: 500)
        var ntfy: PushChannel?
        if !server.isEmpty || !topic.isEmpty {
            if !isWebAddress(server) {
                errors.add("ntfyServer", t["profile.errors.ntfy_server"])
            }
            if topic.isEmpty
                || !topic.unicodeScalars.allSatisfy({
                    CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "-" || $0 == "_"
                })
            {
                errors.add("ntfyTopic", t["profile.errors.ntfy_topic"])
            }
            ntfy = PushChannel(userId: userId, kind: .ntfy, url: server, topic: topic, token: token)
        }
        if !webhook.isEmpty && !isWebAddress(webhook) {
            errors.add("webhookURL", t["profile.errors.webhook"])
        }
        let channels = PushChannelsDraft(
            ntfy: ntfy,
            webhook: webhook.isEmpty ? nil : PushChannel(userId: userId, kind: .webhook, url: webhook)
        )
        for (field, url) in [("ntfyServer", channels.ntfy?.url), ("webhookURL", channels.webhook?.url)]
        where errors[field] == nil {
            if let url, let message = await refusal(url) { errors.add(field, message) }
        }
        guard errors.isEmpty else { return .invalid(errors) }
        return .valid(channels)
    }

    /// An http or https URL with a host.
    static func isWebAddress(_ text: String) -> Bool { webAddress(text) != nil }

    /// The scheme and host, lowercased, of an http or https URL with a host; nil for anything else.
    static func webAddress(_ text: String) -> (scheme: String, host: String)? {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        return (scheme, host)
    }
}

/// A browser's push subscription, as its `PushSubscription` gives it (filled in by `/js/push.js`).
struct PushDeviceInput: Decodable, Sendable {
    var endpoint: String?
    var p256dh: String?
    var auth: String?
}

/// The rules of a browser's push subscription: an https push service (or one on this machine), a P-256 public
/// key and a 16-byte auth secret, each base64url.
enum PushDeviceRules {
    static let maxEndpoint = 1_000
    /// Browsers one member can have notifications on in: each reminder goes to every one of them.
    static let maxDevices = 20

    /// The subscription, or a sentence saying what is wrong with it.
    static func validate(
        _ input: PushDeviceInput,
        t: Words
    ) -> Result<(endpoint: String, p256dh: String, auth: String), PushDeviceError> {
        let endpoint = (input.endpoint ?? "").trimmingCharacters(in: .whitespaces)
        guard endpoint.count <= maxEndpoint, let address = PushRules.webAddress(endpoint),
            address.scheme == "https" || ["127.0.0.1", "localhost", "::1", "[::1]"].contains(address.host)
        else {
            return .failure(PushDeviceError(message: t["profile.errors.device_endpoint"]))
        }
        let p256dh = (input.p256dh ?? "").trimmingCharacters(in: .whitespaces)
        guard let key = Base64URL.decode(p256dh), (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil
        else {
            return .failure(PushDeviceError(message: t["profile.errors.device_key"]))
        }
        let auth = (input.auth ?? "").trimmingCharacters(in: .whitespaces)
        guard Base64URL.decode(auth)?.count == 16 else {
            return .failure(PushDeviceError(message: t["profile.errors.device_auth"]))
        }
        return .success((endpoint, p256dh, auth))
    }
}

struct PushDeviceError: Error {
    let message: String
}

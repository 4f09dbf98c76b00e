import Foundation
import Hummingbird

/// Adding cards (catalogue browser, preview, custom card), editing and removing them, adding benefits.
extension WalletController {
    func addCardRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.browse, use: browse)
        group.get(WalletPaths.preview, use: preview)
        group.post(WalletPaths.addFromCatalogue, use: addFromCatalogue)
        group.get(WalletPaths.custom, use: newCustom)
        group.post(WalletPaths.custom, use: createCustom)
        group.get(WalletPaths.editCard, use: editCard)
        group.post(WalletPaths.editCard, use: updateCard)
        group.addDeletion(WalletPaths.deleteCard, cardDeletion)
        group.get(WalletPaths.newBenefit, use: newBenefit)
        group.post(WalletPaths.newBenefit, use: createBenefit)
        group.post(WalletPaths.cardReminders, use: setCardReminders)
    }

    // MARK: - Catalogue

    /// `GET /wallet/cards/new?q=…`: the catalogue by issuer, filtered by the search words.
    @Sendable func browse(request: Request, context: MemberContext) async throws -> Response {
        let query = request.uri.searchText
        let t = context.words
        let owned = try context.store.walletCatalogueIds()
        let words = query.lowercased().split(separator: " ").map(String.init)
        var order: [String] = []
        var byIssuer: [String: [WalletPages.BrowseItem]] = [:]
        for card in catalogue.cards {
            let haystack = (card.issuer + " " + card.name).lowercased()
            guard words.allSatisfy({ haystack.contains($0) }) else { continue }
            if byIssuer[card.issuer] == nil { order.append(card.issuer) }
            byIssuer[card.issuer, default: []].append(
                WalletPages.BrowseItem(
                    face: CardFace(catalogue: card, linked: true),
                    feeText: card.annualFeeCents == 0
                        ? t["wallet.fee.none"]
                        : t[
                            "wallet.browse.fee",
                            ["amount": context.user.moneyRounded(card.annualFeeCents, in: card.currencyValue)]
                        ],
                    owned: owned.contains(card.id)
                )
            )
        }
        let catalogue = catalogue
        let page = WalletPages.BrowsePage(
            query: query,
            groups: order.map { WalletPages.BrowseGroup(issuer: $0, items: byIssuer[$0] ?? []) },
            versionText: t[
                "wallet.browse.version",
                ["version": catalogue.version, "date": t.date(catalogue.date)]
            ]
        )
        return render(title: t["wallet.browse.title"], context: context) { shell in
            WalletPages.browse(page, shell.t)
        }
    }

    /// `GET /wallet/catalogue/:catalogueId`: the card with its benefits and their total annual value.
    @Sendable func preview(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("catalogueId"), let card = catalogue.card(id: id) else {
            throw HTTPError(.notFound)
        }
        return try await previewPage(
            card,
            input: CatalogueAddInput(),
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    func previewPage(
        _ card: CardCatalogue.Card,
        input: CatalogueAddInput,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let currency = card.currencyValue
        let t = context.words
        let owned = try context.store.walletCatalogueIds().contains(card.id)
        let page = WalletPages.PreviewPage(
            catalogueId: card.id,
            face: CardFace(catalogue: card, linked: false),
            title: "\(card.issuer) \(card.name)",
            feeText: card.annualFeeCents == 0
                ? t["wallet.fee.none"]
                : t["wallet.preview.fee", ["amount": context.user.moneyRounded(card.annualFeeCents, in: currency)]],
            benefits: card.benefits.map { benefit in
                let yearly = context.user.moneyRounded(benefit.period.annualCents(benefit.valueCents), in: currency)
                let each = context.user.moneyRounded(benefit.valueCents, in: currency)
                let text =
                    switch benefit.period {
                    case .annual: t["wallet.preview.benefit.annual", ["yearly": yearly, "name": benefit.name]]
                    case .anniversary:
                        t["wallet.preview.benefit.anniversary", ["yearly": yearly, "name": benefit.name]]
                    case .everyFourYears:
                        t["wallet.preview.benefit.quadrennial", ["yearly": yearly, "name": benefit.name, "each": each]]
                    case .monthly, .quarterly, .semiannual:
                        t[
                            "wallet.preview.benefit.other",
                            ["yearly": yearly, "name": benefit.name, "each": each, "unit": benefit.period.unit(t)]
                        ]
                    }
                return WalletPages.PreviewBenefit(text: "+ " + text, details: benefit.description)
            },
            totalText: currency == context.user.currencyValue
                ? t["wallet.preview.total", ["amount": context.user.moneyRounded(card.annualValueCents, in: currency)]]
                : t[
                    "wallet.preview.total_in",
                    [
                        "amount": context.user.moneyRounded(card.annualValueCents, in: currency),
                        "currency": currency.code,
                    ]
                ],
            owned: owned,
            summary: errors.summary,
            fields: CatalogueAddRules.fields(input, errors: errors, card: card, t: t)
        )
        return render(title: card.name, context: context, status: status) { shell in
            WalletPages.preview(page, csrf: shell.csrf, shell.t)
        }
    }

    /// `POST /wallet/catalogue/:catalogueId/add`: "Add to wallet", with the fee due date when a benefit counts by
    /// card year.
    @Sendable func addFromCatalogue(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("catalogueId"), let card = catalogue.card(id: id) else {
            throw HTTPError(.notFound)
        }
        let t = context.words
        return try await request.submitForm(CatalogueAddInput.self, context: context) { input in
            CatalogueAddRules.validate(input, card: card, today: context.member.today, t: context.words)
        } form: { input, errors, status in
            try await previewPage(card, input: input, errors: errors, context: context, status: status)
        } save: { _, feeDueOn in
            let added = try await context.store.addCards([
                Self.walletCard(
                    from: card,
                    userId: context.member.id,
                    feeDueOn: feeDueOn,
                    now: now()
                )
            ])
            try await context.store.endOnboarding()
            return pages.redirect(
                to: WalletPaths.card(added.first?.id ?? 0),
                flash: .success(t["wallet.flash.added_to_wallet", ["name": card.name]])
            )
        }
    }

    // MARK: - Custom card and edit

    /// The colour presets as swatches, named in the member's language.
    static func swatches(_ t: Words) -> [WalletPages.Swatch] {
        CardGradient.allCases.map {
            swatch(key: $0.rawValue, label: gradientLabel($0, t), $0.colours.start, $0.colours.end)
        }
    }

    /// A colour preset's name in the member's language.
    static func gradientLabel(_ gradient: CardGradient, _ t: Words) -> String {
        switch gradient {
        case .midnight: t["wallet.colours.midnight"]
        case .gold: t["wallet.colours.gold"]
        case .platinum: t["wallet.colours.platinum"]
        case .sapphire: t["wallet.colours.sapphire"]
        case .roseGold: t["wallet.colours.rose_gold"]
        case .obsidian: t["wallet.colours.obsidian"]
        case .emerald: t["wallet.colours.emerald"]
        case .ruby: t["wallet.colours.ruby"]
        }
    }

    static func swatch(key: String, label: String, _ start: String, _ end: String) -> WalletPages.Swatch {
        let text = CardFace.text(start, end)
        return WalletPages.Swatch(key: key, label: label, start: start, end: end, light: text.dark, scrim: text.scrim)
    }

    /// `GET /wallet/cards/custom`
    @Sendable func newCustom(request: Request, context: MemberContext) async throws -> Response {
        var input = CardInput()
        input.gradient = CardGradient.midnight.rawValue
        return try customForm(input, errors: FieldErrors(t: context.words), request: request, context: context)
    }

    func customForm(
        _ input: CardInput,
        errors: FieldErrors,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let page = WalletPages.FormPage(
            heading: t["wallet.custom.heading"],
            intro: t["wallet.custom.intro"],
            action: WalletPaths.custom,
            submitLabel: t["wallet.add_to_wallet"],
            cancelPath: WalletPaths.browse,
            summary: errors.summary,
            fields: CardRules.fields(input, errors: errors, withBenefits: true, allowOriginal: false, t: t),
            swatches: Self.swatches(t)
        )
        return render(title: page.heading, context: context, status: status) { shell in
            WalletPages.form(page, csrf: shell.csrf, shell.t)
        }
    }

    /// `POST /wallet/cards/custom`
    @Sendable func createCustom(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let userId = context.member.id
        let t = context.words
        return try await request.submitForm(CardInput.self, context: context) { input in
            try await CardRules.validate(
                input,
                currency: user.currencyValue,
                grammar: context.user.format.amounts,
                today: context.member.today,
                withBenefits: true,
                allowOriginal: false,
                t: context.words
            ) {
                try context.store.sameName(WalletCard.self, as: $0, nameSQL: WalletCard.fullNameSQL, except: nil)
            }
        } form: { input, errors, status in
            try customForm(input, errors: errors, request: request, context: context, status: status)
        } save: { _, draft in
            let now = self.now()
            var card = WalletCard(
                id: nil,
                userId: userId,
                catalogueId: nil,
                name: "",
                issuer: "",
                nickname: "",
                gradientStart: "",
                gradientEnd: "",
                annualFeeCents: 0,
                feeDueOn: nil,
                createdAt: now,
                updatedAt: now,
                currency: user.currencyValue.code
            )
            // Without "Original colours" to choose, the draft always has a gradient of its own.
            draft.apply(to: &card, original: nil)
            let benefits = draft.benefits.map {
                CardBenefit(
                    id: nil,
                    cardId: 0,
                    userId: userId,
                    name: $0.name,
                    details: "",
                    valueCents: $0.valueCents,
                    period: $0.period,
                    sortOrder: 0,
                    snoozedUntil: nil,
                    createdAt: now
                )
            }
            let added = try await context.store.addCards([(card, benefits)])
            try await context.store.endOnboarding()
            return pages.redirect(
                to: WalletPaths.card(added.first?.id ?? 0),
                flash: .success(t["wallet.flash.added_to_wallet", ["name": draft.name]])
            )
        }
    }

    /// `POST /wallet/cards/:id/reminders` with `on=1` or `on=0`: whether reminders about this card are recorded.
    @Sendable func setCardReminders(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let card = try context.named(WalletCard.self)
        let input = try await request.decodeForm(CardRemindersInput.self, context: context)
        guard let on = ["1": true, "0": false][input.on ?? ""] else {
            throw HTTPError(.badRequest, message: t["wallet.card.reminders.choose"])
        }
        _ = try await context.store.setCardReminders(id: card.id ?? 0, on: on)
        return pages.redirect(
            to: input.returnTo.flatMap(Paths.safeReturnPath) ?? WalletPaths.card(card.id ?? 0),
            flash: .success(
                on
                    ? t["wallet.card.reminders.on", ["name": card.name]]
                    : t["wallet.card.reminders.off", ["name": card.name]]
            )
        )
    }

    /// `GET /wallet/cards/:id/edit`
    @Sendable func editCard(request: Request, context: MemberContext) async throws -> Response {
        let card = try context.named(WalletCard.self)
        return try editForm(
            CardInput(card: card, currency: card.currencyValue, format: context.user.format),
            card: card,
            errors: FieldErrors(t: context.words),
            request: request,
            context: context
        )
    }

    func editForm(
        _ input: CardInput,
        card: WalletCard,
        errors: FieldErrors,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let id = card.id ?? 0
        let currency = card.currencyValue
        let t = context.words
        let page = WalletPages.FormPage(
            heading: t["wallet.edit_card.heading"],
            intro: t["wallet.edit_card.intro", ["currency": currency.code]],
            action: WalletPaths.editCard(id),
            submitLabel: t["wallet.save_changes"],
            cancelPath: WalletPaths.card(id),
            summary: errors.summary,
            fields: CardRules.fields(input, errors: errors, withBenefits: false, allowOriginal: true, t: t),
            swatches: [originalSwatch(card, t)] + Self.swatches(t)
        )
        return render(title: page.heading, context: context, status: status) { shell in
            WalletPages.form(page, csrf: shell.csrf, shell.t)
        }
    }

    /// "Original colours" in the edit form's picker: the catalogue card's gradient, or the card's own.
    func originalSwatch(_ card: WalletCard, _ t: Words) -> WalletPages.Swatch {
        let original = card.catalogueId.flatMap(catalogue.card(id:)).map(\.gradient)
        return Self.swatch(
            key: "original",
            label: t["wallet.colours.original"],
            original?.start ?? card.gradientStart,
            original?.end ?? card.gradientEnd
        )
    }

    /// `POST /wallet/cards/:id/edit`
    @Sendable func updateCard(request: Request, context: MemberContext) async throws -> Response {
        let card = try context.named(WalletCard.self)
        let t = context.words
        return try await request.submitForm(CardInput.self, context: context) { input in
            try await CardRules.validate(
                input,
                currency: card.currencyValue,
                grammar: context.user.format.amounts,
                today: context.member.today,
                withBenefits: false,
                allowOriginal: true,
                t: context.words
            ) {
                try context.store.sameName(
                    WalletCard.self,
                    as: $0,
                    nameSQL: WalletCard.fullNameSQL,
                    except: card.id
                )
            }
        } form: { input, errors, status in
            try editForm(input, card: card, errors: errors, request: request, context: context, status: status)
        } save: { _, draft in
            var card = card
            draft.apply(to: &card, original: card.catalogueId.flatMap(catalogue.card(id:)))
            card.updatedAt = now()
            try await context.store.updateWalletCard(card)
            return pages.redirect(
                to: WalletPaths.card(card.id ?? 0),
                flash: .success(t["wallet.flash.saved", ["name": card.name]])
            )
        }
    }

    // MARK: - Remove

    /// `GET` and `POST /wallet/cards/:id/delete`: its benefits go with it; the page's Cancel goes back where the
    /// member came from.
    var cardDeletion: Deletion<WalletCard> {
        Deletion { _, context in
            try context.named(WalletCard.self)
        } confirm: { card, request, context in
            let id = card.id ?? 0
            let t = context.words
            let back = request.uri.queryParameters["return"].map(String.init).flatMap(Paths.safeReturnPath)
            let page = ConfirmPage(
                title: t["wallet.card.remove_title", ["name": card.name]],
                text: t["wallet.card.remove_text"],
                action: WalletPaths.deleteCard(id),
                cancelPath: back ?? WalletPaths.card(id),
                button: t["wallet.card.remove"]
            )
            return pages.confirm(page, title: t["wallet.card.remove"], section: .wallet, context: context)
        } delete: { card, _, context in
            let t = context.words
            try await context.store.deleteWalletCard(id: card.id ?? 0)
            return pages.redirect(
                to: WalletPaths.index,
                flash: .success(t["wallet.card.removed", ["name": card.name]])
            )
        }
    }

    // MARK: - Benefits

    /// `GET /wallet/cards/:id/benefits`
    @Sendable func newBenefit(request: Request, context: MemberContext) async throws -> Response {
        let card = try context.named(WalletCard.self)
        return try benefitForm(
            BenefitInput(),
            card: card,
            editing: nil,
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    /// The add benefit form, or the edit form of `editing`.
    func benefitForm(
        _ input: BenefitInput,
        card: WalletCard,
        editing: CardBenefit?,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let id = card.id ?? 0
        let t = context.words
        let page = WalletPages.FormPage(
            heading: editing == nil ? t["wallet.benefit.form.add_heading"] : t["wallet.benefit.edit"],
            intro: editing == nil
                ? t["wallet.benefit.form.add_intro", ["card": card.name]]
                : t["wallet.benefit.form.edit_intro", ["card": card.name]],
            action: editing.map { WalletPaths.editBenefit($0.id ?? 0) } ?? WalletPaths.newBenefit(id),
            submitLabel: editing == nil ? t["wallet.benefit.form.add"] : t["wallet.save_changes"],
            cancelPath: WalletPaths.card(id),
            summary: errors.summary,
            fields: BenefitRules.fields(input, errors: errors, currency: card.currencyValue, t: t),
            swatches: [],
            deletePath: editing.map { WalletPaths.deleteBenefit($0.id ?? 0) }
        )
        return render(title: page.heading, context: context, status: status) { shell in
            WalletPages.form(page, csrf: shell.csrf, shell.t)
        }
    }

    /// `POST /wallet/cards/:id/benefits`
    @Sendable func createBenefit(request: Request, context: MemberContext) async throws -> Response {
        let card = try context.named(WalletCard.self)
        let t = context.words
        return try await request.submitForm(BenefitInput.self, context: context) { input in
            BenefitRules.validate(
                input,
                currency: card.currencyValue,
                grammar: context.user.format.amounts,
                t: context.words
            )
        } form: { input, errors, status in
            try benefitForm(input, card: card, editing: nil, errors: errors, context: context, status: status)
        } save: { _, draft in
            var benefit = CardBenefit(
                id: nil,
                cardId: card.id ?? 0,
                userId: card.userId,
                name: "",
                details: "",
                valueCents: 0,
                period: .monthly,
                sortOrder: 0,
                snoozedUntil: nil,
                createdAt: now()
            )
            draft.apply(to: &benefit)
            try await context.store.addBenefit(benefit)
            return pages.redirect(
                to: WalletPaths.card(card.id ?? 0),
                flash: .success(t["wallet.flash.added_quoted", ["name": draft.name]])
            )
        }
    }
}

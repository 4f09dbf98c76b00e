import Foundation
import HTML
import Hummingbird

/// The Wallet: cards and their benefits, onboarding, card detail and the benefit actions.
struct WalletController {
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let catalogue: CardCatalogue

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.index, use: index)
        group.post(WalletPaths.onboarding, use: onboard)
        group.get(WalletPaths.card, use: show)
        group.get(WalletPaths.benefit, use: showBenefit)
        group.get(WalletPaths.useBenefit, use: useBenefitForm)
        group.post(WalletPaths.useBenefit, use: useBenefit)
        group.get(WalletPaths.editBenefit, use: editBenefit)
        group.post(WalletPaths.editBenefit, use: updateBenefit)
        group.post(WalletPaths.unuseBenefit, use: unuseBenefit)
        group.post(WalletPaths.snoozeBenefit, use: snoozeBenefit)
        group.addDeletion(WalletPaths.deleteBenefit, benefitDeletion)
        addCardRoutes(to: group)
        addTrackerRoutes(to: group)
        addSettingsRoutes(to: group)
        group.get(WalletPaths.expiring, use: expiring)
    }

    /// A Wallet page in the shell, the Wallet tab current.
    func render(
        title: String,
        context: MemberContext,
        status: HTTPResponse.Status = .ok,
        _ main: (Shell) -> HTML
    ) -> Response {
        pages.page(title: title, section: .wallet, context: context, status: status, main)
    }

    // MARK: - Wallet

    /// `GET /wallet`: the summary and the card stack (grid on wide screens), or onboarding on a first visit.
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let snapshot = try context.store.walletSnapshot(today: today)
        if snapshot.cards.isEmpty {
            let settings = try context.store.walletSettings()
            if !settings.onboardingDone {
                return try onboardingPage(request: request, context: context)
            }
        }
        let states = WalletState.cards(snapshot, today: today, timeZone: user.calendarTimeZone)
        var total = CurrencyTotals()
        for state in states { total.add(state.availableCents, in: state.card.currencyValue) }
        let expiring = states.reduce(0) { $0 + $1.expiringCount }
        let page = WalletPages.IndexPage(
            totalText: total.text(first: user.currencyValue, format: user.format),
            countText: t.plural("wallet.index.across", count: states.count),
            expiringText: expiring == 0 ? nil : t.plural("wallet.index.expiring", count: expiring),
            cards: states.map {
                WalletPages.StackCard(
                    face: CardFace($0, format: user.format, t: t),
                    menu: Self.cardMenu($0, format: user.format)
                )
            },
            empty: EmptyState(
                key: "wallet",
                icon: "wallet",
                title: t["wallet.index.empty.title"],
                text: t["wallet.index.empty.text"],
                action: t["wallet.index.empty.action"],
                actionPath: WalletPaths.browse
            )
        )
        return render(title: t["wallet.title"], context: context) { shell in
            WalletPages.index(page, csrf: shell.csrf, shell.t)
        }
    }

    /// How many open benefits a card's quick menu offers to mark used; the card's page has the rest.
    static let menuUses = 4

    /// A card's quick menu on the Wallet: its open benefits, most pressing first, then the card's own actions, each
    /// coming back to the Wallet.
    static func cardMenu(_ state: CardState, format: RegionFormat) -> WalletPages.CardMenu {
        let card = state.card
        let id = card.id ?? 0
        let currency = card.currencyValue
        let open = state.benefits.filter(\.isOpen).sorted { a, b in
            a.daysLeft != b.daysLeft ? a.daysLeft < b.daysLeft : a.benefit.valueCents > b.benefit.valueCents
        }
        return WalletPages.CardMenu(
            id: id,
            name: card.nickname.isEmpty ? card.name : "\(card.name) · \(card.nickname)",
            uses: open.prefix(menuUses).map { benefit in
                .init(
                    id: benefit.benefit.id ?? 0,
                    label: "\(benefit.benefit.name) (\(format.moneyRounded(benefit.benefit.valueCents, currency)))"
                )
            },
            moreUses: open.count > menuUses,
            remindersOn: card.notify,
            returnTo: WalletPaths.index
        )
    }

    // MARK: - Onboarding

    func onboardingPage(
        request: Request,
        context: MemberContext,
        input: OnboardingInput? = nil,
        errors: FieldErrors = FieldErrors(),
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let catalogue = catalogue
        let t = context.words
        let ticked = Set(input?.cards ?? [])
        var groups: [WalletPages.PickGroup] = []
        for card in catalogue.cards {
            let field = "feeDueOn[\(card.id)]"
            let due: FormField? =
                CatalogueAddRules.needsFeeDate(card)
                ? .input(
                    field,
                    label: t["wallet.fields.fee_due"],
                    value: input?.feeDueOn?[card.id] ?? "",
                    type: "date",
                    error: errors[field],
                    hint: t["wallet.onboarding.fee_due_hint"],
                    required: true
                )
                : nil
            let item = WalletPages.PickItem(
                id: card.id,
                face: CardFace(catalogue: card, linked: false),
                checked: ticked.contains(card.id),
                due: due
            )
            if groups.last?.issuer == card.issuer {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append(WalletPages.PickGroup(issuer: card.issuer, items: [item]))
            }
        }
        let page = WalletPages.OnboardingPage(
            groups: Self.mergeIssuers(groups),
            continueText: t["wallet.onboarding.continue"],
            summary: errors.summary
        )
        return render(title: t["wallet.title"], context: context, status: status) { shell in
            WalletPages.onboarding(page, csrf: shell.csrf, shell.t)
        }
    }

    /// Groups of the same issuer that aren't next to each other in the file become one.
    static func mergeIssuers(_ groups: [WalletPages.PickGroup]) -> [WalletPages.PickGroup] {
        var order: [String] = []
        var items: [String: [WalletPages.PickItem]] = [:]
        for group in groups {
            if items[group.issuer] == nil { order.append(group.issuer) }
            items[group.issuer, default: []].append(contentsOf: group.items)
        }
        return order.map { WalletPages.PickGroup(issuer: $0, items: items[$0] ?? []) }
    }

    /// `POST /wallet/onboarding`: adds the ticked catalogue cards (none with Skip) and ends onboarding. A ticked card
    /// with card-year benefits needs its fee due date.
    @Sendable func onboard(request: Request, context: MemberContext) async throws -> Response {
        let userId = context.member.id
        let t = context.words
        let input = try await request.decodeForm(OnboardingInput.self, context: context)
        let ids = input.skip == nil ? Array(Set(input.cards ?? [])).sorted() : []
        let cards = try ids.map { id -> CardCatalogue.Card in
            guard let card = catalogue.card(id: id) else {
                throw HTTPError(.badRequest, message: t["wallet.onboarding.unknown_card"])
            }
            return card
        }
        var errors = FieldErrors(t: t)
        var picks: [(CardCatalogue.Card, CalendarDay?)] = []
        for card in cards {
            switch CatalogueAddRules.validate(
                CatalogueAddInput(feeDueOn: input.feeDueOn?[card.id]),
                card: card,
                today: context.member.today,
                t: t
            ) {
            case .valid(let due): picks.append((card, due))
            case .invalid(let one): if let message = one["feeDueOn"] { errors.add("feeDueOn[\(card.id)]", message) }
            }
        }
        guard errors.isEmpty else {
            return try onboardingPage(
                request: request,
                context: context,
                input: input,
                errors: errors,
                status: .unprocessableContent
            )
        }
        let now = self.now()
        try await context.store.addCards(
            picks.map { card, due in
                Self.walletCard(from: card, userId: userId, feeDueOn: due, now: now)
            }
        )
        try await context.store.endOnboarding()
        let message =
            cards.isEmpty
            ? t["wallet.onboarding.skipped"]
            : t.plural("wallet.onboarding.added", count: cards.count)
        return pages.redirect(to: WalletPaths.index, flash: .success(message))
    }

    /// A wallet card and its benefits made from a catalogue card.
    static func walletCard(
        from card: CardCatalogue.Card,
        userId: Int64,
        feeDueOn: CalendarDay? = nil,
        now: Date
    ) -> (card: WalletCard, benefits: [CardBenefit]) {
        let wallet = WalletCard(
            id: nil,
            userId: userId,
            catalogueId: card.id,
            name: card.name,
            issuer: card.issuer,
            nickname: "",
            gradientStart: card.gradient.start,
            gradientEnd: card.gradient.end,
            annualFeeCents: card.annualFeeCents,
            feeDueOn: feeDueOn?.description,
            createdAt: now,
            updatedAt: now,
            currency: card.currencyValue.code
        )
        let benefits = card.benefits.map { item in
            CardBenefit(
                id: nil,
                cardId: 0,
                userId: userId,
                name: item.name,
                details: item.description ?? "",
                valueCents: item.valueCents,
                period: item.period,
                sortOrder: 0,
                snoozedUntil: nil,
                createdAt: now
            )
        }
        return (wallet, benefits)
    }

    // MARK: - Card detail

    /// `GET /wallet/cards/:id`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        guard let id = context.parameters.get("id", as: Int64.self) else { throw HTTPError(.notFound) }
        let snapshot = try context.store.walletSnapshot(cardId: id, today: today)
        guard let state = WalletState.cards(snapshot, today: today, timeZone: user.calendarTimeZone).first else {
            throw HTTPError(.notFound)
        }
        let card = state.card
        let currency = card.currencyValue
        let here = WalletPaths.card(id)
        let open = state.benefits.filter(\.isOpen).sorted { a, b in
            a.daysLeft != b.daysLeft ? a.daysLeft < b.daysLeft : a.benefit.valueCents > b.benefit.valueCents
        }
        let used = state.benefits.filter { $0.status == .used }
        let expired = state.benefits.filter { $0.missedPrevious != nil }
        var roi: FeeReturnCard?
        if card.annualFeeCents > 0 {
            let year = BenefitPeriod.anniversary.window(containing: today, anniversary: card.anniversary)
            let redeemed = try context.store.redeemedCents(cardId: id, from: year.start, through: year.end)
            let due = card.anniversary.map { CardYear.nextOccurrence(of: $0, onOrAfter: today) }
            roi = FeeReturnCard(
                FeeReturn(redeemedCents: redeemed, feeCents: card.annualFeeCents),
                currency: currency,
                format: user.format,
                cardYear: year,
                feeDue: due,
                today: today,
                t: t
            )
        }
        let page = WalletPages.ShowPage(
            id: id,
            face: CardFace(state, format: user.format, t: t),
            availableTitle: t[
                "wallet.show.available",
                ["amount": user.moneyRounded(state.availableCents, in: currency)]
            ],
            available: open.map { BenefitRow($0, currency: currency, format: user.format, t: t, returnTo: here) },
            used: used.map { BenefitRow($0, currency: currency, format: user.format, t: t, returnTo: here) },
            expired: expired.map {
                BenefitRow($0, currency: currency, format: user.format, t: t, returnTo: here, expired: true)
            },
            hasBenefits: !state.benefits.isEmpty,
            roi: roi,
            feeText: card.annualFeeCents == 0
                ? t["wallet.fee.none"]
                : t["wallet.show.fee", ["amount": user.moneyRounded(card.annualFeeCents, in: currency)]],
            remindersOn: card.notify
        )
        return render(title: card.name, context: context) { shell in WalletPages.show(page, csrf: shell.csrf, shell.t) }
    }
}

import Foundation
import HTML
import Hummingbird
import Views

/// The Wallet: cards and their benefits, onboarding, card detail and the benefit actions.
struct WalletController {
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let catalogue: CardCatalogue

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.index, use: index)
        group.post(WalletPaths.onboarding, use: onboard)
        group.get(WalletPaths.card, use: show)
        group.post(WalletPaths.useBenefit, use: useBenefit)
        group.post(WalletPaths.unuseBenefit, use: unuseBenefit)
        group.post(WalletPaths.snoozeBenefit, use: snoozeBenefit)
        group.get(WalletPaths.deleteBenefit, use: confirmDeleteBenefit)
        group.post(WalletPaths.deleteBenefit, use: deleteBenefit)
        addCardRoutes(to: group)
        addTrackerRoutes(to: group)
        addSettingsRoutes(to: group)
        group.get(WalletPaths.expiring, use: expiring)
    }

    /// A Wallet page in the shell, the Wallet tab current.
    func render(title: String, context: MemberContext, status: HTTPResponse.Status = .ok,
                _ main: (Shell) -> HTML) -> Response {
        pages.page(title: title, section: .wallet, context: context, status: status, main)
    }

    // MARK: - Wallet

    /// `GET /wallet`: the summary and the card stack (grid on wide screens), or onboarding on a first visit.
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let snapshot = try await context.store.walletSnapshot(today: today)
        if snapshot.cards.isEmpty {
            let settings = try await context.store.walletSettings()
            if !settings.onboardingDone {
                return try onboardingPage(request: request, context: context)
            }
        }
        let states = WalletState.cards(snapshot, today: today, timeZone: user.calendarTimeZone)
        let total = states.reduce(0) { $0 + $1.availableCents }
        let expiring = states.reduce(0) { $0 + $1.expiringCount }
        let page = WalletPages.IndexPage(
            totalText: user.moneyRounded(total),
            countText: "Across \(states.count) \(states.count == 1 ? "card" : "cards")",
            expiringText: expiring == 0 ? nil : "\(expiring) \(expiring == 1 ? "benefit expires" : "benefits expire") within 7 days",
            cards: states.map { CardFace($0, user: user) },
            addPath: WalletPaths.browse,
            trackerPath: WalletPaths.tracker,
            settingsPath: WalletPaths.settings,
            empty: EmptyState(key: "wallet", icon: "wallet", title: "No cards yet",
                              text: "Add the credit cards you carry to track their benefits before they expire.",
                              action: "Add card", actionPath: WalletPaths.browse))
        return render(title: "Wallet", context: context) { _ in WalletPages.index(page) }
    }

    // MARK: - Onboarding

    func onboardingPage(request: Request, context: MemberContext) throws -> Response {
        let catalogue = catalogue
        var groups: [WalletPages.PickGroup] = []
        for card in catalogue.cards {
            let item = WalletPages.PickItem(id: card.id, face: CardFace(catalogue: card, path: nil))
            if groups.last?.issuer == card.issuer {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append(WalletPages.PickGroup(issuer: card.issuer, items: [item]))
            }
        }
        let page = WalletPages.OnboardingPage(action: WalletPaths.onboarding, groups: Self.mergeIssuers(groups),
                                              continueText: "Continue")
        return render(title: "Wallet", context: context) { shell in WalletPages.onboarding(page, csrf: shell.csrf) }
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

    /// `POST /wallet/onboarding`: adds the ticked catalogue cards (none with Skip) and ends onboarding.
    @Sendable func onboard(request: Request, context: MemberContext) async throws -> Response {
        let userId = context.member.id
        let input = try await request.decodeForm(OnboardingInput.self, context: context)
        let ids = input.skip == nil ? Array(Set(input.cards ?? [])).sorted() : []
        let cards = try ids.map { id -> CardCatalogue.Card in
            guard let card = catalogue.card(id: id) else { throw HTTPError(.badRequest, message: "Unknown card.") }
            return card
        }
        let now = self.now()
        try await context.store.addCards(cards.map { Self.walletCard(from: $0, userId: userId, now: now) })
        try await context.store.endOnboarding()
        let message = cards.isEmpty ? "You can add cards any time with “Add card”."
            : "Added \(cards.count) \(cards.count == 1 ? "card" : "cards") to your wallet."
        return pages.redirect(to: WalletPaths.index, flash: .success(message))
    }

    /// A wallet card and its benefits made from a catalogue card.
    static func walletCard(from card: CardCatalogue.Card, userId: Int64, now: Date) -> (card: WalletCard, benefits: [CardBenefit]) {
        let wallet = WalletCard(id: nil, userId: userId, catalogueId: card.id, name: card.name, issuer: card.issuer,
                                nickname: "", gradientStart: card.gradient.start, gradientEnd: card.gradient.end,
                                annualFeeCents: card.annualFeeCents, feeDueOn: nil, createdAt: now, updatedAt: now)
        let benefits = card.benefits.map { item in
            CardBenefit(id: nil, cardId: 0, userId: userId, name: item.name, details: item.description ?? "",
                        valueCents: item.valueCents, period: item.period, sortOrder: 0, snoozedUntil: nil, createdAt: now)
        }
        return (wallet, benefits)
    }

    // MARK: - Card detail

    /// `GET /wallet/cards/:id`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        guard let id = context.parameters.get("id", as: Int64.self) else { throw HTTPError(.notFound) }
        let snapshot = try await context.store.walletSnapshot(cardId: id, today: today)
        guard let state = WalletState.cards(snapshot, today: today, timeZone: user.calendarTimeZone).first else {
            throw HTTPError(.notFound)
        }
        let card = state.card
        let here = WalletPaths.card(id)
        let open = state.benefits.filter(\.isOpen).sorted { a, b in
            a.daysLeft != b.daysLeft ? a.daysLeft < b.daysLeft : a.benefit.valueCents > b.benefit.valueCents
        }
        let used = state.benefits.filter { $0.status == .used }
        let expired = state.benefits.filter { $0.missedPrevious != nil }
        var roi: FeeReturnCard?
        if card.annualFeeCents > 0 {
            let year = BenefitPeriod.anniversary.window(containing: today, anniversary: card.anniversary)
            let redeemed = try await context.store.redeemedCents(cardId: id, from: year.start, through: year.end)
            let due = card.anniversary.map { CardYear.nextOccurrence(of: $0, onOrAfter: today) }
            roi = FeeReturnCard(FeeReturn(redeemedCents: redeemed, feeCents: card.annualFeeCents), user: user,
                                cardYear: year, feeDue: due, today: today)
        }
        let page = WalletPages.ShowPage(
            face: CardFace(state, user: user),
            availableTitle: "Available benefits (\(user.moneyRounded(state.availableCents)))",
            available: open.map { BenefitRow($0, user: user, returnTo: here) },
            used: used.map { BenefitRow($0, user: user, returnTo: here) },
            expired: expired.map { BenefitRow($0, user: user, returnTo: here, expired: true) },
            hasBenefits: !state.benefits.isEmpty,
            roi: roi,
            feeText: card.annualFeeCents == 0 ? "No annual fee" : "Annual fee \(user.moneyRounded(card.annualFeeCents))",
            editPath: WalletPaths.editCard(id),
            deletePath: WalletPaths.deleteCard(id),
            newBenefitPath: WalletPaths.newBenefit(id),
            remindersOn: card.notify,
            remindersPath: WalletPaths.cardReminders(id))
        return render(title: card.name, context: context) { shell in WalletPages.show(page, csrf: shell.csrf) }
    }

    // MARK: - Benefit actions

    /// The benefit named by `:id` with its card, or a 404 if it isn't the user's.
    func benefit(_ context: MemberContext) async throws -> (CardBenefit, WalletCard) {
        guard let id = context.parameters.get("id", as: Int64.self),
              let found = try await context.store.cardBenefit(id: id)
        else { throw HTTPError(.notFound) }
        return found
    }

    func back(_ input: ActionInput, card: WalletCard) -> String {
        input.returnTo.flatMap(Paths.safeReturnPath) ?? WalletPaths.card(card.id ?? 0)
    }

    /// `POST /wallet/benefits/:id/use`: "Mark as done" for the current period, dated today.
    @Sendable func useBenefit(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let (benefit, card) = try await benefit(context)
        let input = try await request.decodeForm(ActionInput.self, context: context)
        let today = context.member.today
        let window = benefit.period.window(containing: today, anniversary: card.anniversary)
        try await context.store.markBenefitUsed(benefit, periodStart: window.start, on: today, now: now())
        return pages.redirect(to: back(input, card: card),
                              flash: .success("Marked “\(benefit.name)” as done — \(user.money(benefit.valueCents)) redeemed."))
    }

    /// `POST /wallet/benefits/:id/unuse`: takes back this period's "done".
    @Sendable func unuseBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let input = try await request.decodeForm(ActionInput.self, context: context)
        let window = benefit.period.window(containing: context.member.today, anniversary: card.anniversary)
        try await context.store.undoBenefitUse(benefit, periodStart: window.start)
        return pages.redirect(to: back(input, card: card), flash: .info("“\(benefit.name)” is available again."))
    }

    /// `POST /wallet/benefits/:id/snooze` with `days` 1, 3 or 7 (0 ends a snooze).
    @Sendable func snoozeBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let input = try await request.decodeForm(ActionInput.self, context: context)
        guard let days = input.days.flatMap({ Int($0) }), days == 0 || Snooze.choices.contains(where: { $0.days == days })
        else { throw HTTPError(.badRequest, message: "Choose 1 day, 3 days or 1 week.") }
        let until = days == 0 ? nil : context.member.today.adding(days: days)
        try await context.store.snoozeBenefit(id: benefit.id ?? 0, until: until)
        let message = until.map { "Snoozed “\(benefit.name)” until \($0.shortText)." } ?? "“\(benefit.name)” is no longer snoozed."
        return pages.redirect(to: back(input, card: card), flash: .info(message))
    }

    /// `GET /wallet/benefits/:id/delete`: says what goes with the benefit (its recorded uses, and so the card's return).
    @Sendable func confirmDeleteBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        let (uses, cents) = try await context.store.benefitUseTotals(benefitId: benefit.id ?? 0)
        let user = context.user
        let text = uses == 0
            ? "It leaves \(card.name) and its reminders. This can't be undone."
            : (uses == 1 ? "Its one recorded use" : "Its \(uses) recorded uses") + " (\(user.money(cents))) "
                + (uses == 1 ? "goes" : "go") + " with it, so \(card.name)'s return drops by that much. This can't be undone."
        let page = ConfirmPage(title: "Remove “\(benefit.name)”?", text: text, action: WalletPaths.deleteBenefit(benefit.id ?? 0),
                               cancelPath: WalletPaths.card(card.id ?? 0), button: "Remove benefit")
        return pages.confirm(page, title: "Remove benefit", section: .wallet, context: context)
    }

    /// `POST /wallet/benefits/:id/delete`: removes a benefit from its card (and its history).
    @Sendable func deleteBenefit(request: Request, context: MemberContext) async throws -> Response {
        let (benefit, card) = try await benefit(context)
        try await context.store.deleteBenefit(id: benefit.id ?? 0)
        return pages.redirect(to: WalletPaths.card(card.id ?? 0), flash: .success("Removed “\(benefit.name)”."))
    }
}

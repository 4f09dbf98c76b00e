import Foundation
import Hummingbird

/// The Tracker: subscriptions (monthly total, renewing soon) and coupons (expiring today, this week, later).
extension WalletController {
    func addTrackerRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.tracker, use: tracker)
        group.get(WalletPaths.newSubscription, use: newSubscription)
        group.post(WalletPaths.subscriptions, use: createSubscription)
        group.get(WalletPaths.editSubscription, use: editSubscription)
        group.post(WalletPaths.editSubscription, use: updateSubscription)
        group.addDeletion(WalletPaths.deleteSubscription, subscriptionDeletion)
        group.get(WalletPaths.newCoupon, use: newCoupon)
        group.post(WalletPaths.couponsCreate, use: createCoupon)
        group.get(WalletPaths.editCoupon, use: editCoupon)
        group.post(WalletPaths.editCoupon, use: updateCoupon)
        group.post(WalletPaths.useCoupon, use: useCoupon)
        group.addDeletion(WalletPaths.deleteCoupon, couponDeletion)
    }

    // MARK: - Tracker

    /// `GET /wallet/tracker?tab=subscriptions|coupons`
    @Sendable func tracker(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let today = context.member.today
        let isSubscriptions = request.uri.queryParameters["tab"] != "coupons"
        let showAll = request.uri.queryParameters["later"] == "all"
        var soon: [TrackerPages.SubscriptionRow] = []
        var all: [TrackerPages.SubscriptionRow] = []
        var monthly: Int64 = 0
        var count = 0
        var groups: [TrackerPages.CouponGroup] = []
        var history: [TrackerPages.CouponRow] = []
        if isSubscriptions {
            let subscriptions = try context.store.subscriptions()
            let cards = try context.store.walletCards()
            let names = Dictionary(uniqueKeysWithValues: cards.compactMap { card in card.id.map { ($0, card.name) } })
            let upcoming = Self.upcoming(subscriptions, today: today)
            all = upcoming.map {
                TrackerPages.SubscriptionRow($0.0, next: $0.1, today: today, user: user, t: t, cardNames: names)
            }
            soon = upcoming.filter { today.distance(to: $0.1) <= 7 }
                .map {
                    TrackerPages.SubscriptionRow($0.0, next: $0.1, today: today, user: user, t: t, cardNames: names)
                }
            monthly = Self.monthlyTotal(subscriptions)
            count = subscriptions.count
        } else {
            let open = try context.store.openCoupons(today: today)
            var bySection: [CouponSection: [TrackerPages.CouponRow]] = [:]
            for coupon in open {
                let section = CouponSection.of(
                    expiresOn: CalendarDay(coupon.expiresOn) ?? today,
                    usedOn: nil,
                    today: today
                )
                bySection[section, default: []].append(TrackerPages.CouponRow(coupon, today: today, user: user, t: t))
            }
            groups = [CouponSection.today, .thisWeek, .later].compactMap { section in
                guard let rows = bySection[section], !rows.isEmpty else { return nil }
                let cut = section == .later && !showAll && rows.count > Self.laterShown
                return TrackerPages.CouponGroup(
                    key: section.rawValue,
                    title: section.title(t),
                    count: rows.count,
                    rows: cut ? Array(rows.prefix(Self.laterShown)) : rows,
                    urgent: section != .later,
                    moreText: cut ? t["wallet.coupons.show_all", ["count": t.format.number(rows.count)]] : nil
                )
            }
            history = try context.store.couponHistory(today: today)
                .map { TrackerPages.CouponRow($0, today: today, user: user, t: t) }
        }
        let page = TrackerPages.TrackerPage(
            tabs: [
                TabLink(label: t["wallet.tracker.subscriptions"], href: WalletPaths.tracker, current: isSubscriptions),
                TabLink(label: t["wallet.tracker.coupons"], href: WalletPaths.coupons, current: !isSubscriptions),
            ],
            isSubscriptions: isSubscriptions,
            monthlyText: user.money(monthly),
            activeText: t.plural("wallet.subscriptions.active", count: count),
            soon: soon,
            all: all,
            groups: groups,
            history: history,
            addLabel: isSubscriptions ? t["wallet.subscriptions.add_button"] : t["wallet.coupons.add_button"]
        )
        return render(title: t["wallet.tabs.tracker"], context: context) { shell in
            TrackerPages.tracker(page, csrf: shell.csrf, shell.t)
        }
    }

    // MARK: - Subscriptions

    /// `GET /wallet/subscriptions/new`: the template grid; `?template=netflix` or `?custom=1` opens the form.
    @Sendable func newSubscription(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let query = request.uri.queryParameters
        let today = context.member.today
        if let key = query["template"].map(String.init), let template = SubscriptionTemplate.named(key) {
            let input = SubscriptionInput(
                name: template.name,
                amount: user.amountValue(template.amountCents),
                frequency: template.frequency.rawValue,
                renewsOn: template.frequency.renewal(1, after: today).description,
                cardId: "",
                category: template.category(t),
                icon: template.key
            )
            return try await subscriptionForm(
                input,
                id: nil,
                errors: FieldErrors(t: t),
                request: request,
                context: context
            )
        }
        if query["custom"] != nil {
            let input = SubscriptionInput(
                frequency: "monthly",
                renewsOn: RenewalFrequency.monthly.renewal(1, after: today).description
            )
            return try await subscriptionForm(
                input,
                id: nil,
                errors: FieldErrors(t: t),
                request: request,
                context: context
            )
        }
        let search = request.uri.searchText
        let tiles = SubscriptionTemplate.all.filter {
            search.isEmpty || $0.name.lowercased().contains(search.lowercased())
        }
        .map { template in
            TrackerPages.TemplateTile(
                key: template.key,
                name: template.name,
                initials: SubscriptionTemplate.initials(template.name),
                priceText: user.money(template.amountCents) + template.frequency.suffix(t)
            )
        }
        let page = TrackerPages.TemplatesPage(
            query: search,
            tiles: tiles
        )
        return render(title: t["wallet.subscriptions.add"], context: context) { shell in
            TrackerPages.templates(page, shell.t)
        }
    }

    /// The add / edit form; `cards` when the caller has already read them (a form sent back with errors).
    func subscriptionForm(
        _ input: SubscriptionInput,
        id: Int64?,
        errors: FieldErrors,
        cards known: [WalletCard]? = nil,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let cards: [WalletCard]
        if let known { cards = known } else { cards = try context.store.walletCards() }
        let t = context.words
        let fields = SubscriptionRules.fields(input, errors: errors, cards: cards, isNew: id == nil, t: t)
        let page = WalletPages.FormPage(
            heading: id == nil ? t["wallet.subscriptions.add"] : t["wallet.subscriptions.edit"],
            intro: nil,
            action: id.map { WalletPaths.editSubscription($0) } ?? WalletPaths.subscriptions,
            submitLabel: id == nil ? t["wallet.subscriptions.add"] : t["wallet.save_changes"],
            cancelPath: id == nil ? WalletPaths.newSubscription : WalletPaths.tracker,
            summary: errors.summary,
            fields: fields,
            swatches: [],
            deletePath: id.map { WalletPaths.deleteSubscription($0) }
        )
        return render(title: page.heading, context: context, status: status) { shell in
            WalletPages.form(page, csrf: shell.csrf, shell.t)
        }
    }

    func saveSubscription(existing: Subscription?, request: Request, context: MemberContext) async throws -> Response {
        let today = context.member.today
        let cards = try context.store.walletCards()
        let t = context.words
        return try await request.submitForm(SubscriptionInput.self, context: context) { input in
            SubscriptionRules.validate(
                input,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts,
                today: today,
                cardIds: Set(cards.compactMap(\.id)),
                t: context.words
            )
        } form: { input, errors, status in
            try await subscriptionForm(
                input,
                id: existing?.id,
                errors: errors,
                cards: cards,
                request: request,
                context: context,
                status: status
            )
        } save: { _, draft in
            let now = self.now()
            var subscription =
                existing
                ?? Subscription(
                    id: nil,
                    userId: context.member.id,
                    name: "",
                    amountCents: 0,
                    frequency: .monthly,
                    renewsOn: "",
                    cardId: nil,
                    category: "",
                    icon: "",
                    createdAt: now,
                    updatedAt: now
                )
            draft.apply(to: &subscription)
            subscription.updatedAt = now
            try await context.store.saveSubscription(subscription, today: today, now: now)
            return pages.redirect(
                to: WalletPaths.tracker,
                flash: .success(
                    existing == nil
                        ? t["wallet.flash.added", ["name": draft.name]]
                        : t["wallet.flash.saved", ["name": draft.name]]
                )
            )
        }
    }

    /// `POST /wallet/subscriptions`
    @Sendable func createSubscription(request: Request, context: MemberContext) async throws -> Response {
        try await saveSubscription(existing: nil, request: request, context: context)
    }

    /// `GET /wallet/subscriptions/:id/edit`
    @Sendable func editSubscription(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let subscription = try context.named(Subscription.self)
        return try await subscriptionForm(
            SubscriptionInput(
                subscription,
                currency: user.currencyValue,
                format: context.user.format,
                today: context.member.today
            ),
            id: subscription.id,
            errors: FieldErrors(t: context.words),
            request: request,
            context: context
        )
    }

    /// `POST /wallet/subscriptions/:id/edit`
    @Sendable func updateSubscription(request: Request, context: MemberContext) async throws -> Response {
        let subscription = try context.named(Subscription.self)
        return try await saveSubscription(existing: subscription, request: request, context: context)
    }

    /// `GET` and `POST /wallet/subscriptions/:id/delete`
    var subscriptionDeletion: Deletion<Subscription> {
        Deletion { _, context in
            try context.named(Subscription.self)
        } confirm: { subscription, _, context in
            let id = subscription.id ?? 0
            let t = context.words
            let page = ConfirmPage(
                title: t["wallet.subscriptions.delete_title", ["name": subscription.name]],
                text: t["wallet.subscriptions.delete_text"],
                action: WalletPaths.deleteSubscription(id),
                cancelPath: WalletPaths.editSubscription(id),
                button: t["wallet.subscriptions.delete"]
            )
            return pages.confirm(page, title: t["wallet.subscriptions.delete"], section: .wallet, context: context)
        } delete: { subscription, _, context in
            let t = context.words
            try await context.store.deleteSubscription(id: subscription.id ?? 0)
            return pages.redirect(
                to: WalletPaths.tracker,
                flash: .success(t["wallet.flash.deleted", ["name": subscription.name]])
            )
        }
    }

    // MARK: - Coupons

    /// `GET /wallet/coupons/new`
    @Sendable func newCoupon(request: Request, context: MemberContext) async throws -> Response {
        try couponForm(
            CouponInput(expiresOn: context.member.today.adding(days: 7).description, category: "Other"),
            editing: nil,
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    /// The add coupon form, or the edit form of `editing`.
    func couponForm(
        _ input: CouponInput,
        editing: Coupon?,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let page = WalletPages.FormPage(
            heading: editing == nil ? t["wallet.coupons.add"] : t["wallet.coupons.edit_heading"],
            intro: nil,
            action: editing.map { WalletPaths.editCoupon($0.id ?? 0) } ?? WalletPaths.couponsCreate,
            submitLabel: editing == nil ? t["wallet.coupons.add"] : t["wallet.save_changes"],
            cancelPath: WalletPaths.coupons,
            summary: errors.summary,
            fields: CouponRules.fields(input, errors: errors, isNew: editing == nil, t: t),
            swatches: [],
            deletePath: editing.map { WalletPaths.deleteCoupon($0.id ?? 0) }
        )
        return render(title: page.heading, context: context, status: status) { shell in
            WalletPages.form(page, csrf: shell.csrf, shell.t)
        }
    }

    /// `POST /wallet/coupons`
    @Sendable func createCoupon(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        return try await request.submitForm(CouponInput.self, context: context) { input in
            CouponRules.validate(
                input,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts,
                today: context.member.today,
                t: context.words
            )
        } form: { input, errors, status in
            try couponForm(input, editing: nil, errors: errors, context: context, status: status)
        } save: { _, draft in
            var coupon = Coupon(
                id: nil,
                userId: context.member.id,
                name: "",
                details: "",
                expiresOn: "",
                category: "",
                valueCents: nil,
                code: "",
                usedOn: nil,
                createdAt: now()
            )
            draft.apply(to: &coupon)
            try await context.store.addCoupon(coupon)
            return pages.redirect(
                to: WalletPaths.coupons,
                flash: .success(t["wallet.flash.added", ["name": draft.name]])
            )
        }
    }

    /// `GET /wallet/coupons/:id/edit`
    @Sendable func editCoupon(request: Request, context: MemberContext) async throws -> Response {
        let coupon = try context.named(Coupon.self)
        return try couponForm(
            CouponInput(coupon, currency: context.user.currencyValue, format: context.user.format),
            editing: coupon,
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    /// `POST /wallet/coupons/:id/edit`: every field; a coupon that has expired may keep its date.
    @Sendable func updateCoupon(request: Request, context: MemberContext) async throws -> Response {
        let coupon = try context.named(Coupon.self)
        let t = context.words
        return try await request.submitForm(CouponInput.self, context: context) { input in
            CouponRules.validate(
                input,
                currency: context.user.currencyValue,
                grammar: context.user.format.amounts,
                today: context.member.today,
                keeping: CalendarDay(coupon.expiresOn),
                t: context.words
            )
        } form: { input, errors, status in
            try couponForm(input, editing: coupon, errors: errors, context: context, status: status)
        } save: { _, draft in
            var coupon = coupon
            draft.apply(to: &coupon)
            try await context.store.updateCoupon(coupon)
            return pages.redirect(
                to: WalletPaths.coupons,
                flash: .success(t["wallet.flash.saved", ["name": draft.name]])
            )
        }
    }

    /// `POST /wallet/coupons/:id/use` with `used=1` ("Mark used") or `used=0` ("Reopen"). Sets that state, so a
    /// second submit of the same form changes nothing (a used coupon keeps the day it was used).
    @Sendable func useCoupon(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let coupon = try context.named(Coupon.self)
        let input = try await request.decodeForm(CouponUseInput.self, context: context)
        let using: Bool
        switch input.used ?? "1" {
        case "1": using = true
        case "0": using = false
        default: throw HTTPError(.badRequest, message: t["wallet.coupons.use_choose"])
        }
        if using != (coupon.usedOn != nil) {
            try await context.store.markCouponUsed(id: coupon.id ?? 0, on: using ? context.member.today : nil)
        }
        return pages.redirect(
            to: input.returnTo.flatMap(Paths.safeReturnPath) ?? WalletPaths.coupons,
            flash: .success(
                using
                    ? t["wallet.coupons.used_flash", ["name": coupon.name]]
                    : t["wallet.coupons.reopened_flash", ["name": coupon.name]]
            )
        )
    }

    /// `GET` and `POST /wallet/coupons/:id/delete`
    var couponDeletion: Deletion<Coupon> {
        Deletion { _, context in
            try context.named(Coupon.self)
        } confirm: { coupon, _, context in
            let t = context.words
            let page = ConfirmPage(
                title: t["wallet.coupons.delete_title", ["name": coupon.name]],
                text: t["wallet.coupons.delete_text"],
                action: WalletPaths.deleteCoupon(coupon.id ?? 0),
                cancelPath: WalletPaths.coupons,
                button: t["wallet.coupons.delete_button"]
            )
            return pages.confirm(page, title: t["wallet.coupons.delete_button"], section: .wallet, context: context)
        } delete: { coupon, _, context in
            let t = context.words
            try await context.store.deleteCoupon(id: coupon.id ?? 0)
            return pages.redirect(
                to: WalletPaths.coupons,
                flash: .success(t["wallet.flash.deleted", ["name": coupon.name]])
            )
        }
    }
}

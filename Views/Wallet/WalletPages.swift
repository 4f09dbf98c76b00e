import HTML

/// The Wallet: the card stack, onboarding, card detail with its benefits, the catalogue, the card and benefit
/// forms, and the settings.
enum WalletPages {
    /// A card drawn as a card: gradient, issuer, name, nickname and status pills.
    struct CardFace: Sendable {
        /// Where the card's name leads: a card of the wallet, or a card of the catalogue to preview.
        enum Link: Sendable {
            case card(Int64)
            case catalogue(String)

            var path: String {
                switch self {
                case .card(let id): WalletPaths.card(id)
                case .catalogue(let id): WalletPaths.preview(id)
                }
            }
        }

        let key: String
        let name: String
        let issuer: String
        let nickname: String?
        let start: String
        let end: String
        /// Dark text on a light gradient (Platinum, Rose Gold).
        let light: Bool
        let link: Link?
        let availableText: String?
        let expiringText: String?
        let urgency: String
        let allUsed: Bool
        /// How much black is laid over the gradient (0…1) so white text reads at 4.5:1 on its lightest part.
        var scrim: Double = 0
    }

    /// One benefit row on Card detail.
    struct BenefitRow: Sendable {
        struct SnoozeChoice: Sendable {
            let days: Int
            let label: String
        }

        let id: Int64
        let name: String
        let details: String?
        let valueText: String
        let periodText: String
        let expiryText: String
        let daysText: String
        let status: String
        let statusLabel: String
        let urgency: String
        let icon: String
        let usedText: String?
        let snoozedText: String?
        let snoozeChoices: [SnoozeChoice]
        let returnTo: String
        let isExpired: Bool
    }

    /// Annual-fee return on Card detail.
    struct FeeReturnCard: Sendable {
        let redeemed: String
        let fee: String
        let net: String
        let positive: Bool
        let netLabel: String
        let percentText: String
        let bar: ProgressBar
        let message: String
        let feeDueText: String?
        let feeDueSoon: Bool
        let yearText: String
    }

    /// A card's quick menu on the Wallet (the ⋯ button, or a long press or right-click where scripts run).
    struct CardMenu: Sendable {
        /// One-tap "Mark used" for an open benefit.
        struct Use: Sendable {
            /// The benefit.
            let id: Int64
            let label: String
        }

        /// The card.
        let id: Int64
        let name: String
        let uses: [Use]
        /// More open benefits than the menu lists: the card's page shows them all.
        let moreUses: Bool
        let remindersOn: Bool
        let returnTo: String
    }

    /// A card in the Wallet's stack, with its quick menu.
    struct StackCard: Sendable {
        let face: CardFace
        let menu: CardMenu
    }

    struct IndexPage: Sendable {
        let totalText: String
        let countText: String
        let expiringText: String?
        let cards: [StackCard]
        let empty: EmptyState
    }

    struct PickItem: Sendable {
        let id: String
        let face: CardFace
        /// Ticked (a form sent back with errors keeps the picks).
        var checked: Bool = false
        /// The fee due date a ticked card needs (its card-year benefits count from it).
        var due: FormField? = nil
    }

    struct PickGroup: Sendable {
        let issuer: String
        var items: [PickItem]
    }

    struct OnboardingPage: Sendable {
        let groups: [PickGroup]
        let continueText: String
        var summary: String? = nil
    }

    struct ShowPage: Sendable {
        /// The card.
        let id: Int64
        let face: CardFace
        let availableTitle: String
        let available: [BenefitRow]
        let used: [BenefitRow]
        let expired: [BenefitRow]
        let hasBenefits: Bool
        let roi: FeeReturnCard?
        let feeText: String
        /// Whether this card's reminders are on.
        let remindersOn: Bool
    }

    struct BrowseItem: Sendable {
        let face: CardFace
        let feeText: String
        let owned: Bool
    }

    struct BrowseGroup: Sendable {
        let issuer: String
        let items: [BrowseItem]
    }

    struct BrowsePage: Sendable {
        let query: String
        let groups: [BrowseGroup]
        let versionText: String
    }

    struct PreviewBenefit: Sendable {
        let text: String
        let details: String?
    }

    struct PreviewPage: Sendable {
        let catalogueId: String
        let face: CardFace
        let title: String
        let feeText: String
        let benefits: [PreviewBenefit]
        let totalText: String
        let owned: Bool
        /// The form's error summary and fields (the fee due date).
        var summary: String? = nil
        var fields: [FormField] = []
    }

    struct Swatch: Sendable {
        let key: String
        let label: String
        let start: String
        let end: String
        /// Dark text on it, and the black laid over it for white text (as on `CardFace`).
        var light: Bool = false
        var scrim: Double = 0
    }

    struct FormPage: Sendable {
        let heading: String
        let intro: String?
        let action: String
        let submitLabel: String
        let cancelPath: String
        let summary: String?
        let fields: [FormField]
        let swatches: [Swatch]
        /// A "Delete…" link beside Cancel (edit forms; the form is shared by cards, benefits, subscriptions and
        /// coupons).
        var deletePath: String? = nil
    }

    struct Fact: Sendable {
        let label: String
        let value: String
    }

    struct SettingsPage: Sendable {
        let facts: [Fact]
    }

    // MARK: - Pieces

    /// The Wallet's tabs.
    enum Tab: Sendable {
        case cards, expiring, tracker, settings
    }

    /// The Cards · Expiring soon · Tracker · Settings tabs, `current` marked.
    static func tabs(current: Tab, _ t: Words) -> HTML {
        let tabs: [(Tab, String, String)] = [
            (.cards, t["wallet.tabs.cards"], WalletPaths.index),
            (.expiring, t["wallet.tabs.expiring"], WalletPaths.expiring),
            (.tracker, t["wallet.tabs.tracker"], WalletPaths.tracker),
            (.settings, t["wallet.tabs.settings"], WalletPaths.settings),
        ]
        let links = tabs.map { TabLink(label: $0.1, href: $0.2, current: $0.0 == current) }
        return
            "<nav class=\"tabs wallet-tabs\" aria-label=\"\(t["wallet.tabs.label"])\">\(TabLink.links(links, className: "tabs__item"))</nav>"
    }

    static func cardFace(_ face: CardFace, _ t: Words) -> HTML {
        """
        <div class="wallet-card\(face.light ? " wallet-card--light" : "") wallet-card--\(face.urgency)\(face.allUsed ? " wallet-card--used" : "")">
          <svg class="wallet-card__art" viewBox="0 0 1586 1000" preserveAspectRatio="none" aria-hidden="true" focusable="false"><defs><linearGradient id="g-\(face.key)" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="\(face.start)"/><stop offset="1" stop-color="\(face.end)"/></linearGradient></defs><rect width="1586" height="1000" fill="url(#g-\(face.key))"/>\(face.scrim > 0 ? "<rect width=\"1586\" height=\"1000\" fill=\"#000000\" fill-opacity=\"\(face.scrim)\"/>" as HTML : nil)</svg>
          <div class="wallet-card__top"><span class="wallet-card__issuer">\(face.issuer)</span><span class="wallet-card__chip" aria-hidden="true"></span></div>
          <div class="wallet-card__bottom">
            <p class="wallet-card__pills">\(face.availableText.map { "<span class=\"pill pill--available\">\($0)</span>" as HTML })\(face.expiringText.map { " <span class=\"pill pill--expiring\">\($0)</span>" as HTML })</p>
            <p class="wallet-card__name" title="\(face.name)">\(face.link.map { "<a class=\"wallet-card__link\" href=\"\($0.path)\">\(face.name)</a>" as HTML } ?? "\(face.name)")</p>
            \(face.nickname.map { "<p class=\"wallet-card__nickname\" title=\"\($0)\">\($0)</p>" as HTML })
          </div>
          \(face.allUsed ? "<span class=\"wallet-card__check\" aria-label=\"\(t["wallet.card.all_used"])\">✓</span>" as HTML : nil)
        </div>
        """
    }

    static func benefitRow(_ row: BenefitRow, csrf: CSRF, _ t: Words) -> HTML {
        let returnTo: HTML = "<input type=\"hidden\" name=\"returnTo\" value=\"\(row.returnTo)\">"
        let status: HTML =
            row.usedText.map { "\($0)" } ?? "\(row.expiryText) · <span class=\"benefit__days\">\(row.daysText)</span>"
        let edit: HTML = """
            <a class="menu__item" href="\(WalletPaths.benefit(row.id))">\(t["wallet.benefit.menu.history"])</a>
                    <a class="menu__item" href="\(WalletPaths.editBenefit(row.id))">\(t["wallet.benefit.menu.edit"])</a>
                    <a class="menu__item menu__item--danger" href="\(WalletPaths.deleteBenefit(row.id))">\(t["wallet.benefit.menu.remove"])</a>
            """
        let actions: HTML?
        if row.usedText != nil {
            actions = """
                <form method="post" action="\(WalletPaths.unuseBenefit(row.id))">\(csrf.field)\(returnTo)<button class="button button--plain button--small" type="submit">\(t["wallet.benefit.undo"])</button></form>
                    <details class="menu">
                      <summary class="button button--plain button--small" aria-label="\(t["wallet.benefit.menu.more_label", ["name": row.name]])">\(t["wallet.benefit.menu.more"])</summary>
                      <div class="menu__list">
                        \(edit)
                      </div>
                    </details>
                """
        } else if row.isExpired {
            actions = nil
        } else {
            actions = """
                <form method="post" action="\(WalletPaths.useBenefit(row.id))">\(csrf.field)\(returnTo)<button class="button button--primary button--small" type="submit" aria-label="\(t["wallet.benefit.done_label", ["name": row.name]])">\(t["wallet.benefit.done"])</button></form>
                    <details class="menu">
                      <summary class="button button--plain button--small" aria-label="\(t["wallet.benefit.menu.more_label", ["name": row.name]])">\(t["wallet.benefit.menu.more"])</summary>
                      <div class="menu__list">
                        <a class="menu__item" href="\(WalletPaths.useBenefit(row.id))">\(t["wallet.benefit.menu.done_other"])</a>
                        \(row.snoozeChoices.map { "<form method=\"post\" action=\"\(WalletPaths.snoozeBenefit(row.id))\">\(csrf.field)\(returnTo)<button class=\"menu__item\" type=\"submit\" name=\"days\" value=\"\($0.days)\">\($0.label)</button></form>" as HTML })
                        \(row.snoozedText == nil ? nil : "<form method=\"post\" action=\"\(WalletPaths.snoozeBenefit(row.id))\">\(csrf.field)\(returnTo)<button class=\"menu__item\" type=\"submit\" name=\"days\" value=\"0\">\(t["wallet.benefit.menu.end_snooze"])</button></form>" as HTML)
                        \(edit)
                      </div>
                    </details>
                """
        }
        return """
            <li class="benefit benefit--\(row.status) urgency--\(row.urgency)">
              <span class="benefit__icon" aria-hidden="true">\(row.icon)</span>
              <div class="benefit__body">
                <p class="benefit__head"><span class="benefit__name"><a class="benefit__link" href="\(WalletPaths.benefit(row.id))">\(row.name)</a></span> <span class="benefit__value">\(row.valueText)</span></p>
                <p class="benefit__meta">\(row.periodText)\(row.details.map { " · \($0)" as HTML })</p>
                <p class="benefit__meta"><span class="visually-hidden">\(row.statusLabel): </span>\(status)\(row.snoozedText.map { " · \($0)" as HTML })</p>
              </div>
              <div class="benefit__actions">
                \(actions)
              </div>
            </li>

            """
    }

    /// The card's quick menu: a `<details>` that works without scripts; `wallet.js` also opens it on a long press
    /// or right-click on the card.
    static func cardMenu(_ menu: CardMenu, csrf: CSRF, _ t: Words) -> HTML {
        let back: HTML = "<input type=\"hidden\" name=\"returnTo\" value=\"\(menu.returnTo)\">"
        return """
            <details class="menu card-menu">
                  <summary class="card-menu__button" aria-label="\(t["wallet.card.menu.label", ["name": menu.name]])"><span aria-hidden="true">⋯</span></summary>
                  <div class="menu__list">
                    \(menu.uses.map { "<form method=\"post\" action=\"\(WalletPaths.useBenefit($0.id))\">\(csrf.field)\(back)<button class=\"menu__item\" type=\"submit\">\(t["wallet.card.menu.use", ["benefit": $0.label]])</button></form>" as HTML })
                    \(menu.moreUses ? "<a class=\"menu__item\" href=\"\(WalletPaths.card(menu.id))\">\(t["wallet.card.menu.use_another"])</a>" as HTML : nil)
                    <a class="menu__item" href="\(WalletPaths.card(menu.id))">\(t["wallet.card.menu.details"])</a>
                    <a class="menu__item" href="\(WalletPaths.editCard(menu.id))">\(t["wallet.card.menu.edit"])</a>
                    <form method="post" action="\(WalletPaths.cardReminders(menu.id))">\(csrf.field)\(back)<input type="hidden" name="on" value="\(menu.remindersOn ? "0" : "1")"><button class="menu__item" type="submit">\(menu.remindersOn ? t["wallet.card.menu.reminders_off"] : t["wallet.card.menu.reminders_on"])</button></form>
                    <a class="menu__item menu__item--danger" href="\(Paths.path(WalletPaths.deleteCard(menu.id), returningTo: menu.returnTo))">\(t["wallet.card.remove_ellipsis"])</a>
                  </div>
                </details>
            """
    }

    // MARK: - Pages

    static func index(_ page: IndexPage, csrf: CSRF, _ t: Words) -> HTML {
        """
        <div class="toolbar wallet-toolbar">
          \(tabs(current: .cards, t))
          <a class="button button--primary" href="\(WalletPaths.browse)">\(t["wallet.index.add_card"])</a>
        </div>
        \(page.cards.isEmpty ? "<div class=\"empty-grid\">\(page.empty.html)</div>" as HTML : """
            <section class="card wallet-summary" aria-label="\(t["wallet.index.summary"])">
              <p class="wallet-summary__label">\(t["wallet.index.total"])</p>
              <p class="wallet-summary__value">\(page.totalText)</p>
              <p class="wallet-summary__count">\(page.countText)\(page.expiringText.map { " · <a class=\"wallet-summary__expiring\" href=\"\(WalletPaths.expiring)\">\($0)</a>" as HTML })</p>
            </section>
            <ul class="wallet-stack" aria-label="\(t["wallet.index.your_cards"])">
              \(page.cards.map { "<li class=\"wallet-stack__item\">\(cardFace($0.face, t))\(cardMenu($0.menu, csrf: csrf, t))</li>" as HTML })
            </ul>
            <script src="/js/wallet.js" defer></script>
            """)
        """
    }

    static func onboarding(_ page: OnboardingPage, csrf: CSRF, _ t: Words) -> HTML {
        """
        <form class="onboarding" method="post" action="\(WalletPaths.onboarding)" novalidate data-search="\(t["wallet.onboarding.search"])" data-search-placeholder="\(t["wallet.onboarding.search_placeholder"])">
          \(csrf.field)
          <div class="onboarding__head">
            <div>
              <h2 class="onboarding__title">\(t["wallet.onboarding.title"])</h2>
              <p class="muted">\(t["wallet.onboarding.intro"])</p>
            </div>
            <button class="button button--plain" type="submit" name="skip" value="1">\(t["wallet.onboarding.skip"])</button>
          </div>
          \(Form.summary(page.summary))
          \(page.groups.map { group in
              """
              <fieldset class="pick-group">
                  <legend class="pick-group__title">\(group.issuer)</legend>
                  <div class="pick-grid">
                    \(group.items.map { item in
                        "<div class=\"pick-cell\"><label class=\"pick\"><input class=\"pick__box\" type=\"checkbox\" name=\"cards[]\" value=\"\(item.id)\"\(item.checked ? " checked" : "")>\(cardFace(item.face, t))<span class=\"pick__mark\" aria-hidden=\"true\">✓</span></label>\(item.due.map { "<div class=\"pick-cell__due\">\($0.html)</div>" as HTML })</div>\n" as HTML
                    })
                  </div>
                </fieldset>

              """ as HTML
          })
          <div class="onboarding__bar">
            <button class="button button--primary button--block" type="submit" data-count-label="\(t["wallet.onboarding.continue_many"])" data-count-one="\(t["wallet.onboarding.continue_one"])">\(page.continueText)</button>
          </div>
        </form>
        <script src="/js/wallet.js" defer></script>
        """
    }

    static func show(_ page: ShowPage, csrf: CSRF, _ t: Words) -> HTML {
        let rows = { (rows: [BenefitRow]) in rows.map { benefitRow($0, csrf: csrf, t) } }
        let available: HTML =
            !page.available.isEmpty
            ? "<ul class=\"benefit-list\">\(rows(page.available))</ul>"
            : page.hasBenefits
                ? "<p class=\"muted\">\(t["wallet.show.all_used"])</p>"
                : "<p class=\"muted\">\(t.html("wallet.show.no_benefits", ["link": "<a href=\"\(WalletPaths.newBenefit(page.id))\">\(t["wallet.show.add_one"])</a>"]))</p>"
        return """
            <p class="breadcrumb"><a href="\(WalletPaths.index)">\(t["wallet.back"])</a> · \(page.feeText)</p>
            <div class="card-detail__head">
              \(cardFace(page.face, t))
              <div class="form-actions card-detail__actions">
                <a class="button button--secondary" href="\(WalletPaths.editCard(page.id))">\(t["wallet.show.edit_card"])</a>
                <a class="button button--secondary" href="\(WalletPaths.newBenefit(page.id))">\(t["wallet.show.add_benefit"])</a>
                <form method="post" action="\(WalletPaths.cardReminders(page.id))">\(csrf.field)<input type="hidden" name="on" value="\(page.remindersOn ? "0" : "1")"><button class="button button--plain" type="submit">\(page.remindersOn ? t["wallet.show.reminders_on"] : t["wallet.show.reminders_off"])</button></form>
              </div>
            </div>

            \(page.roi.map { feeReturn($0, t) })

            <section class="card" aria-labelledby="available-title">
              <h2 class="card__title" id="available-title">\(page.availableTitle)</h2>
              \(available)
            </section>

            \(page.used.isEmpty ? nil : """
            <section class="card" aria-labelledby="used-title">
              <h2 class="card__title" id="used-title">\(t["wallet.show.used"])</h2>
              <ul class="benefit-list">\(rows(page.used))</ul>
            </section>
            """ as HTML)

            \(page.expired.isEmpty ? nil : """
            <section class="card" aria-labelledby="expired-title">
              <h2 class="card__title" id="expired-title">\(t["wallet.show.expired"])</h2>
              <ul class="benefit-list">\(rows(page.expired))</ul>
            </section>
            """ as HTML)

            <section class="card danger-zone" aria-label="\(t["wallet.card.remove"])">
              <a class="button button--danger-outline" href="\(WalletPaths.deleteCard(page.id))">\(t["wallet.card.remove_ellipsis"])</a>
            </section>
            """
    }

    private static func feeReturn(_ roi: FeeReturnCard, _ t: Words) -> HTML {
        """
        <section class="card roi roi--\(roi.positive ? "positive" : "negative")" aria-labelledby="roi-title">
          <div class="roi__head">
            <h2 class="card__title" id="roi-title">\(t["wallet.roi.title"])</h2>
            \(roi.feeDueText.map { "<span class=\"pill\(roi.feeDueSoon ? " pill--warning" : "")\">\(roi.feeDueSoon ? "⚠ " : "")\($0)</span>" as HTML })
          </div>
          <div class="roi__sum">
            <p><span class="roi__figure">\(roi.redeemed)</span><span class="roi__label">\(t["wallet.roi.redeemed"])</span></p>
            <p class="roi__op" aria-hidden="true">−</p>
            <p><span class="roi__figure">\(roi.fee)</span><span class="roi__label">\(t["wallet.roi.fee"])</span></p>
            <p class="roi__op" aria-hidden="true">=</p>
            <p><span class="roi__figure roi__net">\(roi.net)</span><span class="roi__label">\(roi.netLabel)</span></p>
          </div>
          <div class="roi__bar">\(roi.bar.html)<span class="roi__percent">\(roi.percentText)</span></div>
          <p class="roi__message">\(roi.message)</p>
          <p class="muted small">\(roi.yearText)</p>
        </section>
        """
    }

    static func browse(_ page: BrowsePage, _ t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(WalletPaths.index)">\(t["wallet.back"])</a></p>
        <div class="toolbar">
          <form class="search" method="get" action="\(WalletPaths.browse)" role="search">
            <label class="visually-hidden" for="card-search">\(t["wallet.browse.search_label"])</label>
            <input class="field__control search__input" id="card-search" type="search" name="q" value="\(page.query)" placeholder="\(t["wallet.browse.search_placeholder"])" autocomplete="off">
            <button class="button button--secondary" type="submit">\(t["wallet.search"])</button>
          </form>
          <a class="button button--primary" href="\(WalletPaths.custom)">\(t["wallet.browse.custom"])</a>
        </div>
        \(page.groups.isEmpty
            ? "<p class=\"muted\">\(t.html("wallet.browse.no_match", ["query": "\(page.query)", "link": "<a href=\"\(WalletPaths.custom)\">\(t["wallet.browse.custom_link"])</a>"]))</p>"
            : page.groups.map { group in
                """
                <details class="issuer" open>
                  <summary class="issuer__title">\(group.issuer)</summary>
                  <ul class="mini-grid">
                    \(group.items.map { item in
                        "<li class=\"mini-grid__item\">\(cardFace(item.face, t))<p class=\"mini-grid__fee\">\(item.feeText)\(item.owned ? " · <strong>\(t["wallet.browse.owned"])</strong>" as HTML : nil)</p></li>" as HTML
                    })
                  </ul>
                </details>

                """ as HTML
            }.joined())
        <p class="muted small">\(page.versionText)</p>
        """
    }

    static func preview(_ page: PreviewPage, csrf: CSRF, _ t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(WalletPaths.browse)">\(t["wallet.preview.back"])</a></p>
        <section class="card preview-sheet" aria-labelledby="preview-title">
          <div class="preview-sheet__head">
            <div class="preview-sheet__card">\(cardFace(page.face, t))</div>
            <h2 class="preview-sheet__title" id="preview-title">\(page.title)</h2>
            <p class="muted">\(page.feeText)</p>
          </div>
          \(page.benefits.isEmpty ? nil : """
              <div class="preview-sheet__benefits">
                <h3 class="preview-sheet__subtitle">\(t["wallet.preview.included"])</h3>
                <ul class="preview-benefits">\(page.benefits.map { "<li><span>\($0.text)</span>\($0.details.map { "<span class=\"muted small\">\($0)</span>" as HTML })</li>" as HTML })</ul>
              </div>
              """ as HTML)
          <div class="preview-sheet__add">
            <p class="preview-sheet__total">\(page.totalText)</p>
            \(Form.summary(page.summary))
            <form class="preview-sheet__cta" method="post" action="\(WalletPaths.addFromCatalogue(page.catalogueId))" novalidate>
              \(csrf.field)
              \(Form.fields(page.fields))
              \(page.owned ? "<p class=\"muted small\">\(t["wallet.preview.owned"])</p>" as HTML : nil)
              <button class="button button--primary button--block" type="submit">\(t["wallet.add_to_wallet"])</button>
            </form>
          </div>
        </section>
        """
    }

    static func form(_ page: FormPage, csrf: CSRF, _ t: Words) -> HTML {
        let card = FormCard(
            heading: page.heading,
            intro: page.intro.map { "<p class=\"muted\">\($0)</p>" },
            summary: page.summary,
            action: page.action,
            formClass: page.swatches.isEmpty ? "" : "card-form",
            fields: page.fields.map { field in
                field.name == "gradient" && !page.swatches.isEmpty ? swatchPicker(field, page: page, t) : field.html
            }.joined(),
            actions: Form.actions(submit: page.submitLabel, cancel: page.cancelPath, delete: page.deletePath, t: t)
        )
        return """
            \(card.html(csrf: csrf))
            \(page.swatches.isEmpty ? nil : "<script src=\"/js/wallet.js\" defer></script>" as HTML)
            """
    }

    /// The colour field as swatches: radio inputs (arrow keys move between them) drawn as the gradients, and a
    /// preview of the card that follows the checked one through CSS alone.
    static func swatchPicker(_ field: FormField, page: FormPage, _ t: Words) -> HTML {
        let swatches = Dictionary(page.swatches.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let value = { (name: String) in page.fields.first { $0.name == name }?.value ?? "" }
        let name = value("name").isEmpty ? t["wallet.form.your_card"] : value("name")
        let art = { (swatch: Swatch, className: String, id: String) -> HTML in
            "<svg class=\"\(className)\" viewBox=\"0 0 1586 1000\" preserveAspectRatio=\"none\" aria-hidden=\"true\" focusable=\"false\"><defs><linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(swatch.start)\"/><stop offset=\"1\" stop-color=\"\(swatch.end)\"/></linearGradient></defs><rect width=\"1586\" height=\"1000\" rx=\"120\" fill=\"url(#\(id))\"/>\(swatch.scrim > 0 ? "<rect width=\"1586\" height=\"1000\" fill=\"#000000\" fill-opacity=\"\(swatch.scrim)\"/>" as HTML : nil)</svg>"
        }
        let describedBy: HTML? = field.describedBy.map { " aria-describedby=\"\($0)\"" }
        return """
            <fieldset class="field field--choices swatch-picker\(field.error == nil ? "" : " field--invalid")"\(describedBy)>
                  <legend class="field__label">\(field.label)</legend>
                  <div class="swatch-picker__preview" aria-hidden="true">
                    <div class="wallet-card card-preview">
                      \(field.options.compactMap { option in swatches[option.value].map { swatch in
                      art(swatch, "wallet-card__art card-preview__art card-preview__art--\(swatch.key)\(option.checked ? " card-preview__art--initial" : "")", "p-\(swatch.key)")
                  } })
                      <div class="wallet-card__top"><span class="wallet-card__issuer">\(value("issuer"))</span><span class="wallet-card__chip"></span></div>
                      <div class="wallet-card__bottom"><p class="wallet-card__name card-preview__name" data-empty="\(t["wallet.form.your_card"])">\(name)</p></div>
                    </div>
                  </div>
                  <div class="swatches">
                    \(field.options.map { option in
                    let swatch = swatches[option.value]
                    return """
                    <label class="swatch"><input class="swatch__input\(swatch?.light == true ? " swatch__input--light" : "")" type="radio" name="\(field.name)" value="\(option.value)"\(option.checked ? " checked" : "")>\(swatch.map { art($0, "swatch__art", "s-\($0.key)") })<span class="swatch__label">\(option.label)</span></label>

                    """ as HTML
                })
                  </div>
                  \(field.error.map { "<p class=\"field__error\" id=\"\(field.id)-error\">\($0)</p>" as HTML })
                </fieldset>
            """
    }

    static func settings(_ page: SettingsPage, _ t: Words) -> HTML {
        """
        <div class="toolbar wallet-toolbar">
          \(tabs(current: .settings, t))
        </div>
        <section class="card form-card" aria-labelledby="reminders-title">
          <h2 class="card__title" id="reminders-title">\(t["wallet.settings.reminders"])</h2>
          <p class="muted small">\(t["wallet.settings.reminders_text"])</p>
          <p><a class="button button--secondary" href="\(ProfilePaths.notifications)">\(t["wallet.settings.notifications"])</a></p>
        </section>
        <section class="card form-card" aria-labelledby="database-title">
          <h2 class="card__title" id="database-title">\(t["wallet.settings.database"])</h2>
          <dl class="facts">\(page.facts.map { "<div><dt>\($0.label)</dt><dd>\($0.value)</dd></div>" as HTML })</dl>
        </section>
        """
    }
}

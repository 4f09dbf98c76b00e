import HTML

/// The Wallet: the card stack, onboarding, card detail with its benefits, the catalogue, the card and benefit
/// forms, and the settings.
public enum WalletPages {
    /// A card drawn as a card: gradient, issuer, name, nickname and status pills.
    public struct CardFace: Sendable {
        public let key: String
        public let name: String
        public let issuer: String
        public let nickname: String?
        public let start: String
        public let end: String
        /// Dark text on a light gradient (Platinum, Rose Gold).
        public let light: Bool
        public let path: String?
        public let availableText: String?
        public let expiringText: String?
        public let urgency: String
        public let allUsed: Bool
        /// How much black is laid over the gradient (0…1) so white text reads at 4.5:1 on its lightest part.
        public let scrim: Double

        public init(key: String, name: String, issuer: String, nickname: String?, start: String, end: String, light: Bool, path: String?, availableText: String?, expiringText: String?, urgency: String, allUsed: Bool, scrim: Double = 0) {
            self.scrim = scrim
            self.key = key
            self.name = name
            self.issuer = issuer
            self.nickname = nickname
            self.start = start
            self.end = end
            self.light = light
            self.path = path
            self.availableText = availableText
            self.expiringText = expiringText
            self.urgency = urgency
            self.allUsed = allUsed
        }
    }

    /// One benefit row on Card detail.
    public struct BenefitRow: Sendable {
        public struct SnoozeChoice: Sendable {
            public let days: Int
            public let label: String

            public init(days: Int, label: String) {
                self.days = days
                self.label = label
            }
        }

        public let name: String
        public let details: String?
        public let valueText: String
        public let periodText: String
        public let expiryText: String
        public let daysText: String
        public let status: String
        public let statusLabel: String
        public let urgency: String
        public let icon: String
        public let usedText: String?
        public let snoozedText: String?
        public let usePath: String
        /// The "Mark as done" form (amount and day); `usePath` posted without them is the one-tap "Done".
        public let useFormPath: String
        public let editPath: String
        public let unusePath: String
        public let snoozePath: String
        public let deletePath: String
        public let snoozeChoices: [SnoozeChoice]
        public let returnTo: String
        public let isExpired: Bool
        /// The benefit's page: its uses by card year.
        public let historyPath: String?

        public init(name: String, details: String?, valueText: String, periodText: String, expiryText: String, daysText: String, status: String, statusLabel: String, urgency: String, icon: String, usedText: String?, snoozedText: String?, usePath: String, useFormPath: String, editPath: String, unusePath: String, snoozePath: String, deletePath: String, snoozeChoices: [SnoozeChoice], returnTo: String, isExpired: Bool, historyPath: String? = nil) {
            self.historyPath = historyPath
            self.name = name
            self.details = details
            self.valueText = valueText
            self.periodText = periodText
            self.expiryText = expiryText
            self.daysText = daysText
            self.status = status
            self.statusLabel = statusLabel
            self.urgency = urgency
            self.icon = icon
            self.usedText = usedText
            self.snoozedText = snoozedText
            self.usePath = usePath
            self.useFormPath = useFormPath
            self.editPath = editPath
            self.unusePath = unusePath
            self.snoozePath = snoozePath
            self.deletePath = deletePath
            self.snoozeChoices = snoozeChoices
            self.returnTo = returnTo
            self.isExpired = isExpired
        }
    }

    /// Annual-fee return on Card detail.
    public struct FeeReturnCard: Sendable {
        public let redeemed: String
        public let fee: String
        public let net: String
        public let positive: Bool
        public let netLabel: String
        public let percentText: String
        public let bar: ProgressBar
        public let message: String
        public let feeDueText: String?
        public let feeDueSoon: Bool
        public let yearText: String

        public init(redeemed: String, fee: String, net: String, positive: Bool, netLabel: String, percentText: String, bar: ProgressBar, message: String, feeDueText: String?, feeDueSoon: Bool, yearText: String) {
            self.redeemed = redeemed
            self.fee = fee
            self.net = net
            self.positive = positive
            self.netLabel = netLabel
            self.percentText = percentText
            self.bar = bar
            self.message = message
            self.feeDueText = feeDueText
            self.feeDueSoon = feeDueSoon
            self.yearText = yearText
        }
    }

    /// A card's quick menu on the Wallet (the ⋯ button, or a long press or right-click where scripts run).
    public struct CardMenu: Sendable {
        /// One-tap "Mark used" for an open benefit.
        public struct Use: Sendable {
            public let label: String
            public let path: String

            public init(label: String, path: String) {
                self.label = label
                self.path = path
            }
        }

        public let name: String
        public let uses: [Use]
        /// More open benefits than the menu lists: the card's page shows them all.
        public let moreUses: Bool
        public let detailPath: String
        public let editPath: String
        public let remindersOn: Bool
        public let remindersPath: String
        public let removePath: String
        public let returnTo: String

        public init(name: String, uses: [Use], moreUses: Bool, detailPath: String, editPath: String, remindersOn: Bool,
                    remindersPath: String, removePath: String, returnTo: String) {
            self.name = name
            self.uses = uses
            self.moreUses = moreUses
            self.detailPath = detailPath
            self.editPath = editPath
            self.remindersOn = remindersOn
            self.remindersPath = remindersPath
            self.removePath = removePath
            self.returnTo = returnTo
        }
    }

    /// A card in the Wallet's stack, with its quick menu.
    public struct StackCard: Sendable {
        public let face: CardFace
        public let menu: CardMenu

        public init(face: CardFace, menu: CardMenu) {
            self.face = face
            self.menu = menu
        }
    }

    public struct IndexPage: Sendable {
        public let totalText: String
        public let countText: String
        public let expiringText: String?
        public let cards: [StackCard]
        public let addPath: String
        public let trackerPath: String
        public let settingsPath: String
        public let empty: EmptyState
        /// "Expiring soon": the summary's count and the tab link there.
        public let expiringPath: String

        public init(totalText: String, countText: String, expiringText: String?, cards: [StackCard], addPath: String, trackerPath: String, settingsPath: String, empty: EmptyState, expiringPath: String = "/wallet/expiring") {
            self.expiringPath = expiringPath
            self.totalText = totalText
            self.countText = countText
            self.expiringText = expiringText
            self.cards = cards
            self.addPath = addPath
            self.trackerPath = trackerPath
            self.settingsPath = settingsPath
            self.empty = empty
        }
    }

    public struct PickItem: Sendable {
        public let id: String
        public let face: CardFace
        /// Ticked (a form sent back with errors keeps the picks).
        public let checked: Bool
        /// The fee due date a ticked card needs (its card-year benefits count from it).
        public let due: FormField?

        public init(id: String, face: CardFace, checked: Bool = false, due: FormField? = nil) {
            self.id = id
            self.face = face
            self.checked = checked
            self.due = due
        }
    }

    public struct PickGroup: Sendable {
        public let issuer: String
        public var items: [PickItem]

        public init(issuer: String, items: [PickItem]) {
            self.issuer = issuer
            self.items = items
        }
    }

    public struct OnboardingPage: Sendable {
        public let action: String
        public let groups: [PickGroup]
        public let continueText: String
        public let summary: String?

        public init(action: String, groups: [PickGroup], continueText: String, summary: String? = nil) {
            self.action = action
            self.groups = groups
            self.continueText = continueText
            self.summary = summary
        }
    }

    public struct ShowPage: Sendable {
        public let face: CardFace
        public let availableTitle: String
        public let available: [BenefitRow]
        public let used: [BenefitRow]
        public let expired: [BenefitRow]
        public let hasBenefits: Bool
        public let roi: FeeReturnCard?
        public let feeText: String
        public let editPath: String
        public let deletePath: String
        public let newBenefitPath: String
        /// Whether this card's reminders are on, and where the switch posts.
        public let remindersOn: Bool
        public let remindersPath: String

        public init(face: CardFace, availableTitle: String, available: [BenefitRow], used: [BenefitRow], expired: [BenefitRow], hasBenefits: Bool, roi: FeeReturnCard?, feeText: String, editPath: String, deletePath: String, newBenefitPath: String, remindersOn: Bool, remindersPath: String) {
            self.remindersOn = remindersOn
            self.remindersPath = remindersPath
            self.face = face
            self.availableTitle = availableTitle
            self.available = available
            self.used = used
            self.expired = expired
            self.hasBenefits = hasBenefits
            self.roi = roi
            self.feeText = feeText
            self.editPath = editPath
            self.deletePath = deletePath
            self.newBenefitPath = newBenefitPath
        }
    }

    public struct BrowseItem: Sendable {
        public let face: CardFace
        public let feeText: String
        public let owned: Bool

        public init(face: CardFace, feeText: String, owned: Bool) {
            self.face = face
            self.feeText = feeText
            self.owned = owned
        }
    }

    public struct BrowseGroup: Sendable {
        public let issuer: String
        public let items: [BrowseItem]

        public init(issuer: String, items: [BrowseItem]) {
            self.issuer = issuer
            self.items = items
        }
    }

    public struct BrowsePage: Sendable {
        public let query: String
        public let groups: [BrowseGroup]
        public let customPath: String
        public let cancelPath: String
        public let versionText: String

        public init(query: String, groups: [BrowseGroup], customPath: String, cancelPath: String, versionText: String) {
            self.query = query
            self.groups = groups
            self.customPath = customPath
            self.cancelPath = cancelPath
            self.versionText = versionText
        }
    }

    public struct PreviewBenefit: Sendable {
        public let text: String
        public let details: String?

        public init(text: String, details: String?) {
            self.text = text
            self.details = details
        }
    }

    public struct PreviewPage: Sendable {
        public let face: CardFace
        public let title: String
        public let feeText: String
        public let benefits: [PreviewBenefit]
        public let totalText: String
        public let action: String
        public let owned: Bool
        public let backPath: String
        /// The form's error summary and fields (the fee due date).
        public let summary: String?
        public let fields: [FormField]

        public init(face: CardFace, title: String, feeText: String, benefits: [PreviewBenefit], totalText: String, action: String, owned: Bool, backPath: String, summary: String? = nil, fields: [FormField] = []) {
            self.face = face
            self.title = title
            self.feeText = feeText
            self.benefits = benefits
            self.totalText = totalText
            self.action = action
            self.owned = owned
            self.backPath = backPath
            self.summary = summary
            self.fields = fields
        }
    }

    public struct Swatch: Sendable {
        public let key: String
        public let label: String
        public let start: String
        public let end: String
        /// Dark text on it, and the black laid over it for white text (as on `CardFace`).
        public let light: Bool
        public let scrim: Double

        public init(key: String, label: String, start: String, end: String, light: Bool = false, scrim: Double = 0) {
            self.key = key
            self.label = label
            self.start = start
            self.end = end
            self.light = light
            self.scrim = scrim
        }
    }

    public struct FormPage: Sendable {
        public let heading: String
        public let intro: String?
        public let action: String
        public let submitLabel: String
        public let cancelPath: String
        public let summary: String?
        public let fields: [FormField]
        public let swatches: [Swatch]
        /// A "Delete…" link beside Cancel (edit forms).
        public var deletePath: String? = nil

        public init(heading: String, intro: String?, action: String, submitLabel: String, cancelPath: String, summary: String?, fields: [FormField], swatches: [Swatch], deletePath: String? = nil) {
            self.heading = heading
            self.intro = intro
            self.action = action
            self.submitLabel = submitLabel
            self.cancelPath = cancelPath
            self.summary = summary
            self.fields = fields
            self.swatches = swatches
            self.deletePath = deletePath
        }
    }

    public struct Fact: Sendable {
        public let label: String
        public let value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public struct SettingsPage: Sendable {
        public let facts: [Fact]
        public let backPath: String
        public let notificationsPath: String

        public init(facts: [Fact], backPath: String, notificationsPath: String) {
            self.facts = facts
            self.backPath = backPath
            self.notificationsPath = notificationsPath
        }
    }

    // MARK: - Pieces

    /// The Cards · Expiring soon · Tracker · Settings tabs, `current` marked.
    public static func tabs(current: String, cards: String = "/wallet", tracker: String = "/wallet/tracker",
                     settings: String = "/wallet/settings", expiring: String = "/wallet/expiring") -> HTML {
        let tabs = [("Cards", cards), ("Expiring soon", expiring), ("Tracker", tracker), ("Settings", settings)]
            .map { TabLink(label: $0.0, href: $0.1, current: $0.0 == current) }
        return "<nav class=\"tabs wallet-tabs\" aria-label=\"Wallet\">\(TabLink.links(tabs, className: "tabs__item"))</nav>"
    }

    public static func cardFace(_ face: CardFace) -> HTML {
        """
        <div class="wallet-card\(face.light ? " wallet-card--light" : "") wallet-card--\(face.urgency)\(face.allUsed ? " wallet-card--used" : "")">
          <svg class="wallet-card__art" viewBox="0 0 1586 1000" preserveAspectRatio="none" aria-hidden="true" focusable="false"><defs><linearGradient id="g-\(face.key)" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="\(face.start)"/><stop offset="1" stop-color="\(face.end)"/></linearGradient></defs><rect width="1586" height="1000" fill="url(#g-\(face.key))"/>\(face.scrim > 0 ? "<rect width=\"1586\" height=\"1000\" fill=\"#000000\" fill-opacity=\"\(face.scrim)\"/>" as HTML : nil)</svg>
          <div class="wallet-card__top"><span class="wallet-card__issuer">\(face.issuer)</span><span class="wallet-card__chip" aria-hidden="true"></span></div>
          <div class="wallet-card__bottom">
            <p class="wallet-card__pills">\(face.availableText.map { "<span class=\"pill pill--available\">\($0)</span>" as HTML })\(face.expiringText.map { " <span class=\"pill pill--expiring\">\($0)</span>" as HTML })</p>
            <p class="wallet-card__name" title="\(face.name)">\(face.path.map { "<a class=\"wallet-card__link\" href=\"\($0)\">\(face.name)</a>" as HTML } ?? "\(face.name)")</p>
            \(face.nickname.map { "<p class=\"wallet-card__nickname\" title=\"\($0)\">\($0)</p>" as HTML })
          </div>
          \(face.allUsed ? "<span class=\"wallet-card__check\" aria-label=\"All benefits used\">✓</span>" as HTML : nil)
        </div>
        """
    }

    public static func benefitRow(_ row: BenefitRow, csrf: CSRF) -> HTML {
        let returnTo: HTML = "<input type=\"hidden\" name=\"returnTo\" value=\"\(row.returnTo)\">"
        let status: HTML = row.usedText.map { "\($0)" } ?? "\(row.expiryText) · <span class=\"benefit__days\">\(row.daysText)</span>"
        let edit: HTML = """
            \(row.historyPath.map { "<a class=\"menu__item\" href=\"\($0)\">View history</a>" as HTML })
                    <a class="menu__item" href="\(row.editPath)">Edit benefit…</a>
                    <a class="menu__item menu__item--danger" href="\(row.deletePath)">Remove benefit…</a>
            """
        let actions: HTML?
        if row.usedText != nil {
            actions = """
            <form method="post" action="\(row.unusePath)">\(csrf.field)\(returnTo)<button class="button button--plain button--small" type="submit">Undo</button></form>
                <details class="menu">
                  <summary class="button button--plain button--small" aria-label="More actions for \(row.name)">More…</summary>
                  <div class="menu__list">
                    \(edit)
                  </div>
                </details>
            """
        } else if row.isExpired {
            actions = nil
        } else {
            actions = """
            <form method="post" action="\(row.usePath)">\(csrf.field)\(returnTo)<button class="button button--primary button--small" type="submit" aria-label="Mark \(row.name) as done: full value, today">✓ Done</button></form>
                <details class="menu">
                  <summary class="button button--plain button--small" aria-label="More actions for \(row.name)">More…</summary>
                  <div class="menu__list">
                    <a class="menu__item" href="\(row.useFormPath)">Done: other amount or day…</a>
                    \(row.snoozeChoices.map { "<form method=\"post\" action=\"\(row.snoozePath)\">\(csrf.field)\(returnTo)<button class=\"menu__item\" type=\"submit\" name=\"days\" value=\"\($0.days)\">Snooze \($0.label)</button></form>" as HTML })
                    \(row.snoozedText == nil ? nil : "<form method=\"post\" action=\"\(row.snoozePath)\">\(csrf.field)\(returnTo)<button class=\"menu__item\" type=\"submit\" name=\"days\" value=\"0\">End snooze</button></form>" as HTML)
                    \(edit)
                  </div>
                </details>
            """
        }
        return """
        <li class="benefit benefit--\(row.status) urgency--\(row.urgency)">
          <span class="benefit__icon" aria-hidden="true">\(row.icon)</span>
          <div class="benefit__body">
            <p class="benefit__head"><span class="benefit__name">\(row.historyPath.map { "<a class=\"benefit__link\" href=\"\($0)\">\(row.name)</a>" as HTML } ?? "\(row.name)")</span> <span class="benefit__value">\(row.valueText)</span></p>
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
    public static func cardMenu(_ menu: CardMenu, csrf: CSRF) -> HTML {
        let back: HTML = "<input type=\"hidden\" name=\"returnTo\" value=\"\(menu.returnTo)\">"
        return """
        <details class="menu card-menu">
              <summary class="card-menu__button" aria-label="Actions for \(menu.name)"><span aria-hidden="true">⋯</span></summary>
              <div class="menu__list">
                \(menu.uses.map { "<form method=\"post\" action=\"\($0.path)\">\(csrf.field)\(back)<button class=\"menu__item\" type=\"submit\">Mark used: \($0.label)</button></form>" as HTML })
                \(menu.moreUses ? "<a class=\"menu__item\" href=\"\(menu.detailPath)\">Mark another benefit used…</a>" as HTML : nil)
                <a class="menu__item" href="\(menu.detailPath)">View details</a>
                <a class="menu__item" href="\(menu.editPath)">Edit card…</a>
                <form method="post" action="\(menu.remindersPath)">\(csrf.field)\(back)<input type="hidden" name="on" value="\(menu.remindersOn ? "0" : "1")"><button class="menu__item" type="submit">\(menu.remindersOn ? "Turn reminders off" : "Turn reminders on")</button></form>
                <a class="menu__item menu__item--danger" href="\(menu.removePath)">Remove card…</a>
              </div>
            </details>
        """
    }

    // MARK: - Pages

    public static func index(_ page: IndexPage, csrf: CSRF) -> HTML {
        """
        <div class="toolbar wallet-toolbar">
          \(tabs(current: "Cards", tracker: page.trackerPath, settings: page.settingsPath, expiring: page.expiringPath))
          <a class="button button--primary" href="\(page.addPath)">+ Add card</a>
        </div>
        \(page.cards.isEmpty ? "<div class=\"empty-grid\">\(page.empty.html)</div>" as HTML : """
            <section class="card wallet-summary" aria-label="Summary">
              <p class="wallet-summary__label">Total available value</p>
              <p class="wallet-summary__value">\(page.totalText)</p>
              <p class="wallet-summary__count">\(page.countText)\(page.expiringText.map { " · <a class=\"wallet-summary__expiring\" href=\"\(page.expiringPath)\">\($0)</a>" as HTML })</p>
            </section>
            <ul class="wallet-stack" aria-label="Your cards">
              \(page.cards.map { "<li class=\"wallet-stack__item\">\(cardFace($0.face))\(cardMenu($0.menu, csrf: csrf))</li>" as HTML })
            </ul>
            <script src="/js/wallet.js" defer></script>
            """)
        """
    }

    public static func onboarding(_ page: OnboardingPage, csrf: CSRF) -> HTML {
        """
        <form class="onboarding" method="post" action="\(page.action)" novalidate>
          \(csrf.field)
          <div class="onboarding__head">
            <div>
              <h2 class="onboarding__title">Select your cards</h2>
              <p class="muted">Choose the cards you have. Their benefits are added for you; you can add more later.</p>
            </div>
            <button class="button button--plain" type="submit" name="skip" value="1">Skip</button>
          </div>
          \(Form.summary(page.summary))
          \(page.groups.map { group in
              """
              <fieldset class="pick-group">
                  <legend class="pick-group__title">\(group.issuer)</legend>
                  <div class="pick-grid">
                    \(group.items.map { item in
                        "<div class=\"pick-cell\"><label class=\"pick\"><input class=\"pick__box\" type=\"checkbox\" name=\"cards[]\" value=\"\(item.id)\"\(item.checked ? " checked" : "")>\(cardFace(item.face))<span class=\"pick__mark\" aria-hidden=\"true\">✓</span></label>\(item.due.map { "<div class=\"pick-cell__due\">\($0.html)</div>" as HTML })</div>\n" as HTML
                    })
                  </div>
                </fieldset>

              """ as HTML
          })
          <div class="onboarding__bar">
            <button class="button button--primary button--block" type="submit" data-count-label="Continue ({n} cards selected)" data-count-one="Continue (1 card selected)">\(page.continueText)</button>
          </div>
        </form>
        <script src="/js/wallet.js" defer></script>
        """
    }

    public static func show(_ page: ShowPage, csrf: CSRF) -> HTML {
        let rows = { (rows: [BenefitRow]) in rows.map { benefitRow($0, csrf: csrf) } }
        let available: HTML = !page.available.isEmpty
            ? "<ul class=\"benefit-list\">\(rows(page.available))</ul>"
            : page.hasBenefits ? "<p class=\"muted\">Every benefit is used for this period. Nice work!</p>"
            : "<p class=\"muted\">This card has no benefits yet. <a href=\"\(page.newBenefitPath)\">Add one</a>.</p>"
        return """
        <p class="breadcrumb"><a href="/wallet">← Wallet</a> · \(page.feeText)</p>
        <div class="card-detail__head">
          \(cardFace(page.face))
          <div class="form-actions card-detail__actions">
            <a class="button button--secondary" href="\(page.editPath)">Edit card</a>
            <a class="button button--secondary" href="\(page.newBenefitPath)">+ Add benefit</a>
            <form method="post" action="\(page.remindersPath)">\(csrf.field)<input type="hidden" name="on" value="\(page.remindersOn ? "0" : "1")"><button class="button button--plain" type="submit">Reminders \(page.remindersOn ? "on · Turn off" : "off · Turn on")</button></form>
          </div>
        </div>

        \(page.roi.map(feeReturn))

        <section class="card" aria-labelledby="available-title">
          <h2 class="card__title" id="available-title">\(page.availableTitle)</h2>
          \(available)
        </section>

        \(page.used.isEmpty ? nil : """
            <section class="card" aria-labelledby="used-title">
              <h2 class="card__title" id="used-title">Used this period</h2>
              <ul class="benefit-list">\(rows(page.used))</ul>
            </section>
            """ as HTML)

        \(page.expired.isEmpty ? nil : """
            <section class="card" aria-labelledby="expired-title">
              <h2 class="card__title" id="expired-title">Expired</h2>
              <ul class="benefit-list">\(rows(page.expired))</ul>
            </section>
            """ as HTML)

        <section class="card danger-zone" aria-label="Remove card">
          <a class="button button--danger-outline" href="\(page.deletePath)">Remove card…</a>
        </section>
        """
    }

    private static func feeReturn(_ roi: FeeReturnCard) -> HTML {
        """
        <section class="card roi roi--\(roi.positive ? "positive" : "negative")" aria-labelledby="roi-title">
          <div class="roi__head">
            <h2 class="card__title" id="roi-title">Annual fee ROI</h2>
            \(roi.feeDueText.map { "<span class=\"pill\(roi.feeDueSoon ? " pill--warning" : "")\">\(roi.feeDueSoon ? "⚠ " : "")\($0)</span>" as HTML })
          </div>
          <div class="roi__sum">
            <p><span class="roi__figure">\(roi.redeemed)</span><span class="roi__label">Redeemed</span></p>
            <p class="roi__op" aria-hidden="true">−</p>
            <p><span class="roi__figure">\(roi.fee)</span><span class="roi__label">Annual fee</span></p>
            <p class="roi__op" aria-hidden="true">=</p>
            <p><span class="roi__figure roi__net">\(roi.net)</span><span class="roi__label">\(roi.netLabel)</span></p>
          </div>
          <div class="roi__bar">\(roi.bar.html)<span class="roi__percent">\(roi.percentText)</span></div>
          <p class="roi__message">\(roi.message)</p>
          <p class="muted small">\(roi.yearText)</p>
        </section>
        """
    }

    public static func browse(_ page: BrowsePage) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.cancelPath)">← Wallet</a></p>
        <div class="toolbar">
          <form class="search" method="get" action="/wallet/cards/new" role="search">
            <label class="visually-hidden" for="card-search">Search cards</label>
            <input class="field__control search__input" id="card-search" type="search" name="q" value="\(page.query)" placeholder="Search cards…" autocomplete="off">
            <button class="button button--secondary" type="submit">Search</button>
          </form>
          <a class="button button--primary" href="\(page.customPath)">Custom card</a>
        </div>
        \(page.groups.isEmpty
            ? "<p class=\"muted\">No card matches “\(page.query)”. Try another word, or add a <a href=\"\(page.customPath)\">custom card</a>.</p>"
            : page.groups.map { group in
                """
                <details class="issuer" open>
                  <summary class="issuer__title">\(group.issuer)</summary>
                  <ul class="mini-grid">
                    \(group.items.map { item in
                        "<li class=\"mini-grid__item\">\(cardFace(item.face))<p class=\"mini-grid__fee\">\(item.feeText)\(item.owned ? " · <strong>In your wallet</strong>" : "")</p></li>" as HTML
                    })
                  </ul>
                </details>

                """ as HTML
            }.joined())
        <p class="muted small">\(page.versionText)</p>
        """
    }

    public static func preview(_ page: PreviewPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.backPath)">← Add card</a></p>
        <section class="card preview-sheet" aria-labelledby="preview-title">
          <div class="preview-sheet__head">
            <div class="preview-sheet__card">\(cardFace(page.face))</div>
            <h2 class="preview-sheet__title" id="preview-title">\(page.title)</h2>
            <p class="muted">\(page.feeText)</p>
          </div>
          \(page.benefits.isEmpty ? nil : """
              <div class="preview-sheet__benefits">
                <h3 class="preview-sheet__subtitle">Included benefits</h3>
                <ul class="preview-benefits">\(page.benefits.map { "<li><span>\($0.text)</span>\($0.details.map { "<span class=\"muted small\">\($0)</span>" as HTML })</li>" as HTML })</ul>
              </div>
              """ as HTML)
          <div class="preview-sheet__add">
            <p class="preview-sheet__total">\(page.totalText)</p>
            \(Form.summary(page.summary))
            <form class="preview-sheet__cta" method="post" action="\(page.action)" novalidate>
              \(csrf.field)
              \(Form.fields(page.fields))
              \(page.owned ? "<p class=\"muted small\">This card is already in your wallet; adding it again makes a second one.</p>" as HTML : nil)
              <button class="button button--primary button--block" type="submit">Add to wallet</button>
            </form>
          </div>
        </section>
        """
    }

    public static func form(_ page: FormPage, csrf: CSRF) -> HTML {
        """
        <section class="card form-card" aria-labelledby="form-title">
          <h2 class="card__title" id="form-title">\(page.heading)</h2>
          \(page.intro.map { "<p class=\"muted\">\($0)</p>" as HTML })
          \(Form.summary(page.summary))
          <form class="\(page.swatches.isEmpty ? "" : "card-form")" method="post" action="\(page.action)" novalidate>
            \(csrf.field)
            \(page.fields.map { field in
                field.name == "gradient" && !page.swatches.isEmpty ? swatchPicker(field, page: page) : field.html
            })
            <div class="form-actions">
              <button class="button button--primary" type="submit">\(page.submitLabel)</button>
              <a class="button button--plain" href="\(page.cancelPath)">Cancel</a>
              \(page.deletePath.map { "<a class=\"button button--danger-outline\" href=\"\($0)\">Delete…</a>" as HTML })
            </div>
          </form>
        </section>
        \(page.swatches.isEmpty ? nil : "<script src=\"/js/wallet.js\" defer></script>" as HTML)
        """
    }

    /// The colour field as swatches: radio inputs (arrow keys move between them) drawn as the gradients, and a
    /// preview of the card that follows the checked one through CSS alone.
    static func swatchPicker(_ field: FormField, page: FormPage) -> HTML {
        let swatches = Dictionary(page.swatches.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let value = { (name: String) in page.fields.first { $0.name == name }?.value ?? "" }
        let name = value("name").isEmpty ? "Your card" : value("name")
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
                      art(swatch, "wallet-card__art card-preview__art card-preview__art--\(swatch.key)\(option.selected ? " card-preview__art--initial" : "")", "p-\(swatch.key)")
                  } })
                  <div class="wallet-card__top"><span class="wallet-card__issuer">\(value("issuer"))</span><span class="wallet-card__chip"></span></div>
                  <div class="wallet-card__bottom"><p class="wallet-card__name card-preview__name">\(name)</p></div>
                </div>
              </div>
              <div class="swatches">
                \(field.options.map { option in
                    let swatch = swatches[option.value]
                    return """
                    <label class="swatch"><input class="swatch__input\(swatch?.light == true ? " swatch__input--light" : "")" type="radio" name="\(field.name)" value="\(option.value)"\(option.selected ? " checked" : "")>\(swatch.map { art($0, "swatch__art", "s-\($0.key)") })<span class="swatch__label">\(option.label)</span></label>

                    """ as HTML
                })
              </div>
              \(field.error.map { "<p class=\"field__error\" id=\"\(field.id)-error\">\($0)</p>" as HTML })
            </fieldset>
        """
    }

    public static func settings(_ page: SettingsPage) -> HTML {
        """
        <div class="toolbar wallet-toolbar">
          \(tabs(current: "Settings", cards: page.backPath))
        </div>
        <section class="card form-card" aria-labelledby="reminders-title">
          <h2 class="card__title" id="reminders-title">Reminders</h2>
          <p class="muted small">Reminder time, lead time, quiet hours and the calendar feed are in your profile.</p>
          <p><a class="button button--secondary" href="\(page.notificationsPath)">Notification settings</a></p>
        </section>
        <section class="card form-card" aria-labelledby="database-title">
          <h2 class="card__title" id="database-title">Card database</h2>
          <dl class="facts">\(page.facts.map { "<div><dt>\($0.label)</dt><dd>\($0.value)</dd></div>" as HTML })</dl>
        </section>
        """
    }
}

import HTML

/// A short title and text for a list or period with nothing in it yet (an empty Badges tab, a quiet period).
struct Notice: Sendable {
    let title: String
    let text: String
}

/// A section's first-run message: what it is for and the button that gets the user going.
struct EmptyState: Sendable {
    let key: String
    let icon: String
    let title: String
    let text: String
    let action: String
    let actionPath: String

    var html: HTML {
        """
        <section class="empty-state" aria-labelledby="empty-\(key)">
          \(Icon.svg(icon, size: 56, className: "empty-state__icon"))
          <h2 class="empty-state__title" id="empty-\(key)">\(title)</h2>
          <p class="empty-state__text">\(text)</p>
          <a class="button button--primary" href="\(actionPath)">\(action)</a>
        </section>

        """
    }
}

/// A secret shown this once (an invitation link, an API token): what it is, a read-only field holding it, and a Copy
/// button that shows where JavaScript can copy.
struct OneTimeSecret: Sendable {
    /// The ids of the heading and of the field.
    let titleId: String
    let fieldId: String
    let title: String
    let text: String
    let label: String
    let value: String
    /// What Copy copies, for screen readers ("the token").
    let copyWhat: String

    func html(t: Words) -> HTML {
        """
        <section class="card form-card invite-link" aria-labelledby="\(titleId)" role="status">
          <h2 class="card__title" id="\(titleId)">\(title)</h2>
          <p class="muted small">\(text)</p>
          <label class="field__label" for="\(fieldId)">\(label)</label>
          <input class="field__control" id="\(fieldId)" type="text" readonly value="\(value)">
          <p><button class="button button--secondary copy-button" type="button" data-copy="\(value)" hidden>\(t["profile.household.copy"])<span class="visually-hidden"> \(copyWhat)</span></button></p>
        </section>
        <script src="/js/wallet.js" defer></script>
        """
    }
}

/// A progress bar drawn as SVG (so no inline style is needed), with its percentage for screen readers.
struct ProgressBar: Sendable {
    let percent: Int
    /// The filled width, 0 to 100.
    let width: Int
    let label: String
    /// `progress--complete`, `progress--over` or empty.
    let modifier: String

    init(percent: Int, label: String, modifier: String = "") {
        self.percent = percent
        width = min(max(percent, 0), 100)
        self.label = label
        self.modifier = modifier
    }

    /// The SVG stretches to the bar's width, so its ends are rounded by the container (`.progress`), not by the
    /// rectangles: a radius inside the SVG would stretch into a long taper.
    var html: HTML {
        """
        <div class="progress \(modifier)" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="\(width)" aria-label="\(label)">
          <svg class="progress__svg" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="progress__track" width="100" height="8"/><rect class="progress__fill" width="\(width)" height="8"/></svg>
        </div>

        """
    }
}

/// One stash as a row of Home's list, Badges' in-progress list or the detail header.
struct StashCard: Sendable {
    /// A button that adds this amount as an entry (posted to the stash's entries).
    struct QuickAmount: Sendable {
        let value: String
        let label: String
        let ariaLabel: String
    }

    let id: Int64
    let name: String
    /// Where the add-entry form comes back to after saving.
    let returnTo: String?
    let kindLabel: String
    let category: String
    let percentText: String
    let amountText: String
    let statusText: String
    let completed: Bool
    let overBudget: Bool
    let bar: ProgressBar
    let quickAmounts: [QuickAmount]

    var html: HTML {
        """
        <article class="stash-card\(completed ? " stash-card--complete" : "")\(overBudget ? " stash-card--over" : "")">
          <div class="stash-card__head">
            <h3 class="stash-card__name"><a href="\(StashPaths.show(id))">\(name)</a></h3>
            <span class="stash-card__percent">\(percentText)</span>
          </div>
          \(bar.html)  <p class="stash-card__meta"><span>\(amountText)</span> <span class="stash-card__status">\(completed ? "✓ " : "")\(statusText)</span></p>
          <p class="stash-card__tags"><span class="tag">\(kindLabel)</span> <span class="tag">\(category)</span></p>
        </article>

        """
    }

    /// The bar and this month's figures alone, above an entry form.
    func summary(_ t: Words) -> HTML {
        let line = t["shell.stash_card.this_month", ["amount": amountText, "percent": percentText]]
        return "\(bar.html)<p class=\"muted\">\(line)</p>"
    }
}

/// A link with its words: a row of the Budget section's menu, the link under a shortened list to all of it.
struct TextLink: Sendable {
    let label: String
    let href: String

    /// Under a shortened list ("See all 270 entries of this day").
    var moreHTML: HTML {
        "<p class=\"more-link\"><a href=\"\(href)\">\(label)</a></p>"
    }
}

/// One link of a row of tabs (a sub-navigation, a segmented control): where it goes, and whether it is the page shown.
struct TabLink: Sendable {
    let label: String
    let href: String
    let current: Bool

    /// The links with `className`, the current one marked for screen readers and styles.
    static func links(_ tabs: [TabLink], className: String) -> HTML {
        tabs.map {
            "<a class=\"\(className)\" href=\"\($0.href)\"\($0.current ? " aria-current=\"page\"" : "")>\($0.label)</a>"
                as HTML
        }
        .joined()
    }
}

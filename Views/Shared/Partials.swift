import HTML

/// A short title and text for a list or period with nothing in it yet (an empty Badges tab, a quiet period).
public struct Notice: Sendable {
    public let title: String
    public let text: String

    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}

/// A section's first-run message: what it is for and the button that gets the user going.
public struct EmptyState: Sendable {
    public let key: String
    public let icon: String
    public let title: String
    public let text: String
    public let action: String
    public let actionPath: String

    public init(key: String, icon: String, title: String, text: String, action: String, actionPath: String) {
        self.key = key
        self.icon = icon
        self.title = title
        self.text = text
        self.action = action
        self.actionPath = actionPath
    }

    public var html: HTML {
        """
        <section class="empty-state" aria-labelledby="empty-\(key)">
          <svg class="empty-state__icon" aria-hidden="true" width="56" height="56"><use href="/icons/sprite.svg#\(icon)"></use></svg>
          <h2 class="empty-state__title" id="empty-\(key)">\(title)</h2>
          <p class="empty-state__text">\(text)</p>
          <a class="button button--primary" href="\(actionPath)">\(action)</a>
        </section>

        """
    }
}

/// A progress bar drawn as SVG (so no inline style is needed), with its percentage for screen readers.
public struct ProgressBar: Sendable {
    public let percent: Int
    /// The filled width, 0 to 100.
    public let width: Int
    public let label: String
    /// `progress--complete`, `progress--over` or empty.
    public let modifier: String

    public init(percent: Int, label: String, modifier: String = "") {
        self.percent = percent
        width = min(max(percent, 0), 100)
        self.label = label
        self.modifier = modifier
    }

    /// The SVG stretches to the bar's width, so its ends are rounded by the container (`.progress`), not by the
    /// rectangles: a radius inside the SVG would stretch into a long taper.
    public var html: HTML {
        """
        <div class="progress \(modifier)" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="\(width)" aria-label="\(label)">
          <svg class="progress__svg" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="progress__track" width="100" height="8"/><rect class="progress__fill" width="\(width)" height="8"/></svg>
        </div>

        """
    }
}

/// One stash as a row of Home's list, Badges' in-progress list or the detail header.
public struct StashCard: Sendable {
    public struct QuickAmount: Sendable {
        /// Where the button posts the entry.
        public let action: String
        public let value: String
        public let label: String
        public let ariaLabel: String

        public init(action: String, value: String, label: String, ariaLabel: String) {
            self.action = action
            self.value = value
            self.label = label
            self.ariaLabel = ariaLabel
        }
    }

    public let name: String
    public let path: String
    /// The add-entry form, coming back to where the card was shown after saving.
    public let addEntryPath: String
    public let kindLabel: String
    public let category: String
    public let percentText: String
    public let amountText: String
    public let statusText: String
    public let completed: Bool
    public let overBudget: Bool
    public let bar: ProgressBar
    public let quickAmounts: [QuickAmount]

    public var html: HTML {
        """
        <article class="stash-card\(completed ? " stash-card--complete" : "")\(overBudget ? " stash-card--over" : "")">
          <div class="stash-card__head">
            <h3 class="stash-card__name"><a href="\(path)">\(name)</a></h3>
            <span class="stash-card__percent">\(percentText)</span>
          </div>
          \(bar.html)  <p class="stash-card__meta"><span>\(amountText)</span> <span class="stash-card__status">\(completed ? "✓ " : "")\(statusText)</span></p>
          <p class="stash-card__tags"><span class="tag">\(kindLabel)</span> <span class="tag">\(category)</span></p>
        </article>

        """
    }

    /// The bar and this month's figures alone, above an entry form.
    public var summary: HTML {
        "\(bar.html)<p class=\"muted\">This month: \(amountText) (\(percentText))</p>"
    }

    public init(name: String, path: String, addEntryPath: String, kindLabel: String, category: String, percentText: String, amountText: String, statusText: String, completed: Bool, overBudget: Bool, bar: ProgressBar, quickAmounts: [QuickAmount]) {
        self.name = name
        self.path = path
        self.addEntryPath = addEntryPath
        self.kindLabel = kindLabel
        self.category = category
        self.percentText = percentText
        self.amountText = amountText
        self.statusText = statusText
        self.completed = completed
        self.overBudget = overBudget
        self.bar = bar
        self.quickAmounts = quickAmounts
    }
}

/// A link with its words: a row of the Budget section's menu, the link under a shortened list to all of it.
public struct TextLink: Sendable {
    public let label: String
    public let href: String

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }

    /// Under a shortened list ("See all 270 entries of this day").
    public var moreHTML: HTML {
        "<p class=\"more-link\"><a href=\"\(href)\">\(label)</a></p>"
    }
}

/// One link of a row of tabs (a sub-navigation, a segmented control): where it goes, and whether it is the page shown.
public struct TabLink: Sendable {
    public let label: String
    public let href: String
    public let current: Bool

    public init(label: String, href: String, current: Bool) {
        self.label = label
        self.href = href
        self.current = current
    }

    /// The links with `className`, the current one marked for screen readers and styles.
    public static func links(_ tabs: [TabLink], className: String) -> HTML {
        tabs.map { "<a class=\"\(className)\" href=\"\($0.href)\"\($0.current ? " aria-current=\"page\"" : "")>\($0.label)</a>" as HTML }
            .joined()
    }
}

import HTML

/// A benefit's own page: what it is worth and how often, and every recorded use grouped by card year.
public enum BenefitPages {
    /// One recorded use: the day and the amount redeemed.
    public struct Use: Sendable {
        public let dayText: String
        public let amountText: String

        public init(dayText: String, amountText: String) {
            self.dayText = dayText
            self.amountText = amountText
        }
    }

    /// A card year with the uses made in it, newest first.
    public struct Year: Sendable {
        public let title: String
        public let totalText: String
        public let uses: [Use]

        public init(title: String, totalText: String, uses: [Use]) {
            self.title = title
            self.totalText = totalText
            self.uses = uses
        }
    }

    public struct ShowPage: Sendable {
        public let name: String
        public let cardName: String
        public let cardPath: String
        public let valueText: String
        public let details: String?
        public let years: [Year]
        public let editPath: String

        public init(name: String, cardName: String, cardPath: String, valueText: String, details: String?, years: [Year],
                    editPath: String) {
            self.name = name
            self.cardName = cardName
            self.cardPath = cardPath
            self.valueText = valueText
            self.details = details
            self.years = years
            self.editPath = editPath
        }
    }

    public static func show(_ page: ShowPage) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.cardPath)">← \(page.cardName)</a></p>
        <section class="card benefit-page" aria-labelledby="benefit-title">
          <h2 class="card__title" id="benefit-title">\(page.name)</h2>
          <p>\(page.valueText)</p>
          \(page.details.map { "<p class=\"muted\">\($0)</p>" as HTML })
          <p><a class="button button--secondary" href="\(page.editPath)">Edit benefit</a></p>
        </section>
        <section class="card" aria-labelledby="history-title">
          <h2 class="card__title" id="history-title">History</h2>
          \(page.years.isEmpty ? "<p class=\"muted\">No use recorded yet. Each “Done” shows here with its amount and day.</p>" as HTML : nil)
          \(page.years.map { year in
              """
              <h3 class="benefit-history__year">\(year.title) <span class="muted small">· \(year.totalText)</span></h3>
                <ul class="benefit-history">\(year.uses.map { "<li class=\"benefit-history__use\"><span>\($0.dayText)</span><span class=\"benefit-history__amount\">\($0.amountText)</span></li>" as HTML })</ul>

              """ as HTML
          })
        </section>
        """
    }
}

import HTML

/// A benefit's own page: what it is worth and how often, and every recorded use grouped by card year.
enum BenefitPages {
    /// One recorded use: the day and the amount redeemed.
    struct Use: Sendable {
        let dayText: String
        let amountText: String
    }

    /// A card year with the uses made in it, newest first.
    struct Year: Sendable {
        let title: String
        let totalText: String
        let uses: [Use]
    }

    struct ShowPage: Sendable {
        let id: Int64
        let name: String
        let cardId: Int64
        let cardName: String
        let valueText: String
        let details: String?
        let years: [Year]
    }

    static func show(_ page: ShowPage, _ t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(WalletPaths.card(page.cardId))">← \(page.cardName)</a></p>
        <section class="card benefit-page" aria-labelledby="benefit-title">
          <h2 class="card__title" id="benefit-title">\(page.name)</h2>
          <p>\(page.valueText)</p>
          \(page.details.map { "<p class=\"muted\">\($0)</p>" as HTML })
          <p><a class="button button--secondary" href="\(WalletPaths.editBenefit(page.id))">\(t["wallet.benefit.edit"])</a></p>
        </section>
        <section class="card" aria-labelledby="history-title">
          <h2 class="card__title" id="history-title">\(t["wallet.benefit.history.title"])</h2>
          \(page.years.isEmpty ? "<p class=\"muted\">\(t["wallet.benefit.history.empty"])</p>" as HTML : nil)
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

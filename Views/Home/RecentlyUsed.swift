import HTML

/// Home's "Recently used": the latest benefit uses and coupons used, each linking to its page (CouponTracker seed).
struct RecentlyUsed: Sendable {
    struct Item: Sendable {
        /// The benefit used, whose history the line links to; nil for a coupon (linking to the coupons).
        let benefitId: Int64?
        let title: String
        let subtitle: String
        let usedText: String
    }

    let items: [Item]

    /// Nothing when nothing was used yet.
    func html(_ t: Words) -> HTML? {
        guard !items.isEmpty else { return nil }
        return """
            <section class="card" aria-labelledby="recent-title">
              <h2 class="card__title" id="recent-title">\(t["home.wallet.recently_used"])</h2>
              <ul class="track-list track-list--flat">
                \(items.map { item in
                """
                <li class="track recent-use">
                      <span class="recent-use__check" aria-hidden="true">✓</span>
                      <div class="track__body">
                        <p class="track__head"><a class="track__name" href="\(item.benefitId.map { WalletPaths.benefit($0) } ?? WalletPaths.coupons)">\(item.title)</a> <span class="track__when">\(item.usedText)</span></p>
                        <p class="track__meta">\(item.subtitle)</p>
                      </div>
                    </li>
                """ as HTML
            })
              </ul>
            </section>
            """
    }
}

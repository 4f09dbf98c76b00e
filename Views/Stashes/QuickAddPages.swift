import HTML

/// The quick-add link's page when no stash has the name it gives: the member's stashes, each opening its add form
/// with the amount carried (or, with none yet, the first-run message for stashes).
enum QuickAddPages {
    struct Choice: Sendable {
        let name: String
        /// "Save stash" or "Spend stash".
        let kind: String
        let path: String
    }

    struct Page: Sendable {
        let heading: String
        let stashes: [Choice]
    }

    static func choose(_ page: Page, t: Words) -> HTML {
        guard !page.stashes.isEmpty else { return EmptyState.stashes(t).html }
        return """
            <section class="card" aria-labelledby="quick-add-title">
              <h2 class="card__title" id="quick-add-title">\(t["quickadd.choose_intro"])</h2>
              <ul class="entry-list">\(page.stashes.map { choice in
                  """
                  <li class="entry-list__item"><a href="\(choice.path)"><span class="entry-list__main"><span class="entry-list__amount">\(choice.name)</span><span class="entry-list__note">\(choice.kind)</span></span></a></li>
                  """ as HTML
              })</ul>
            </section>
            """
    }
}

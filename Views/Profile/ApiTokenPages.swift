import HTML

/// Profile → API tokens: the token just made (shown once), the member's tokens, and the form for a new one.
enum ApiTokenPages {
    /// One token: which, what it may do, until when, and when it was last used.
    struct Token: Sendable {
        let id: Int64
        let name: String
        let scope: String
        /// "Ends in …x7Qa".
        let hint: String
        /// "Expires 31 Dec 2026", "Expired …" or "Never expires".
        let expiry: String
        let expired: Bool
        /// "Last used 28 Nov 2026" or "Never used".
        let lastUse: String
    }

    struct Page: Sendable {
        /// The token just made, by name, and its secret (shown this once: only its digest is kept).
        let made: (name: String, secret: String)?
        let tokens: [Token]
        let summary: String?
        let fields: [FormField]
    }

    static func show(_ page: Page, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">\(t["profile.back"])</a></p>
        \(page.made.map { made in
            OneTimeSecret(
                titleId: "token-made-title",
                fieldId: "token-secret",
                title: t["profile.api_tokens.made_title", ["name": made.name]],
                text: t["profile.api_tokens.made_text"],
                label: t["profile.api_tokens.made_label"],
                value: made.secret,
                copyWhat: t["profile.api_tokens.copy_what"]
            ).html(t: t)
        })
        <section class="card form-card" aria-labelledby="tokens-title">
          <h2 class="card__title" id="tokens-title">\(t["profile.api_tokens.list_title"])</h2>
          <p class="muted small">\(t["profile.api_tokens.intro"])</p>
          <p class="small"><a href="\(ApiReferenceController.path)">\(t["profile.api_tokens.reference"])</a></p>
          \(page.tokens.isEmpty ? "<p class=\"muted small\">\(t["profile.api_tokens.none"])</p>" as HTML : """
            <ul class="session-list">\(page.tokens.map { token in
                """
                <li class="session">
                  <p class="session__head"><span class="session__name">\(token.name)</span> <span class="pill">\(token.scope)</span>\(token.expired ? " <span class=\"pill\">\(t["profile.api_tokens.expired"])</span>" as HTML : nil)</p>
                  <form class="session__actions" method="post" action="\(ProfilePaths.revokeApiToken(token.id))">
                    \(csrf.field)
                    <button class="button button--destructive button--small" type="submit">\(t["profile.api_tokens.revoke"])<span class="visually-hidden"> \(t["profile.api_tokens.revoke_what", ["name": token.name]])</span></button>
                  </form>
                  <div class="session__details"><p>\(token.hint)</p><p>\(token.expiry)</p><p>\(token.lastUse)</p></div>
                </li>
                """ as HTML
            })</ul>
            """ as HTML)
        </section>
        \(FormCard(
            heading: t["profile.api_tokens.new_title"],
            titleId: "new-token-title",
            intro: nil,
            summary: page.summary,
            action: ProfilePaths.apiTokens,
            fields: Form.fields(page.fields),
            actions: Form.actions(submit: t["profile.api_tokens.submit"], t: t)
        ).html(csrf: csrf))
        """
    }
}

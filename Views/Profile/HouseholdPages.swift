import HTML

/// Profile → Household, the owner's alone: who has an account, who may sign up, and the invitations.
enum HouseholdPages {
    /// One account on the server.
    struct Member: Sendable {
        let name: String
        let email: String
        /// "Since 22 Nov 2026", with "(owner)" for the owner's.
        let since: String
    }

    /// An invitation not yet used: which, for whom and until when.
    struct Invitation: Sendable {
        let id: Int64
        let email: String
        /// "Expires 29 Nov 2026" or "Expired 20 Nov 2026".
        let expiry: String
        let expired: Bool
    }

    struct Page: Sendable {
        let members: [Member]
        /// Whether anyone may sign up, and how that is changed.
        let signupsText: String
        let invitations: [Invitation]
        let summary: String?
        let emailField: FormField
        /// The link just made (shown this once: only its digest is kept), and whom it is for.
        let newLink: (email: String, url: String)?
    }

    static func show(_ page: Page, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">\(t["profile.back"])</a></p>
        \(page.newLink.map { link in
            OneTimeSecret(
                titleId: "invite-link-title",
                fieldId: "invite-url",
                title: t["profile.household.link_title", ["email": link.email]],
                text: t["profile.household.link_text"],
                label: t["profile.household.link_label"],
                value: link.url,
                copyWhat: t["profile.household.copy_what"]
            ).html(t: t)
        })
        <section class="card form-card" aria-labelledby="members-title">
          <h2 class="card__title" id="members-title">\(t["profile.household.members"])</h2>
          <p class="muted small">\(page.signupsText)</p>
          <ul class="session-list">\(page.members.map { member in
            """
            <li class="session">
                <p class="session__head"><span class="session__name">\(member.name)</span></p>
                <div class="session__details"><p>\(member.email)</p><p>\(member.since)</p></div>
              </li>
            """ as HTML
          })</ul>
        </section>
        \(FormCard(
            heading: t["profile.household.invite_title"],
            titleId: "invite-title",
            intro: "<p class=\"muted small\">\(t["profile.household.invite_text"])</p>",
            summary: page.summary,
            action: ProfilePaths.household,
            fields: page.emailField.html,
            actions: Form.actions(submit: t["profile.household.invite_submit"], t: t)
        ).html(csrf: csrf))
        <section class="card form-card" aria-labelledby="invitations-title">
          <h2 class="card__title" id="invitations-title">\(t["profile.household.invitations"])</h2>
          \(page.invitations.isEmpty ? "<p class=\"muted small\">\(t["profile.household.none"])</p>" as HTML : """
            <ul class="session-list">\(page.invitations.map { invitation in
                """
                <li class="session">
                  <p class="session__head"><span class="session__name">\(invitation.email)</span>\(invitation.expired ? " <span class=\"pill\">\(t["profile.household.expired"])</span>" as HTML : nil)</p>
                  <form class="session__actions" method="post" action="\(ProfilePaths.revokeInvitation(invitation.id))">
                    \(csrf.field)
                    <button class="button button--destructive button--small" type="submit">\(t["profile.household.withdraw"])<span class="visually-hidden"> \(t["profile.household.withdraw_what", ["email": invitation.email]])</span></button>
                  </form>
                  <div class="session__details"><p>\(invitation.expiry)</p></div>
                </li>
                """ as HTML
            })</ul>
            """ as HTML)
        </section>
        """
    }
}

import HTML

/// Profile → Household, the owner's alone: who has an account, who may sign up, and the invitations.
public enum HouseholdPages {
    /// One account on the server.
    public struct Member: Sendable {
        public let name: String
        public let email: String
        /// "Since 22 Nov 2026", with "(owner)" for the owner's.
        public let since: String

        public init(name: String, email: String, since: String) {
            self.name = name
            self.email = email
            self.since = since
        }
    }

    /// An invitation not yet used: for whom, until when, and where its Withdraw posts.
    public struct Invitation: Sendable {
        public let email: String
        /// "Expires 29 Nov 2026" or "Expired 20 Nov 2026".
        public let expiry: String
        public let expired: Bool
        public let revokePath: String

        public init(email: String, expiry: String, expired: Bool, revokePath: String) {
            self.email = email
            self.expiry = expiry
            self.expired = expired
            self.revokePath = revokePath
        }
    }

    public struct Page: Sendable {
        public let members: [Member]
        /// Whether anyone may sign up, and how that is changed.
        public let signupsText: String
        public let invitations: [Invitation]
        public let inviteAction: String
        public let summary: String?
        public let emailField: FormField
        /// The link just made (shown this once: only its digest is kept), and whom it is for.
        public let newLink: (email: String, url: String)?
        public let backPath: String

        public init(members: [Member], signupsText: String, invitations: [Invitation], inviteAction: String,
                    summary: String?, emailField: FormField, newLink: (email: String, url: String)?, backPath: String) {
            self.members = members
            self.signupsText = signupsText
            self.invitations = invitations
            self.inviteAction = inviteAction
            self.summary = summary
            self.emailField = emailField
            self.newLink = newLink
            self.backPath = backPath
        }
    }

    public static func show(_ page: Page, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(page.backPath)">← Profile</a></p>
        \(page.newLink.map { link in
            """
            <section class="card form-card invite-link" aria-labelledby="invite-link-title" role="status">
              <h2 class="card__title" id="invite-link-title">Invitation for \(link.email)</h2>
              <p class="muted small">Send this link to them yourself. It works once, for this email, for 7 days; it is shown only now.</p>
              <label class="field__label" for="invite-url">Invitation link</label>
              <input class="field__control" id="invite-url" type="text" readonly value="\(link.url)">
              <p><button class="button button--secondary copy-button" type="button" data-copy="\(link.url)" hidden>Copy<span class="visually-hidden"> the invitation link</span></button></p>
            </section>
            <script src="/js/wallet.js" defer></script>
            """ as HTML
        })
        <section class="card form-card" aria-labelledby="members-title">
          <h2 class="card__title" id="members-title">Members</h2>
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
        <section class="card form-card" aria-labelledby="invite-title">
          <h2 class="card__title" id="invite-title">Invite someone</h2>
          <p class="muted small">They get a one-time link to make their account with this email, even while sign-up is closed.</p>
          \(Form.summary(page.summary))
          <form method="post" action="\(page.inviteAction)" novalidate>
            \(csrf.field)
            \(Form.fields([page.emailField]))
            <div class="form-actions"><button class="button button--primary" type="submit">Make an invitation link</button></div>
          </form>
        </section>
        <section class="card form-card" aria-labelledby="invitations-title">
          <h2 class="card__title" id="invitations-title">Invitations not yet used</h2>
          \(page.invitations.isEmpty ? "<p class=\"muted small\">None.</p>" as HTML : """
            <ul class="session-list">\(page.invitations.map { invitation in
                """
                <li class="session">
                  <p class="session__head"><span class="session__name">\(invitation.email)</span>\(invitation.expired ? " <span class=\"pill\">Expired</span>" as HTML : nil)</p>
                  <form class="session__actions" method="post" action="\(invitation.revokePath)">
                    \(csrf.field)
                    <button class="button button--destructive button--small" type="submit">Withdraw<span class="visually-hidden"> the invitation for \(invitation.email)</span></button>
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

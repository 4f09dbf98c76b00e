import HTML

/// The profile: who you are, your preferences, your password and the browsers you're signed in on.
public enum ProfilePages {
    public struct ProfilePage: Sendable {
        public let initials: String
        public let name: String
        public let email: String
        public let memberSince: String
        public let details: [FormField]
        public let preferences: [FormField]
        public let summary: String?
        public let passwordSummary: String?
        public let passwordFields: [FormField]
        public let otherSessions: Bool
        public let sessionsText: String
        public let profilePath: String
        public let passwordPath: String
        public let sessionsPath: String
        public let logoutPath: String

        public init(initials: String, name: String, email: String, memberSince: String, details: [FormField], preferences: [FormField], summary: String?, passwordSummary: String?, passwordFields: [FormField], otherSessions: Bool, sessionsText: String, profilePath: String, passwordPath: String, sessionsPath: String, logoutPath: String) {
            self.initials = initials
            self.name = name
            self.email = email
            self.memberSince = memberSince
            self.details = details
            self.preferences = preferences
            self.summary = summary
            self.passwordSummary = passwordSummary
            self.passwordFields = passwordFields
            self.otherSessions = otherSessions
            self.sessionsText = sessionsText
            self.profilePath = profilePath
            self.passwordPath = passwordPath
            self.sessionsPath = sessionsPath
            self.logoutPath = logoutPath
        }
    }

    public static func show(_ page: ProfilePage, csrf: CSRF) -> HTML {
        """
        <section class="profile-header card">
          <span class="avatar avatar--large" aria-hidden="true">\(page.initials)</span>
          <div>
            <h2 class="profile-header__name">\(page.name)</h2>
            <p class="muted">\(page.email)</p>
            <p class="muted small">Member since \(page.memberSince)</p>
          </div>
        </section>

        <form class="stack" method="post" action="\(page.profilePath)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card" aria-labelledby="personal-title">
            <h2 class="card__title" id="personal-title">Personal details</h2>
            <div class="field-grid">\(Form.fields(page.details))</div>
          </section>
          <section class="card" aria-labelledby="preferences-title">
            <h2 class="card__title" id="preferences-title">Preferences</h2>
            <div class="field-grid">\(Form.fields(page.preferences))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">Save profile</button>
            </div>
          </section>
        </form>

        <section class="card" aria-labelledby="password-title">
          <h2 class="card__title" id="password-title">Password</h2>
          \(Form.summary(page.passwordSummary))
          <form method="post" action="\(page.passwordPath)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(page.passwordFields))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">Change password</button>
            </div>
          </form>
        </section>

        <section class="card" aria-labelledby="sessions-title">
          <h2 class="card__title" id="sessions-title">Browsers</h2>
          <p>\(page.sessionsText)</p>
          <div class="form-actions">
            \(page.otherSessions ? """
                <form method="post" action="\(page.sessionsPath)">
                      \(csrf.field)
                      <button class="button button--secondary" type="submit">Log out other browsers</button>
                    </form>
                """ as HTML : nil)
            <form method="post" action="\(page.logoutPath)">
              \(csrf.field)
              <button class="button button--destructive" type="submit">Log out</button>
            </form>
          </div>
        </section>
        """
    }
}

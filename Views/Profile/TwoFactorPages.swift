import HTML

/// Two-factor sign-in on the Profile: setting it up with an authenticator app, the recovery codes, and turning it
/// off.
enum TwoFactorPages {
    /// Off: the QR code and the secret of a new authenticator entry, and the first code that confirms it.
    struct SetupPage: Sendable {
        let secretGroups: [String]
        let summary: String?
        let codeField: FormField
    }

    /// On: since when, recovery codes left, new codes and turning it off (each with the password).
    struct StatusPage: Sendable {
        let since: String
        let codesLeftText: String
        let codesSummary: String?
        let codesPassword: FormField
        let offSummary: String?
        let offPassword: FormField
    }

    static func setup(_ page: SetupPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">← Profile</a></p>
        <section class="card two-factor" aria-labelledby="two-factor-title">
          <h2 class="card__title" id="two-factor-title">Turn on two-factor sign-in</h2>
          <p>After your password, Stashify will ask for a code from an authenticator app on your phone (such as Aegis, 2FAS, Google Authenticator or 1Password), so a stolen password alone can't open your account.</p>
          <ol class="two-factor__steps">
            <li>In your authenticator app, add an account and scan this code.
              <img class="two-factor__qr" src="\(ProfilePaths.twoFactorQR)" width="240" height="240" alt="QR code of your Stashify sign-in secret for your authenticator app">
            </li>
            <li>Can't scan it? Type this key instead (time-based):
              <p class="two-factor__secret"><code>\(page.secretGroups.map { "<span>\($0)</span> " as HTML })</code></p>
            </li>
            <li>Type the 6-digit code the app now shows, to check it works.</li>
          </ol>
          \(Form.summary(page.summary))
          <form method="post" action="\(ProfilePaths.twoFactor)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields([page.codeField]))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">Turn on</button>
            </div>
          </form>
        </section>
        """
    }

    static func status(_ page: StatusPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">← Profile</a></p>
        <section class="card" aria-labelledby="two-factor-title">
          <h2 class="card__title" id="two-factor-title">Two-factor sign-in is on</h2>
          <p>Since \(page.since). Signing in asks for a code from your authenticator app after your password.</p>
        </section>
        <section class="card" aria-labelledby="recovery-title">
          <h2 class="card__title" id="recovery-title">Recovery codes</h2>
          <p>\(page.codesLeftText) Each one signs you in once, without your phone. New codes replace the old ones.</p>
          \(Form.summary(page.codesSummary))
          <form method="post" action="\(ProfilePaths.recoveryCodes)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields([page.codesPassword]))</div>
            <div class="form-actions">
              <button class="button button--secondary" type="submit">Make new recovery codes</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="off-title">
          <h2 class="card__title" id="off-title">Turn off two-factor sign-in</h2>
          <p>Your password alone will sign you in again. Your authenticator entry and recovery codes stop working.</p>
          \(Form.summary(page.offSummary))
          <form method="post" action="\(ProfilePaths.twoFactorOff)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields([page.offPassword]))</div>
            <div class="form-actions">
              <button class="button button--destructive" type="submit">Turn off two-factor sign-in</button>
            </div>
          </form>
        </section>
        """
    }

    /// The recovery codes, shown this once.
    static func codes(_ codes: [String], heading: String) -> HTML {
        """
        <section class="card two-factor" aria-labelledby="codes-title">
          <h2 class="card__title" id="codes-title">\(heading)</h2>
          <p><strong>Save these recovery codes now: this is the only time they are shown.</strong> Each one signs you in once if you lose your phone. Print them or keep them in your password manager.</p>
          <ol class="two-factor__codes">\(codes.map { "<li><code>\($0)</code></li>" as HTML })</ol>
          <p><a class="button button--primary" href="\(ProfilePaths.twoFactor)">I've saved them</a></p>
        </section>
        """
    }
}

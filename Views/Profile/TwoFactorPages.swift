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

    static func setup(_ page: SetupPage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">\(t["profile.back"])</a></p>
        <section class="card two-factor" aria-labelledby="two-factor-title">
          <h2 class="card__title" id="two-factor-title">\(t["profile.two_factor.setup_title"])</h2>
          <p>\(t["profile.two_factor.setup_text"])</p>
          <ol class="two-factor__steps">
            <li>\(t["profile.two_factor.step_scan"])
              <img class="two-factor__qr" src="\(ProfilePaths.twoFactorQR)" width="240" height="240" alt="\(t["profile.two_factor.qr_alt"])">
            </li>
            <li>\(t["profile.two_factor.step_key"])
              <p class="two-factor__secret"><code>\(page.secretGroups.map { "<span>\($0)</span> " as HTML })</code></p>
            </li>
            <li>\(t["profile.two_factor.step_code"])</li>
          </ol>
          \(Form.summary(page.summary))
          <form method="post" action="\(ProfilePaths.twoFactor)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields([page.codeField]))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">\(t["profile.two_factor.turn_on"])</button>
            </div>
          </form>
        </section>
        """
    }

    static func status(_ page: StatusPage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">\(t["profile.back"])</a></p>
        <section class="card" aria-labelledby="two-factor-title">
          <h2 class="card__title" id="two-factor-title">\(t["profile.two_factor.on_title"])</h2>
          <p>\(t["profile.two_factor.on_since", ["day": page.since]])</p>
        </section>
        <section class="card" aria-labelledby="recovery-title">
          <h2 class="card__title" id="recovery-title">\(t["profile.two_factor.codes_title"])</h2>
          <p>\(page.codesLeftText) \(t["profile.two_factor.codes_text"])</p>
          \(Form.summary(page.codesSummary))
          <form method="post" action="\(ProfilePaths.recoveryCodes)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields([page.codesPassword]))</div>
            <div class="form-actions">
              <button class="button button--secondary" type="submit">\(t["profile.two_factor.make_codes"])</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="off-title">
          <h2 class="card__title" id="off-title">\(t["profile.two_factor.turn_off"])</h2>
          <p>\(t["profile.two_factor.off_text"])</p>
          \(Form.summary(page.offSummary))
          <form method="post" action="\(ProfilePaths.twoFactorOff)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields([page.offPassword]))</div>
            <div class="form-actions">
              <button class="button button--destructive" type="submit">\(t["profile.two_factor.turn_off"])</button>
            </div>
          </form>
        </section>
        """
    }

    /// The recovery codes, shown this once.
    static func codes(_ codes: [String], heading: String, t: Words) -> HTML {
        """
        <section class="card two-factor" aria-labelledby="codes-title">
          <h2 class="card__title" id="codes-title">\(heading)</h2>
          <p><strong>\(t["profile.two_factor.save_now"])</strong> \(t["profile.two_factor.save_text"])</p>
          <ol class="two-factor__codes">\(codes.map { "<li><code>\($0)</code></li>" as HTML })</ol>
          <p><a class="button button--primary" href="\(ProfilePaths.twoFactor)">\(t["profile.two_factor.saved"])</a></p>
        </section>
        """
    }
}

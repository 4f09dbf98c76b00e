import HTML

/// Sign-up (two steps) and log-in.
enum AuthPages {
    struct SignupPage: Sendable {
        let summary: String?
        let fields: [FormField]
        /// A sentence under the title instead of the usual one (the owner's first account).
        var lead: String?
        /// Why no account can be made here: the page says so instead of showing the form.
        var refusal: String?
        /// The invitation link's token, sent back with the form.
        var invite: String?
    }

    struct DetailsPage: Sendable {
        let summary: String?
        let fields: [FormField]
        /// Whether the member has seen the welcome screens: "Skip for now" goes Home, else to the welcome.
        let firstRunDone: Bool
        let firstName: String
    }

    struct LoginPage: Sendable {
        let error: String?
        let fields: [FormField]
        let next: String?
        /// Whether anyone may sign up here: a server whose sign-up is closed doesn't offer the link.
        var offersSignup = true
    }

    static func signup(_ page: SignupPage, csrf: CSRF) -> HTML {
        if let refusal = page.refusal {
            return """
                <section class="auth card" aria-labelledby="signup-title">
                  <h1 class="auth__title" id="signup-title">Sign-up is closed</h1>
                  <p class="auth__lead" role="alert">\(refusal)</p>
                  <p class="auth__switch">Already have an account? <a href="\(AuthPaths.login)">Log in</a></p>
                </section>
                """
        }
        return """
            <section class="auth card" aria-labelledby="signup-title">
              <p class="steps">Step 1 of 2</p>
              <h1 class="auth__title" id="signup-title">Create your account</h1>
              <p class="auth__lead">\(page.lead ?? "Stashes, budgets and card benefits in one calm place — on your own server.")</p>
              \(Form.summary(page.summary))
              <form method="post" action="\(AuthPaths.signup)" novalidate>
                \(csrf.field)
                <input type="hidden" name="timeZone" value="" data-browser-time-zone>
                \(Form.hidden("invite", page.invite))
                \(Form.fields(page.fields))
                <button class="button button--primary button--block" type="submit">Sign up</button>
              </form>
              <p class="auth__switch">Already have an account? <a href="\(AuthPaths.login)">Log in</a></p>
            </section>
            <script src="/js/time-zone.js" defer></script>
            """
    }

    static func details(_ page: DetailsPage, csrf: CSRF) -> HTML {
        """
        <section class="auth auth--wide card" aria-labelledby="details-title">
          <p class="steps">Step 2 of 2</p>
          <h1 class="auth__title" id="details-title">Account details</h1>
          <p class="auth__lead">Hi \(page.firstName)! Everything here is optional — skip it now and fill it in later on your Profile.</p>
          \(Form.summary(page.summary))
          <form method="post" action="\(AuthPaths.signupDetails)" novalidate>
            \(csrf.field)
            <div class="field-grid">
            \(Form.fields(page.fields))
            </div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">Save and continue</button>
              <a class="button button--plain" href="\(page.firstRunDone ? HomePaths.index : WelcomePaths.index)">Skip for now</a>
            </div>
          </form>
        </section>
        """
    }

    struct CodePage: Sendable {
        let error: String?
        let field: FormField
    }

    /// The second step of signing in: the one-time code.
    static func code(_ page: CodePage, csrf: CSRF) -> HTML {
        """
        <section class="auth card" aria-labelledby="code-title">
          <p class="steps">Step 2 of 2</p>
          <h1 class="auth__title" id="code-title">Enter your code</h1>
          <p class="auth__lead">Open your authenticator app and type the code it shows for Stashify.</p>
          <form method="post" action="\(AuthPaths.loginCode)" novalidate>
            \(csrf.field)
            \(Form.fields([page.field]))
            <button class="button button--primary button--block" type="submit">Log in</button>
          </form>
          <p class="auth__switch"><a href="\(AuthPaths.login)">Start again</a></p>
        </section>
        """
    }

    static func login(_ page: LoginPage, csrf: CSRF) -> HTML {
        """
        <section class="auth card" aria-labelledby="login-title">
          <h1 class="auth__title" id="login-title">Log in</h1>
          <p class="auth__lead">Welcome back.</p>
          \(page.error.map { "<p class=\"form-summary\" role=\"alert\" id=\"login-error\">\($0)</p>" as HTML })
          <form method="post" action="\(AuthPaths.login)" novalidate\(page.error == nil ? "" : " aria-describedby=\"login-error\"")>
            \(csrf.field)
            \(Form.hidden("next", page.next))
            \(Form.fields(page.fields))
            <button class="button button--primary button--block" type="submit">Log in</button>
          </form>
          \(page.offersSignup ? "<p class=\"auth__switch\">New to Stashify? <a href=\"\(AuthPaths.signup)\">Create an account</a></p>" as HTML : nil)
        </section>
        """
    }
}

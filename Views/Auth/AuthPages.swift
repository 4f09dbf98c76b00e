import HTML

/// Sign-up (two steps) and log-in.
enum AuthPages {
    struct SignupPage: Sendable {
        let summary: String?
        let fields: [FormField]
        /// The languages the page can be read in.
        let languages: [LanguageLink]
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
        /// The languages the page can be read in.
        let languages: [LanguageLink]
        /// Whether anyone may sign up here: a server whose sign-up is closed doesn't offer the link.
        var offersSignup = true
    }

    /// One language a signed-out page offers: the same page with `?lang=`, named in that language.
    struct LanguageLink: Sendable {
        let language: Language
        let href: String
        let current: Bool
    }

    static func signup(_ page: SignupPage, csrf: CSRF, t: Words) -> HTML {
        let logIn = t.html("auth.signup.have_account", ["link": logInLink(t)])
        if let refusal = page.refusal {
            return """
                <section class="auth card" aria-labelledby="signup-title">
                  <h1 class="auth__title" id="signup-title">\(t["auth.signup.closed_title"])</h1>
                  <p class="auth__lead" role="alert">\(refusal)</p>
                  <p class="auth__switch">\(logIn)</p>
                  \(languages(page.languages, t: t))
                </section>
                """
        }
        return """
            <section class="auth card" aria-labelledby="signup-title">
              <p class="steps">\(t["auth.steps.one_of_two"])</p>
              <h1 class="auth__title" id="signup-title">\(t["auth.signup.title"])</h1>
              <p class="auth__lead">\(page.lead ?? t["auth.signup.lead"])</p>
              \(Form.summary(page.summary))
              <form method="post" action="\(AuthPaths.signup)" novalidate>
                \(csrf.field)
                <input type="hidden" name="timeZone" value="" data-browser-time-zone>
                \(Form.hidden("invite", page.invite))
                \(Form.fields(page.fields))
                <button class="button button--primary button--block" type="submit">\(t["auth.signup.submit"])</button>
              </form>
              <p class="auth__switch">\(logIn)</p>
              \(languages(page.languages, t: t))
            </section>
            <script src="/js/time-zone.js" defer></script>
            """
    }

    static func details(_ page: DetailsPage, csrf: CSRF, t: Words) -> HTML {
        let greeting = t["auth.details.lead", ["name": page.firstName]]
        return """
            <section class="auth auth--wide card" aria-labelledby="details-title">
              <p class="steps">\(t["auth.steps.two_of_two"])</p>
              <h1 class="auth__title" id="details-title">\(t["auth.details.title"])</h1>
              <p class="auth__lead">\(greeting)</p>
              \(Form.summary(page.summary))
              <form method="post" action="\(AuthPaths.signupDetails)" novalidate>
                \(csrf.field)
                <div class="field-grid">
                \(Form.fields(page.fields))
                </div>
                <div class="form-actions">
                  <button class="button button--primary" type="submit">\(t["auth.details.submit"])</button>
                  <a class="button button--plain" href="\(page.firstRunDone ? HomePaths.index : WelcomePaths.index)">\(t["auth.details.skip"])</a>
                </div>
              </form>
            </section>
            """
    }

    struct CodePage: Sendable {
        let error: String?
        let field: FormField
        /// The languages the page can be read in.
        let languages: [LanguageLink]
    }

    /// The second step of signing in: the one-time code.
    static func code(_ page: CodePage, csrf: CSRF, t: Words) -> HTML {
        """
        <section class="auth card" aria-labelledby="code-title">
          <p class="steps">\(t["auth.steps.two_of_two"])</p>
          <h1 class="auth__title" id="code-title">\(t["auth.code.title"])</h1>
          <p class="auth__lead">\(t["auth.code.lead"])</p>
          <form method="post" action="\(AuthPaths.loginCode)" novalidate>
            \(csrf.field)
            \(Form.fields([page.field]))
            <button class="button button--primary button--block" type="submit">\(t["auth.login.submit"])</button>
          </form>
          <p class="auth__switch"><a href="\(AuthPaths.login)">\(t["auth.code.start_again"])</a></p>
          \(languages(page.languages, t: t))
        </section>
        """
    }

    static func login(_ page: LoginPage, csrf: CSRF, t: Words) -> HTML {
        let signUp = t.html("auth.login.new_here", ["link": signUpLink(t)])
        return """
            <section class="auth card" aria-labelledby="login-title">
              <h1 class="auth__title" id="login-title">\(t["auth.login.title"])</h1>
              <p class="auth__lead">\(t["auth.login.lead"])</p>
              \(page.error.map { "<p class=\"form-summary\" role=\"alert\" id=\"login-error\">\($0)</p>" as HTML })
              <form method="post" action="\(AuthPaths.login)" novalidate\(page.error == nil ? "" : " aria-describedby=\"login-error\"")>
                \(csrf.field)
                \(Form.hidden("next", page.next))
                \(Form.fields(page.fields))
                <button class="button button--primary button--block" type="submit">\(t["auth.login.submit"])</button>
              </form>
              \(page.offersSignup ? "<p class=\"auth__switch\">\(signUp)</p>" as HTML : nil)
              \(languages(page.languages, t: t))
            </section>
            """
    }

    /// The links to the page in each language, each named in its own language; the one shown is marked.
    static func languages(_ links: [LanguageLink], t: Words) -> HTML {
        """
        <nav class="auth__switch auth__languages" aria-label="\(t["auth.languages.label"])">\(links.map { link in
            "<a href=\"\(link.href)\" lang=\"\(link.language.rawValue)\" hreflang=\"\(link.language.rawValue)\"\(link.current ? " aria-current=\"true\"" : "")>\(link.language.nativeName)</a>" as HTML
        }.joined(separator: " · "))</nav>
        """
    }

    private static func logInLink(_ t: Words) -> HTML {
        "<a href=\"\(AuthPaths.login)\">\(t["auth.signup.log_in_link"])</a>"
    }

    private static func signUpLink(_ t: Words) -> HTML {
        "<a href=\"\(AuthPaths.signup)\">\(t["auth.login.sign_up_link"])</a>"
    }
}

import Foundation
import GRDB
import Hummingbird

/// Sign up (two steps), log in and log out.
struct AuthController {
    let database: AppDatabase
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let commonPasswords: CommonPasswords
    let sessions: SQLitePersistDriver
    let dummyHash: String
    /// Who may make an account after the owner.
    let signups: SignupMode
    /// Sign-ins whose password was right, waiting for the one-time code.
    let pendingSignIns: PendingSignIns

    /// Pages anyone may open (sign-up and log-in).
    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(AuthPaths.signup, use: newSignup)
        group.post(AuthPaths.signup, use: createSignup)
        group.get(AuthPaths.login, use: newLogin)
        group.post(AuthPaths.login, use: createLogin)
        group.get(AuthPaths.loginCode, use: newCode)
        group.post(AuthPaths.loginCode, use: createCode)
        group.post(AuthPaths.logout, use: logout)
    }

    /// Step 2 of sign-up, for the account just created.
    func addSignedInRoutes(to group: RouterGroup<MemberContext>) {
        group.get(AuthPaths.signupDetails, use: editDetails)
        group.post(AuthPaths.signupDetails, use: updateDetails)
    }

    // MARK: - Sign up, step 1

    /// `GET /signup`: the form, or on a server whose sign-up is closed, a page saying so.
    @Sendable func newSignup(request: Request, context: AppRequestContext) async throws -> Response {
        if context.user != nil { return pages.redirect(to: HomePaths.index) }
        let token = request.uri.queryParameters["invite"].map(String.init)
        let access = try database.signupAccess(mode: signups, token: token, now: now())
        let input = SignupInput(email: access.invitedEmail, invite: access.invitedEmail == nil ? nil : token)
        return try signupPage(
            input,
            errors: FieldErrors(t: context.words),
            access: access,
            request: request,
            context: context,
            status: access.isAllowed ? .ok : .forbidden
        )
    }

    /// `POST /signup`: creates the account, signs it in and goes on to step 2. Refused (403, nothing written) while
    /// sign-up is closed; every try counts toward the address's limit of log-in tries.
    @Sendable func createSignup(request: Request, context: AppRequestContext) async throws -> Response {
        let input = try await request.decodeForm(SignupInput.self, context: context)
        let t = context.words
        let access = try database.signupAccess(mode: signups, token: input.invite, now: now())
        guard access.isAllowed else {
            return try signupPage(
                input,
                errors: FieldErrors(t: context.words),
                access: access,
                request: request,
                context: context,
                status: .forbidden
            )
        }
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if let retryAt = try await throttle.begin(email: "", address: address) {
            let wait = throttle.waitText(until: retryAt, t: t)
            var response = try signupPage(
                input,
                errors: FieldErrors(t: context.words),
                access: access,
                request: request,
                context: context,
                status: .tooManyRequests,
                summary: t["auth.signup.too_many_tries", ["wait": wait.text]]
            )
            response.headers[.retryAfter] = String(wait.seconds)
            return response
        }
        var errors = FieldErrors(t: t)
        let name = ProfileRules.name(input.name, into: &errors)
        let email = ProfileRules.email(input.email, into: &errors)
        let password = ProfileRules.newPassword(input.password, common: commonPasswords, into: &errors)
        if errors["email"] == nil, let invited = access.invitedEmail, email != invited {
            errors.add("email", t["auth.signup.invited_email", ["email": invited]])
        }
        if errors["email"] == nil, try database.emailIsTaken(email) {
            errors.add("email", t["auth.signup.email_taken"])
        }
        guard errors.isEmpty else {
            return try signupPage(
                input,
                errors: errors,
                access: access,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }

        let hash: String
        do {
            hash = try await hasher.hash(password)
        } catch is HashingPool.Busy {
            // Nothing was tried: the address isn't charged for the server's being busy.
            try await throttle.withdraw(email: "", address: address)
            var response = try signupPage(
                input,
                errors: FieldErrors(t: context.words),
                access: access,
                request: request,
                context: context,
                status: .serviceUnavailable,
                summary: t["auth.busy"]
            )
            response.headers[.retryAfter] = String(HashingPool.Busy.retryAfter)
            return response
        }
        let now = self.now()
        // The language read on this page, and the browser's region's formats and the currency they usually go with;
        // all can be changed.
        let region = Region(acceptLanguage: request.headers[.acceptLanguage])
        let user: User
        do {
            user = try await database.signUp(
                User(
                    id: nil,
                    name: name,
                    email: email,
                    passwordHash: hash,
                    location: nil,
                    age: nil,
                    salaryCents: nil,
                    householdSize: nil,
                    currency: region.usualCurrency.code,
                    timeZone: ProfileRules.signupTimeZone(browser: input.timeZone),
                    theme: .system,
                    createdAt: now,
                    updatedAt: now,
                    firstRunDone: false,
                    region: region.identifier,
                    language: context.words.language.rawValue
                ),
                mode: signups,
                token: input.invite
            )
        } catch let refused as SignupRefused {
            return try signupPage(
                input,
                errors: FieldErrors(t: context.words),
                access: .refused(refused.refusal),
                request: request,
                context: context,
                status: .forbidden
            )
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            errors.add("email", t["auth.signup.email_taken"])
            return try signupPage(
                input,
                errors: errors,
                access: access,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        if let oldSessionId = pages.cookies.sessionId(of: request) {
            try await sessions.remove(key: oldSessionId)
        }
        startSession(for: user, request: request, context: context)
        return pages.redirect(to: AuthPaths.signupDetails)
    }

    private func signupPage(
        _ input: SignupInput,
        errors: FieldErrors,
        access: SignupAccess,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok,
        summary: String? = nil
    ) throws -> Response {
        let t = context.words
        let invite = input.invite ?? request.uri.queryParameters["invite"].map(String.init)
        var page = AuthPages.SignupPage(
            summary: summary ?? errors.summary,
            fields: [
                .input(
                    "name",
                    label: t["auth.fields.name"],
                    value: input.name ?? "",
                    error: errors["name"],
                    autocomplete: "name",
                    required: true,
                    autofocus: true
                ),
                .input(
                    "email",
                    label: t["auth.fields.email"],
                    value: input.email ?? "",
                    type: "email",
                    error: errors["email"],
                    autocomplete: "email",
                    required: true
                ),
                .input(
                    "password",
                    label: t["auth.fields.password"],
                    type: "password",
                    error: errors["password"],
                    hint: t.plural("auth.signup.password_hint", count: ProfileRules.passwordMinimum),
                    autocomplete: "new-password",
                    required: true
                ),
            ],
            languages: Self.languageLinks(AuthPaths.signup, keeping: [("invite", invite)], t: t)
        )
        switch access {
        case .owner:
            page.lead = t["auth.signup.owner_lead"]
        case .open:
            break
        case .invited(let invitation):
            page.lead = t["auth.signup.invited_lead", ["email": invitation.email]]
            page.invite = input.invite
        case .refused(let refusal):
            page.refusal = refusal.message(t)
        }
        return pages.page(
            title: access.isAllowed ? t["auth.signup.title"] : t["auth.signup.closed_title"],
            section: nil,
            context: context,
            status: status
        ) {
            AuthPages.signup(page, csrf: $0.csrf, t: $0.t)
        }
    }

    // MARK: - Sign up, step 2

    /// `GET /signup/details`
    @Sendable func editDetails(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        return try detailsPage(
            DetailsInput(user: user),
            errors: FieldErrors(t: context.words),
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /signup/details`: saves the optional details and opens the welcome (Home once it is done).
    @Sendable func updateDetails(request: Request, context: MemberContext) async throws -> Response {
        var user = context.user
        let input = try await request.decodeForm(DetailsInput.self, context: context)
        var errors = FieldErrors(t: context.words)
        let details = ProfileRules.details(input, grammar: context.user.format.amounts, into: &errors)
        guard errors.isEmpty else {
            return try detailsPage(
                input,
                errors: errors,
                user: user,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        details.apply(to: &user)
        user.updatedAt = now()
        try await context.store.update(
            user,
            columns: [
                "location", "age", "salaryCents", "householdSize", "currency",
                "timeZone", "region", "language", "updatedAt",
            ]
        )
        // The details may have changed the language: the welcome speaks the one just chosen.
        let t = Words(.named(user.language), region: .named(user.region), catalogue: pages.catalogue)
        return pages.redirect(
            to: Self.landing(for: user),
            flash: .success(t["auth.details.welcome", ["name": user.firstName]])
        )
    }

    private func detailsPage(
        _ input: DetailsInput,
        errors: FieldErrors,
        user: User,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let page = AuthPages.DetailsPage(
            summary: errors.summary,
            fields: ProfileRules.detailsFields(input, errors: errors),
            firstRunDone: user.firstRunDone,
            firstName: user.firstName
        )
        return pages.page(
            title: t["auth.details.title"],
            section: nil,
            context: context,
            status: status,
            navigation: false
        ) { AuthPages.details(page, csrf: $0.csrf, t: $0.t) }
    }

    // MARK: - Log in and out

    /// `GET /login`
    @Sendable func newLogin(request: Request, context: AppRequestContext) async throws -> Response {
        let next = request.uri.queryParameters["next"].map(String.init)
        if context.user != nil { return pages.redirect(to: next.flatMap(Paths.safeReturnPath) ?? HomePaths.index) }
        return try await loginPage(LoginInput(next: next), error: nil, request: request, context: context)
    }

    /// `POST /login`: one generic message for any wrong email or password; throttled per account and address.
    @Sendable func createLogin(request: Request, context: AppRequestContext) async throws -> Response {
        let input = try await request.decodeForm(LoginInput.self, context: context)
        let t = context.words
        let email = User.normalize(email: input.email ?? "")
        let password = input.password ?? ""
        guard !email.isEmpty, !password.isEmpty else {
            return try await loginPage(
                input,
                error: t["auth.login.enter_both"],
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        // An address no account could have counts against the client's address alone, and is refused after the
        // same slow check as any other, so the answer takes as long.
        let plausible = email.count <= 254 && ProfileRules.isPlausibleEmail(email)
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if let retryAt = try await throttle.begin(email: plausible ? email : "", address: address) {
            let wait = throttle.waitText(until: retryAt, t: t)
            var response = try await loginPage(
                input,
                error: t["auth.login.too_many_attempts", ["wait": wait.text]],
                request: request,
                context: context,
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(wait.seconds)
            return response
        }
        let user = plausible ? try database.user(email: email) : nil
        let matches: Bool
        do {
            matches = try await hasher.verify(password, hash: user?.passwordHash ?? dummyHash)
        } catch is HashingPool.Busy {
            // No password was checked: a busy answer is never a failed try, so a flood can't lock anyone out.
            try await throttle.withdraw(email: plausible ? email : "", address: address)
            var response = try await loginPage(
                input,
                error: t["auth.busy"],
                request: request,
                context: context,
                status: .serviceUnavailable
            )
            response.headers[.retryAfter] = String(HashingPool.Busy.retryAfter)
            return response
        }
        guard let user, matches else {
            return try await loginPage(
                input,
                error: t["auth.login.no_match"],
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        let next = input.next.flatMap(Paths.safeReturnPath)
        if let userId = user.id, try database.twoFactor(userId: userId).isOn {
            // The password was right; the session starts once the one-time code is too.
            var response = pages.redirect(to: AuthPaths.loginCode)
            response.setCookie(
                pages.cookies.cookie(
                    name: pages.cookies.signIn,
                    value: pendingSignIns.start(
                        userId: userId,
                        next: next,
                        keepSignedIn: input.keepSignedIn
                    ),
                    maxAge: Int(PendingSignIns.lifetime)
                )
            )
            return response
        }
        try await throttle.reset(email: email, address: address)
        return try await signIn(user, request: request, context: context, next: next, keepSignedIn: input.keepSignedIn)
    }

    /// Ends the browser's old session and starts a new one for `user` (kept signed in or not), then goes on to `next`
    /// (or Home).
    private func signIn(
        _ user: User,
        request: Request,
        context: AppRequestContext,
        next: String?,
        keepSignedIn: Bool,
        flash: Flash? = nil
    ) async throws -> Response {
        try await sessions.removeExpired()
        if let oldSessionId = pages.cookies.sessionId(of: request) {
            try await sessions.remove(key: oldSessionId)
        }
        startSession(for: user, request: request, context: context, keepSignedIn: keepSignedIn)
        return pages.redirect(to: next ?? Self.landing(for: user), flash: flash)
    }

    /// Where signing up or in leads: the welcome until the member has finished or skipped it, then Home.
    static func landing(for user: User) -> String {
        user.firstRunDone ? HomePaths.index : WelcomePaths.index
    }

    // MARK: - Log in, step 2: the one-time code

    /// `GET /login/code`
    @Sendable func newCode(request: Request, context: AppRequestContext) async throws -> Response {
        guard pendingSignIns.find(request.cookies[pages.cookies.signIn]?.value) != nil else {
            return pages.redirect(to: AuthPaths.login)
        }
        return try codePage(error: nil, context: context)
    }

    /// `POST /login/code`: the code from the authenticator app (or a recovery code) finishes the sign-in. Tries
    /// are throttled with the password's, and per account from any address; a code is taken once; three wrong ones
    /// end the sign-in.
    @Sendable func createCode(request: Request, context: AppRequestContext) async throws -> Response {
        let input = try await request.decodeForm(CodeInput.self, context: context)
        let t = context.words
        guard let token = request.cookies[pages.cookies.signIn]?.value, let pending = pendingSignIns.find(token),
            let user = try database.user(id: pending.userId)
        else {
            return pages.redirect(to: AuthPaths.login, flash: .error(t["auth.code.expired"]))
        }
        let typed = (input.code ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty else {
            return try codePage(
                error: t["auth.code.enter_code"],
                context: context,
                status: .unprocessableContent
            )
        }
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if let retryAt = try await throttle.begin(email: user.email, address: address) {
            let wait = throttle.waitText(until: retryAt, t: t)
            var response = try codePage(
                error: t["auth.login.too_many_attempts", ["wait": wait.text]],
                context: context,
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(wait.seconds)
            return response
        }
        if let retryAt = try await throttle.beginCode(userId: pending.userId) {
            let wait = throttle.waitText(until: retryAt, t: t)
            var response = try codePage(
                error: t["auth.code.locked", ["wait": wait.text]],
                context: context,
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(wait.seconds)
            return response
        }

        let state = try database.twoFactor(userId: pending.userId)
        var flash: Flash?
        var accepted = false
        if let totp = state.secret, let step = totp.matchingStep(typed, at: now()) {
            accepted = try await database.takeCode(userId: pending.userId, step: step)
        } else if state.isOn, RecoveryCodes.isShaped(typed),
            let left = try await database.takeRecoveryCode(userId: pending.userId, typed: typed, now: now())
        {
            accepted = true
            flash = .info(
                left == 0 ? t["auth.code.last_recovery_code"] : t.plural("auth.code.recovery_codes_left", count: left)
            )
        } else if !state.isOn {
            accepted = true  // turned off meanwhile (by the server's owner): the password was enough
        }
        guard accepted else {
            guard pendingSignIns.wrongCode(token) else {
                var response = pages.redirect(to: AuthPaths.login, flash: .error(t["auth.code.too_many_wrong"]))
                response.setCookie(pages.cookies.expired(name: pages.cookies.signIn))
                return response
            }
            return try codePage(
                error: t["auth.code.wrong"],
                context: context,
                status: .unprocessableContent
            )
        }
        pendingSignIns.end(token)
        try await throttle.reset(email: user.email, address: address)
        try await throttle.resetCodes(userId: pending.userId)
        var response = try await signIn(
            user,
            request: request,
            context: context,
            next: pending.next,
            keepSignedIn: pending.keepSignedIn,
            flash: flash
        )
        response.setCookie(pages.cookies.expired(name: pages.cookies.signIn))
        return response
    }

    private func codePage(
        error: String?,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let page = AuthPages.CodePage(
            error: error,
            field: .input(
                "code",
                label: t["auth.code.label"],
                type: "text",
                error: error,
                hint: t["auth.code.hint"],
                autocomplete: "one-time-code",
                inputmode: "text",
                required: true,
                autofocus: true
            ),
            languages: Self.languageLinks(AuthPaths.loginCode, keeping: [], t: t)
        )
        return pages.page(title: t["auth.code.page_title"], section: nil, context: context, status: status) {
            AuthPages.code(page, csrf: $0.csrf, t: $0.t)
        }
    }

    /// `POST /logout`: ends the session on the server and in the browser.
    @Sendable func logout(request: Request, context: AppRequestContext) async throws -> Response {
        if let sessionId = pages.cookies.storedSessionId(of: request) {
            try await database.forgetPushDevices(signedInWith: sessionId)
        }
        context.sessions.clearSession()
        let t = context.words
        var response = pages.redirect(to: AuthPaths.login, flash: .info(t["auth.logged_out"]))
        // The log-in page that follows speaks the language the member chose.
        response.setCookie(
            pages.cookies.cookie(name: pages.cookies.language, value: t.language.rawValue, maxAge: 31_536_000)
        )
        // Whatever the browser kept of this account goes with the session: the notifications turned on in it (the
        // server forgets them above), its cached files, and its service worker with its push subscription.
        response.headers[.clearSiteData] = "\"cache\", \"storage\""
        return response
    }

    private func loginPage(
        _ input: LoginInput,
        error: String?,
        request: Request,
        context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let t = context.words
        let next = input.next.flatMap(Paths.safeReturnPath)
        var page = AuthPages.LoginPage(
            error: error,
            fields: [
                .input(
                    "email",
                    label: t["auth.fields.email"],
                    value: input.email ?? "",
                    type: "email",
                    autocomplete: "username",
                    required: true,
                    autofocus: true
                ),
                .input(
                    "password",
                    label: t["auth.fields.password"],
                    type: "password",
                    autocomplete: "current-password",
                    required: true
                ),
                .checkbox(
                    "keep",
                    label: t["auth.login.keep"],
                    checked: input.keepSignedIn,
                    hint: Self.keepHint(idle: sessions.idleLimit, t: t)
                ),
            ],
            next: next,
            languages: Self.languageLinks(AuthPaths.login, keeping: [("next", next)], t: t)
        )
        page.offersSignup = try database.signupAccess(mode: signups, now: now()).isAllowed
        return pages.page(title: t["auth.login.title"], section: nil, context: context, status: status) {
            AuthPages.login(page, csrf: $0.csrf, t: $0.t)
        }
    }

    /// A brand-new session (new id, new CSRF token) for `user`, noting the browser and address it began from for
    /// Profile's list of signed-in browsers. One not kept signed in gets a cookie that ends with the browser
    /// (`BrowserSessionCookieMiddleware`) and ends when idle (`SQLitePersistDriver.idleLimit`).
    private func startSession(for user: User, request: Request, context: AppRequestContext, keepSignedIn: Bool = true) {
        guard let id = user.id else { return }
        context.sessions.createSession(
            SessionPayload(
                userId: id,
                csrfToken: CSRFMiddleware.makeToken(),
                userAgent: request.headers[.userAgent],
                address: throttle.knownClientAddress(of: request, peer: context.peerAddress),
                keepSignedIn: keepSignedIn
            )
        )
    }

    /// The hint under "Keep me signed in", with how long a session not kept lasts unused: "12 hours", "90 minutes"
    /// (a whole number of hours when it is one, else minutes).
    static func keepHint(idle seconds: TimeInterval, t: Words) -> String {
        let minutes = Int(seconds / 60)
        if minutes % 60 == 0 { return t.plural("auth.login.keep_hint_hours", count: minutes / 60) }
        return t.plural("auth.login.keep_hint_minutes", count: minutes)
    }

    /// The links to the signed-out page at `path` in each language, keeping the query items it needs (`next`,
    /// `invite`); the one `t` speaks is marked.
    static func languageLinks(
        _ path: String,
        keeping items: [(name: String, value: String?)],
        t: Words
    ) -> [AuthPages.LanguageLink] {
        let kept = items.compactMap { item in
            item.value.flatMap { Paths.queryValue($0) }.map { item.name + "=" + $0 + "&" }
        }
        .joined()
        return Language.allCases.map {
            AuthPages.LanguageLink(
                language: $0,
                href: path + "?" + kept + "lang=" + $0.rawValue,
                current: $0 == t.language
            )
        }
    }
}

extension User {
    /// The first word of the name, for friendly greetings.
    var firstName: String {
        name.split(whereSeparator: { $0.isWhitespace }).first.map(String.init) ?? name
    }
}

import Foundation
import GRDB
import Hummingbird

/// The Profile screen: personal details, preferences, password and signed-in browsers.
struct ProfileController {
    let database: AppDatabase
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let commonPasswords: CommonPasswords
    /// Sends the test push of the notification settings.
    let push: PushDeliverer
    /// Whether anyone may sign up, as Household tells the owner.
    var signups: SignupMode = .closed
    /// At most so many test sends a minute per member.
    let testPushes: TestPushLimiter
    /// How long a session not kept signed in lasts unused (`SQLitePersistDriver.idleLimit`), so the list of browsers
    /// leaves out those that ended.
    var sessionIdleLimit: TimeInterval = 12 * 3600

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.index, use: show)
        group.post(ProfilePaths.index, use: update)
        group.post(ProfilePaths.password, use: updatePassword)
        group.post(ProfilePaths.sessions, use: endOtherSessions)
        group.get(ProfilePaths.endSession, use: confirmEndSession)
        group.post(ProfilePaths.endSession, use: endSession)
        addNotificationRoutes(to: group)
        addTwoFactorRoutes(to: group)
        addPhotoRoutes(to: group)
        addHouseholdRoutes(to: group)
    }

    // MARK: - Handlers

    /// `GET /profile`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        return try await page(
            profile: ProfileInput(user: user),
            profileErrors: FieldErrors(),
            passwordErrors: FieldErrors(),
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /profile`: saves name, email, details and preferences together.
    @Sendable func update(request: Request, context: MemberContext) async throws -> Response {
        var user = context.user
        let input = try await request.decodeForm(ProfileInput.self, context: context)
        var errors = FieldErrors()
        let name = ProfileRules.name(input.name, into: &errors)
        let email = ProfileRules.email(input.email, into: &errors)
        let details = ProfileRules.details(input.details, grammar: context.user.format.amounts, into: &errors)
        let theme = ProfileRules.theme(input.theme, into: &errors)
        if errors["email"] == nil, email != user.email, try database.emailIsTaken(email, exceptUserId: user.id) {
            errors.add("email", "Another account already uses this email.")
        }
        if errors["currency"] == nil, details.currency != user.currency {
            ProfileRules.currencySwitch(
                from: user.currencyValue,
                to: Currency.named(details.currency),
                hasAmounts: try context.store.hasAmounts(),
                relabel: input.relabelCurrency,
                format: user.format,
                into: &errors
            )
        }
        guard errors.isEmpty else {
            return try await page(
                profile: input,
                profileErrors: errors,
                passwordErrors: FieldErrors(),
                user: user,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        user.name = name
        user.email = email
        user.theme = theme
        details.apply(to: &user)
        user.updatedAt = now()
        do {
            try await context.store.update(
                user,
                columns: [
                    "name", "email", "theme", "location", "age", "salaryCents",
                    "householdSize", "currency", "timeZone", "region", "language", "updatedAt",
                ]
            )
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            errors.add("email", "Another account already uses this email.")
            return try await page(
                profile: input,
                profileErrors: errors,
                passwordErrors: FieldErrors(),
                user: user,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        return pages.redirect(to: ProfilePaths.index, flash: .success("Profile saved."))
    }

    /// `POST /profile/password`: needs the current password; other browsers are signed out afterwards.
    @Sendable func updatePassword(request: Request, context: MemberContext) async throws -> Response {
        var user = context.user
        let input = try await request.decodeForm(PasswordInput.self, context: context)
        var errors = FieldErrors()
        let status = try await checkCurrentPassword(
            input.currentPassword,
            field: "currentPassword",
            user: user,
            request: request,
            context: context,
            into: &errors
        )
        let newPassword = ProfileRules.newPassword(
            input.newPassword,
            field: "newPassword",
            common: commonPasswords,
            into: &errors
        )
        if errors["newPassword"] == nil, newPassword != (input.confirmPassword ?? "") {
            errors.add("confirmPassword", "The two new passwords don't match.")
        }
        guard errors.isEmpty else {
            return try await page(
                profile: ProfileInput(user: user),
                profileErrors: FieldErrors(),
                passwordErrors: errors,
                user: user,
                request: request,
                context: context,
                status: status
            )
        }
        user.passwordHash = try await hasher.hash(newPassword)
        user.updatedAt = now()
        try await context.store.update(user, columns: ["passwordHash", "updatedAt"])
        let ended = try await context.store.deleteSessions(except: pages.cookies.storedSessionId(of: request))
        let others =
            ended == 0
            ? "" : ended == 1 ? " Your other browser was logged out." : " Your \(ended) other browsers were logged out."
        return pages.redirect(to: ProfilePaths.index, flash: .success("Password changed." + others))
    }

    /// Checks the current password typed in `field`, throttled like logging in (guessing it from a borrowed session
    /// is no easier than at the log-in page). Adds the field's error; returns the status a refusal answers with.
    func checkCurrentPassword(
        _ typed: String?,
        field: String,
        user: User,
        request: Request,
        context: MemberContext,
        into errors: inout FieldErrors
    ) async throws -> HTTPResponse.Status {
        let current = typed ?? ""
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if current.isEmpty {
            errors.add(field, "Enter your current password.")
        } else if let retryAt = try await throttle.begin(email: user.email, address: address) {
            errors.add(field, "Too many wrong passwords. Try again in \(throttle.waitText(until: retryAt).text).")
            return .tooManyRequests
        } else if try await !verifyCounted(current, user: user, address: address) {
            errors.add(field, "That isn't your current password.")
        } else {
            try await throttle.reset(email: user.email, address: address)
        }
        return .unprocessableContent
    }

    /// Checks a password whose try `throttle.begin` counted; a busy answer (503) takes the try back.
    private func verifyCounted(_ password: String, user: User, address: String) async throws -> Bool {
        do {
            return try await hasher.verify(password, hash: user.passwordHash)
        } catch let busy as HashingPool.Busy {
            try await throttle.withdraw(email: user.email, address: address)
            throw busy
        }
    }

    /// `POST /profile/sessions`: logs out every other browser, with the password (a borrowed session can't shut its
    /// owner out).
    @Sendable func endOtherSessions(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(SessionsInput.self, context: context)
        var errors = FieldErrors()
        let status = try await checkCurrentPassword(
            input.sessionsPassword,
            field: "sessionsPassword",
            user: context.user,
            request: request,
            context: context,
            into: &errors
        )
        guard errors.isEmpty else {
            let user = context.user
            return try await page(
                profile: ProfileInput(user: user),
                profileErrors: FieldErrors(),
                passwordErrors: FieldErrors(),
                sessionsErrors: errors,
                user: user,
                request: request,
                context: context,
                status: status
            )
        }
        let ended = try await context.store.deleteSessions(except: pages.cookies.storedSessionId(of: request))
        let message = ended == 1 ? "1 other browser was logged out." : "\(ended) other browsers were logged out."
        return pages.redirect(to: ProfilePaths.index, flash: .success(message))
    }

    /// `GET /profile/sessions/:handle/delete`: asks for the password before logging out one other browser of the
    /// member's; any other handle is a 404.
    @Sendable func confirmEndSession(request: Request, context: MemberContext) async throws -> Response {
        let browser = try await otherBrowser(request: request, context: context)
        return endSessionPage(browser, handle: browser.handle, errors: FieldErrors(), context: context)
    }

    /// `POST /profile/sessions/:handle/delete`: logs out one other browser of the member's, with the password; any
    /// other handle is a 404.
    @Sendable func endSession(request: Request, context: MemberContext) async throws -> Response {
        let browser = try await otherBrowser(request: request, context: context)
        let input = try await request.decodeForm(SessionsInput.self, context: context)
        var errors = FieldErrors()
        let status = try await checkCurrentPassword(
            input.password,
            field: "password",
            user: context.user,
            request: request,
            context: context,
            into: &errors
        )
        guard errors.isEmpty else {
            return endSessionPage(browser, handle: browser.handle, errors: errors, context: context, status: status)
        }
        guard
            let ended = try await context.store.endSession(
                handle: browser.handle,
                except: pages.cookies.storedSessionId(of: request)
            )
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: ProfilePaths.index,
            flash: .success("Logged out \(BrowserName.of(userAgent: ended.userAgent)).")
        )
    }

    /// The member's other live browser the path's handle names; a 404 for any other handle.
    private func otherBrowser(request: Request, context: MemberContext) async throws -> SignedInBrowser {
        guard let handle = context.parameters.get("handle"),
            let browser = try context.store.otherSession(
                handle: handle,
                except: pages.cookies.storedSessionId(of: request),
                now: now(),
                idleLimit: sessionIdleLimit
            )
        else { throw HTTPError(.notFound) }
        return browser
    }

    private func endSessionPage(
        _ browser: SignedInBrowser,
        handle: String,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let row = ProfilePages.Browser(browser, timeZone: context.user.calendarTimeZone, now: now())
        var page = ConfirmPage(
            title: "Log out \(row.name)?",
            text:
                "Signed in \(row.signedIn) from IP address \(row.address); \(row.seen.prefix(1).lowercased() + row.seen.dropFirst()). It will have to log in again.",
            action: ProfilePaths.endSession(handle),
            cancelPath: ProfilePaths.index + "#sessions-title",
            button: "Log out"
        )
        page.summary = errors.summary
        page.fields = [
            .input(
                "password",
                label: "Your password",
                type: "password",
                error: errors["password"],
                autocomplete: "current-password",
                required: true,
                autofocus: true
            )
        ]
        return pages.confirm(page, title: "Log out \(row.name)?", section: .profile, context: context, status: status)
    }

    func page(
        profile: ProfileInput,
        profileErrors: FieldErrors,
        passwordErrors: FieldErrors,
        sessionsErrors: FieldErrors = FieldErrors(),
        photoError: String? = nil,
        user: User,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let now = self.now()
        let browsers = try context.store.signedInBrowsers(
            now: now,
            idleLimit: sessionIdleLimit,
            currentKey: pages.cookies.storedSessionId(of: request)
        )
        let twoFactorOn = try context.store.twoFactor().isOn
        let detailFields = ProfileRules.detailsFields(profile.details, errors: profileErrors)
        let page = ProfilePages.ProfilePage(
            initials: user.initials,
            name: user.name,
            email: user.email,
            memberSince: CalendarDay.today(in: user.calendarTimeZone, now: user.createdAt).monthValue.title,
            details: [
                .input(
                    "name",
                    label: "Name",
                    value: profile.name ?? "",
                    error: profileErrors["name"],
                    autocomplete: "name",
                    required: true
                ),
                .input(
                    "email",
                    label: "Email",
                    value: profile.email ?? "",
                    type: "email",
                    error: profileErrors["email"],
                    autocomplete: "email",
                    required: true
                ),
            ] + detailFields.prefix(4),
            preferences: [
                detailFields.first { $0.name == "currency" },
                ProfileRules.relabelField(profile, user: user, errors: profileErrors),
                detailFields.first { $0.name == "language" },
                detailFields.first { $0.name == "region" },
                detailFields.first { $0.name == "timeZone" },
                ProfileRules.themeField(profile.theme ?? Theme.system.rawValue, errors: profileErrors),
            ].compactMap { $0 },
            summary: profileErrors.summary,
            passwordSummary: passwordErrors.summary,
            passwordFields: [
                .input(
                    "currentPassword",
                    label: "Current password",
                    type: "password",
                    error: passwordErrors["currentPassword"],
                    autocomplete: "current-password",
                    required: true
                ),
                .input(
                    "newPassword",
                    label: "New password",
                    type: "password",
                    error: passwordErrors["newPassword"],
                    hint: "At least \(ProfileRules.passwordMinimum) characters.",
                    autocomplete: "new-password",
                    required: true
                ),
                .input(
                    "confirmPassword",
                    label: "Repeat new password",
                    type: "password",
                    error: passwordErrors["confirmPassword"],
                    autocomplete: "new-password",
                    required: true
                ),
            ],
            browsers: browsers.map { ProfilePages.Browser($0, timeZone: user.calendarTimeZone, now: now) },
            sessionsText: browsers.count <= 1
                ? "You're logged in on this browser only."
                : "You're logged in on \(browsers.count) browsers, this one included."
        )
        var shown = page
        shown.twoFactorOn = twoFactorOn
        shown.photoURL = ProfilePhoto.url(of: user)
        shown.photoError = photoError
        shown.showsHousehold = try await isOwner(context)
        shown.sessionsSummary = sessionsErrors.summary
        shown.sessionsPassword = .input(
            "sessionsPassword",
            label: "Your password",
            type: "password",
            error: sessionsErrors["sessionsPassword"],
            hint: "Logging other browsers out asks for it.",
            autocomplete: "current-password",
            required: true
        )
        return pages.page(title: "Profile", section: .profile, context: context, status: status) { shell in
            ProfilePages.show(shown, csrf: shell.csrf)
        }
    }
}

extension MemberStore {
    /// Whether the member has amounts in their own currency: entries, stashes, accounts, income, subscriptions or
    /// coupons. (Wallet cards keep their own currency.)
    func hasAmounts() throws -> Bool {
        try read { member in
            try Self.hasRows(member, in: ["ledger", "stash", "account", "incomeSource", "subscription", "coupon"])
        }
    }
}

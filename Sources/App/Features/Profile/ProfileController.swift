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
        addApiTokenRoutes(to: group)
    }

    // MARK: - Handlers

    /// `GET /profile`
    @Sendable func show(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        return try await page(
            profile: ProfileInput(user: user),
            profileErrors: FieldErrors(t: context.words),
            passwordErrors: FieldErrors(t: context.words),
            user: user,
            request: request,
            context: context
        )
    }

    /// `POST /profile`: saves name, email, details and preferences together.
    @Sendable func update(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        var user = context.user
        let input = try await request.decodeForm(ProfileInput.self, context: context)
        var errors = FieldErrors(t: context.words)
        let name = ProfileRules.name(input.name, into: &errors)
        let email = ProfileRules.email(input.email, into: &errors)
        let details = ProfileRules.details(input.details, grammar: context.user.format.amounts, into: &errors)
        let theme = ProfileRules.theme(input.theme, into: &errors)
        if errors["email"] == nil, email != user.email, try database.emailIsTaken(email, exceptUserId: user.id) {
            errors.add("email", t["profile.errors.email_taken"])
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
                passwordErrors: FieldErrors(t: context.words),
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
            errors.add("email", t["profile.errors.email_taken"])
            return try await page(
                profile: input,
                profileErrors: errors,
                passwordErrors: FieldErrors(t: context.words),
                user: user,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        // Said in the language just chosen, as the page it lands on is.
        let saved = Words(.named(user.language), region: .named(user.region), catalogue: pages.catalogue)
        return pages.redirect(to: ProfilePaths.index, flash: .success(Self.savedText(saved)))
    }

    /// "Profile saved." in `t`'s language.
    static func savedText(_ t: Words) -> String { t["profile.flash.saved"] }

    /// `POST /profile/password`: needs the current password; other browsers are signed out afterwards.
    @Sendable func updatePassword(request: Request, context: MemberContext) async throws -> Response {
        var user = context.user
        let input = try await request.decodeForm(PasswordInput.self, context: context)
        let t = context.words
        var errors = FieldErrors(t: t)
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
            errors.add("confirmPassword", t["profile.errors.passwords_differ"])
        }
        guard errors.isEmpty else {
            return try await page(
                profile: ProfileInput(user: user),
                profileErrors: FieldErrors(t: context.words),
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
        let changed =
            ended == 0
            ? t["profile.flash.password_changed"] : t.plural("profile.flash.password_changed_logged_out", count: ended)
        return pages.redirect(to: ProfilePaths.index, flash: .success(changed))
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
        let t = errors.t
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if current.isEmpty {
            errors.add(field, t["profile.errors.current_password_required"])
        } else if let retryAt = try await throttle.begin(email: user.email, address: address) {
            let minutes = (throttle.waitText(until: retryAt).seconds + 59) / 60
            errors.add(field, t.plural("profile.errors.too_many_passwords", count: minutes))
            return .tooManyRequests
        } else if try await !verifyCounted(current, user: user, address: address) {
            errors.add(field, t["profile.errors.current_password_wrong"])
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
        let t = context.words
        let input = try await request.decodeForm(SessionsInput.self, context: context)
        var errors = FieldErrors(t: context.words)
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
                profileErrors: FieldErrors(t: context.words),
                passwordErrors: FieldErrors(t: context.words),
                sessionsErrors: errors,
                user: user,
                request: request,
                context: context,
                status: status
            )
        }
        let ended = try await context.store.deleteSessions(except: pages.cookies.storedSessionId(of: request))
        let message = t.plural("profile.flash.others_logged_out", count: ended)
        return pages.redirect(to: ProfilePaths.index, flash: .success(message))
    }

    /// `GET /profile/sessions/:handle/delete`: asks for the password before logging out one other browser of the
    /// member's; any other handle is a 404.
    @Sendable func confirmEndSession(request: Request, context: MemberContext) async throws -> Response {
        let browser = try await otherBrowser(request: request, context: context)
        return endSessionPage(browser, handle: browser.handle, errors: FieldErrors(t: context.words), context: context)
    }

    /// `POST /profile/sessions/:handle/delete`: logs out one other browser of the member's, with the password; any
    /// other handle is a 404.
    @Sendable func endSession(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let browser = try await otherBrowser(request: request, context: context)
        let input = try await request.decodeForm(SessionsInput.self, context: context)
        var errors = FieldErrors(t: context.words)
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
            flash: .success(
                t[
                    "profile.flash.browser_logged_out",
                    ["browser": BrowserName.of(userAgent: ended.userAgent, t: context.words)]
                ]
            )
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
        let t = context.words
        let row = ProfilePages.Browser(browser, timeZone: context.user.calendarTimeZone, now: now(), t: t)
        // Only another browser is logged out this way, so it was last seen some time ago.
        let seen =
            browser.lastSeenAt.map {
                ProfilePages.Browser.momentText($0, in: context.user.calendarTimeZone, now: now(), t: t)
            } ?? "—"
        var page = ConfirmPage(
            title: t["profile.end_session.title", ["browser": row.name]],
            text: t["profile.end_session.text", ["signed_in": row.signedIn, "address": row.address, "seen": seen]],
            action: ProfilePaths.endSession(handle),
            cancelPath: ProfilePaths.index + "#sessions-title",
            button: t["profile.sessions.log_out"]
        )
        page.summary = errors.summary
        page.fields = [
            .input(
                "password",
                label: t["profile.fields.your_password"],
                type: "password",
                error: errors["password"],
                autocomplete: "current-password",
                required: true,
                autofocus: true
            )
        ]
        return pages.confirm(
            page,
            title: t["profile.end_session.title", ["browser": row.name]],
            section: .profile,
            context: context,
            status: status
        )
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
        let t = context.words
        let detailFields = ProfileRules.detailsFields(profile.details, errors: profileErrors)
        let page = ProfilePages.ProfilePage(
            initials: user.initials,
            name: user.name,
            email: user.email,
            memberSince: t.month(CalendarDay.today(in: user.calendarTimeZone, now: user.createdAt).monthValue),
            details: [
                .input(
                    "name",
                    label: t["profile.fields.name"],
                    value: profile.name ?? "",
                    error: profileErrors["name"],
                    autocomplete: "name",
                    required: true
                ),
                .input(
                    "email",
                    label: t["profile.fields.email"],
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
                    label: t["profile.fields.current_password"],
                    type: "password",
                    error: passwordErrors["currentPassword"],
                    autocomplete: "current-password",
                    required: true
                ),
                .input(
                    "newPassword",
                    label: t["profile.fields.new_password"],
                    type: "password",
                    error: passwordErrors["newPassword"],
                    hint: t[
                        "profile.fields.new_password_hint",
                        ["minimum": t.format.number(ProfileRules.passwordMinimum)]
                    ],
                    autocomplete: "new-password",
                    required: true
                ),
                .input(
                    "confirmPassword",
                    label: t["profile.fields.repeat_password"],
                    type: "password",
                    error: passwordErrors["confirmPassword"],
                    autocomplete: "new-password",
                    required: true
                ),
            ],
            browsers: browsers.map { ProfilePages.Browser($0, timeZone: user.calendarTimeZone, now: now, t: t) },
            sessionsText: browsers.count <= 1
                ? t["profile.sessions.only_this"] : t.plural("profile.sessions.count", count: browsers.count)
        )
        var shown = page
        shown.twoFactorOn = twoFactorOn
        shown.photoURL = ProfilePhoto.url(of: user)
        shown.photoError = photoError
        shown.showsHousehold = try await isOwner(context)
        shown.sessionsSummary = sessionsErrors.summary
        shown.sessionsPassword = .input(
            "sessionsPassword",
            label: t["profile.fields.your_password"],
            type: "password",
            error: sessionsErrors["sessionsPassword"],
            hint: t["profile.fields.sessions_password_hint"],
            autocomplete: "current-password",
            required: true
        )
        return pages.page(title: t["profile.title"], section: .profile, context: context, status: status) { shell in
            ProfilePages.show(shown, csrf: shell.csrf, t: shell.t)
        }
    }
}

extension MemberStore {
    /// Whether the member has amounts in their own currency: entries, stashes, accounts, income, subscriptions,
    /// coupons or schedules. (Wallet cards keep their own currency.)
    func hasAmounts() throws -> Bool {
        try read { member in
            try Self.hasRows(
                member,
                in: ["ledger", "stash", "account", "incomeSource", "subscription", "coupon", "schedule"]
            )
        }
    }
}

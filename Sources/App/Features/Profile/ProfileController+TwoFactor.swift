import Foundation
import Hummingbird
import QRCode

/// Two-factor sign-in: set up with an authenticator app (QR code or typed key, confirmed by a first code), ten
/// recovery codes shown once, new codes and turning it off with the password.
extension ProfileController {
    static let issuer = "Stashify"

    struct TwoFactorCodeInput: Decodable {
        var code: String?
    }

    /// The password of "Make new recovery codes" or "Turn off", as each form names its field.
    struct TwoFactorPasswordInput: Decodable {
        var codesPassword: String?
        var offPassword: String?
    }

    func addTwoFactorRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.twoFactor, use: twoFactor)
        group.get(ProfilePaths.twoFactorQR, use: twoFactorQR)
        group.post(ProfilePaths.twoFactor, use: enableTwoFactor)
        group.post(ProfilePaths.recoveryCodes, use: newRecoveryCodes)
        group.post(ProfilePaths.twoFactorOff, use: disableTwoFactor)
    }

    /// `GET /profile/two-factor`: the set-up page while it is off, else its status.
    @Sendable func twoFactor(request: Request, context: MemberContext) async throws -> Response {
        let state = try context.store.twoFactor()
        if state.isOn {
            return try statusPage(
                state,
                codesErrors: FieldErrors(t: context.words),
                offErrors: FieldErrors(t: context.words),
                context: context
            )
        }
        let secret = try await context.store.pendingTwoFactorSecret()
        return try setupPage(secret, errors: FieldErrors(t: context.words), context: context)
    }

    /// `GET /profile/two-factor/qr.svg`: the QR code of the secret being set up (never of one already on).
    @Sendable func twoFactorQR(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let pending = try context.store.twoFactor().pendingSecret else { throw HTTPError(.notFound) }
        let uri = pending.uri(account: context.user.email, issuer: Self.issuer)
        let svg = try QRCode(uri, errorCorrection: .medium).svg(label: t["profile.two_factor.qr_label"])
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: svg))
        )
    }

    /// `POST /profile/two-factor`: a first code confirms the app has the secret; two-factor sign-in is on, and the
    /// recovery codes are shown this once.
    @Sendable func enableTwoFactor(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(TwoFactorCodeInput.self, context: context)
        let state = try context.store.twoFactor()
        guard !state.isOn else { return pages.redirect(to: ProfilePaths.twoFactor) }
        guard let secret = state.pendingSecret else { return pages.redirect(to: ProfilePaths.twoFactor) }
        let t = context.words
        var errors = FieldErrors(t: t)
        let typed = (input.code ?? "").trimmingCharacters(in: .whitespaces)
        var status = HTTPResponse.Status.unprocessableContent
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if typed.isEmpty {
            errors.add("code", t["profile.two_factor.code_required"])
        } else if let retryAt = try await throttle.begin(email: context.user.email, address: address) {
            let minutes = (throttle.waitText(until: retryAt).seconds + 59) / 60
            errors.add("code", t.plural("profile.two_factor.too_many_codes", count: minutes))
            status = .tooManyRequests
        } else if let step = secret.matchingStep(typed, at: now()) {
            let codes = RecoveryCodes.make()
            if try await context.store.enableTwoFactor(secret: secret, step: step, recoveryCodes: codes, now: now()) {
                try await throttle.reset(email: context.user.email, address: address)
                return codesPage(codes, heading: t["profile.two_factor.on_title"], context: context)
            }
            return pages.redirect(to: ProfilePaths.twoFactor)
        } else {
            errors.add("code", t["profile.two_factor.code_wrong"])
        }
        return try setupPage(secret, errors: errors, context: context, status: status)
    }

    /// `POST /profile/two-factor/recovery-codes`: new codes with the password; the old ones stop working.
    @Sendable func newRecoveryCodes(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        return try await withPassword(field: "codesPassword", request: request, context: context) {
            let codes = RecoveryCodes.make()
            try await context.store.replaceRecoveryCodes(codes)
            return codesPage(codes, heading: t["profile.two_factor.new_codes"], context: context)
        }
    }

    /// `POST /profile/two-factor/off`: with the password.
    @Sendable func disableTwoFactor(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        return try await withPassword(field: "offPassword", request: request, context: context) {
            try await context.store.disableTwoFactor()
            return pages.redirect(to: ProfilePaths.index, flash: .success(t["profile.two_factor.off_flash"]))
        }
    }

    /// Runs `action` when two-factor sign-in is on and the form's password (posted as `field`) is right; else the
    /// status page with the field's error.
    private func withPassword(
        field: String,
        request: Request,
        context: MemberContext,
        action: () async throws -> Response
    ) async throws -> Response {
        let input = try await request.decodeForm(TwoFactorPasswordInput.self, context: context)
        let state = try context.store.twoFactor()
        guard state.isOn else { return pages.redirect(to: ProfilePaths.twoFactor) }
        var errors = FieldErrors(t: context.words)
        let typed = field == "codesPassword" ? input.codesPassword : input.offPassword
        let status = try await checkCurrentPassword(
            typed,
            field: field,
            user: context.user,
            request: request,
            context: context,
            into: &errors
        )
        guard errors.isEmpty else {
            let none = FieldErrors()
            return try statusPage(
                state,
                codesErrors: field == "codesPassword" ? errors : none,
                offErrors: field == "offPassword" ? errors : none,
                context: context,
                status: status
            )
        }
        return try await action()
    }

    // MARK: - Pages

    private func setupPage(
        _ secret: TOTP,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let groups = Secrets.groups(Base32.encode(secret.secret), of: 4)
        let t = context.words
        let page = TwoFactorPages.SetupPage(
            secretGroups: groups,
            summary: errors.summary,
            codeField: .input(
                "code",
                label: t["profile.two_factor.code_label"],
                error: errors["code"],
                autocomplete: "one-time-code",
                inputmode: "numeric",
                required: true
            )
        )
        return pages.page(title: t["profile.two_factor.title"], section: .profile, context: context, status: status) {
            TwoFactorPages.setup(page, csrf: $0.csrf, t: $0.t)
        }
    }

    private func statusPage(
        _ state: TwoFactorState,
        codesErrors: FieldErrors,
        offErrors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let user = context.user
        let t = context.words
        let since = state.enabledAt.map { t.date(CalendarDay.today(in: user.calendarTimeZone, now: $0)) } ?? "—"
        let left = state.recoveryCodesLeft
        let page = TwoFactorPages.StatusPage(
            since: since,
            codesLeftText: left == 0
                ? t["profile.two_factor.codes_none"] : t.plural("profile.two_factor.codes_left", count: left),
            codesSummary: codesErrors.summary,
            codesPassword: .input(
                "codesPassword",
                label: t["profile.fields.your_password"],
                type: "password",
                error: codesErrors["codesPassword"],
                autocomplete: "current-password",
                required: true
            ),
            offSummary: offErrors.summary,
            offPassword: .input(
                "offPassword",
                label: t["profile.fields.your_password"],
                type: "password",
                error: offErrors["offPassword"],
                autocomplete: "current-password",
                required: true
            )
        )
        return pages.page(title: t["profile.two_factor.title"], section: .profile, context: context, status: status) {
            TwoFactorPages.status(page, csrf: $0.csrf, t: $0.t)
        }
    }

    private func codesPage(_ codes: [String], heading: String, context: MemberContext) -> Response {
        let t = context.words
        return pages.page(title: t["profile.two_factor.codes_title"], section: .profile, context: context) {
            TwoFactorPages.codes(codes, heading: heading, t: $0.t)
        }
    }
}

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
            return try statusPage(state, codesErrors: FieldErrors(), offErrors: FieldErrors(), context: context)
        }
        let secret = try await context.store.pendingTwoFactorSecret()
        return try setupPage(secret, errors: FieldErrors(), context: context)
    }

    /// `GET /profile/two-factor/qr.svg`: the QR code of the secret being set up (never of one already on).
    @Sendable func twoFactorQR(request: Request, context: MemberContext) async throws -> Response {
        guard let pending = try context.store.twoFactor().pendingSecret else { throw HTTPError(.notFound) }
        let uri = pending.uri(account: context.user.email, issuer: Self.issuer)
        let svg = try QRCode(uri, errorCorrection: .medium).svg(label: "QR code for your authenticator app")
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
        var errors = FieldErrors()
        let typed = (input.code ?? "").trimmingCharacters(in: .whitespaces)
        var status = HTTPResponse.Status.unprocessableContent
        let address = throttle.clientAddress(of: request, peer: context.peerAddress)
        if typed.isEmpty {
            errors.add("code", "Enter the 6-digit code your authenticator app shows.")
        } else if let retryAt = try await throttle.begin(email: context.user.email, address: address) {
            errors.add("code", "Too many wrong codes. Try again in \(throttle.waitText(until: retryAt).text).")
            status = .tooManyRequests
        } else if let step = secret.matchingStep(typed, at: now()) {
            let codes = RecoveryCodes.make()
            if try await context.store.enableTwoFactor(secret: secret, step: step, recoveryCodes: codes, now: now()) {
                try await throttle.reset(email: context.user.email, address: address)
                return codesPage(codes, heading: "Two-factor sign-in is on", context: context)
            }
            return pages.redirect(to: ProfilePaths.twoFactor)
        } else {
            errors.add(
                "code",
                "That code didn't match. Check the app's entry for Stashify and type the code it shows now."
            )
        }
        return try setupPage(secret, errors: errors, context: context, status: status)
    }

    /// `POST /profile/two-factor/recovery-codes`: new codes with the password; the old ones stop working.
    @Sendable func newRecoveryCodes(request: Request, context: MemberContext) async throws -> Response {
        try await withPassword(field: "codesPassword", request: request, context: context) {
            let codes = RecoveryCodes.make()
            try await context.store.replaceRecoveryCodes(codes)
            return codesPage(codes, heading: "New recovery codes", context: context)
        }
    }

    /// `POST /profile/two-factor/off`: with the password.
    @Sendable func disableTwoFactor(request: Request, context: MemberContext) async throws -> Response {
        try await withPassword(field: "offPassword", request: request, context: context) {
            try await context.store.disableTwoFactor()
            return pages.redirect(to: ProfilePaths.index, flash: .success("Two-factor sign-in is off."))
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
        var errors = FieldErrors()
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
        let page = TwoFactorPages.SetupPage(
            secretGroups: groups,
            summary: errors.summary,
            codeField: .input(
                "code",
                label: "Code from the app",
                error: errors["code"],
                autocomplete: "one-time-code",
                inputmode: "numeric",
                required: true
            )
        )
        return pages.page(title: "Two-factor sign-in", section: .profile, context: context, status: status) {
            TwoFactorPages.setup(page, csrf: $0.csrf)
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
        let since = state.enabledAt.map { CalendarDay.today(in: user.calendarTimeZone, now: $0).shortText } ?? "—"
        let left = state.recoveryCodesLeft
        let page = TwoFactorPages.StatusPage(
            since: since,
            codesLeftText: left == 0
                ? "You have no recovery codes left."
                : left == 1
                    ? "You have 1 recovery code left."
                    : "You have \(left) recovery codes left.",
            codesSummary: codesErrors.summary,
            codesPassword: .input(
                "codesPassword",
                label: "Your password",
                type: "password",
                error: codesErrors["codesPassword"],
                autocomplete: "current-password",
                required: true
            ),
            offSummary: offErrors.summary,
            offPassword: .input(
                "offPassword",
                label: "Your password",
                type: "password",
                error: offErrors["offPassword"],
                autocomplete: "current-password",
                required: true
            )
        )
        return pages.page(title: "Two-factor sign-in", section: .profile, context: context, status: status) {
            TwoFactorPages.status(page, csrf: $0.csrf)
        }
    }

    private func codesPage(_ codes: [String], heading: String, context: MemberContext) -> Response {
        pages.page(title: "Recovery codes", section: .profile, context: context) { _ in
            TwoFactorPages.codes(codes, heading: heading)
        }
    }
}

import Foundation
import Hummingbird

/// Profile → API tokens: keys for scripts and apps to use the JSON API as the member. A token is shown once when
/// made (only its digest is kept), may be read-only, may expire, shows when it was last used, and is revoked at will.
extension ProfileController {
    struct ApiTokenInput: Decodable {
        var name: String?
        var scope: String?
        var expires: String?
    }

    func addApiTokenRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.apiTokens, use: apiTokens)
        group.post(ProfilePaths.apiTokens, use: createApiToken)
        group.post(ProfilePaths.revokeApiToken, use: revokeApiToken)
    }

    /// `GET /profile/api-tokens`
    @Sendable func apiTokens(request: Request, context: MemberContext) async throws -> Response {
        try apiTokensPage(
            ApiTokenInput(name: "", scope: ApiToken.Scope.read.rawValue, expires: ""),
            errors: FieldErrors(t: context.words),
            made: nil,
            context: context
        )
    }

    /// `POST /profile/api-tokens`: a new token, shown this once.
    @Sendable func createApiToken(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let input = try await request.decodeForm(ApiTokenInput.self, context: context)
        let today = context.member.today
        var errors = FieldErrors(t: t)
        let name = errors.text(input.name, field: "name", required: t["profile.api_tokens.errors.name"], max: 100)
        let scope = errors.choice(
            input.scope,
            field: "scope",
            as: ApiToken.Scope.self,
            message: t["profile.api_tokens.errors.scope"]
        )
        let expires = errors.date(input.expires, field: "expires", today: today, required: false, window: .planning)
        if let expires, expires < today { errors.add("expires", t["profile.api_tokens.errors.expires_past"]) }
        guard errors.isEmpty, let scope else {
            return try apiTokensPage(input, errors: errors, made: nil, context: context, status: .unprocessableContent)
        }
        let made = try await context.store.createApiToken(name: name, scope: scope, expiresOn: expires, now: now())
        return try apiTokensPage(
            ApiTokenInput(name: "", scope: ApiToken.Scope.read.rawValue, expires: ""),
            errors: FieldErrors(t: t),
            made: made,
            context: context
        )
    }

    /// `POST /profile/api-tokens/:id/delete`: the token stops working at once.
    @Sendable func revokeApiToken(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let name = try await context.store.revokeApiToken(id: id)
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: ProfilePaths.apiTokens,
            flash: .success(t["profile.api_tokens.revoked", ["name": name]])
        )
    }

    private func apiTokensPage(
        _ input: ApiTokenInput,
        errors: FieldErrors,
        made: NewApiToken?,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let zone = context.user.calendarTimeZone
        let today = context.member.today
        let page = ApiTokenPages.Page(
            made: made.map { ($0.token.name, $0.secret) },
            tokens: try context.store.apiTokens().map { token in
                let expiry = token.expiresOn.flatMap(CalendarDay.init)
                return ApiTokenPages.Token(
                    id: token.id ?? 0,
                    name: token.name,
                    scope: Self.scopeLabel(token.scope, t: t),
                    hint: t["profile.api_tokens.hint", ["end": token.hint]],
                    expiry: expiry.map {
                        $0 < today
                            ? t["profile.api_tokens.expired_on", ["day": t.date($0)]]
                            : t["profile.api_tokens.expires_on", ["day": t.date($0)]]
                    } ?? t["profile.api_tokens.never_expires"],
                    expired: expiry.map { $0 < today } ?? false,
                    lastUse: token.lastUsedAt.map {
                        t["profile.api_tokens.last_used", ["day": t.date(CalendarDay.today(in: zone, now: $0))]]
                    } ?? t["profile.api_tokens.never_used"]
                )
            },
            summary: errors.summary,
            fields: [
                .input(
                    "name",
                    label: t["profile.api_tokens.name"],
                    value: input.name ?? "",
                    error: errors["name"],
                    hint: t["profile.api_tokens.name_hint"],
                    autocomplete: "off",
                    required: true
                ),
                .radio(
                    "scope",
                    label: t["profile.api_tokens.scope"],
                    value: input.scope ?? "",
                    options: ApiToken.Scope.allCases.map { ($0.rawValue, Self.scopeLabel($0, t: t)) },
                    error: errors["scope"]
                ),
                .input(
                    "expires",
                    label: t["profile.api_tokens.expires"],
                    value: input.expires ?? "",
                    type: "date",
                    error: errors["expires"],
                    hint: t["profile.api_tokens.expires_hint"]
                ),
            ]
        )
        return pages.page(title: t["profile.api_tokens.title"], section: .profile, context: context, status: status) {
            ApiTokenPages.show(page, csrf: $0.csrf, t: $0.t)
        }
    }

    static func scopeLabel(_ scope: ApiToken.Scope, t: Words) -> String {
        switch scope {
        case .read: t["profile.api_tokens.scope_read"]
        case .write: t["profile.api_tokens.scope_write"]
        }
    }
}

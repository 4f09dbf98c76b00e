import Foundation
import Hummingbird

/// Profile → Household, the server owner's alone (anyone else gets a 404): the accounts on the server, whether sign-up
/// is open, and invitations, each a one-time link for one email, shown once when made, withdrawn at will.
extension ProfileController {
    struct InvitationInput: Decodable {
        var email: String?
    }

    func addHouseholdRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.household, use: household)
        group.post(ProfilePaths.household, use: createInvitation)
        group.post(ProfilePaths.revokeInvitation, use: revokeInvitation)
    }

    /// Whether the member is the server's owner: the first account made on it.
    func isOwner(_ context: MemberContext) async throws -> Bool {
        try database.ownerId() == context.user.id
    }

    /// `GET /profile/household`
    @Sendable func household(request: Request, context: MemberContext) async throws -> Response {
        guard try await isOwner(context) else { throw HTTPError(.notFound) }
        return try await householdPage(
            email: "",
            errors: FieldErrors(t: context.words),
            newLink: nil,
            request: request,
            context: context
        )
    }

    /// `POST /profile/household`: a new invitation for the email; its link is shown this once.
    @Sendable func createInvitation(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard try await isOwner(context) else { throw HTTPError(.notFound) }
        let input = try await request.decodeForm(InvitationInput.self, context: context)
        let made: NewInvitation
        // Checked here first, so the reasons are in the owner's words; the invitation checks again as it is made.
        var errors = FieldErrors(t: context.words)
        let email = ProfileRules.email(input.email, into: &errors)
        if errors.isEmpty, try database.emailIsTaken(email, exceptUserId: nil) {
            errors.add("email", t["profile.household.email_taken"])
        }
        do {
            guard errors.isEmpty else { throw InvitationRefused(description: "") }
            made = try await database.invite(email: input.email ?? "", now: now(), t: context.words)
        } catch let refused as InvitationRefused {
            errors.add("email", refused.description)
            return try await householdPage(
                email: input.email ?? "",
                errors: errors,
                newLink: nil,
                request: request,
                context: context,
                status: .unprocessableContent
            )
        }
        let url = push.publicBase + made.path
        return try await householdPage(
            email: "",
            errors: FieldErrors(t: context.words),
            newLink: (made.invitation.email, url),
            request: request,
            context: context
        )
    }

    /// `POST /profile/household/invitations/:id/delete`: the link stops working.
    @Sendable func revokeInvitation(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard try await isOwner(context), let id = context.parameters.get("id", as: Int64.self),
            let email = try await database.revokeInvitation(id: id)
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: ProfilePaths.household,
            flash: .success(t["profile.household.withdrawn", ["email": email]])
        )
    }

    private func householdPage(
        email: String,
        errors: FieldErrors,
        newLink: (email: String, url: String)?,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let zone = context.user.calendarTimeZone
        let now = self.now()
        let t = context.words
        let day = { (date: Date) in t.date(CalendarDay.today(in: zone, now: date)) }
        let members = try database.accountSummaries()
        let invitations = try database.unusedInvitations()
        let page = HouseholdPages.Page(
            members: members.enumerated().map { index, member in
                HouseholdPages.Member(
                    name: member.name,
                    email: member.email,
                    since: index == 0
                        ? t["profile.household.since_owner", ["day": day(member.createdAt)]]
                        : t["profile.household.since", ["day": day(member.createdAt)]]
                )
            },
            signupsText: signups == .open
                ? t["profile.household.signups_open"] : t["profile.household.signups_closed"],
            invitations: invitations.map { invitation in
                let expired = invitation.expiresAt <= now
                return HouseholdPages.Invitation(
                    id: invitation.id,
                    email: invitation.email,
                    expiry: expired
                        ? t["profile.household.expired_on", ["day": day(invitation.expiresAt)]]
                        : t["profile.household.expires_on", ["day": day(invitation.expiresAt)]],
                    expired: expired
                )
            },
            summary: errors.summary,
            emailField: .input(
                "email",
                label: t["profile.household.their_email"],
                value: email,
                type: "email",
                error: errors["email"],
                autocomplete: "off",
                required: true
            ),
            newLink: newLink
        )
        return pages.page(title: t["profile.household.title"], section: .profile, context: context, status: status) {
            HouseholdPages.show(page, csrf: $0.csrf, t: $0.t)
        }
    }
}

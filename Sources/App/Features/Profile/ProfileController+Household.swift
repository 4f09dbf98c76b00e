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
            errors: FieldErrors(),
            newLink: nil,
            request: request,
            context: context
        )
    }

    /// `POST /profile/household`: a new invitation for the email; its link is shown this once.
    @Sendable func createInvitation(request: Request, context: MemberContext) async throws -> Response {
        guard try await isOwner(context) else { throw HTTPError(.notFound) }
        let input = try await request.decodeForm(InvitationInput.self, context: context)
        let made: NewInvitation
        do {
            made = try await database.invite(email: input.email ?? "", now: now())
        } catch let refused as InvitationRefused {
            var errors = FieldErrors()
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
            errors: FieldErrors(),
            newLink: (made.invitation.email, url),
            request: request,
            context: context
        )
    }

    /// `POST /profile/household/invitations/:id/delete`: the link stops working.
    @Sendable func revokeInvitation(request: Request, context: MemberContext) async throws -> Response {
        guard try await isOwner(context), let id = context.parameters.get("id", as: Int64.self),
            let email = try await database.revokeInvitation(id: id)
        else { throw HTTPError(.notFound) }
        return pages.redirect(to: ProfilePaths.household, flash: .success("The invitation for \(email) was withdrawn."))
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
        let day = { (date: Date) in CalendarDay.today(in: zone, now: date).shortText }
        let members = try database.accountSummaries()
        let invitations = try database.unusedInvitations()
        let page = HouseholdPages.Page(
            members: members.enumerated().map { index, member in
                HouseholdPages.Member(
                    name: member.name,
                    email: member.email,
                    since: "Since \(day(member.createdAt))" + (index == 0 ? " · owner" : "")
                )
            },
            signupsText: signups == .open
                ? "Sign-up is open: anyone who finds this server can make an account. Start the server with --signups closed to allow only the people you invite."
                : "Sign-up is closed: only the people you invite can make an account. Start the server with --signups open to let anyone.",
            invitations: invitations.map { invitation in
                let expired = invitation.expiresAt <= now
                return HouseholdPages.Invitation(
                    id: invitation.id,
                    email: invitation.email,
                    expiry: (expired ? "Expired " : "Expires ") + day(invitation.expiresAt),
                    expired: expired
                )
            },
            summary: errors.summary,
            emailField: .input(
                "email",
                label: "Their email",
                value: email,
                type: "email",
                error: errors["email"],
                autocomplete: "off",
                required: true
            ),
            newLink: newLink
        )
        return pages.page(title: "Household", section: .profile, context: context, status: status) {
            HouseholdPages.show(page, csrf: $0.csrf)
        }
    }
}

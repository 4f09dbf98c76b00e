import Foundation
import Hummingbird
import Views

/// Notification settings: on or off, the stash nudge's cadence and weekday, the reminder time, the lead time,
/// quiet hours, and the calendar feed's secret link.
extension ProfileController {
    func addNotificationRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.notifications, use: notificationSettings)
        group.post(ProfilePaths.notifications, use: saveNotificationSettings)
        group.post(ProfilePaths.calendarFeed, use: renewCalendarFeed)
    }

    /// `GET /profile/notifications`
    @Sendable func notificationSettings(request: Request, context: MemberContext) async throws -> Response {
        let settings = try await context.store.walletSettings()
        return try await notificationsPage(NotificationSettingsInput(settings), errors: FieldErrors(), request: request,
                                           context: context)
    }

    /// `POST /profile/notifications`
    @Sendable func saveNotificationSettings(request: Request, context: MemberContext) async throws -> Response {
        var settings = try await context.store.walletSettings()
        let input = try await request.decodeForm(NotificationSettingsInput.self, context: context)
        var errors = FieldErrors()
        NotificationSettingsRules.validate(input, into: &settings, errors: &errors)
        guard errors.isEmpty else {
            return try await notificationsPage(input, errors: errors, request: request, context: context,
                                               status: .unprocessableContent)
        }
        try await context.store.saveWalletSettings(settings)
        return pages.redirect(to: ProfilePaths.notifications, flash: .success("Notification settings saved."))
    }

    /// `POST /profile/notifications/calendar`: makes a new secret calendar feed URL; the old one stops working.
    @Sendable func renewCalendarFeed(request: Request, context: MemberContext) async throws -> Response {
        let had = try await context.store.calendarFeedToken() != nil
        try await context.store.renewCalendarFeed(token: CSRFMiddleware.makeToken(), now: now())
        return pages.redirect(to: ProfilePaths.notifications + "#calendar-title",
                              flash: .success(had ? "New calendar link made. The old one no longer works." : "Calendar link made."))
    }

    private func notificationsPage(_ input: NotificationSettingsInput, errors: FieldErrors, request: Request,
                                   context: MemberContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        let feedPath = try await context.store.calendarFeedToken().map { NotificationPaths.calendarFeed($0) }
        let host = request.head.authority ?? "localhost"
        let onOff = [("on", "On"), ("off", "Off")]
        let page = ProfilePages.NotificationsPage(
            action: ProfilePaths.notifications,
            summary: errors.summary,
            notificationFields: [
                .radio("notifications", label: "Reminders", value: input.notifications ?? "on", options: onOff,
                       error: errors["notifications"]),
                .input("reminderTime", label: "Reminder time", value: input.reminderTime ?? "", type: "time",
                       error: errors["reminderTime"], hint: "When each day's reminders arrive, in your time zone."),
                .select("leadDays", label: "Lead time", value: input.leadDays ?? "7",
                        options: WalletSettings.leadRange.map { (String($0), $0 == 1 ? "1 day" : "\($0) days") },
                        error: errors["leadDays"], hint: "How early to hear about expiring benefits, coupons and renewals."),
                .select("frequency", label: "Stashes behind pace", value: input.frequency ?? "weekly",
                        options: WalletSettings.frequencies, error: errors["frequency"],
                        hint: "A nudge naming the stashes behind this month's target (each stash can turn it off)."),
                .select("weekday", label: "Weekly nudge on", value: input.weekday ?? "1",
                        options: WalletSettings.weekdays.enumerated().map { (String($0.offset + 1), $0.element) },
                        error: errors["weekday"]),
            ],
            quietFields: [
                .radio("quietHours", label: "Quiet hours", value: input.quietHours ?? "off", options: onOff,
                       error: errors["quietHours"]),
                .input("quietFrom", label: "From", value: input.quietFrom ?? "", type: "time", error: errors["quietFrom"]),
                .input("quietTo", label: "To", value: input.quietTo ?? "", type: "time", error: errors["quietTo"],
                       hint: "May cross midnight, like 22:00 to 07:00."),
            ],
            calendar: ProfilePages.CalendarFeed(
                url: feedPath.map { (pages.cookies.secure ? "https://" : "http://") + host + $0 },
                webcalURL: feedPath.map { "webcal://" + host + $0 },
                renewPath: ProfilePaths.calendarFeed),
            listPath: NotificationPaths.index,
            backPath: ProfilePaths.index)
        return pages.page(title: "Notification settings", section: .profile, context: context, status: status) { shell in
            ProfilePages.notifications(page, csrf: shell.csrf)
        }
    }
}

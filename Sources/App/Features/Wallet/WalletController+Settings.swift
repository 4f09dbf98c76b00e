import Foundation
import Hummingbird
import Views

/// Wallet settings: reminder preferences (the reminder engine follows them) and the card database version.
extension WalletController {
    func addSettingsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.settings, use: settings)
        group.post(WalletPaths.settings, use: saveSettings)
        group.post(WalletPaths.calendarFeed, use: renewCalendarFeed)
    }

    func settingsPage(_ input: SettingsInput, errors: FieldErrors, request: Request, context: MemberContext,
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        let feedToken = try await context.store.calendarFeedToken()
        let host = request.head.authority ?? "localhost"
        let feedPath = feedToken.map { NotificationPaths.calendarFeed($0) }
        let onOff = [("on", "On"), ("off", "Off")]
        let catalogue = catalogue
        let page = WalletPages.SettingsPage(
            action: WalletPaths.settings,
            summary: errors.summary,
            notificationFields: [
                .radio("notifications", label: "Enable notifications", value: input.notifications ?? "on", options: onOff,
                       error: errors["notifications"]),
                .select("frequency", label: "Frequency", value: input.frequency ?? "daily",
                        options: WalletSettings.frequencies, error: errors["frequency"]),
                .input("reminderTime", label: "Reminder time", value: input.reminderTime ?? "", type: "time",
                       error: errors["reminderTime"]),
                .select("leadDays", label: "Default lead time", value: input.leadDays ?? "7",
                        options: WalletSettings.leadChoices.map { (String($0), $0 == 1 ? "1 day" : "\($0) days") },
                        error: errors["leadDays"], hint: "How early to hear about expiring benefits, coupons and renewals."),
            ],
            quietFields: [
                .radio("quietHours", label: "Enable quiet hours", value: input.quietHours ?? "off", options: onOff,
                       error: errors["quietHours"]),
                .input("quietFrom", label: "From", value: input.quietFrom ?? "", type: "time", error: errors["quietFrom"]),
                .input("quietTo", label: "To", value: input.quietTo ?? "", type: "time", error: errors["quietTo"]),
            ],
            facts: [WalletPages.Fact(label: "Database version", value: catalogue.version),
                    WalletPages.Fact(label: "Last updated", value: catalogue.date.shortText),
                    WalletPages.Fact(label: "Cards in the catalogue", value: String(catalogue.cards.count))],
            backPath: WalletPaths.index,
            calendar: WalletPages.CalendarFeed(url: feedPath.map { (pages.cookies.secure ? "https://" : "http://") + host + $0 },
                                               webcalURL: feedPath.map { "webcal://" + host + $0 },
                                               renewPath: WalletPaths.calendarFeed))
        return render(title: "Wallet settings", context: context, status: status) { shell in
            WalletPages.settings(page, csrf: shell.csrf)
        }
    }

    /// `GET /wallet/settings`
    @Sendable func settings(request: Request, context: MemberContext) async throws -> Response {
        let settings = try await context.store.walletSettings()
        return try await settingsPage(SettingsInput(settings), errors: FieldErrors(), request: request, context: context)
    }

    /// `POST /wallet/settings`
    @Sendable func saveSettings(request: Request, context: MemberContext) async throws -> Response {
        var settings = try await context.store.walletSettings()
        let input = try await request.decodeForm(SettingsInput.self, context: context)
        var errors = FieldErrors()
        SettingsRules.validate(input, into: &settings, errors: &errors)
        guard errors.isEmpty else {
            return try await settingsPage(input, errors: errors, request: request, context: context, status: .unprocessableContent)
        }
        try await context.store.saveWalletSettings(settings)
        return pages.redirect(to: WalletPaths.settings, flash: .success("Settings saved."))
    }

    /// `POST /wallet/settings/calendar`: makes a new secret calendar feed URL; the old one stops working.
    @Sendable func renewCalendarFeed(request: Request, context: MemberContext) async throws -> Response {
        let had = try await context.store.calendarFeedToken() != nil
        try await context.store.renewCalendarFeed(token: CSRFMiddleware.makeToken(), now: now())
        return pages.redirect(to: WalletPaths.settings + "#calendar-title",
                              flash: .success(had ? "New calendar link made. The old one no longer works." : "Calendar link made."))
    }
}

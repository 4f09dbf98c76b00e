import Foundation
import Hummingbird
import Views

/// Wallet settings: reminder preferences (the reminder engine follows them) and the card database version.
extension WalletController {
    func addSettingsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.settings, use: settings)
        group.post(WalletPaths.settings, use: saveSettings)
    }

    func settingsPage(_ input: SettingsInput, errors: FieldErrors, request: Request, context: MemberContext,
                      status: HTTPResponse.Status = .ok) throws -> Response {
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
            backPath: WalletPaths.index)
        return render(title: "Wallet settings", context: context, status: status) { shell in
            WalletPages.settings(page, csrf: shell.csrf)
        }
    }

    /// `GET /wallet/settings`
    @Sendable func settings(request: Request, context: MemberContext) async throws -> Response {
        let settings = try await context.store.walletSettings()
        return try settingsPage(SettingsInput(settings), errors: FieldErrors(), request: request, context: context)
    }

    /// `POST /wallet/settings`
    @Sendable func saveSettings(request: Request, context: MemberContext) async throws -> Response {
        var settings = try await context.store.walletSettings()
        let input = try await request.decodeForm(SettingsInput.self, context: context)
        var errors = FieldErrors()
        SettingsRules.validate(input, into: &settings, errors: &errors)
        guard errors.isEmpty else {
            return try settingsPage(input, errors: errors, request: request, context: context, status: .unprocessableContent)
        }
        try await context.store.saveWalletSettings(settings)
        return pages.redirect(to: WalletPaths.settings, flash: .success("Settings saved."))
    }
}

import Foundation
import HTTPTypes
import Hummingbird

/// Notification settings: on or off, the stash nudge's cadence and weekday, the reminder time, the lead time,
/// quiet hours, and the calendar feed's secret link.
extension ProfileController {
    func addNotificationRoutes(to group: RouterGroup<MemberContext>) {
        group.get(ProfilePaths.notifications, use: notificationSettings)
        group.post(ProfilePaths.notifications, use: saveNotificationSettings)
        group.post(ProfilePaths.calendarFeed, use: renewCalendarFeed)
        group.post(ProfilePaths.push, use: savePushChannels)
        group.post(ProfilePaths.pushTest, use: sendTestPush)
        group.post(ProfilePaths.pushOn, use: turnOnPushChannels)
        group.post(ProfilePaths.pushDevices, use: addPushDevice)
        group.post(ProfilePaths.removePushDevice, use: removePushDevice)
    }

    /// `GET /profile/notifications`
    @Sendable func notificationSettings(request: Request, context: MemberContext) async throws -> Response {
        let settings = try context.store.walletSettings()
        return try await notificationsPage(
            NotificationSettingsInput(settings),
            errors: FieldErrors(),
            request: request,
            context: context
        )
    }

    /// `POST /profile/notifications`
    @Sendable func saveNotificationSettings(request: Request, context: MemberContext) async throws -> Response {
        let saved = try context.store.walletSettings()
        return try await request.submitForm(NotificationSettingsInput.self, context: context) { input in
            NotificationSettingsRules.validate(input)
        } form: { input, errors, status in
            try await notificationsPage(input, errors: errors, request: request, context: context, status: status)
        } save: { _, draft in
            var settings = saved
            draft.apply(to: &settings)
            try await context.store.saveWalletSettings(settings)
            return pages.redirect(to: ProfilePaths.notifications, flash: .success("Notification settings saved."))
        }
    }

    /// How long after making a calendar link the notification settings show it.
    static let calendarLinkShown = 10 * 60

    /// `POST /profile/notifications/calendar`: makes a new secret calendar feed URL; the old one stops working. The
    /// database keeps only its digest, so the browser is handed the secret in a short-lived cookie for the settings
    /// page to show.
    @Sendable func renewCalendarFeed(request: Request, context: MemberContext) async throws -> Response {
        let had = try context.store.hasCalendarFeed()
        let token = CSRFMiddleware.makeToken()
        try await context.store.renewCalendarFeed(token: token, now: now())
        var response = pages.redirect(
            to: ProfilePaths.notifications + "#calendar-title",
            flash: .success(had ? "New calendar link made. The old one no longer works." : "Calendar link made.")
        )
        response.setCookie(
            pages.cookies.cookie(name: pages.cookies.calendarLink, value: token, maxAge: Self.calendarLinkShown)
        )
        return response
    }

    /// The calendar link this browser was handed, while it is the member's current one and was made less than
    /// `calendarLinkShown` seconds ago.
    private func freshCalendarToken(request: Request, context: MemberContext) async throws -> String? {
        guard let token = request.cookies[pages.cookies.calendarLink]?.value, CSRFMiddleware.isWellFormed(token),
            try context.store.isCalendarFeedToken(
                token,
                madeAfter: now().addingTimeInterval(-TimeInterval(Self.calendarLinkShown))
            )
        else { return nil }
        return token
    }

    /// `POST /profile/notifications/push`
    @Sendable func savePushChannels(request: Request, context: MemberContext) async throws -> Response {
        try await request.submitForm(PushInput.self, context: context) { input in
            await PushRules.validate(input, userId: context.member.id) { url in
                guard case .failure(let refusal) = await push.outbound.check(url) else { return nil }
                return refusal.message
            }
        } form: { input, errors, status in
            let settings = try context.store.walletSettings()
            return try await notificationsPage(
                NotificationSettingsInput(settings),
                errors: FieldErrors(),
                push: input,
                pushErrors: errors,
                request: request,
                context: context,
                status: status
            )
        } save: { input, channels in
            // A new token is sealed; none typed keeps the saved one, unless the member asked to remove it.
            var channels = channels
            if var ntfy = channels.ntfy {
                let saved = try context.store.pushChannels().first { $0.kind == .ntfy }?.token ?? ""
                ntfy.token =
                    !ntfy.token.isEmpty
                    ? try push.tokens.seal(ntfy.token)
                    : input.ntfyTokenRemove == "yes" ? "" : saved
                channels.ntfy = ntfy
            }
            try await context.store.setPushChannel(.ntfy, to: channels.ntfy)
            try await context.store.setPushChannel(.webhook, to: channels.webhook)
            return pages.redirect(
                to: ProfilePaths.notifications + "#push-title",
                flash: .success("Push channels saved.")
            )
        }
    }

    /// `POST /profile/notifications/push/on`: switches on the push channels an import brought in switched off.
    @Sendable func turnOnPushChannels(request: Request, context: MemberContext) async throws -> Response {
        let turned = try await context.store.turnOnPushChannels()
        return pages.redirect(
            to: ProfilePaths.notifications + "#push-title",
            flash: turned == 0 ? .info("Your push channels are on already.") : .success("Push channels turned on.")
        )
    }

    /// `POST /profile/notifications/devices`: keeps the subscription of the browser notifications were just turned
    /// on in (posted by `/js/push.js`), named after its User-Agent.
    @Sendable func addPushDevice(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(PushDeviceInput.self, context: context)
        let refused: String
        switch PushDeviceRules.validate(input) {
        case .failure(let error):
            refused = error.message
        case .success(let subscription):
            if case .failure(let refusal) = await push.outbound.check(subscription.endpoint),
                let message = refusal.message
            {
                context.logger.notice("A browser's push service address was refused: \(refusal)")
                refused = message
                break
            }
            let name = BrowserName.of(userAgent: request.headers[.userAgent])
            if try await context.store.addPushDevice(
                endpoint: subscription.endpoint,
                p256dh: subscription.p256dh,
                auth: subscription.auth,
                name: name,
                sessionId: pages.cookies.storedSessionId(of: request),
                now: now()
            ) != nil {
                return pages.redirect(
                    to: ProfilePaths.notifications + "#devices-title",
                    flash: .success("Notifications are on in \(name). Send a test to check.")
                )
            }
            refused =
                "\(PushDeviceRules.maxDevices) browsers get notifications already. Remove one you no longer use first."
        }
        let settings = try context.store.walletSettings()
        return try await notificationsPage(
            NotificationSettingsInput(settings),
            errors: FieldErrors(),
            deviceError: refused,
            request: request,
            context: context,
            status: .unprocessableContent
        )
    }

    /// `POST /profile/notifications/devices/:id/delete`: stops notifications to one of the member's browsers; any
    /// other id is a 404.
    @Sendable func removePushDevice(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self),
            let removed = try await context.store.removePushDevice(id: id)
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: ProfilePaths.notifications + "#devices-title",
            flash: .success("\(removed.name) no longer gets notifications. Turn them on there again any time.")
        )
    }

    /// `POST /profile/notifications/push/test`: sends a test message to each channel and browser now and tells how it
    /// went; a browser no longer subscribed is removed.
    @Sendable func sendTestPush(request: Request, context: MemberContext) async throws -> Response {
        let channels = try context.store.pushChannels()
        let destinations =
            channels.filter(\.enabled).map(PushDeliverer.Destination.channel)
            + (try context.store.pushDevices()).map(PushDeliverer.Destination.device)
        guard !destinations.isEmpty else {
            return pages.redirect(
                to: ProfilePaths.notifications + "#push-title",
                flash: .error(
                    channels.isEmpty
                        ? "Add an ntfy topic or a webhook, or turn on notifications in a browser, first."
                        : "Your push channels are off. Turn them on first."
                )
            )
        }
        guard testPushes.allow(context.member.id, now: now()) else {
            let settings = try context.store.walletSettings()
            return try await notificationsPage(
                NotificationSettingsInput(settings),
                errors: FieldErrors(),
                pushSummary:
                    "You can send \(testPushes.limit) test notifications a minute. Wait a minute, then try again.",
                request: request,
                context: context,
                status: .tooManyRequests
            )
        }
        let message = PushDeliverer.Message(
            title: "Stashify test",
            body: "Reminders will arrive here.",
            kind: .summary,
            path: NotificationPaths.index,
            dueOn: context.member.today.description
        )
        // All at once, so twenty browsers that don't answer take one timeout, not twenty; told in the list's order.
        let outcomes = await withTaskGroup(of: (Int, Result<Void, any Error>).self) { group in
            for (index, destination) in destinations.enumerated() {
                group.addTask { [push] in
                    do {
                        return (index, .success(try await push.send(message, to: destination)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var outcomes: [Int: Result<Void, any Error>] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
        // The flash says only sent or failed; what went wrong (a status, an address) goes to the log.
        var results: [String] = []
        var removed: [String] = []
        var failed = false
        for (index, destination) in destinations.enumerated() {
            switch outcomes[index] {
            case .success?:
                results.append("\(destination.label): sent")
                continue
            case .failure(let error as PushDeliverer.Failure)? where error.gone:
                if case .device(let device) = destination, let id = device.id {
                    _ = try await context.store.removePushDevice(id: id)
                    removed.append(destination.label)
                }
                context.logger.info("Test notification to \(destination.label) failed: \(error)")
            case .failure(let error)?:
                context.logger.info("Test notification to \(destination.label) failed: \(error)")
            case nil:
                context.logger.info("Test notification to \(destination.label) gave no outcome")
            }
            failed = true
            results.append("\(destination.label): failed")
        }
        var text = results.joined(separator: " · ") + "."
        for name in removed {
            text += " \(name) is no longer subscribed, so it was removed."
        }
        return pages.redirect(
            to: ProfilePaths.notifications + "#push-title",
            flash: failed ? .error(text) : .success(text)
        )
    }

    private func notificationsPage(
        _ input: NotificationSettingsInput,
        errors: FieldErrors,
        push pushInput: PushInput? = nil,
        pushErrors: FieldErrors = FieldErrors(),
        pushSummary: String? = nil,
        deviceError: String? = nil,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let channels = try context.store.pushChannels()
        let devices = try context.store.pushDevices()
        let zone = context.user.calendarTimeZone
        let typed = pushInput ?? PushInput(channels)
        let savedToken = channels.first { $0.kind == .ntfy }?.token ?? ""
        // The saved token is never shown: the field says whether there is one, and if it can still be read.
        let tokenHint: String? =
            savedToken.isEmpty
            ? nil
            : push.tokens.open(savedToken) == nil
                ? "The saved token can't be read: the server's key file was replaced. Enter the token again."
                : "A token is saved. Leave this empty to keep it, or enter a new one."
        let failures = try context.store.recentPushFailures().map { failure in
            let minute = Calendar.minute(of: failure.at, in: zone)
            return "\(failure.channel), \(CalendarDay.today(in: zone, now: failure.at).shortText) "
                + String(format: "%02d:%02d", minute / 60, minute % 60) + ": \(failure.error)"
        }
        let feedPath = try await freshCalendarToken(request: request, context: context).map {
            NotificationPaths.calendarFeed($0)
        }
        // The server's configured address, never the request's Host header, which whoever sends it chooses.
        let base = push.publicBase
        var calendar = ProfilePages.CalendarFeed(
            url: feedPath.map { base + $0 },
            webcalURL: feedPath.map { "webcal://" + base.drop { $0 != ":" }.dropFirst(3) + $0 }
        )
        calendar.isOn = try context.store.hasCalendarFeed()
        let onOff = [("on", "On"), ("off", "Off")]
        let page = ProfilePages.NotificationsPage(
            summary: errors.summary,
            notificationFields: [
                .radio(
                    "notifications",
                    label: "Reminders",
                    value: input.notifications ?? "on",
                    options: onOff,
                    error: errors["notifications"]
                ),
                .input(
                    "reminderTime",
                    label: "Reminder time",
                    value: input.reminderTime ?? "",
                    type: "time",
                    error: errors["reminderTime"],
                    hint: "When each day's reminders arrive, in your time zone."
                ),
                .select(
                    "leadDays",
                    label: "Lead time",
                    value: input.leadDays ?? "7",
                    options: WalletSettings.leadRange.map { (String($0), $0 == 1 ? "1 day" : "\($0) days") },
                    error: errors["leadDays"],
                    hint: "How early to hear about expiring benefits, coupons and renewals."
                ),
                .select(
                    "frequency",
                    label: "Stashes behind pace",
                    value: input.frequency ?? "weekly",
                    options: WalletSettings.frequencies,
                    error: errors["frequency"],
                    hint: "A nudge naming the stashes behind this month's target (each stash can turn it off)."
                ),
                .select(
                    "weekday",
                    label: "Weekly nudge on",
                    value: input.weekday ?? "1",
                    options: WalletSettings.weekdays.enumerated().map { (String($0.offset + 1), $0.element) },
                    error: errors["weekday"]
                ),
                .radio(
                    "pushDigest",
                    label: "Pushed to your phone and browsers as",
                    value: input.pushDigest ?? "auto",
                    options: WalletSettings.pushDigests,
                    error: errors["pushDigest"]
                ),
            ],
            quietFields: [
                .radio(
                    "quietHours",
                    label: "Quiet hours",
                    value: input.quietHours ?? "off",
                    options: onOff,
                    error: errors["quietHours"]
                ),
                .input(
                    "quietFrom",
                    label: "Quiet from",
                    value: input.quietFrom ?? "",
                    type: "time",
                    error: errors["quietFrom"]
                ),
                .input(
                    "quietTo",
                    label: "Quiet until",
                    value: input.quietTo ?? "",
                    type: "time",
                    error: errors["quietTo"],
                    hint: "May cross midnight, like 22:00 to 07:00."
                ),
            ],
            push: ProfilePages.Push(
                summary: pushSummary ?? pushErrors.summary,
                ntfyFields: [
                    .input(
                        "ntfyServer",
                        label: "ntfy server",
                        value: typed.ntfyServer ?? "",
                        type: "url",
                        error: pushErrors["ntfyServer"],
                        hint: "Your own ntfy server, or a public one.",
                        autocomplete: "off"
                    ),
                    .input(
                        "ntfyTopic",
                        label: "ntfy topic",
                        value: typed.ntfyTopic ?? "",
                        error: pushErrors["ntfyTopic"],
                        hint: "Pick a long, hard-to-guess name: anyone who knows it can read it.",
                        autocomplete: "off"
                    ),
                    .input(
                        "ntfyToken",
                        label: "Access token (optional)",
                        type: "password",
                        error: pushErrors["ntfyToken"],
                        hint: tokenHint,
                        autocomplete: "off"
                    ),
                ]
                    + (savedToken.isEmpty
                        ? []
                        : [
                            .checkbox(
                                "ntfyTokenRemove",
                                label: "Remove the saved token",
                                checked: typed.ntfyTokenRemove == "yes"
                            )
                        ]),
                webhookFields: [
                    .input(
                        "webhookURL",
                        label: "Webhook URL",
                        value: typed.webhookURL ?? "",
                        type: "url",
                        error: pushErrors["webhookURL"],
                        hint: "Gets each reminder as JSON in a POST.",
                        autocomplete: "off"
                    )
                ],
                canTest: !(channels.isEmpty && devices.isEmpty),
                failures: failures,
                off: channels.filter { !$0.enabled }.map(\.kind.label)
            ),
            devices: ProfilePages.Devices(
                publicKey: push.webPush.key.publicKey,
                error: deviceError,
                list: devices.compactMap { device in
                    device.id.map { id in
                        ProfilePages.Device(
                            id: id,
                            name: device.name,
                            added: "Added " + CalendarDay.today(in: zone, now: device.createdAt).shortText,
                            lastSent: device.lastSentAt.map {
                                "Last notified " + CalendarDay.today(in: zone, now: $0).shortText
                            }
                                ?? "Not notified yet"
                        )
                    }
                }
            ),
            calendar: calendar
        )
        return pages.page(title: "Notification settings", section: .profile, context: context, status: status) {
            shell in
            ProfilePages.notifications(page, csrf: shell.csrf)
        }
    }
}

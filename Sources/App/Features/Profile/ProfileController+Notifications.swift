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
            errors: FieldErrors(t: context.words),
            request: request,
            context: context
        )
    }

    /// `POST /profile/notifications`
    @Sendable func saveNotificationSettings(request: Request, context: MemberContext) async throws -> Response {
        let saved = try context.store.walletSettings()
        let t = context.words
        return try await request.submitForm(NotificationSettingsInput.self, context: context) { input in
            NotificationSettingsRules.validate(input, t: context.words)
        } form: { input, errors, status in
            try await notificationsPage(input, errors: errors, request: request, context: context, status: status)
        } save: { _, draft in
            var settings = saved
            draft.apply(to: &settings)
            try await context.store.saveWalletSettings(settings)
            return pages.redirect(
                to: ProfilePaths.notifications,
                flash: .success(t["profile.flash.notifications_saved"])
            )
        }
    }

    /// How long after making a calendar link the notification settings show it.
    static let calendarLinkShown = 10 * 60

    /// `POST /profile/notifications/calendar`: makes a new secret calendar feed URL; the old one stops working. The
    /// database keeps only its digest, so the browser is handed the secret in a short-lived cookie for the settings
    /// page to show.
    @Sendable func renewCalendarFeed(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let had = try context.store.hasCalendarFeed()
        let token = CSRFMiddleware.makeToken()
        try await context.store.renewCalendarFeed(token: token, now: now())
        var response = pages.redirect(
            to: ProfilePaths.notifications + "#calendar-title",
            flash: .success(
                had ? t["profile.flash.calendar_renewed"] : t["profile.flash.calendar_made"]
            )
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
        let t = context.words
        return try await request.submitForm(PushInput.self, context: context) { input in
            await PushRules.validate(input, userId: context.member.id, t: t) { url in
                guard case .failure(let refusal) = await push.outbound.check(url) else { return nil }
                return Self.refusalMessage(refusal, t: t)
            }
        } form: { input, errors, status in
            let settings = try context.store.walletSettings()
            return try await notificationsPage(
                NotificationSettingsInput(settings),
                errors: FieldErrors(t: context.words),
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
                flash: .success(t["profile.flash.push_saved"])
            )
        }
    }

    /// `POST /profile/notifications/push/on`: switches on the push channels an import brought in switched off.
    @Sendable func turnOnPushChannels(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let turned = try await context.store.turnOnPushChannels()
        return pages.redirect(
            to: ProfilePaths.notifications + "#push-title",
            flash: turned == 0
                ? .info(t["profile.flash.push_already_on"]) : .success(t["profile.flash.push_on"])
        )
    }

    /// `POST /profile/notifications/devices`: keeps the subscription of the browser notifications were just turned
    /// on in (posted by `/js/push.js`), named after its User-Agent.
    @Sendable func addPushDevice(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(PushDeviceInput.self, context: context)
        let t = context.words
        let refused: String
        switch PushDeviceRules.validate(input, t: t) {
        case .failure(let error):
            refused = error.message
        case .success(let subscription):
            if case .failure(let refusal) = await push.outbound.check(subscription.endpoint),
                let message = Self.refusalMessage(refusal, t: t)
            {
                context.logger.notice("A browser's push service address was refused: \(refusal)")
                refused = message
                break
            }
            let name = BrowserName.of(userAgent: request.headers[.userAgent], t: t)
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
                    flash: .success(t["profile.flash.device_added", ["browser": name]])
                )
            }
            refused = t["profile.errors.device_limit", ["count": t.format.number(PushDeviceRules.maxDevices)]]
        }
        let settings = try context.store.walletSettings()
        return try await notificationsPage(
            NotificationSettingsInput(settings),
            errors: FieldErrors(t: context.words),
            deviceError: refused,
            request: request,
            context: context,
            status: .unprocessableContent
        )
    }

    /// `POST /profile/notifications/devices/:id/delete`: stops notifications to one of the member's browsers; any
    /// other id is a 404.
    @Sendable func removePushDevice(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        guard let id = context.parameters.get("id", as: Int64.self),
            let removed = try await context.store.removePushDevice(id: id)
        else { throw HTTPError(.notFound) }
        return pages.redirect(
            to: ProfilePaths.notifications + "#devices-title",
            flash: .success(t["profile.flash.device_removed", ["browser": removed.name]])
        )
    }

    /// `POST /profile/notifications/push/test`: sends a test message to each channel and browser now and tells how it
    /// went; a browser no longer subscribed is removed.
    @Sendable func sendTestPush(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let channels = try context.store.pushChannels()
        let destinations =
            channels.filter(\.enabled).map(PushDeliverer.Destination.channel)
            + (try context.store.pushDevices()).map(PushDeliverer.Destination.device)
        guard !destinations.isEmpty else {
            return pages.redirect(
                to: ProfilePaths.notifications + "#push-title",
                flash: .error(
                    channels.isEmpty ? t["profile.flash.test_nowhere"] : t["profile.flash.test_channels_off"]
                )
            )
        }
        guard testPushes.allow(context.member.id, now: now()) else {
            let settings = try context.store.walletSettings()
            return try await notificationsPage(
                NotificationSettingsInput(settings),
                errors: FieldErrors(t: context.words),
                pushSummary: t.plural("profile.push.test_limit", count: testPushes.limit),
                request: request,
                context: context,
                status: .tooManyRequests
            )
        }
        let message = PushDeliverer.Message(
            title: t["profile.push.test_title"],
            body: t["profile.push.test_body"],
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
                results.append(t["profile.push.test_sent", ["destination": Self.label(destination, t: t)]])
                continue
            case .failure(let error as PushDeliverer.Failure)? where error.gone:
                if case .device(let device) = destination, let id = device.id {
                    _ = try await context.store.removePushDevice(id: id)
                    removed.append(Self.label(destination, t: t))
                }
                context.logger.info("Test notification to \(destination.label) failed: \(error)")
            case .failure(let error)?:
                context.logger.info("Test notification to \(destination.label) failed: \(error)")
            case nil:
                context.logger.info("Test notification to \(destination.label) gave no outcome")
            }
            failed = true
            results.append(t["profile.push.test_failed", ["destination": Self.label(destination, t: t)]])
        }
        var text = results.joined(separator: " · ") + "."
        for name in removed {
            text += " " + t["profile.push.test_removed", ["browser": name]]
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
        let t = context.words
        let savedToken = channels.first { $0.kind == .ntfy }?.token ?? ""
        // The saved token is never shown: the field says whether there is one, and if it can still be read.
        let tokenHint: String? =
            savedToken.isEmpty
            ? nil
            : push.tokens.open(savedToken) == nil
                ? t["profile.push.token_unreadable"] : t["profile.push.token_saved"]
        let failures = try context.store.recentPushFailures().map { failure in
            let minute = Calendar.minute(of: failure.at, in: zone)
            return t[
                "profile.push.failure",
                [
                    "channel": Self.channelLabel(failure.channel, t: t),
                    "day": t.date(CalendarDay.today(in: zone, now: failure.at)),
                    "time": String(format: "%02d:%02d", minute / 60, minute % 60),
                    "error": Self.failureText(failure.error, t: t),
                ]
            ]
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
        let onOff = [("on", t["profile.on"]), ("off", t["profile.off"])]
        let page = ProfilePages.NotificationsPage(
            summary: errors.summary,
            notificationFields: [
                .radio(
                    "notifications",
                    label: t["profile.notifications.reminders"],
                    value: input.notifications ?? "on",
                    options: onOff,
                    error: errors["notifications"]
                ),
                .input(
                    "reminderTime",
                    label: t["profile.notifications.reminder_time"],
                    value: input.reminderTime ?? "",
                    type: "time",
                    error: errors["reminderTime"],
                    hint: t["profile.notifications.reminder_time_hint"]
                ),
                .select(
                    "leadDays",
                    label: t["profile.notifications.lead_time"],
                    value: input.leadDays ?? "7",
                    options: WalletSettings.leadRange.map {
                        (String($0), t.plural("profile.notifications.days", count: $0))
                    },
                    error: errors["leadDays"],
                    hint: t["profile.notifications.lead_time_hint"]
                ),
                .select(
                    "frequency",
                    label: t["profile.notifications.frequency"],
                    value: input.frequency ?? "weekly",
                    options: WalletSettings.frequencies.map { ($0.value, Self.frequencyLabel($0.value, t: t)) },
                    error: errors["frequency"],
                    hint: t["profile.notifications.frequency_hint"]
                ),
                .select(
                    "weekday",
                    label: t["profile.notifications.weekday"],
                    value: input.weekday ?? "1",
                    options: Self.weekdayNames(t).enumerated().map { (String($0.offset + 1), $0.element) },
                    error: errors["weekday"]
                ),
                .radio(
                    "pushDigest",
                    label: t["profile.notifications.push_digest"],
                    value: input.pushDigest ?? "auto",
                    options: WalletSettings.pushDigests.map { ($0.value, Self.digestLabel($0.value, t: t)) },
                    error: errors["pushDigest"]
                ),
            ],
            quietFields: [
                .radio(
                    "quietHours",
                    label: t["profile.notifications.quiet_hours"],
                    value: input.quietHours ?? "off",
                    options: onOff,
                    error: errors["quietHours"]
                ),
                .input(
                    "quietFrom",
                    label: t["profile.notifications.quiet_from"],
                    value: input.quietFrom ?? "",
                    type: "time",
                    error: errors["quietFrom"]
                ),
                .input(
                    "quietTo",
                    label: t["profile.notifications.quiet_to"],
                    value: input.quietTo ?? "",
                    type: "time",
                    error: errors["quietTo"],
                    hint: t["profile.notifications.quiet_to_hint"]
                ),
            ],
            push: ProfilePages.Push(
                summary: pushSummary ?? pushErrors.summary,
                ntfyFields: [
                    .input(
                        "ntfyServer",
                        label: t["profile.push.ntfy_server"],
                        value: typed.ntfyServer ?? "",
                        type: "url",
                        error: pushErrors["ntfyServer"],
                        hint: t["profile.push.ntfy_server_hint"],
                        autocomplete: "off"
                    ),
                    .input(
                        "ntfyTopic",
                        label: t["profile.push.ntfy_topic"],
                        value: typed.ntfyTopic ?? "",
                        error: pushErrors["ntfyTopic"],
                        hint: t["profile.push.ntfy_topic_hint"],
                        autocomplete: "off"
                    ),
                    .input(
                        "ntfyToken",
                        label: t["profile.push.ntfy_token"],
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
                                label: t["profile.push.ntfy_token_remove"],
                                checked: typed.ntfyTokenRemove == "yes"
                            )
                        ]),
                webhookFields: [
                    .input(
                        "webhookURL",
                        label: t["profile.push.webhook"],
                        value: typed.webhookURL ?? "",
                        type: "url",
                        error: pushErrors["webhookURL"],
                        hint: t["profile.push.webhook_hint"],
                        autocomplete: "off"
                    )
                ],
                canTest: !(channels.isEmpty && devices.isEmpty),
                failures: failures,
                off: channels.filter { !$0.enabled }.map { Self.channelLabel($0.kind.rawValue, t: t) }
            ),
            devices: ProfilePages.Devices(
                publicKey: push.webPush.key.publicKey,
                error: deviceError,
                list: devices.compactMap { device in
                    device.id.map { id in
                        ProfilePages.Device(
                            id: id,
                            name: device.name,
                            added: t[
                                "profile.devices.added",
                                ["day": t.date(CalendarDay.today(in: zone, now: device.createdAt))]
                            ],
                            lastSent: device.lastSentAt.map {
                                t["profile.devices.last_sent", ["day": t.date(CalendarDay.today(in: zone, now: $0))]]
                            }
                                ?? t["profile.devices.never_sent"]
                        )
                    }
                }
            ),
            calendar: calendar
        )
        return pages.page(
            title: t["profile.notifications.title"],
            section: .profile,
            context: context,
            status: status
        ) { shell in
            ProfilePages.notifications(page, csrf: shell.csrf, t: shell.t)
        }
    }

    /// Why the server won't send to an address, said next to the field; nil when the address may still work later.
    static func refusalMessage(_ refusal: OutboundPolicy.Refusal, t: Words) -> String? {
        switch refusal {
        case .notWeb, .unresolved: nil
        case .refused(.loopback): t["profile.refusal.loopback"]
        case .refused(.privateNetwork): t["profile.refusal.private_network"]
        case .refused: t["profile.refusal.not_public"]
        }
    }

    /// A push destination as the test's flash names it: the channel, or the browser's name.
    static func label(_ destination: PushDeliverer.Destination, t: Words) -> String {
        switch destination {
        case .channel(let channel): channelLabel(channel.kind.rawValue, t: t)
        case .device(let device): device.name
        }
    }

    /// A channel kind as stored (`ntfy`, `webhook`, `webpush`).
    static func channelLabel(_ kind: String, t: Words) -> String {
        switch PushChannel.Kind(rawValue: kind) {
        case .ntfy: "ntfy"
        case .webhook: t["profile.push.channel_webhook"]
        case .webPush: "Web Push"
        case nil: kind
        }
    }

    /// A delivery's last error as the deliverer records it (in English, for the log too), in the member's words.
    static func failureText(_ error: String, t: Words) -> String {
        switch error {
        case "no answer in time": t["profile.push.error_timeout"]
        case "could not connect": t["profile.push.error_connect"]
        case "address not allowed": t["profile.push.error_refused"]
        case "the saved access token can't be read; enter it again": t["profile.push.error_token"]
        case "the browser is no longer subscribed": t["profile.push.error_gone"]
        case "the browser's subscription can't be read": t["profile.push.error_subscription"]
        default: error
        }
    }

    static func frequencyLabel(_ value: String, t: Words) -> String {
        switch value {
        case "off": t["profile.off"]
        case "weekly": t["profile.notifications.weekly"]
        default: t["profile.notifications.monthly"]
        }
    }

    static func digestLabel(_ value: String, t: Words) -> String {
        switch value {
        case "each": t["profile.notifications.digest_each"]
        case "digest": t["profile.notifications.digest_always"]
        default: t["profile.notifications.digest_auto"]
        }
    }

    /// The weekdays, Monday first, named in the member's language by Foundation.
    static func weekdayNames(_ t: Words) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: t.language.rawValue)
        let names = calendar.standaloneWeekdaySymbols.map { name in name.prefix(1).uppercased() + name.dropFirst() }
        return (1...7).map { names[$0 % 7] }
    }
}

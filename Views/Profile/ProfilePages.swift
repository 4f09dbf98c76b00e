import HTML

/// The profile: who you are, your preferences, your password and the browsers you're signed in on.
enum ProfilePages {
    struct ProfilePage: Sendable {
        let initials: String
        let name: String
        let email: String
        let memberSince: String
        let details: [FormField]
        let preferences: [FormField]
        let summary: String?
        let passwordSummary: String?
        let passwordFields: [FormField]
        /// This browser first, then the others, most recently seen first.
        let browsers: [Browser]
        let sessionsText: String
        /// Whether two-factor sign-in is on.
        var twoFactorOn = false
        /// The photo (nil: initials), and why the last upload was refused.
        var photoURL: String?
        var photoError: String?
        /// Whether Profile → Household is offered: for the server's owner only.
        var showsHousehold = false
        /// The password "Log out all other browsers" asks for, with why it was refused.
        var sessionsPassword: FormField?
        var sessionsSummary: String?
    }

    static func show(_ page: ProfilePage, csrf: CSRF, t: Words) -> HTML {
        """
        <section class="profile-header card">
          <span class="avatar avatar--large" aria-hidden="true">\(page.photoURL.map { "<img class=\"avatar__photo\" src=\"\($0)\" alt=\"\" width=\"72\" height=\"72\">" as HTML } ?? "\(page.initials)" as HTML)</span>
          <div>
            <h2 class="profile-header__name">\(page.name)</h2>
            <p class="muted">\(page.email)</p>
            <p class="muted small">\(t["profile.member_since", ["month": page.memberSince]])</p>
          </div>
        </section>

        <section class="card" aria-labelledby="photo-title">
          <h2 class="card__title" id="photo-title">\(t["profile.photo.title"])</h2>
          <form class="photo-form" method="post" action="\(ProfilePaths.photo)" enctype="multipart/form-data" novalidate>
            \(csrf.field)
            \(Form.file("photo", label: t["profile.photo.label"], accept: "image/png,image/jpeg,image/webp", error: page.photoError))
            <div class="form-actions">
              <button class="button button--secondary" type="submit">\(page.photoURL == nil ? t["profile.photo.add"] : t["profile.photo.change"])</button>
              \(page.photoURL == nil ? nil : "<button class=\"button button--plain\" type=\"submit\" form=\"remove-photo\" aria-label=\"\(t["profile.photo.remove_label"])\">\(t["profile.photo.remove"])</button>" as HTML)
            </div>
          </form>
          \(page.photoURL == nil ? nil : "<form id=\"remove-photo\" method=\"post\" action=\"\(ProfilePaths.removePhoto)\" hidden>\(csrf.field)</form>" as HTML)
        </section>

        <form class="stack" method="post" action="\(ProfilePaths.index)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card" aria-labelledby="personal-title">
            <h2 class="card__title" id="personal-title">\(t["profile.personal.title"])</h2>
            <div class="field-grid">\(Form.fields(page.details))</div>
          </section>
          <section class="card" aria-labelledby="preferences-title">
            <h2 class="card__title" id="preferences-title">\(t["profile.preferences.title"])</h2>
            <div class="field-grid">\(Form.fields(page.preferences))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">\(t["profile.save"])</button>
            </div>
          </section>
        </form>

        <section class="card" aria-labelledby="notifications-link-title">
          <h2 class="card__title" id="notifications-link-title">\(t["profile.notifications_link.title"])</h2>
          <p class="muted">\(t["profile.notifications_link.text"])</p>
          <p><a class="button button--secondary" href="\(ProfilePaths.notifications)">\(t["profile.notifications_link.button"])</a></p>
        </section>

        <section class="card" aria-labelledby="password-title">
          <h2 class="card__title" id="password-title">\(t["profile.password.title"])</h2>
          \(Form.summary(page.passwordSummary))
          <form method="post" action="\(ProfilePaths.password)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(page.passwordFields))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">\(t["profile.password.submit"])</button>
            </div>
          </form>
        </section>

        <section class="card" aria-labelledby="two-factor-link-title">
          <h2 class="card__title" id="two-factor-link-title">\(t["profile.two_factor_link.title"])</h2>
          \(page.twoFactorOn
              ? "<p><span class=\"tag\">\(t["profile.on"])</span> \(t["profile.two_factor_link.on_text"])</p>" as HTML
              : "<p class=\"muted\">\(t["profile.two_factor_link.off_text"])</p>" as HTML)
          <p><a class="button button--secondary" href="\(ProfilePaths.twoFactor)">\(page.twoFactorOn ? t["profile.two_factor_link.manage"] : t["profile.two_factor_link.turn_on"])</a></p>
        </section>

        \(page.showsHousehold ? household(t) : nil)

        <section class="card" aria-labelledby="api-link-title">
          <h2 class="card__title" id="api-link-title">\(t["profile.api_link.title"])</h2>
          <p class="muted">\(t["profile.api_link.text"])</p>
          <p><a class="button button--secondary" href="\(ProfilePaths.apiTokens)">\(t["profile.api_link.button"])</a></p>
        </section>

        <section class="card" aria-labelledby="data-link-title">
          <h2 class="card__title" id="data-link-title">\(t["profile.data_link.title"])</h2>
          <p class="muted">\(t["profile.data_link.text"])</p>
          <p><a class="button button--secondary" href="\(YourDataPaths.index)">\(t["profile.data_link.button"])</a></p>
        </section>

        <section class="card" aria-labelledby="sessions-title">
          <h2 class="card__title" id="sessions-title">\(t["profile.sessions.title"])</h2>
          <p>\(page.sessionsText)</p>
          <ul class="session-list">\(page.browsers.map { browser($0, csrf: csrf, t: t) })</ul>
          \(page.browsers.count > 1 ? """
              <form method="post" action="\(ProfilePaths.sessions)" novalidate>
                \(csrf.field)
                \(Form.summary(page.sessionsSummary))
                <div class="field-column">\(page.sessionsPassword.map { Form.fields([$0]) })</div>
                <div class="form-actions">
                  <button class="button button--secondary" type="submit">\(t["profile.sessions.log_out_others"])</button>
                </div>
              </form>
              """ as HTML : nil)
          <div class="form-actions">
            <form method="post" action="\(AuthPaths.logout)">
              \(csrf.field)
              <button class="button button--destructive" type="submit">\(t["profile.sessions.log_out_this"])</button>
            </form>
          </div>
        </section>
        """
    }

    /// The way to Profile → Household.
    private static func household(_ t: Words) -> HTML {
        """
        <section class="card" aria-labelledby="household-link-title">
            <h2 class="card__title" id="household-link-title">\(t["profile.household_link.title"])</h2>
            <p class="muted">\(t["profile.household_link.text"])</p>
            <p><a class="button button--secondary" href="\(ProfilePaths.household)">\(t["profile.household_link.button"])</a></p>
          </section>
        """
    }

    /// One signed-in browser: what it is, where from, when; another browser's row has its own "Log out", which asks
    /// for the password on a page of its own.
    struct Browser: Sendable {
        let name: String
        let address: String
        let signedIn: String
        /// "Active now" for this browser, else when it was last seen.
        let seen: String
        /// This browser logs out with the page's own button; another one's "Log out" is named by its session's handle.
        let isCurrent: Bool
        let handle: String
    }

    /// One row of the Browsers list.
    static func browser(_ browser: Browser, csrf: CSRF, t: Words) -> HTML {
        """
        <li class="session">
          <p class="session__head"><span class="session__name">\(browser.name)</span>\(browser.isCurrent ? " <span class=\"pill\">\(t["profile.sessions.this_browser"])</span>" as HTML : nil)</p>
          \(browser.isCurrent ? nil : """
            <p class="session__actions"><a class="button button--destructive button--small" href="\(ProfilePaths.endSession(browser.handle))">\(t["profile.sessions.log_out"])<span class="visually-hidden"> \(browser.name)</span></a></p>
            """ as HTML)
          <div class="session__details">
            <p>\(t["profile.sessions.address", ["address": browser.address]])</p>
            <p>\(t["profile.sessions.signed_in", ["moment": browser.signedIn]])</p>
            <p>\(browser.seen)</p>
          </div>
        </li>
        """
    }

    // MARK: - Notifications

    /// The calendar feed's secret URL (only just after it is made: the server keeps no copy), whether a feed is
    /// on, and the button that makes a new one.
    struct CalendarFeed: Sendable {
        let url: String?
        let webcalURL: String?
        var isOn = false
    }

    /// The push channels form, the test button, and the latest failed attempts.
    struct Push: Sendable {
        let summary: String?
        let ntfyFields: [FormField]
        let webhookFields: [FormField]
        /// Whether there is a channel or a browser to send a test notification to.
        let canTest: Bool
        let failures: [String]
        /// The channels kept but switched off ("ntfy").
        var off: [String] = []
    }

    /// A browser that gets notifications.
    struct Device: Sendable {
        let id: Int64
        let name: String
        /// "Added 24 Nov 2026".
        let added: String
        /// "Last notified 25 Nov 2026", or "Not notified yet".
        let lastSent: String
    }

    /// The browsers that get notifications, and the button that turns them on in this one.
    struct Devices: Sendable {
        /// The server's VAPID key, base64url, that browsers subscribe with.
        let publicKey: String
        /// Why the last subscription posted was refused.
        let error: String?
        let list: [Device]
    }

    struct NotificationsPage: Sendable {
        let summary: String?
        let notificationFields: [FormField]
        let quietFields: [FormField]
        let push: Push
        let devices: Devices
        let calendar: CalendarFeed
    }

    /// Notifications in browsers: the ones that get them, each with Remove, and the button that turns them on in
    /// this one. The button needs JavaScript (`/js/push.js` shows it where the browser can take pushes), which
    /// fills in the form's hidden fields and posts it.
    static func devices(_ devices: Devices, csrf: CSRF, t: Words) -> HTML {
        """
        <section class="card form-card" aria-labelledby="devices-title">
          <h2 class="card__title" id="devices-title">\(t["profile.devices.title"])</h2>
          <p class="muted small">\(t["profile.devices.text"])</p>
          \(pushEnable(devices, csrf: csrf, t: t))
          \(devices.list.isEmpty ? "<p class=\"muted small\">\(t["profile.devices.none"])</p>" as HTML : """
            <ul class="session-list">\(devices.list.map { device in
                """
                <li class="session">
                  <p class="session__head"><span class="session__name">\(device.name)</span></p>
                  <form class="session__actions" method="post" action="\(ProfilePaths.removePushDevice(device.id))">
                    \(csrf.field)
                    <button class="button button--destructive button--small" type="submit">\(t["profile.devices.remove"])<span class="visually-hidden"> \(device.name)</span></button>
                  </form>
                  <div class="session__details">
                    <p>\(device.added)</p>
                    <p>\(device.lastSent)</p>
                  </div>
                </li>
                """ as HTML
            })</ul>
            """ as HTML)
        </section>
        """
    }

    /// The "Enable notifications on this device" button with its form, also offered by the welcome's reminders step.
    /// Welcome's reminders step passes its words too; without them the keys show, so a page that forgot stands out.
    static func pushEnable(_ devices: Devices, csrf: CSRF, t: Words) -> HTML {
        """
        <form class="push-enable" method="post" action="\(ProfilePaths.pushDevices)" data-push-key="\(devices.publicKey)">
            \(csrf.field)
            <input type="hidden" name="endpoint" value="">
            <input type="hidden" name="p256dh" value="">
            <input type="hidden" name="auth" value="">
            <button class="button button--secondary" type="button" data-push-enable hidden>\(t["profile.devices.enable"])</button>
            <p class="muted small" data-push-status role="status">\(devices.error.map { "<span class=\"field__error\">\($0)</span>" as HTML } ?? HTML(text: t["profile.devices.needs_javascript"]))</p>
          </form>
          <script src="/js/push.js" defer></script>
        """
    }

    static func notifications(_ page: NotificationsPage, csrf: CSRF, t: Words) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">\(t["profile.back"])</a></p>
        <form class="form-card" method="post" action="\(ProfilePaths.notifications)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card" aria-labelledby="notifications-title">
            <h2 class="card__title" id="notifications-title">\(t["profile.notifications.reminders_title"])</h2>
            <p class="muted small">\(t.html("profile.notifications.reminders_text", ["notifications": "<a href=\"\(NotificationPaths.index)\">\(t["profile.notifications.reminders_link"])</a>"]))</p>
            \(Form.fields(page.notificationFields))
          </section>
          <section class="card" aria-labelledby="quiet-title">
            <h2 class="card__title" id="quiet-title">\(t["profile.notifications.quiet_title"])</h2>
            <p class="muted small">\(t["profile.notifications.quiet_text"])</p>
            \(Form.fields(page.quietFields))
          </section>
          <div class="form-actions"><button class="button button--primary" type="submit">\(t["profile.notifications.save"])</button></div>
        </form>
        <form class="form-card" method="post" action="\(ProfilePaths.push)" novalidate>
          \(csrf.field)
          \(Form.summary(page.push.summary))
          <section class="card" aria-labelledby="push-title">
            <h2 class="card__title" id="push-title">\(t["profile.push.title"])</h2>
            <p class="muted small">\(t["profile.push.text"])</p>
            \(page.push.off.isEmpty ? nil : """
                <div class="push-off" role="note">
                  <p>\(t["profile.push.off", ["channels": page.push.off.map { t["profile.push.channel_off", ["channel": $0]] }.joined(separator: t["profile.push.and"])]])</p>
                  <button class="button button--secondary" type="submit" formaction="\(ProfilePaths.pushOn)">\(t["profile.push.turn_on"])</button>
                </div>
                """ as HTML)
            \(Form.fields(page.push.ntfyFields))
            \(Form.fields(page.push.webhookFields))
            \(page.push.failures.isEmpty ? nil : """
                <h3 class="push-failures__title">\(t["profile.push.failures"])</h3>
                <ul class="push-failures">\(page.push.failures.map { "<li>\($0)</li>" as HTML })</ul>
                """ as HTML)
          </section>
          <div class="form-actions"><button class="button button--primary" type="submit">\(t["profile.push.save"])</button></div>
        </form>
        \(devices(page.devices, csrf: csrf, t: t))
        \(page.push.canTest ? """
            <form class="form-card" method="post" action="\(ProfilePaths.pushTest)">\(csrf.field)<div class="form-actions"><button class="button button--secondary" type="submit">\(t["profile.push.test"])</button></div></form>
            """ as HTML : nil)
        <section class="card form-card" aria-labelledby="calendar-title">
          <h2 class="card__title" id="calendar-title">\(t["profile.calendar.title"])</h2>
          \(page.calendar.url.map { url in
            """
            <p class="muted small">\(t["profile.calendar.new_text"])</p>
            <p><a class="button button--secondary" href="\(page.calendar.webcalURL ?? url)">\(t["profile.calendar.add"])</a></p>
            <label class="field__label" for="calendar-url">\(t["profile.calendar.url"])</label>
            <input class="field__control" id="calendar-url" type="text" readonly value="\(url)">
            <p class="muted small">\(t["profile.calendar.copy_now"])</p>
            <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--plain" type="submit">\(t["profile.calendar.renew_long"])</button></form>
            """ as HTML
          } ?? (page.calendar.isOn ? """
            <p><span class="tag">\(t["profile.on"])</span> \(t["profile.calendar.on_text"])</p>
            <p class="muted small">\(t["profile.calendar.on_hint"])</p>
            <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--secondary" type="submit">\(t["profile.calendar.renew"])</button></form>
            """ as HTML : """
            <p class="muted small">\(t["profile.calendar.off_text"])</p>
            <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--secondary" type="submit">\(t["profile.calendar.make"])</button></form>
            """ as HTML))
        </section>
        """
    }
}

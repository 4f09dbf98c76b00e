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

    static func show(_ page: ProfilePage, csrf: CSRF) -> HTML {
        """
        <section class="profile-header card">
          <span class="avatar avatar--large" aria-hidden="true">\(page.photoURL.map { "<img class=\"avatar__photo\" src=\"\($0)\" alt=\"\" width=\"72\" height=\"72\">" as HTML } ?? "\(page.initials)" as HTML)</span>
          <div>
            <h2 class="profile-header__name">\(page.name)</h2>
            <p class="muted">\(page.email)</p>
            <p class="muted small">Member since \(page.memberSince)</p>
          </div>
        </section>

        <section class="card" aria-labelledby="photo-title">
          <h2 class="card__title" id="photo-title">Photo</h2>
          <form class="photo-form" method="post" action="\(ProfilePaths.photo)" enctype="multipart/form-data" novalidate>
            \(csrf.field)
            \(Form.file("photo", label: "PNG, JPEG or WebP, up to 2 MB", accept: "image/png,image/jpeg,image/webp", error: page.photoError))
            <div class="form-actions">
              <button class="button button--secondary" type="submit">\(page.photoURL == nil ? "Add photo" : "Change photo")</button>
              \(page.photoURL == nil ? nil : "<button class=\"button button--plain\" type=\"submit\" form=\"remove-photo\" aria-label=\"Remove photo\">Remove</button>" as HTML)
            </div>
          </form>
          \(page.photoURL == nil ? nil : "<form id=\"remove-photo\" method=\"post\" action=\"\(ProfilePaths.removePhoto)\" hidden>\(csrf.field)</form>" as HTML)
        </section>

        <form class="stack" method="post" action="\(ProfilePaths.index)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card" aria-labelledby="personal-title">
            <h2 class="card__title" id="personal-title">Personal details</h2>
            <div class="field-grid">\(Form.fields(page.details))</div>
          </section>
          <section class="card" aria-labelledby="preferences-title">
            <h2 class="card__title" id="preferences-title">Preferences</h2>
            <div class="field-grid">\(Form.fields(page.preferences))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">Save profile</button>
            </div>
          </section>
        </form>

        <section class="card" aria-labelledby="notifications-link-title">
          <h2 class="card__title" id="notifications-link-title">Notifications</h2>
          <p class="muted">Reminder time, lead time, quiet hours and your calendar feed.</p>
          <p><a class="button button--secondary" href="\(ProfilePaths.notifications)">Notification settings</a></p>
        </section>

        <section class="card" aria-labelledby="password-title">
          <h2 class="card__title" id="password-title">Password</h2>
          \(Form.summary(page.passwordSummary))
          <form method="post" action="\(ProfilePaths.password)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(page.passwordFields))</div>
            <div class="form-actions">
              <button class="button button--primary" type="submit">Change password</button>
            </div>
          </form>
        </section>

        <section class="card" aria-labelledby="two-factor-link-title">
          <h2 class="card__title" id="two-factor-link-title">Two-factor sign-in</h2>
          \(page.twoFactorOn
              ? "<p><span class=\"tag\">On</span> Signing in asks for a code from your authenticator app after your password.</p>" as HTML
              : "<p class=\"muted\">Off. Ask for a code from an authenticator app on your phone after your password, so a stolen password alone can't open your account.</p>" as HTML)
          <p><a class="button button--secondary" href="\(ProfilePaths.twoFactor)">\(page.twoFactorOn ? "Recovery codes and turning off" : "Turn on two-factor sign-in")</a></p>
        </section>

        \(page.showsHousehold ? household : nil)

        <section class="card" aria-labelledby="data-link-title">
          <h2 class="card__title" id="data-link-title">Your data</h2>
          <p class="muted">Download everything, import an export or a bank statement, or delete your account.</p>
          <p><a class="button button--secondary" href="\(YourDataPaths.index)">Your data</a></p>
        </section>

        <section class="card" aria-labelledby="sessions-title">
          <h2 class="card__title" id="sessions-title">Browsers</h2>
          <p>\(page.sessionsText)</p>
          <ul class="session-list">\(page.browsers.map { browser($0, csrf: csrf) })</ul>
          \(page.browsers.count > 1 ? """
              <form method="post" action="\(ProfilePaths.sessions)" novalidate>
                \(csrf.field)
                \(Form.summary(page.sessionsSummary))
                <div class="field-column">\(page.sessionsPassword.map { Form.fields([$0]) })</div>
                <div class="form-actions">
                  <button class="button button--secondary" type="submit">Log out all other browsers</button>
                </div>
              </form>
              """ as HTML : nil)
          <div class="form-actions">
            <form method="post" action="\(AuthPaths.logout)">
              \(csrf.field)
              <button class="button button--destructive" type="submit">Log out of this browser</button>
            </form>
          </div>
        </section>
        """
    }

    /// The way to Profile → Household.
    private static let household: HTML = """
        <section class="card" aria-labelledby="household-link-title">
            <h2 class="card__title" id="household-link-title">Household</h2>
            <p class="muted">Who has an account on this server, and invitations for the people you want to join.</p>
            <p><a class="button button--secondary" href="\(ProfilePaths.household)">Members and invitations</a></p>
          </section>
        """

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
    static func browser(_ browser: Browser, csrf: CSRF) -> HTML {
        """
        <li class="session">
          <p class="session__head"><span class="session__name">\(browser.name)</span>\(browser.isCurrent ? " <span class=\"pill\">This browser</span>" as HTML : nil)</p>
          \(browser.isCurrent ? nil : """
            <p class="session__actions"><a class="button button--destructive button--small" href="\(ProfilePaths.endSession(browser.handle))">Log out<span class="visually-hidden"> \(browser.name)</span></a></p>
            """ as HTML)
          <div class="session__details">
            <p>IP address \(browser.address)</p>
            <p>Signed in \(browser.signedIn)</p>
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
    static func devices(_ devices: Devices, csrf: CSRF) -> HTML {
        """
        <section class="card form-card" aria-labelledby="devices-title">
          <h2 class="card__title" id="devices-title">Notifications in your browsers</h2>
          <p class="muted small">Reminders can pop up on this phone or computer like any app's, even when Stashify isn't open. Turn them on in each browser you want them in. Logging a browser out, there or from Profile, turns its notifications off.</p>
          \(pushEnable(devices, csrf: csrf))
          \(devices.list.isEmpty ? "<p class=\"muted small\">No browser gets notifications yet.</p>" as HTML : """
            <ul class="session-list">\(devices.list.map { device in
                """
                <li class="session">
                  <p class="session__head"><span class="session__name">\(device.name)</span></p>
                  <form class="session__actions" method="post" action="\(ProfilePaths.removePushDevice(device.id))">
                    \(csrf.field)
                    <button class="button button--destructive button--small" type="submit">Remove<span class="visually-hidden"> \(device.name)</span></button>
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
    static func pushEnable(_ devices: Devices, csrf: CSRF) -> HTML {
        """
        <form class="push-enable" method="post" action="\(ProfilePaths.pushDevices)" data-push-key="\(devices.publicKey)">
            \(csrf.field)
            <input type="hidden" name="endpoint" value="">
            <input type="hidden" name="p256dh" value="">
            <input type="hidden" name="auth" value="">
            <button class="button button--secondary" type="button" data-push-enable hidden>Enable notifications on this device</button>
            <p class="muted small" data-push-status role="status">\(devices.error.map { "<span class=\"field__error\">\($0)</span>" as HTML } ?? "Turning them on needs JavaScript and a browser that supports web notifications.")</p>
          </form>
          <script src="/js/push.js" defer></script>
        """
    }

    static func notifications(_ page: NotificationsPage, csrf: CSRF) -> HTML {
        """
        <p class="breadcrumb"><a href="\(ProfilePaths.index)">← Profile</a></p>
        <form class="form-card" method="post" action="\(ProfilePaths.notifications)" novalidate>
          \(csrf.field)
          \(Form.summary(page.summary))
          <section class="card" aria-labelledby="notifications-title">
            <h2 class="card__title" id="notifications-title">Reminders</h2>
            <p class="muted small">Each day at your reminder time, what is due lands in your <a href="\(NotificationPaths.index)">notifications</a>: benefits and coupons expiring within the lead time, renewals, annual fees, stashes behind pace and your monthly summary.</p>
            \(Form.fields(page.notificationFields))
          </section>
          <section class="card" aria-labelledby="quiet-title">
            <h2 class="card__title" id="quiet-title">Quiet hours</h2>
            <p class="muted small">Nothing is pushed to you inside them; your notification list still gets each reminder at its time.</p>
            \(Form.fields(page.quietFields))
          </section>
          <div class="form-actions"><button class="button button--primary" type="submit">Save settings</button></div>
        </form>
        <form class="form-card" method="post" action="\(ProfilePaths.push)" novalidate>
          \(csrf.field)
          \(Form.summary(page.push.summary))
          <section class="card" aria-labelledby="push-title">
            <h2 class="card__title" id="push-title">Push to your phone</h2>
            <p class="muted small">Reminders can also go to an ntfy topic (the ntfy app shows them as phone notifications) or to a webhook of your own, which gets JSON. Leave a channel empty to turn it off.</p>
            \(page.push.off.isEmpty ? nil : """
                <div class="push-off" role="note">
                  <p>\(page.push.off.map { "\($0) is off" }.joined(separator: " and ")): it came with an imported export, and gets nothing until you turn it on, so that two servers never both send you a reminder. Saving the channels turns them on too.</p>
                  <button class="button button--secondary" type="submit" formaction="\(ProfilePaths.pushOn)">Turn on</button>
                </div>
                """ as HTML)
            \(Form.fields(page.push.ntfyFields))
            \(Form.fields(page.push.webhookFields))
            \(page.push.failures.isEmpty ? nil : """
                <h3 class="push-failures__title">Latest failed attempts</h3>
                <ul class="push-failures">\(page.push.failures.map { "<li>\($0)</li>" as HTML })</ul>
                """ as HTML)
          </section>
          <div class="form-actions"><button class="button button--primary" type="submit">Save channels</button></div>
        </form>
        \(devices(page.devices, csrf: csrf))
        \(page.push.canTest ? """
            <form class="form-card" method="post" action="\(ProfilePaths.pushTest)">\(csrf.field)<div class="form-actions"><button class="button button--secondary" type="submit">Send a test notification</button></div></form>
            """ as HTML : nil)
        <section class="card form-card" aria-labelledby="calendar-title">
          <h2 class="card__title" id="calendar-title">Calendar feed</h2>
          \(page.calendar.url.map { url in
            """
            <p class="muted small">Benefit deadlines, coupon expiries, renewals and annual fees in your calendar app, with an alarm at your lead time. Anyone with this link can read them: keep it to yourself.</p>
            <p><a class="button button--secondary" href="\(page.calendar.webcalURL ?? url)">Add to calendar</a></p>
            <label class="field__label" for="calendar-url">Feed URL</label>
            <input class="field__control" id="calendar-url" type="text" readonly value="\(url)">
            <p class="muted small">Copy it now: Stashify keeps only a fingerprint of it, and shows it only for a few minutes after making it.</p>
            <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--plain" type="submit">Make a new link (the old one stops working)</button></form>
            """ as HTML
          } ?? (page.calendar.isOn ? """
            <p><span class="tag">On</span> Your calendar app reads your benefit deadlines, coupon expiries, renewals and annual fees from your secret link.</p>
            <p class="muted small">Stashify keeps only a fingerprint of the link, so it can't show it again. To add the feed to another calendar, make a new link; the one in use stops working.</p>
            <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--secondary" type="submit">Make a new link</button></form>
            """ as HTML : """
            <p class="muted small">Subscribe to your benefit deadlines, coupon expiries, renewals and annual fees from your phone's calendar.</p>
            <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--secondary" type="submit">Make a calendar link</button></form>
            """ as HTML))
        </section>
        """
    }
}

import HTML

/// The first run: a few screens on what Stashify does, then where reminders can reach the member. Each screen can
/// be skipped straight to Home; everything works without JavaScript.
enum WelcomePages {
    /// One screen about one part of Stashify.
    struct Screen: Sendable {
        /// "Step 1 of 4".
        let stepText: String
        /// The sprite symbol drawn above the title.
        let icon: String
        let title: String
        let lead: String
        let points: [String]
        /// The next screen, in the order the welcome sets.
        let nextPath: String
        /// The screen before the reminders step posts its Next: reaching that step ends the first run.
        let nextPosts: Bool
    }

    static func screen(_ screen: Screen, csrf: CSRF, t: Words) -> HTML {
        """
        <section class="auth auth--wide card welcome" aria-labelledby="welcome-title">
          <p class="steps">\(screen.stepText)</p>
          \(Icon.svg(screen.icon, size: 48, className: "welcome__icon"))
          <h1 class="auth__title" id="welcome-title">\(screen.title)</h1>
          <p class="auth__lead">\(screen.lead)</p>
          <ul class="welcome__points">\(screen.points.map { "<li>\($0)</li>" as HTML })</ul>
          <div class="form-actions">
            \(screen.nextPosts ? """
                <form method="post" action="\(screen.nextPath)">\(csrf.field)<button class="button button--primary" type="submit">\(t["welcome.next"])</button></form>
                """ as HTML : "<a class=\"button button--primary\" href=\"\(screen.nextPath)\">\(t["welcome.next"])</a>")
            \(skip(label: t["welcome.skip"], csrf: csrf))
          </div>
        </section>
        """
    }

    /// The last step: what reminders are, and the channels they can come by.
    struct RemindersPage: Sendable {
        let stepText: String
        /// The "Enable notifications on this device" control of the notification settings.
        let devices: ProfilePages.Devices
        /// Whether the member has a calendar feed link already: the step leads to it on the notification settings,
        /// else offers to make one.
        let hasCalendarFeed: Bool
    }

    static func reminders(_ page: RemindersPage, csrf: CSRF, t: Words) -> HTML {
        """
        <section class="auth auth--wide card welcome" aria-labelledby="welcome-title">
          <p class="steps">\(page.stepText)</p>
          \(Icon.svg("bell", size: 48, className: "welcome__icon"))
          <h1 class="auth__title" id="welcome-title">\(t["welcome.reminders.title"])</h1>
          <p class="auth__lead">\(t["welcome.reminders.lead"])</p>
          <section class="welcome__channel" aria-labelledby="welcome-device">
            <h2 class="welcome__channel-title" id="welcome-device">\(t["welcome.reminders.device_title"])</h2>
            <p class="muted small">\(t["welcome.reminders.device_text"])</p>
            \(ProfilePages.pushEnable(page.devices, csrf: csrf, t: t))
          </section>
          <section class="welcome__channel" aria-labelledby="welcome-ntfy">
            <h2 class="welcome__channel-title" id="welcome-ntfy">\(t["welcome.reminders.ntfy_title"])</h2>
            <p class="muted small">\(t["welcome.reminders.ntfy_text"])</p>
            <p><a class="button button--secondary" href="\(ProfilePaths.notifications)#push-title">\(t["welcome.reminders.ntfy_action"])</a></p>
          </section>
          <section class="welcome__channel" aria-labelledby="welcome-calendar">
            <h2 class="welcome__channel-title" id="welcome-calendar">\(t["welcome.reminders.calendar_title"])</h2>
            <p class="muted small">\(t["welcome.reminders.calendar_text"])</p>
            \(page.hasCalendarFeed ? "<p><a class=\"button button--secondary\" href=\"\(ProfilePaths.notifications)#calendar-title\">\(t["welcome.reminders.calendar_see"])</a></p>" as HTML : """
                <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--secondary" type="submit">\(t["welcome.reminders.calendar_make"])</button></form>
                """)
          </section>
          <p class="muted small">\(later(t))</p>
          <div class="form-actions">
            \(skip(label: t["welcome.done"], primary: true, csrf: csrf))
            \(skip(label: t["welcome.skip"], csrf: csrf))
          </div>
        </section>
        """
    }

    /// A button that ends the first run and opens Home.
    private static func skip(label: String, primary: Bool = false, csrf: CSRF) -> HTML {
        """
        <form method="post" action="\(WelcomePaths.skip)">\(csrf.field)<button class="button \(primary ? "button--primary" : "button--plain")" type="submit">\(label)</button></form>
        """
    }

    /// "You can change all of this later in Profile › Notification settings.", with the link.
    private static func later(_ t: Words) -> HTML {
        let link: HTML = "<a href=\"\(ProfilePaths.notifications)\">\(t["welcome.reminders.later_link"])</a>"
        return t.html("welcome.reminders.later", ["link": link])
    }
}

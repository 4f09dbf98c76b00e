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

    static func screen(_ screen: Screen, csrf: CSRF) -> HTML {
        """
        <section class="auth auth--wide card welcome" aria-labelledby="welcome-title">
          <p class="steps">\(screen.stepText)</p>
          \(Icon.svg(screen.icon, size: 48, className: "welcome__icon"))
          <h1 class="auth__title" id="welcome-title">\(screen.title)</h1>
          <p class="auth__lead">\(screen.lead)</p>
          <ul class="welcome__points">\(screen.points.map { "<li>\($0)</li>" as HTML })</ul>
          <div class="form-actions">
            \(screen.nextPosts ? """
                <form method="post" action="\(screen.nextPath)">\(csrf.field)<button class="button button--primary" type="submit">Next</button></form>
                """ as HTML : "<a class=\"button button--primary\" href=\"\(screen.nextPath)\">Next</a>")
            \(skip(label: "Skip", csrf: csrf))
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

    static func reminders(_ page: RemindersPage, csrf: CSRF) -> HTML {
        """
        <section class="auth auth--wide card welcome" aria-labelledby="welcome-title">
          <p class="steps">\(page.stepText)</p>
          \(Icon.svg("bell", size: 48, className: "welcome__icon"))
          <h1 class="auth__title" id="welcome-title">Turn on reminders</h1>
          <p class="auth__lead">Once a day, at your reminder time, Stashify tells you what is due: card benefits and coupons about to expire, subscriptions renewing, annual fees, stashes behind this month's target, and your monthly summary. They always land in your notification list here; choose where else they should reach you.</p>
          <section class="welcome__channel" aria-labelledby="welcome-device">
            <h2 class="welcome__channel-title" id="welcome-device">On this device</h2>
            <p class="muted small">Reminders pop up like any app's notifications, even when Stashify isn't open.</p>
            \(ProfilePages.pushEnable(page.devices, csrf: csrf))
          </section>
          <section class="welcome__channel" aria-labelledby="welcome-ntfy">
            <h2 class="welcome__channel-title" id="welcome-ntfy">The ntfy app</h2>
            <p class="muted small">Send them to an ntfy topic, and the ntfy app shows them on your phone.</p>
            <p><a class="button button--secondary" href="\(ProfilePaths.notifications)#push-title">Set up ntfy</a></p>
          </section>
          <section class="welcome__channel" aria-labelledby="welcome-calendar">
            <h2 class="welcome__channel-title" id="welcome-calendar">Your calendar</h2>
            <p class="muted small">Subscribe to a calendar of benefit deadlines, coupon expiries, renewals and annual fees, with an alarm at your lead time.</p>
            \(page.hasCalendarFeed ? "<p><a class=\"button button--secondary\" href=\"\(ProfilePaths.notifications)#calendar-title\">See your calendar link</a></p>" as HTML : """
                <form method="post" action="\(ProfilePaths.calendarFeed)">\(csrf.field)<button class="button button--secondary" type="submit">Make a calendar link</button></form>
                """)
          </section>
          <p class="muted small">You can change all of this later in <a href="\(ProfilePaths.notifications)">Profile › Notification settings</a>.</p>
          <div class="form-actions">
            \(skip(label: "Done", primary: true, csrf: csrf))
            \(skip(label: "Skip", csrf: csrf))
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
}

import Foundation

extension ProfilePages.Browser {
    /// The row of a signed-in browser, its dates on the member's clock.
    init(_ browser: SignedInBrowser, timeZone: TimeZone, now: Date, t: Words) {
        let lastSeen = browser.lastSeenAt.map { Self.momentText($0, in: timeZone, now: now, t: t) } ?? "—"
        self.init(
            name: BrowserName.of(userAgent: browser.userAgent, t: t),
            address: browser.address ?? "—",
            signedIn: Self.momentText(browser.signedInAt, in: timeZone, now: now, t: t),
            seen: browser.isCurrent
                ? t["profile.sessions.active_now"] : t["profile.sessions.last_seen", ["moment": lastSeen]],
            isCurrent: browser.isCurrent,
            handle: browser.handle
        )
    }

    /// "Today at 09:14", "Yesterday at 21:40" or "12 Nov 2026", on a clock in `timeZone`.
    static func momentText(_ date: Date, in timeZone: TimeZone, now: Date, t: Words) -> String {
        let day = CalendarDay.today(in: timeZone, now: date)
        let today = CalendarDay.today(in: timeZone, now: now)
        let minute = Calendar.minute(of: date, in: timeZone)
        let time = zeroPadded(minute / 60, 2) + ":" + zeroPadded(minute % 60, 2)
        if day == today { return t["profile.sessions.today_at", ["time": time]] }
        if day == today.adding(days: -1) { return t["profile.sessions.yesterday_at", ["time": time]] }
        return t.date(day)
    }
}

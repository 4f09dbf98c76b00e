import Foundation

extension NotificationPages.Day {
    /// Notifications (newest first) grouped by the day they were recorded, in the user's time zone.
    static func grouped(_ notifications: [Reminder], user: User, today: CalendarDay, t: Words) -> [Self] {
        let zone = user.calendarTimeZone
        var days: [(CalendarDay, [NotificationPages.Item])] = []
        for notification in notifications {
            let day = CalendarDay.today(in: zone, now: notification.createdAt)
            let minute = Calendar.minute(of: notification.createdAt, in: zone)
            let item = NotificationPages.Item(
                id: notification.id ?? 0,
                title: notification.kind == .badge
                    ? t["notifications.reminders.badge", ["stash": notification.title]] : notification.title,
                body: notification.kind == .badge
                    ? [badgeBody(notification, t: t)] : notification.body.split(separator: "\n").map(String.init),
                time: String(format: "%02d:%02d", minute / 60, minute % 60),
                unread: notification.readAt == nil
            )
            if days.last?.0 == day {
                days[days.count - 1].1.append(item)
            } else {
                days.append((day, [item]))
            }
        }
        return days.map { day, items in
            let title =
                day == today
                ? t["notifications.today"]
                : day == today.adding(days: -1) ? t["notifications.yesterday"] : t.weekdayDate(day)
            return Self(title: title, items: items)
        }
    }

    /// "November 2026 · +10 points": the month a badge was earned for (its note is due on the month's last day).
    private static func badgeBody(_ notification: Reminder, t: Words) -> String {
        let month = CalendarDay(notification.dueOn).map { t.month($0.monthValue) } ?? notification.dueOn
        let points = t.plural("shell.celebration.points", count: Badge.pointsPerBadge)
        return t["notifications.reminders.badge_body", ["month": month, "points": points]]
    }
}

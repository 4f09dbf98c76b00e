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
                title: notification.title,
                body: notification.body.split(separator: "\n").map(String.init),
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
}

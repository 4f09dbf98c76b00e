/// The paths of the notification list.
enum NotificationPaths {
    static let index = "/notifications"
    static let readAll = "/notifications/read"
    static let read = PathPattern("/notifications/:id/read")
    /// A user's calendar feed, named by its secret.
    static let calendarFeed = PathPattern("/calendar/:token")
}

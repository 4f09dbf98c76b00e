/// The paths of the notification list.
enum NotificationPaths {
    static let index = "/notifications"
    static let readAll = "/notifications/read"
    static let read = PathPattern("/notifications/:id/read")
    /// Opening a notification: marks it read and goes on to where its subject can be acted on.
    static let open = PathPattern("/notifications/:id/open")
    /// A user's calendar feed, named by its secret.
    static let calendarFeed = PathPattern("/calendar/:token")
}

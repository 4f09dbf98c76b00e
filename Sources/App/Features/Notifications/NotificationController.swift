import Foundation
import Hummingbird

/// The notification list: the reminders the engine recorded, grouped by day, with mark read and mark all read.
struct NotificationController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(NotificationPaths.index, use: index)
        group.post(NotificationPaths.readAll, use: readAll)
        group.post(NotificationPaths.read, use: read)
        group.get(NotificationPaths.open, use: open)
    }

    /// `GET /notifications`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let notifications = try context.store.notifications()
        let page = NotificationPages.IndexPage(
            days: NotificationPages.Day.grouped(
                notifications,
                user: context.user,
                today: context.member.today,
                t: context.words
            ),
            // The exact count the bell shows (the list holds only the newest notifications).
            unreadCount: context.unreadNotifications ?? notifications.filter { $0.readAt == nil }.count
        )
        let t = context.words
        return pages.page(title: t["notifications.title"], section: nil, context: context) { shell in
            NotificationPages.index(page, csrf: shell.csrf, t: shell.t)
        }
    }

    /// `POST /notifications/:id/read`
    @Sendable func read(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self),
            try await context.store.markNotificationRead(id: id, at: now())
        else { throw HTTPError(.notFound) }
        return pages.redirect(to: NotificationPaths.index)
    }

    /// `GET /notifications/:id/open`: the list's link (and a push's) to a notification. It marks it read and
    /// redirects to where its subject can be acted on; another member's id is a 404.
    @Sendable func open(request: Request, context: MemberContext) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self),
            let notification = try await context.store.openNotification(id: id, at: now())
        else { throw HTTPError(.notFound) }
        return pages.redirect(to: notification.destination)
    }

    /// `POST /notifications/read`
    @Sendable func readAll(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let marked = try await context.store.markAllNotificationsRead(at: now())
        return pages.redirect(
            to: NotificationPaths.index,
            flash: .success(t.plural("notifications.marked_read", count: marked))
        )
    }
}

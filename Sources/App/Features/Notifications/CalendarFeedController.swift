import Foundation
import Hummingbird

/// Each user's reminders as an iCalendar feed at a secret URL, for phones and calendar apps to subscribe to:
/// benefit period ends, coupon expiries, renewals and annual fees over the next year, each with an alarm at the
/// user's lead time. Served outside the session (a calendar app has no cookie); a wrong or revoked secret is a 404.
struct CalendarFeedController {
    let database: AppDatabase
    let now: @Sendable () -> Date

    /// How far ahead the feed looks.
    static let horizonDays = 366

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(NotificationPaths.calendarFeed, use: feed)
    }

    /// `GET /calendar/:token`
    @Sendable func feed(request: Request, context: AppRequestContext) async throws -> Response {
        guard let token = context.parameters.get("token"), CSRFMiddleware.isWellFormed(token),
              let userId = try await database.calendarFeedUser(token: token),
              let text = try await Self.calendar(database: database, userId: userId, now: now(),
                                                 host: request.head.authority ?? "localhost")
        else { throw HTTPError(.notFound) }
        return Response(status: .ok,
                        headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The user's feed as iCalendar text (nil when the user is gone).
    /// `host` (the server's name as the calendar app reached it) makes the events' UIDs unique beyond this server.
    static func calendar(database: AppDatabase, userId: Int64, now: Date, host: String = "localhost") async throws -> String? {
        guard let user = try await database.user(id: userId) else { return nil }
        let store = database.for(userId: userId)
        let lead = try await store.walletSettings().leadDays
        let rules = ReminderRules(user: user, today: user.today(now: now), leadDays: horizonDays)
        let events = try await store.walletDue(rules).compactMap { item -> ICalendar.Event? in
            guard let day = CalendarDay(item.dueOn) else { return nil }
            // One UID per subject and due day (a benefit's last call is the same event), per user and server.
            let uid = "\(item.subject.replacingOccurrences(of: ":", with: "-"))-\(item.dueOn)-u\(userId)@\(host)"
            // The text of an event stays true on every day: the date instead of "in 3 days".
            let title = item.kind == .benefitLastCall ? item.title.replacingOccurrences(of: "Last day: ", with: "Use your ")
                : item.title
            return ICalendar.Event(uid: uid, day: day, summary: title, description: "\(title), due \(day.mediumTitle).",
                                   alarmDaysBefore: lead)
        }
        return ICalendar(name: "Stashify reminders", events: events).text(now: now)
    }
}


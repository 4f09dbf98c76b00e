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
              let text = try await Self.calendar(database: database, userId: userId, now: now())
        else { throw HTTPError(.notFound) }
        return Response(status: .ok,
                        headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The user's feed as iCalendar text (nil when the user is gone).
    static func calendar(database: AppDatabase, userId: Int64, now: Date) async throws -> String? {
        guard let user = try await database.user(id: userId) else { return nil }
        let store = database.for(userId: userId)
        let lead = try await store.walletSettings().leadDays
        let rules = ReminderRules(user: user, today: user.today(now: now), leadDays: horizonDays)
        let events = try await store.walletDue(rules).compactMap { item -> ICalendar.Event? in
            guard let day = CalendarDay(item.dueOn) else { return nil }
            let uid = "\(item.subject.replacingOccurrences(of: ":", with: "-"))-\(item.kind.rawValue)-\(item.dueOn)@stashify"
            return ICalendar.Event(uid: uid, day: day, summary: item.title, description: item.body, alarmDaysBefore: lead)
        }
        return ICalendar(name: "Stashify reminders", events: events).text(now: now)
    }
}


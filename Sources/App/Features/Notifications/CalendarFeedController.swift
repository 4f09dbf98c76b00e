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
              let user = try await database.user(id: userId)
        else { throw HTTPError(.notFound) }
        let now = now()
        let store = database.for(userId: userId)
        let lead = try await store.walletSettings().leadDays
        let rules = ReminderRules(user: user, today: user.today(now: now), leadDays: Self.horizonDays)
        let events = try await store.walletDue(rules).compactMap { item -> ICalendar.Event? in
            guard let day = CalendarDay(item.dueOn) else { return nil }
            return ICalendar.Event(uid: "\(item.kind.rawValue)-\(item.subject.replacingOccurrences(of: ":", with: "-"))-\(item.dueOn)@stashify",
                                   day: day, summary: item.title, description: item.body, alarmDaysBefore: lead)
        }
        let text = ICalendar(name: "Stashify reminders", events: events).text(now: now)
        return Response(status: .ok,
                        headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

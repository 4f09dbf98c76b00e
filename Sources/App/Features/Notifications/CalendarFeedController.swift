import Foundation
import HTTPTypes
import Hummingbird

/// Each user's reminders as an iCalendar feed at a secret URL, for phones and calendar apps to subscribe to:
/// benefit period ends, coupon expiries, renewals and annual fees over the next year, each with an alarm at the
/// user's lead time. Served outside the session (a calendar app has no cookie); a wrong or revoked secret is a 404.
package struct CalendarFeedController {
    let database: AppDatabase
    let now: @Sendable () -> Date
    /// The address members reach the server at (`AppConfig.publicBase`), for each event's link and its UID: never
    /// the request's Host header, which whoever sends the request chooses.
    var publicBase = "http://localhost"
    /// Every language's words: each feed speaks its member's language.
    var catalogue = Catalogue(entries: [:])

    /// How far ahead the feed looks.
    static let horizonDays = 366

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(NotificationPaths.calendarFeed, use: feed)
    }

    /// `GET /calendar/:token`
    @Sendable func feed(request: Request, context: AppRequestContext) async throws -> Response {
        guard let token = context.parameters.get("token"), CSRFMiddleware.isWellFormed(token),
            let userId = try database.calendarFeedUser(token: token),
            let text = try Self.calendar(
                database: database,
                userId: userId,
                now: now(),
                host: URL(string: publicBase)?.host ?? "localhost",
                base: publicBase,
                catalogue: catalogue
            )
        else { throw HTTPError(.notFound) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// The user's feed as iCalendar text (nil when the user is gone): each benefit period's end (snoozed ones too)
    /// named with its card, coupon expiries, every renewal and annual fees, up to a year ahead, each linking to its
    /// page at `base`. `host` (the server's name as the calendar app reached it) makes the events' UIDs unique
    /// beyond this server.
    package static func calendar(
        database: AppDatabase,
        userId: Int64,
        now: Date,
        host: String = "localhost",
        base: String = "http://localhost"
    ) throws -> String? {
        try calendar(
            database: database,
            userId: userId,
            now: now,
            host: host,
            base: base,
            catalogue: .init(entries: [:])
        )
    }

    /// The feed in the member's language, from `catalogue`.
    static func calendar(
        database: AppDatabase,
        userId: Int64,
        now: Date,
        host: String = "localhost",
        base: String = "http://localhost",
        catalogue: Catalogue
    ) throws -> String? {
        guard let user = try database.user(id: userId) else { return nil }
        let t = Words(.named(user.language), region: .named(user.region), catalogue: catalogue)
        let store = database.for(userId: userId)
        let lead = try store.walletSettings().leadDays
        let today = user.today(now: now)
        let last = today.adding(days: horizonDays)
        let rules = ReminderRules(user: user, today: today, leadDays: horizonDays, t: t)
        let zone = user.calendarTimeZone
        let items = try store.read { member in
            let snapshot = try MemberStore.walletSnapshot(member, cardId: nil, today: today)
            let cards = WalletState.cards(snapshot, today: today, timeZone: zone)
            return Self.benefits(cards, through: last, timeZone: zone)
                + rules.coupons(try MemberStore.openCoupons(member, today: today, through: last, limit: 500))
                + Self.renewals(try MemberStore.subscriptions(member), rules: rules, through: last, t: t)
                + rules.annualFees(snapshot.cards)
        }
        let events = items.compactMap { item -> ICalendar.Event? in
            guard let day = CalendarDay(item.dueOn) else { return nil }
            // One UID per subject and due day, per user and server.
            let uid = "\(item.subject.replacingOccurrences(of: ":", with: "-"))-\(item.dueOn)-u\(userId)@\(host)"
            return ICalendar.Event(
                uid: uid,
                day: day,
                summary: item.title,
                description: t["notifications.calendar.description", ["title": item.title, "day": t.weekdayDate(day)]],
                alarmDaysBefore: lead,
                url: base + item.path
            )
        }
        let scheduled = try Self.schedules(
            store,
            user: user,
            userId: userId,
            today: today,
            host: host,
            base: base,
            t: t
        )
        return ICalendar(name: t["notifications.calendar.name"], events: events + scheduled).text(now: now)
    }

    /// Each schedule still running as one event repeating by its rule from its first day. A day skipped, moved or
    /// moved off a weekend within the year ahead is left out of the rule and, unless skipped, is an event of its own
    /// on the day it posts.
    static func schedules(
        _ store: MemberStore,
        user: User,
        userId: Int64,
        today: CalendarDay,
        host: String,
        base: String,
        t: Words
    ) throws -> [ICalendar.Event] {
        // A subscription's renewals are events of their own already.
        let (schedules, rows, owners) = try store.read { member in
            (
                try MemberStore.schedules(member), try MemberStore.upcomingRows(member),
                try MemberStore.scheduleOwners(member)
            )
        }
        return schedules.flatMap { schedule -> [ICalendar.Event] in
            let owner = schedule.id.flatMap { owners[$0] }
            if case .subscription = owner { return [] }
            guard let id = schedule.id, schedule.nextOn != nil, let rule = schedule.recurrence,
                let start = schedule.start, let first = rule.next(start: start, onOrAfter: start)
            else { return [] }
            let summary = t[
                "schedules.calendar.summary",
                ["name": schedule.name, "amount": user.money(schedule.typicalCents)]
            ]
            let last = today.adding(days: horizonDays)
            // A weekend moves a rule day by two days at most.
            let coming = MemberStore.upcoming(schedule, rows: rows[id] ?? [], through: last.adding(days: 2), limit: 400)
                .filter { $0.postOn <= last }
            let apart = coming.filter { $0.state == .skipped || $0.postOn != $0.dueOn }
            let path = base + (owner?.editPath ?? SchedulePaths.edit(id))
            let series = ICalendar.Event(
                uid: "schedule-\(id)-u\(userId)@\(host)",
                day: first,
                summary: summary,
                description: t["schedules.calendar.description", ["rule": ScheduleRules.words(schedule, t: t)]],
                alarmDaysBefore: 0,
                url: path,
                rule: rule.text,
                exceptions: apart.map(\.dueOn).sorted()
            )
            return [series]
                + apart.filter { $0.state != .skipped }.map { next in
                    ICalendar.Event(
                        uid: "schedule-\(id)-\(next.dueOn)-u\(userId)@\(host)",
                        day: next.postOn,
                        summary: t[
                            "schedules.calendar.summary",
                            ["name": schedule.name, "amount": user.money(next.amountCents ?? schedule.typicalCents)]
                        ],
                        description: t["schedules.calendar.moved", ["date": t.date(next.dueOn)]],
                        alarmDaysBefore: 0,
                        url: path
                    )
                }
        }
    }

    /// Each benefit's open period (snoozed or not) and the periods after it through `last`, as "Hotel Credit —
    /// Platinum" on the period's last day. Cards with their reminders off are left out.
    static func benefits(_ cards: [CardState], through last: CalendarDay, timeZone: TimeZone) -> [Reminder] {
        cards.filter(\.card.notify).flatMap { card in
            card.benefits.flatMap { state -> [Reminder] in
                guard let id = state.benefit.id, let cardId = card.card.id else { return [] }
                let benefit = state.benefit
                var windows = state.isOpen ? [state.window] : []
                var window = state.window
                while true {
                    window = benefit.period.window(
                        containing: window.end.adding(days: 1),
                        anniversary: card.card.anniversary,
                        added: benefit.addedOn(in: timeZone)
                    )
                    guard window.end <= last, windows.count < 400 else { break }
                    windows.append(window)
                }
                return windows.map { window in
                    Reminder(
                        id: nil,
                        userId: card.card.userId,
                        kind: .benefit,
                        subject: "benefit:\(id)",
                        dueOn: window.end.description,
                        title: "\(benefit.name) — \(card.card.name)",
                        body: "",
                        path: WalletPaths.card(cardId),
                        createdAt: .distantPast,
                        readAt: nil
                    )
                }
            }
        }
    }

    /// Every renewal of each subscription from today through `last`.
    static func renewals(
        _ subscriptions: [Subscription],
        rules: ReminderRules,
        through last: CalendarDay,
        t: Words
    ) -> [Reminder] {
        subscriptions.flatMap { subscription -> [Reminder] in
            guard let id = subscription.id, let start = CalendarDay(subscription.renewsOn) else { return [] }
            var days: [CalendarDay] = []
            var next = subscription.frequency.nextRenewal(from: start, onOrAfter: rules.today)
            while next <= last, days.count < 400 {
                days.append(next)
                next = subscription.frequency.nextRenewal(from: start, onOrAfter: next.adding(days: 1))
            }
            return days.map { day in
                Reminder(
                    id: nil,
                    userId: subscription.userId,
                    kind: .renewal,
                    subject: "subscription:\(id)",
                    dueOn: day.description,
                    title: t["notifications.reminders.renewal", ["name": subscription.name]],
                    body: "",
                    path: WalletPaths.tracker,
                    createdAt: .distantPast,
                    readAt: nil
                )
            }
        }
    }
}

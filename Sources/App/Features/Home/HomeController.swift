import Foundation
import Hummingbird

/// Home: the month at a glance — overview, the stash list or the calendar, a day's entries, quick add.
struct HomeController {
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let walletWidgets: WalletWidgets.Cache
    let safeToSpend: SafeToSpend.Cache

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(HomePaths.index, use: index)
        group.post(HomePaths.view, use: setView)
    }

    /// `GET /?month=YYYY-MM&day=YYYY-MM-DD`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let t = context.words
        let userId = context.member.id
        let now = self.now()
        let today = context.member.today
        let query = request.uri.queryParameters
        let selectedDay = query["day"].flatMap { CalendarDay(String($0)) }
        let month = query["month"].flatMap { Month(String($0)) } ?? selectedDay?.monthValue ?? today.monthValue
        let view = selectedDay != nil ? .calendar : user.homeView
        let greeting = Self.greeting(
            hour: Calendar.hour(of: now, in: user.calendarTimeZone),
            name: user.firstName,
            t: t
        )
        let walletInputs = WalletWidgets.Inputs(user: user, today: today, t: t)
        let keptWallet = walletWidgets.entry(userId: userId, key: walletInputs)
        let data = try context.store.homeData(
            user: user,
            month: month,
            today: today,
            view: view,
            day: selectedDay,
            walletRevision: keptWallet?.revision,
            safeCache: safeToSpend
        )
        let summaries = data.summaries
        let here = HomePaths.home(month: month == today.monthValue ? nil : month, day: selectedDay)

        var cards: [StashCard] = []
        var weeks: [HomePages.CalendarWeek] = []
        var drawer: HomePages.DayDrawer?
        if view == .list {
            cards = summaries.map {
                StashCard($0, user: user, t: t, quickAmounts: data.quickAmounts[$0.stash.id ?? 0] ?? [], returnTo: here)
            }
        } else if !summaries.isEmpty {
            // What the schedules bring in the next 30 days, on their days of the month shown.
            let first = max(today, month.firstDay)
            let last = min(today.adding(days: 30), month.lastDay)
            let coming = first <= last ? try context.store.coming(from: first, through: last) : []
            weeks = Self.weeks(
                month: month,
                activity: data.activity,
                scheduled: Set(coming.map(\.day)),
                today: today,
                selected: selectedDay,
                t: t
            )
            let comingThatDay = coming.filter { $0.day == selectedDay }.map { item in
                HomePages.DayUpcoming(
                    name: item.name,
                    amount: item.signedAmount(user),
                    href: SchedulePaths.edit(item.scheduleId)
                )
            }
            if let selectedDay, let rows = data.dayEntries {
                drawer = HomePages.DayDrawer(
                    day: selectedDay,
                    month: month == today.monthValue ? nil : month,
                    title: t.weekdayDate(selectedDay),
                    upcoming: comingThatDay,
                    entries: rows.map { row in
                        HomePages.DayEntry(
                            id: row.entry.id ?? 0,
                            inStash: row.entry.stashId != nil,
                            amount: (row.entry.kind == .saving ? "+" : "−") + user.money(row.entry.amountCents),
                            kindClass: row.entry.kind == .saving ? "amount--saved" : "amount--spent",
                            stashName: row.label.isEmpty ? t["home.day.uncategorized"] : row.label,
                            note: row.entry.note.isEmpty ? nil : row.entry.note
                        )
                    },
                    more: DayList.moreLink(
                        shown: rows.count,
                        of: data.activity[selectedDay.description]?.entryCount ?? 0,
                        on: selectedDay,
                        t: t
                    )
                )
            }
        }

        // Every stash is listed, so a past month can be filled in; the month's figures count the stashes that existed
        // then (or have entries in it): the others had nothing to meet.
        let counted = summaries.filter {
            $0.stash.counts(month, entryCount: $0.progress.entryCount, timeZone: user.calendarTimeZone)
        }
        let save = counted.filter { $0.stash.kind == .save }
        let spend = counted.filter { $0.stash.kind == .spend }
        let completed = counted.filter { $0.progress.isCompleted }.count
        let isCurrent = month == today.monthValue
        let overview = HomePages.Overview(
            completedText: counted.isEmpty
                ? t["home.overview.none_yet", ["month": t.month(month)]]
                : isCurrent
                    ? t.plural(
                        "home.overview.completed_this_month",
                        count: counted.count,
                        ["completed": t.format.number(completed)]
                    )
                    : t.plural(
                        "home.overview.completed_in_month",
                        count: counted.count,
                        ["completed": t.format.number(completed), "month": t.month(month)]
                    ),
            savedLabel: t["home.overview.saved_label"],
            savedText: t[
                "home.overview.amount_of_target",
                [
                    "total": user.money(save.reduce(0) { $0 + $1.progress.totalCents }),
                    "target": user.money(save.reduce(0) { $0 + $1.progress.targetCents }),
                ]
            ],
            spentLabel: t["home.overview.spent_label"],
            spentText: t[
                "home.overview.amount_of_target",
                [
                    "total": user.money(spend.reduce(0) { $0 + $1.progress.totalCents }),
                    "target": user.money(spend.reduce(0) { $0 + $1.progress.targetCents }),
                ]
            ],
            hasSave: !save.isEmpty,
            hasSpend: !spend.isEmpty
        )
        // What the schedules posted or queued since Home last said so, said once.
        let away = try await context.store.takeAwaySummary(now: now)
        let page = HomePages.HomePage(
            away: away.isEmpty ? nil : Self.awayText(away, t: t),
            greeting: greeting,
            month: month,
            isCurrentMonth: isCurrent,
            hasStashes: !summaries.isEmpty,
            overview: overview,
            toggles: [
                HomePages.ViewToggle(value: "list", label: t["home.view.list"], current: view == .list),
                HomePages.ViewToggle(value: "calendar", label: t["home.view.calendar"], current: view == .calendar),
            ],
            isList: view == .list,
            cards: cards,
            weeks: weeks,
            drawer: drawer,
            quickDate: today.description,
            states: [.stashes(context.words), .income(context.words)],
            summary: SummaryCards(
                balances: data.balances,
                balanceAtEnd: data.balanceAtEnd,
                totals: data.totals,
                safeCents: data.safe?.cents,
                user: user,
                month: month,
                today: today,
                t: t
            ),
            wallet: WalletWidgets.resolve(
                data.wallet,
                kept: keptWallet,
                inputs: walletInputs,
                cache: walletWidgets,
                userId: userId
            )
        )
        return pages.page(title: t["home.title"], section: .home, context: context) {
            HomePages.home(page, t: $0.t, csrf: $0.csrf)
        }
    }

    /// `POST /home/view`: switches between list and calendar and remembers the choice.
    @Sendable func setView(request: Request, context: MemberContext) async throws -> Response {
        var user = context.user
        let input = try await request.decodeForm(ViewInput.self, context: context)
        guard let view = HomeView(rawValue: input.view ?? "") else {
            let t = context.words
            throw HTTPError(.badRequest, message: t["home.view.invalid"])
        }
        user.homeView = view
        try await context.store.update(user, columns: ["homeView"])
        return pages.redirect(to: input.returnTo.flatMap(Paths.safeReturnPath) ?? HomePaths.index)
    }

    /// The month as weeks, from the first day of the week where the member lives, with a dot per kind of activity.
    static func weeks(
        month: Month,
        activity: [String: DayActivity],
        scheduled: Set<CalendarDay> = [],
        today: CalendarDay,
        selected: CalendarDay?,
        t: Words
    ) -> [HomePages.CalendarWeek] {
        let first = month.firstDay
        let leading = t.dates.column(of: first)
        var cells: [HomePages.CalendarCell] = Array(
            repeating: HomePages.CalendarCell(
                date: nil,
                saved: false,
                spent: false,
                scheduled: false,
                today: false,
                selected: false,
                label: ""
            ),
            count: leading
        )
        for day in 1...month.dayCount {
            guard let date = CalendarDay(year: month.year, month: month.month, day: day) else { continue }
            let key = date.description
            let saved = (activity[key]?.savedCents ?? 0) > 0
            let spent = (activity[key]?.spentCents ?? 0) > 0
            let dayLabel =
                switch (saved, spent) {
                case (true, true): t["home.calendar.day_both", ["day": t.weekdayDate(date)]]
                case (true, false): t["home.calendar.day_saved", ["day": t.weekdayDate(date)]]
                case (false, true): t["home.calendar.day_spent", ["day": t.weekdayDate(date)]]
                case (false, false): t.weekdayDate(date)
                }
            let isScheduled = scheduled.contains(date)
            let label = isScheduled ? t["home.calendar.with_scheduled", ["day": dayLabel]] : dayLabel
            cells.append(
                HomePages.CalendarCell(
                    date: date,
                    saved: saved,
                    spent: spent,
                    scheduled: isScheduled,
                    today: date == today,
                    selected: date == selected,
                    label: label
                )
            )
        }
        while cells.count % 7 != 0 {
            cells.append(
                HomePages.CalendarCell(
                    date: nil,
                    saved: false,
                    spent: false,
                    scheduled: false,
                    today: false,
                    selected: false,
                    label: ""
                )
            )
        }
        return stride(from: 0, to: cells.count, by: 7).map { HomePages.CalendarWeek(cells: Array(cells[$0..<$0 + 7])) }
    }

    /// "Good morning, Alex", by the hour on the member's clock.
    static func greeting(hour: Int, name: String, t: Words) -> String {
        switch hour {
        case 5..<12: t["home.greeting.morning", ["name": name]]
        case 12..<18: t["home.greeting.afternoon", ["name": name]]
        case 18..<23: t["home.greeting.evening", ["name": name]]
        default: t["home.greeting.other", ["name": name]]
        }
    }
}

extension Calendar {
    /// The hour of `date` on a clock in `timeZone`.
    static func hour(of date: Date, in timeZone: TimeZone) -> Int {
        minute(of: date, in: timeZone) / 60
    }

    /// The minute of the day (0 to 1439) of `date` on a clock in `timeZone`.
    static func minute(of date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSince1970 + TimeInterval(timeZone.secondsFromGMT(for: date))
        let secondOfDay = local - (local / 86_400).rounded(.down) * 86_400
        return Int(secondOfDay / 60)
    }

}

extension HomeController {
    /// "While you were away: 3 payments posted, 1 to confirm."
    static func awayText(_ away: AwaySummary, t: Words) -> String {
        switch (away.posted, away.pending) {
        case (0, let pending): t.plural("home.away.pending", count: pending)
        case (let posted, 0): t.plural("home.away.posted", count: posted)
        case (let posted, let pending):
            t[
                "home.away.both",
                [
                    "posted": t.plural("home.away.posted_part", count: posted),
                    "pending": t.plural("home.away.pending_part", count: pending),
                ]
            ]
        }
    }
}

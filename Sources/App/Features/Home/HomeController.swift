import Foundation
import Hummingbird

/// Home: the month at a glance — overview, the stash list or the calendar, a day's entries, quick add.
struct HomeController {
    let pages: PageRenderer
    let now: @Sendable () -> Date
    let walletWidgets: WalletWidgets.Cache

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get(HomePaths.index, use: index)
        group.post(HomePaths.view, use: setView)
    }

    /// `GET /?month=YYYY-MM&day=YYYY-MM-DD`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let userId = context.member.id
        let now = self.now()
        let today = context.member.today
        let query = request.uri.queryParameters
        let selectedDay = query["day"].flatMap { CalendarDay(String($0)) }
        let month = query["month"].flatMap { Month(String($0)) } ?? selectedDay?.monthValue ?? today.monthValue
        let view = selectedDay != nil ? .calendar : user.homeView
        let greeting = "\(Self.greeting(hour: Calendar.hour(of: now, in: user.calendarTimeZone))), \(user.firstName)"
        let walletInputs = WalletWidgets.Inputs(user: user, today: today)
        let keptWallet = walletWidgets.entry(userId: userId, key: walletInputs)
        let data = try context.store.homeData(
            month: month,
            today: today,
            view: view,
            day: selectedDay,
            walletRevision: keptWallet?.revision
        )
        let summaries = data.summaries
        let here = HomePaths.home(month: month == today.monthValue ? nil : month, day: selectedDay)

        var cards: [StashCard] = []
        var weeks: [HomePages.CalendarWeek] = []
        var drawer: HomePages.DayDrawer?
        if view == .list {
            cards = summaries.map {
                StashCard($0, user: user, quickAmounts: data.quickAmounts[$0.stash.id ?? 0] ?? [], returnTo: here)
            }
        } else if !summaries.isEmpty {
            weeks = Self.weeks(month: month, activity: data.activity, today: today, selected: selectedDay)
            if let selectedDay, let rows = data.dayEntries {
                drawer = HomePages.DayDrawer(
                    day: selectedDay,
                    month: month == today.monthValue ? nil : month,
                    title: selectedDay.mediumTitle,
                    entries: rows.map { row in
                        HomePages.DayEntry(
                            id: row.entry.id ?? 0,
                            inStash: row.entry.stashId != nil,
                            amount: (row.entry.kind == .saving ? "+" : "−") + user.money(row.entry.amountCents),
                            kindClass: row.entry.kind == .saving ? "amount--saved" : "amount--spent",
                            stashName: row.label.isEmpty ? "Uncategorized" : row.label,
                            note: row.entry.note.isEmpty ? nil : row.entry.note
                        )
                    },
                    more: DayList.moreLink(
                        shown: rows.count,
                        of: data.activity[selectedDay.description]?.entryCount ?? 0,
                        on: selectedDay
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
                ? "None of your stashes existed yet in \(month.title)."
                : isCurrent
                    ? "You've completed \(completed) of \(counted.count) \(counted.count == 1 ? "stash" : "stashes") this month"
                    : "You completed \(completed) of \(counted.count) \(counted.count == 1 ? "stash" : "stashes") in \(month.title)",
            savedLabel: LedgerTotals.StashesOnly.saved,
            savedText:
                "\(user.money(save.reduce(0) { $0 + $1.progress.totalCents })) of \(user.money(save.reduce(0) { $0 + $1.progress.targetCents }))",
            spentLabel: LedgerTotals.StashesOnly.spent,
            spentText:
                "\(user.money(spend.reduce(0) { $0 + $1.progress.totalCents })) of \(user.money(spend.reduce(0) { $0 + $1.progress.targetCents }))",
            hasSave: !save.isEmpty,
            hasSpend: !spend.isEmpty
        )
        let page = HomePages.HomePage(
            greeting: greeting,
            month: month,
            isCurrentMonth: isCurrent,
            hasStashes: !summaries.isEmpty,
            overview: overview,
            toggles: [
                HomePages.ViewToggle(value: "list", label: "List", current: view == .list),
                HomePages.ViewToggle(value: "calendar", label: "Calendar", current: view == .calendar),
            ],
            isList: view == .list,
            cards: cards,
            weeks: weeks,
            drawer: drawer,
            quickDate: today.description,
            states: [.stashes(context.words), .income(context.words)],
            summary: SummaryCards(balances: data.balances, totals: data.totals, user: user, month: month, today: today),
            wallet: WalletWidgets.resolve(
                data.wallet,
                kept: keptWallet,
                inputs: walletInputs,
                cache: walletWidgets,
                userId: userId
            )
        )
        return pages.page(title: "Home", section: .home, context: context) { HomePages.home(page, csrf: $0.csrf) }
    }

    /// `POST /home/view`: switches between list and calendar and remembers the choice.
    @Sendable func setView(request: Request, context: MemberContext) async throws -> Response {
        var user = context.user
        let input = try await request.decodeForm(ViewInput.self, context: context)
        guard let view = HomeView(rawValue: input.view ?? "") else {
            throw HTTPError(.badRequest, message: "Choose list or calendar.")
        }
        user.homeView = view
        try await context.store.update(user, columns: ["homeView"])
        return pages.redirect(to: input.returnTo.flatMap(Paths.safeReturnPath) ?? HomePaths.index)
    }

    /// The month as weeks from Monday to Sunday, with a dot per kind of activity.
    static func weeks(
        month: Month,
        activity: [String: DayActivity],
        today: CalendarDay,
        selected: CalendarDay?
    ) -> [HomePages.CalendarWeek] {
        let first = month.firstDay
        let leading = first.weekday - 1
        var cells: [HomePages.CalendarCell] = Array(
            repeating: HomePages.CalendarCell(
                date: nil,
                saved: false,
                spent: false,
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
            let what = [saved ? "savings" : nil, spent ? "spending" : nil].compactMap { $0 }.joined(separator: " and ")
            cells.append(
                HomePages.CalendarCell(
                    date: date,
                    saved: saved,
                    spent: spent,
                    today: date == today,
                    selected: date == selected,
                    label: date.mediumTitle + (what.isEmpty ? "" : ": " + what)
                )
            )
        }
        while cells.count % 7 != 0 {
            cells.append(
                HomePages.CalendarCell(
                    date: nil,
                    saved: false,
                    spent: false,
                    today: false,
                    selected: false,
                    label: ""
                )
            )
        }
        return stride(from: 0, to: cells.count, by: 7).map { HomePages.CalendarWeek(cells: Array(cells[$0..<$0 + 7])) }
    }

    static func greeting(hour: Int) -> String {
        switch hour {
        case 5..<12: "Good morning"
        case 12..<18: "Good afternoon"
        case 18..<23: "Good evening"
        default: "Hello"
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

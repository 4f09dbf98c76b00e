/// A day's list of entries on Home's calendar and in Statistics' daily view: the newest few, then a link to the rest
/// in the transactions list, so a busy day costs a page no more than a quiet one.
enum DayList {
    /// How many of a day's entries a page lists.
    static let shown = 20

    /// The link under the list when it shows only `shown` of the day's `count` entries.
    static func moreLink(
        shown: Int,
        of count: Int,
        on day: CalendarDay,
        kind: LedgerEntry.Kind? = nil,
        t: Words
    ) -> TextLink? {
        guard count > shown else { return nil }
        return TextLink(
            label: t.plural("shell.day_list.see_all", count: count),
            href: BudgetPaths.transactions(from: day, kind: kind)
        )
    }
}

import Views

extension TextLink {
    /// The link under a day's list when it shows only the newest `shown` of the day's `count` entries: the rest
    /// are in the transactions list, so a busy day costs a page no more than a quiet one.
    static func dayEntries(shown: Int, of count: Int, on day: CalendarDay, kind: Transaction.Kind? = nil) -> TextLink? {
        guard count > shown else { return nil }
        return TextLink(label: "See all \(count) entries of this day in Transactions",
                        href: BudgetPaths.transactions(from: day, kind: kind))
    }
}

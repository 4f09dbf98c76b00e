import Foundation

typealias LedgerItem = BudgetPages.LedgerItem
typealias LedgerDay = BudgetPages.LedgerDay
typealias MonthPicker = BudgetPages.MonthPicker
typealias SimpleFormPage = BudgetPages.SimpleFormPage

extension LedgerItem {
    /// One transaction as a list row: amount with its sign, what it was, and where it leads.
    init(_ row: LedgerRow, user: User, today: CalendarDay, returnTo: String? = nil) {
        let transaction = row.transaction
        let categoryName = row.categoryName ?? row.stashName ?? "Uncategorized"
        let kindLabel = LedgerItem.kindLabel(row)
        var parts = [transaction.note.isEmpty ? nil : categoryName, kindLabel].compactMap { $0 }
        if let stash = row.stashName, row.categoryName != nil { parts.append(stash) }
        if let account = row.accountName { parts.append(account) }
        let sign = transaction.kind == .expense ? "−" : "+"
        let amountClass =
            switch transaction.kind {
            case .income: "amount--income"
            case .expense: "amount--expense"
            case .saving: "amount--saving"
            }
        self.init(
            title: transaction.note.isEmpty ? categoryName : transaction.note,
            detail: parts.joined(separator: " · "),
            amount: sign + user.money(transaction.amountCents),
            amountClass: amountClass,
            id: transaction.id ?? 0,
            inStash: transaction.stashId != nil,
            returnTo: returnTo,
            icon: row.categoryIcon ?? "stash",
            swatch: CategoryPalette.swatchClass(row.categoryColor)
        )
    }

    /// Needs / Wants / Savings / Income, or the stash kind for stash rows without a category.
    static func kindLabel(_ row: LedgerRow) -> String {
        if let kind = row.categoryKind { return kind.label }
        switch row.transaction.kind {
        case .income: return "Income"
        case .saving: return "Savings"
        case .expense: return row.stashName != nil ? "Spending stash" : "Expense"
        }
    }

    /// "Today", "Yesterday" or "Sun, 22 Nov 2026".
    static func dayTitle(_ day: CalendarDay?, today: CalendarDay) -> String {
        guard let day else { return "" }
        if day == today { return "Today" }
        if day == today.adding(days: -1) { return "Yesterday" }
        return day.mediumTitle
    }
}

extension LedgerDay {
    /// Rows grouped by day, newest first as given, each under its heading (Today / Yesterday / date).
    static func group(_ rows: [LedgerRow], user: User, today: CalendarDay, returnTo: String? = nil) -> [LedgerDay] {
        var days: [LedgerDay] = []
        var open: (date: String, title: String, items: [LedgerItem])?
        for row in rows {
            let item = LedgerItem(row, user: user, today: today, returnTo: returnTo)
            if open?.date == row.transaction.date {
                open?.items.append(item)
            } else {
                if let open { days.append(LedgerDay(title: open.title, items: open.items)) }
                open = (row.transaction.date, LedgerItem.dayTitle(row.transaction.day, today: today), [item])
            }
        }
        if let open { days.append(LedgerDay(title: open.title, items: open.items)) }
        return days
    }
}

extension TabLink {
    /// The Budget sub-navigation: Expenses · Needs · Wants · Savings.
    static func budget(current: Category.Kind?, month: Month?) -> [TabLink] {
        [TabLink(label: "Expenses", href: BudgetPaths.expenses(month: month), current: current == nil)]
            + [Category.Kind.needs, .wants, .savings].map {
                TabLink(label: $0.label, href: BudgetPaths.tab($0, month: month), current: current == $0)
            }
    }
}

extension MonthPicker {
    init(_ target: Target, month: Month, today: CalendarDay) {
        self.init(target: target, month: month, isCurrentMonth: month == today.monthValue)
    }
}

/// The fixed colours and icons a category can have (FundFlow).
enum CategoryPalette {
    static let colors: [(value: String, label: String)] = [
        ("#16A34A", "Green"), ("#2563EB", "Blue"), ("#0EA5E9", "Sky"), ("#0891B2", "Teal"), ("#0D9488", "Emerald"),
        ("#7C3AED", "Violet"), ("#9333EA", "Purple"), ("#DB2777", "Pink"), ("#E11D48", "Rose"), ("#DC2626", "Red"),
        ("#EA580C", "Orange"), ("#F59E0B", "Amber"), ("#CA8A04", "Gold"), ("#6B6B6B", "Grey"),
    ]
    static let icons: [(value: String, label: String)] = [
        ("house", "House"), ("cart", "Cart"), ("bolt", "Bolt"), ("shield", "Shield"), ("car", "Car"),
        ("heart", "Heart"), ("fork", "Fork and knife"), ("ticket", "Ticket"), ("bag", "Bag"), ("repeat", "Repeat"),
        ("spark", "Spark"), ("star", "Star"), ("clock", "Clock"), ("plane", "Plane"), ("book", "Book"),
        ("chart", "Chart"), ("briefcase", "Briefcase"), ("paw", "Paw"), ("gift", "Gift"), ("dots", "Dots"),
    ]

    /// A colour from the palette, so a stored value can go into a class name or attribute safely.
    static func safe(_ color: String?) -> String {
        guard let color, colors.contains(where: { $0.value == color }) else { return "#6B6B6B" }
        return color
    }

    /// The CSS class of a palette colour (`swatch-16a34a`): no inline styles under the CSP.
    static func swatchClass(_ color: String?) -> String {
        "swatch-" + safe(color).dropFirst().lowercased()
    }
}

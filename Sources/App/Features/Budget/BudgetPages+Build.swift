import Foundation

typealias LedgerItem = BudgetPages.LedgerItem
typealias LedgerDay = BudgetPages.LedgerDay
typealias MonthPicker = BudgetPages.MonthPicker
typealias SimpleFormPage = BudgetPages.SimpleFormPage

extension LedgerItem {
    /// One transaction as a list row: amount with its sign, what it was, and where it leads. In an account's list
    /// (`accountId`) the sign is the account's: money in `+`, money out `−`; elsewhere a transfer has none.
    init(
        _ row: LedgerRow,
        user: User,
        today: CalendarDay,
        returnTo: String? = nil,
        accountId: Int64? = nil,
        t: Words
    ) {
        let transaction = row.transaction
        let categoryName =
            transaction.kind.isTransfer
            ? LedgerItem.transferTitle(row, t: t)
            : row.categoryName ?? row.stashName ?? t["budget.ledger.uncategorized"]
        let kindLabel = LedgerItem.kindLabel(row, t: t)
        // A transfer's title already names the other account; its detail says which way the money went.
        var parts = [transaction.note.isEmpty || transaction.kind.isTransfer ? nil : categoryName, kindLabel].compactMap
        {
            $0
        }
        if !transaction.payee.isEmpty { parts.insert(transaction.payee, at: 0) }
        if let stash = row.stashName, row.categoryName != nil { parts.append(stash) }
        if let account = row.accountName {
            // Where the money went from and to, once a second account is named.
            switch (transaction.kind, row.pairAccountName) {
            case (.transferIn, let from?): parts.append(t["budget.ledger.from_to", ["from": from, "to": account]])
            case (_, let to?): parts.append(t["budget.ledger.from_to", ["from": account, "to": to]])
            case (_, nil): parts.append(account)
            }
        }
        let sign =
            if accountId != nil {
                transaction.kind.isInflow ? "+" : "−"
            } else {
                switch transaction.kind {
                case .expense: "−"
                case .income, .saving: "+"
                case .transfer, .transferIn: ""
                }
            }
        let amountClass =
            switch transaction.kind {
            case .income: "amount--income"
            case .expense: "amount--expense"
            case .saving: "amount--saving"
            case .transfer, .transferIn: "amount--transfer"
            }
        if transaction.splitId != nil { parts.append(t["budget.ledger.split"]) }
        parts += transaction.tagList.map { "#" + $0 }
        self.init(
            title: transaction.note.isEmpty ? categoryName : transaction.note,
            detail: parts.joined(separator: " · "),
            amount: sign + user.money(transaction.amountCents),
            amountClass: amountClass,
            id: row.formId,
            inStash: row.formInStash,
            rowId: transaction.id ?? 0,
            returnTo: returnTo,
            icon: row.categoryIcon ?? (transaction.kind.isTransfer ? "transfer" : "stash"),
            swatch: CategoryPalette.swatchClass(row.categoryColor)
        )
    }

    /// The same row with its day before its detail (a list not grouped by day).
    func dated(_ day: String) -> LedgerItem {
        LedgerItem(
            title: title,
            detail: day + " · " + detail,
            amount: amount,
            amountClass: amountClass,
            id: id,
            inStash: inStash,
            rowId: rowId,
            returnTo: returnTo,
            icon: icon,
            swatch: swatch
        )
    }

    /// "Transfer to Savings" / "Transfer from Checking", or "Transfer" when the other account is gone.
    static func transferTitle(_ row: LedgerRow, t: Words) -> String {
        guard let other = row.pairAccountName else { return t["budget.ledger.transfer"] }
        return row.transaction.kind == .transferIn
            ? t["budget.ledger.transfer_from", ["name": other]] : t["budget.ledger.transfer_to", ["name": other]]
    }

    /// Needs / Wants / Savings / Income, or the stash kind for stash rows without a category.
    static func kindLabel(_ row: LedgerRow, t: Words) -> String {
        if let kind = row.categoryKind { return kind.label(t) }
        switch row.transaction.kind {
        case .income: return t["budget.kinds.income"]
        case .saving: return t["budget.kinds.savings"]
        case .expense: return row.stashName != nil ? t["budget.ledger.spending_stash"] : t["budget.ledger.expense"]
        case .transfer, .transferIn: return t["budget.ledger.transfer"]
        }
    }

    /// "Today", "Yesterday" or "Sun, 22 Nov 2026".
    static func dayTitle(_ day: CalendarDay?, today: CalendarDay, t: Words) -> String {
        guard let day else { return "" }
        if day == today { return t["budget.ledger.today"] }
        if day == today.adding(days: -1) { return t["budget.ledger.yesterday"] }
        return t.weekdayDate(day)
    }
}

extension LedgerDay {
    /// Rows grouped by day, newest first as given, each under its heading (Today / Yesterday / date).
    static func group(
        _ rows: [LedgerRow],
        user: User,
        today: CalendarDay,
        returnTo: String? = nil,
        t: Words
    ) -> [LedgerDay] {
        var days: [LedgerDay] = []
        var open: (date: String, title: String, items: [LedgerItem])?
        for row in rows {
            let item = LedgerItem(row, user: user, today: today, returnTo: returnTo, t: t)
            if open?.date == row.transaction.date {
                open?.items.append(item)
            } else {
                if let open { days.append(LedgerDay(title: open.title, items: open.items)) }
                open = (row.transaction.date, LedgerItem.dayTitle(row.transaction.day, today: today, t: t), [item])
            }
        }
        if let open { days.append(LedgerDay(title: open.title, items: open.items)) }
        return days
    }
}

extension TabLink {
    /// The Budget sub-navigation: Expenses · Needs · Wants · Savings.
    static func budget(current: Category.Kind?, month: Month?, t: Words) -> [TabLink] {
        [TabLink(label: t["budget.tabs.expenses"], href: BudgetPaths.expenses(month: month), current: current == nil)]
            + [Category.Kind.needs, .wants, .savings].map {
                TabLink(label: $0.label(t), href: BudgetPaths.tab($0, month: month), current: current == $0)
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
    static let colors = [
        "#16A34A", "#2563EB", "#0EA5E9", "#0891B2", "#0D9488", "#7C3AED", "#9333EA", "#DB2777", "#E11D48", "#DC2626",
        "#EA580C", "#F59E0B", "#CA8A04", "#6B6B6B",
    ]
    static let icons = [
        "house", "cart", "bolt", "shield", "car", "heart", "fork", "ticket", "bag", "repeat", "spark", "star", "clock",
        "plane", "book", "chart", "briefcase", "paw", "gift", "dots",
    ]

    /// A palette colour's name, for the colour picker's tooltip and screen readers.
    static func colorName(_ color: String, t: Words) -> String {
        switch color {
        case "#16A34A": t["budget.colors.green"]
        case "#2563EB": t["budget.colors.blue"]
        case "#0EA5E9": t["budget.colors.sky"]
        case "#0891B2": t["budget.colors.teal"]
        case "#0D9488": t["budget.colors.emerald"]
        case "#7C3AED": t["budget.colors.violet"]
        case "#9333EA": t["budget.colors.purple"]
        case "#DB2777": t["budget.colors.pink"]
        case "#E11D48": t["budget.colors.rose"]
        case "#DC2626": t["budget.colors.red"]
        case "#EA580C": t["budget.colors.orange"]
        case "#F59E0B": t["budget.colors.amber"]
        case "#CA8A04": t["budget.colors.gold"]
        default: t["budget.colors.grey"]
        }
    }

    /// An icon's name, for the icon picker's tooltip and screen readers.
    static func iconName(_ icon: String, t: Words) -> String {
        switch icon {
        case "house": t["budget.icons.house"]
        case "cart": t["budget.icons.cart"]
        case "bolt": t["budget.icons.bolt"]
        case "shield": t["budget.icons.shield"]
        case "car": t["budget.icons.car"]
        case "heart": t["budget.icons.heart"]
        case "fork": t["budget.icons.fork"]
        case "ticket": t["budget.icons.ticket"]
        case "bag": t["budget.icons.bag"]
        case "repeat": t["budget.icons.repeat"]
        case "spark": t["budget.icons.spark"]
        case "star": t["budget.icons.star"]
        case "clock": t["budget.icons.clock"]
        case "plane": t["budget.icons.plane"]
        case "book": t["budget.icons.book"]
        case "chart": t["budget.icons.chart"]
        case "briefcase": t["budget.icons.briefcase"]
        case "paw": t["budget.icons.paw"]
        case "gift": t["budget.icons.gift"]
        default: t["budget.icons.dots"]
        }
    }

    /// A colour from the palette, so a stored value can go into a class name or attribute safely.
    static func safe(_ color: String?) -> String {
        guard let color, colors.contains(color) else { return "#6B6B6B" }
        return color
    }

    /// The CSS class of a palette colour (`swatch-16a34a`): no inline styles under the CSP.
    static func swatchClass(_ color: String?) -> String {
        "swatch-" + safe(color).dropFirst().lowercased()
    }
}

// MARK: - Words for the Budget's kinds

extension Category.Kind {
    /// The kind's name in `t`'s language: a Budget tab, a category group, a transaction's type.
    func label(_ t: Words) -> String {
        switch self {
        case .income: t["budget.kinds.income"]
        case .needs: t["budget.kinds.needs"]
        case .wants: t["budget.kinds.wants"]
        case .savings: t["budget.kinds.savings"]
        }
    }
}

extension MoneyAccount.Kind {
    /// The account type's name in `t`'s language.
    func label(_ t: Words) -> String {
        switch self {
        case .checking: t["budget.account_kinds.checking"]
        case .savings: t["budget.account_kinds.savings"]
        case .creditCard: t["budget.account_kinds.credit_card"]
        case .cash: t["budget.account_kinds.cash"]
        case .other: t["budget.account_kinds.other"]
        }
    }
}

extension IncomeSource.Frequency {
    /// How often the income comes in, in `t`'s language.
    func label(_ t: Words) -> String {
        switch self {
        case .monthly: t["budget.frequency.monthly"]
        case .biweekly: t["budget.frequency.biweekly"]
        case .variable: t["budget.frequency.variable"]
        }
    }
}

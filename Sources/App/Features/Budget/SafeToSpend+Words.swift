import Foundation

/// How the "why this number" page and the PDF summary write safe to spend's lines, and where each one comes from.
extension SafeToSpend.Line {
    /// The groups of the sum, in the order they are listed.
    enum Group: Int, CaseIterable, Sendable {
        case accounts, income, obligations, savePlans, spendLeft, buffer

        func title(_ t: Words) -> String {
            switch self {
            case .accounts: t["safe.lines.accounts"]
            case .income: t["safe.lines.income"]
            case .obligations: t["safe.lines.obligations"]
            case .savePlans: t["safe.lines.save"]
            case .spendLeft: t["safe.lines.spend"]
            case .buffer: t["safe.lines.buffer"]
            }
        }
    }

    var group: Group {
        switch kind {
        case .account: .accounts
        case .income: .income
        case .obligation: .obligations
        case .savePlan: .savePlans
        case .spendLeft: .spendLeft
        case .buffer: .buffer
        }
    }

    /// What the line is: an account's, schedule's or stash's name, a card's fee, the buffer; with its day.
    func label(_ t: Words) -> String {
        let name: String
        switch kind {
        case .obligation(.card), .income(.card): name = t["safe.fee", ["card": self.name]]
        case .buffer: name = t["safe.lines.buffer"]
        default: name = self.name
        }
        return day.map { t["safe.dated", ["name": name, "date": t.dayMonth($0)]] } ?? name
    }

    /// The page the line comes from, where the member can check or change it.
    var href: String {
        switch kind {
        case .account(let id): BudgetPaths.account(id)
        case .income(.schedule(let id)), .obligation(.schedule(let id)): SchedulePaths.edit(id)
        case .income(.card(let id)), .obligation(.card(let id)): WalletPaths.card(id)
        case .savePlan(let id), .spendLeft(let id): StashPaths.stash(id)
        case .buffer: BudgetPaths.safeToSpend + "#buffer"
        }
    }
}

extension SafeToSpend {
    /// Until when it lasts: "Until Salary on 4 Dec." or "Until 1 Dec, the end of the month: no income is scheduled
    /// before then."
    func horizonText(_ t: Words) -> String {
        if let payday {
            return t["safe.until_income", ["name": payday.name, "date": t.dayMonth(payday.day)]]
        }
        return t["safe.until_month_end", ["date": t.dayMonth(horizon.adding(days: -1))]]
    }

    /// "About $12.00 a day for 9 days."
    func perDayText(_ t: Words, user: User) -> String {
        t.plural("safe.per_day", count: dayCount, ["amount": user.money(perDayCents)])
    }

    /// Why the forecast's low point is the figure, when it is.
    func dipText(_ t: Words, user: User) -> String? {
        dip.map { t["safe.dip", ["amount": user.money($0.balanceCents), "date": t.dayMonth($0.day)]] }
    }
}

import Foundation

/// The money the member can spend until their next income without missing a bill or a plan, and the forecast of
/// their spendable accounts it is checked against. These are the one definition; PRODUCT.md's *Safe to spend* says
/// the same in words.
///
/// - *Spendable accounts*: checking, cash and credit cards (a card's debt counts against it); savings and other
///   accounts are not spendable.
/// - *Horizon*: the next day an income schedule pays into a spendable account after today; without one, the first
///   day of next month. Never later than the forecast's last day (the end of next month).
/// - *Safe to spend* = the spendable accounts' balances
///   + income expected from today until the horizon
///   − every obligation due from today until the horizon: expense and saving schedules from a spendable account
///     (those into a stash are counted as that stash's plan instead) and wallet cards' annual fees
///   − what each save stash still plans to take: the rest of this month's target, and next month's whole target when
///     the horizon reaches into it
///   − what is left of each spend stash's allowance, spread evenly over the days left in its month, for the days
///     until the horizon
///   − the member's buffer.
///   If the forecast's lowest balance before the horizon, less the buffer, is lower, that is the figure instead.
/// - *Forecast*: each day from today to the end of next month, today's spendable balance with every scheduled
///   amount and card fee on its day, and the spend stashes' allowances spread over their days.
///
/// An occurrence waiting in "To confirm" counts as due today; what has posted is in the balances already.
struct SafeToSpend: Sendable, Equatable {
    /// Money expected to move on a day: a schedule's occurrence or a card's annual fee.
    struct Event: Sendable, Equatable {
        enum Source: Sendable, Equatable {
            case schedule(Int64)
            case card(Int64)
        }

        let day: CalendarDay
        let name: String
        /// `.income`, `.expense` or `.saving`.
        let kind: LedgerEntry.Kind
        /// The amount, never below zero; `signedCents` says which way it goes.
        let cents: Int64
        let source: Source
        /// The stash it goes into, if any.
        var stashId: Int64? = nil

        var signedCents: Int64 { kind == .income ? cents : -cents }
    }

    /// A stash and its month so far.
    struct StashPlan: Sendable, Equatable {
        let id: Int64
        let name: String
        let kind: Stash.Kind
        /// The monthly target (save) or allowance (spend).
        let targetCents: Int64
        /// Contributed (save) or spent (spend) this month.
        let doneCents: Int64

        var leftCents: Int64 { max(0, targetCents - doneCents) }
    }

    struct Account: Sendable, Equatable {
        let id: Int64
        let name: String
        let balanceCents: Int64
    }

    /// One line of the sum, as the "why this number" page lists it.
    struct Line: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case account(Int64)
            case income(Event.Source)
            case obligation(Event.Source)
            case savePlan(Int64)
            case spendLeft(Int64)
            case buffer
        }

        let kind: Kind
        let name: String
        /// The day it is due, for income and obligations.
        let day: CalendarDay?
        /// Added to the sum (below zero: taken from it).
        let cents: Int64
    }

    /// One day of the forecast.
    struct Day: Sendable, Equatable {
        let day: CalendarDay
        let balanceCents: Int64
    }

    let today: CalendarDay
    /// The first day after the period: the next income, or the first day of next month.
    let horizon: CalendarDay
    /// The income on the horizon's day, if the horizon is an income's day (else it is the month's end).
    let payday: Event?
    let lines: [Line]
    /// Every line added up.
    let sumCents: Int64
    /// The forecast's lowest day before the horizon, when its balance less the buffer is below the sum.
    let dip: Day?
    /// Safe to spend.
    let cents: Int64
    /// Each day from today to the end of next month.
    let forecast: [Day]

    /// The days from today until the horizon (at least one).
    var dayCount: Int { max(1, today.distance(to: horizon)) }

    /// Safe to spend shared over the days until the horizon, rounded down; nothing when it is below zero.
    var perDayCents: Int64 { max(0, cents) / Int64(dayCount) }

    /// The forecast's lowest day (the first of them when several tie).
    var lowest: Day? { forecast.min { $0.balanceCents < $1.balanceCents } }

    init(
        today: CalendarDay,
        accounts: [Account],
        events: [Event],
        stashes: [StashPlan],
        bufferCents: Int64
    ) {
        self.today = today
        let thisMonth = today.monthValue
        let lastDay = thisMonth.next.lastDay
        let events = events.filter { $0.day >= today && $0.day <= lastDay }.sorted { $0.day < $1.day }
        let payday = events.first { $0.kind == .income && $0.day > today }
        let horizon = payday?.day ?? thisMonth.next.firstDay
        self.horizon = horizon
        self.payday = payday
        let spend = stashes.filter { $0.kind == .spend }
        let save = stashes.filter { $0.kind == .save }
        let saveIds = Set(save.map(\.id))
        let spendIds = Set(spend.map(\.id))

        var lines = accounts.map {
            Line(kind: .account($0.id), name: $0.name, day: nil, cents: $0.balanceCents)
        }
        for event in events where event.day < horizon {
            if event.kind == .income {
                lines.append(Line(kind: .income(event.source), name: event.name, day: event.day, cents: event.cents))
                continue
            }
            // A schedule into a stash fills that stash's plan, which is counted below.
            if let stash = event.stashId, saveIds.contains(stash) || spendIds.contains(stash) { continue }
            lines.append(Line(kind: .obligation(event.source), name: event.name, day: event.day, cents: -event.cents))
        }
        let nextMonthStarts = horizon > thisMonth.next.firstDay
        for stash in save {
            let cents = stash.leftCents + (nextMonthStarts ? stash.targetCents : 0)
            if cents > 0 { lines.append(Line(kind: .savePlan(stash.id), name: stash.name, day: nil, cents: -cents)) }
        }
        let spread = Self.spread(spend, today: today, through: lastDay)
        for stash in spend {
            let cents = spread.reduce(Int64(0)) { total, day in
                day.day < horizon ? total + (day.cents[stash.id] ?? 0) : total
            }
            if cents > 0 { lines.append(Line(kind: .spendLeft(stash.id), name: stash.name, day: nil, cents: -cents)) }
        }
        if bufferCents > 0 { lines.append(Line(kind: .buffer, name: "", day: nil, cents: -bufferCents)) }
        self.lines = lines
        sumCents = lines.reduce(0) { $0 + $1.cents }

        var balance = accounts.reduce(Int64(0)) { $0 + $1.balanceCents }
        var days: [Day] = []
        var next = events.startIndex
        for (index, spent) in spread.enumerated() {
            let day = today.adding(days: index)
            while next < events.endIndex, events[next].day == day {
                balance += events[next].signedCents
                next += 1
            }
            balance -= spent.cents.values.reduce(0, +)
            days.append(Day(day: day, balanceCents: balance))
        }
        forecast = days
        let sumCents = self.sumCents
        let before = days.filter { $0.day < horizon }.min { $0.balanceCents < $1.balanceCents }
        if let before, before.balanceCents - bufferCents < sumCents {
            dip = before
            cents = before.balanceCents - bufferCents
        } else {
            dip = nil
            cents = sumCents
        }
    }

    /// Each day from `today` through `last` with what each spend stash is expected to spend on it: the rest of this
    /// month's allowance shared evenly over this month's days left, then each later month's whole allowance over its
    /// days. Whole cents: the shares of a month add up to its amount exactly.
    static func spread(
        _ stashes: [StashPlan],
        today: CalendarDay,
        through last: CalendarDay
    ) -> [(day: CalendarDay, cents: [Int64: Int64])] {
        let count = today.distance(to: last) + 1
        guard count > 0 else { return [] }
        var days = (0..<count).map { (day: today.adding(days: $0), cents: [Int64: Int64]()) }
        for stash in stashes {
            var index = 0
            while index < count {
                let month = days[index].day.monthValue
                let first = index
                while index < count, days[index].day.monthValue == month { index += 1 }
                let amount = month == today.monthValue ? stash.leftCents : stash.targetCents
                // The days of the month the spread covers: this month from today, a later one whole.
                let span = Int64(month == today.monthValue ? today.distance(to: month.lastDay) + 1 : month.dayCount)
                for offset in 0..<(index - first) {
                    let share = amount * Int64(offset + 1) / span - amount * Int64(offset) / span
                    if share != 0 { days[first + offset].cents[stash.id] = share }
                }
            }
        }
        return days
    }
}

import Foundation

/// A benefit in its current period on a given day: status, days left, urgency, and whether last period was missed.
struct BenefitState: Sendable {
    let benefit: CardBenefit
    let window: PeriodWindow
    let status: BenefitStatus
    let daysLeft: Int
    let urgency: Urgency
    let snoozed: Bool
    /// The use recorded for the current period, if any.
    let use: BenefitUse?
    /// The previous period ended unused (shown as expired for a month after it ended).
    let missedPrevious: PeriodWindow?

    /// Available (or expiring) and not snoozed: belongs in "expiring soon" lists.
    var isExpiringSoon: Bool { status == .expiringSoon && !snoozed }
    var isOpen: Bool { status == .available || status == .expiringSoon }
}

/// A card with the state of each of its benefits.
struct CardState: Sendable {
    let card: WalletCard
    let benefits: [BenefitState]

    var availableCents: Int64 { benefits.filter(\.isOpen).reduce(0) { $0 + $1.benefit.valueCents } }
    var expiringCount: Int { benefits.filter(\.isExpiringSoon).count }
    /// The most pressing urgency of its expiring benefits (standard when none).
    var urgency: Urgency { benefits.filter(\.isExpiringSoon).map(\.urgency).max() ?? .standard }
    var allUsed: Bool { !benefits.isEmpty && benefits.allSatisfy { $0.status == .used } }
}

enum WalletState {
    /// How long a missed period stays in the "Expired" list.
    static let expiredShownDays = 31

    /// The open, unsnoozed benefits of `cards` whose period ends by `last`, with their cards: the soonest first, then
    /// by name.
    static func ending(_ cards: [CardState], through last: CalendarDay) -> [(card: WalletCard, state: BenefitState)] {
        cards.flatMap { card in
            card.benefits.filter { $0.isOpen && !$0.snoozed && $0.window.end <= last }.map { (card.card, $0) }
        }
        .sorted { ($0.state.window.end, $0.state.benefit.name) < ($1.state.window.end, $1.state.benefit.name) }
    }

    /// Every card's state on `today` in `timeZone` (the user's), most urgent first, then most valuable (the top of
    /// the stack).
    static func cards(_ snapshot: WalletSnapshot, today: CalendarDay, timeZone: TimeZone) -> [CardState] {
        var usesByBenefit: [Int64: [String: BenefitUse]] = [:]
        for use in snapshot.uses { usesByBenefit[use.benefitId, default: [:]][use.periodStart] = use }
        var benefitsByCard: [Int64: [CardBenefit]] = [:]
        for benefit in snapshot.benefits { benefitsByCard[benefit.cardId, default: []].append(benefit) }
        let states = snapshot.cards.map { card in
            let anniversary = card.anniversary
            return CardState(
                card: card,
                benefits: (benefitsByCard[card.id ?? 0] ?? []).map { benefit in
                    state(
                        of: benefit,
                        anniversary: anniversary,
                        uses: usesByBenefit[benefit.id ?? 0] ?? [:],
                        today: today,
                        timeZone: timeZone
                    )
                }
            )
        }
        // Each card's sort key once, not at every comparison.
        return states.map { (state: $0, urgency: $0.urgency, available: $0.availableCents, id: $0.card.id ?? 0) }
            .sorted { a, b in
                if a.urgency != b.urgency { return a.urgency > b.urgency }
                if a.available != b.available { return a.available > b.available }
                return a.id < b.id
            }
            .map(\.state)
    }

    /// The periods whose uses a benefit's state needs on `today`: the current one, and the previous one only while
    /// it can still show as missed (up to `expiredShownDays` after it ended).
    static func periods(
        of period: BenefitPeriod,
        anniversary: CalendarDay?,
        added: CalendarDay? = nil,
        today: CalendarDay
    ) -> (current: PeriodWindow, previous: PeriodWindow?) {
        let current = period.window(containing: today, anniversary: anniversary, added: added)
        let previous = current.previous(period, anniversary: anniversary, added: added)
        return (current, previous.end.distance(to: today) <= expiredShownDays ? previous : nil)
    }

    static func state(
        of benefit: CardBenefit,
        anniversary: CalendarDay?,
        uses: [String: BenefitUse],
        today: CalendarDay,
        timeZone: TimeZone
    ) -> BenefitState {
        let added = benefit.addedOn(in: timeZone)
        let (window, previous) = periods(of: benefit.period, anniversary: anniversary, added: added, today: today)
        let use = uses[window.start.description]
        let status = BenefitStatus.of(window: window, today: today, used: use != nil)
        let days = window.daysLeft(from: today)
        let missed = previous.flatMap { previous in
            uses[previous.start.description] == nil && previous.end >= added ? previous : nil
        }
        return BenefitState(
            benefit: benefit,
            window: window,
            status: status,
            daysLeft: days,
            urgency: Urgency(daysLeft: days),
            snoozed: Snooze.isSnoozed(until: benefit.snoozedUntil.flatMap(CalendarDay.init), today: today),
            use: use,
            missedPrevious: missed
        )
    }
}

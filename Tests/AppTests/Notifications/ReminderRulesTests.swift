import Foundation
import Testing

@testable import App

/// What is due on a day, rule by rule, without a clock or a database.
@Suite("Reminder rules")
struct ReminderRulesTests {
    private let user = User(
        id: 1,
        name: "Ann Lee",
        email: "ann@example.com",
        passwordHash: "",
        location: nil,
        age: nil,
        salaryCents: nil,
        householdSize: nil,
        currency: "USD",
        timeZone: "UTC",
        theme: .system,
        createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0)
    )

    private func rules(_ today: String, lead: Int = 7) -> ReminderRules {
        ReminderRules(user: user, today: CalendarDay(today)!, leadDays: lead, t: TestApp.words(.en))
    }

    private func card(_ benefits: [CardBenefit], today: String) -> CardState {
        let card = WalletCard(
            id: 3,
            userId: 1,
            catalogueId: nil,
            name: "Gold",
            issuer: "Bank",
            nickname: "",
            gradientStart: "#000000",
            gradientEnd: "#111111",
            annualFeeCents: 25_000,
            feeDueOn: "2026-12-10",
            createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0)
        )
        return CardState(
            card: card,
            benefits: benefits.map {
                WalletState.state(
                    of: $0,
                    anniversary: card.anniversary,
                    uses: [:],
                    today: CalendarDay(today)!,
                    timeZone: TimeZone(identifier: "UTC")!
                )
            }
        )
    }

    private func benefit(_ id: Int64, snoozedUntil: String? = nil) -> CardBenefit {
        CardBenefit(
            id: id,
            cardId: 3,
            userId: 1,
            name: "Dining credit",
            details: "",
            valueCents: 1_000,
            period: .monthly,
            sortOrder: 0,
            snoozedUntil: snoozedUntil,
            createdAt: Date(timeIntervalSince1970: 0)
        )
    }

    @Test("a benefit is told within the lead time, with a last call on its final day, and not while snoozed")
    func benefits() {
        // Nov 20: 10 days left, outside a 7-day lead
        #expect(rules("2026-11-20").benefits([card([benefit(1)], today: "2026-11-20")]).isEmpty)
        // Nov 25: 5 days left
        let soon = rules("2026-11-25").benefits([card([benefit(1)], today: "2026-11-25")])
        #expect(soon.map(\.kind) == [.benefit])
        #expect(soon.first?.body == "$10.00 on Gold, 5 days left")
        #expect(soon.first?.dueOn == "2026-11-30")
        // Nov 30: the last call
        let last = rules("2026-11-30").benefits([card([benefit(1)], today: "2026-11-30")])
        #expect(last.map(\.kind) == [.benefitLastCall])
        #expect(last.first?.body == "$10.00 on Gold, today is the last day")
        // Snoozed until Dec 1: nothing this period
        #expect(
            rules("2026-11-25").benefits([card([benefit(1, snoozedUntil: "2026-12-01")], today: "2026-11-25")]).isEmpty
        )
    }

    @Test("an annual fee is told 30 days ahead; renewals and coupons within the lead time")
    func feesRenewalsCoupons() {
        let gold = card([], today: "2026-11-10").card
        #expect(rules("2026-11-09").annualFees([gold]).isEmpty, "31 days ahead")
        let fee = rules("2026-11-10").annualFees([gold])
        #expect(fee.first?.body == "$250.00, due in 30 days")
        let gym = Subscription(
            id: 4,
            userId: 1,
            name: "Gym",
            amountCents: 4_000,
            frequency: .monthly,
            renewsOn: "2026-01-28",
            cardId: 3,
            category: "Health",
            icon: "heart",
            createdAt: Date(),
            updatedAt: Date()
        )
        let renewal = rules("2026-11-21").renewals([gym], cards: [gold])
        #expect(renewal.first?.dueOn == "2026-11-28")
        #expect(renewal.first?.body == "$40.00 on Gold, renews in 7 days")
        #expect(renewal.first?.path == "/wallet/tracker", "the tracker, where it can be acted on, not its edit form")
        #expect(rules("2026-11-20").renewals([gym], cards: [gold]).isEmpty)
        let used = Coupon(
            id: 5,
            userId: 1,
            name: "Pizza",
            details: "",
            expiresOn: "2026-11-22",
            category: "Food",
            valueCents: nil,
            code: "",
            usedOn: "2026-11-20",
            createdAt: Date()
        )
        #expect(rules("2026-11-21").coupons([used]).isEmpty, "a used coupon is done")
    }

    @Test(
        "the nudge names save stashes behind pace with reminders on, weekly on the chosen day or monthly from the 15th"
    )
    func nudge() {
        func summary(_ id: Int64, _ name: String, reminder: Stash.Reminder, saved: Int64) -> StashSummary {
            StashSummary(
                stash: Stash(
                    id: id,
                    userId: 1,
                    name: name,
                    kind: .save,
                    goalCents: nil,
                    reward: "",
                    categoryId: nil,
                    reminder: reminder,
                    createdAt: Date(),
                    updatedAt: Date()
                ),
                progress: StashProgress(
                    kind: .save,
                    totalCents: saved,
                    entryCount: 1,
                    targetCents: 30_000,
                    monthClosed: false
                )
            )
        }
        let stashes = [
            summary(1, "Vacation Fund", reminder: .weekly, saved: 12_000),
            summary(2, "Quiet", reminder: .off, saved: 0),
            summary(3, "On track", reminder: .weekly, saved: 29_000),
            summary(4, "Car", reminder: .monthly, saved: 1_000),
        ]
        // Monday Nov 23 (day 23 of 30): Vacation Fund at 40 % and Car at 3 % are behind; Quiet is off; On track isn't
        let monday = rules("2026-11-23").nudge(stashes)
        #expect(monday.map(\.subject) == ["nudge:weekly"])
        #expect(monday.first?.title == "2 stashes are behind")
        #expect(
            monday.first?.body
                == "Vacation Fund is at 40 % with 7 days left — $180.00 to go\nCar is at 3 % with 7 days left — $290.00 to go"
        )
        #expect(monday.first?.dueOn == "2026-11-23")
        // Wednesday of the same week: the same Monday nudge (recorded once by its key)
        #expect(rules("2026-11-25").nudge(stashes).first?.dueOn == "2026-11-23")
        // On Wednesdays instead: seen from Monday the 23rd, last Wednesday (the 18th) is the due day
        var wednesday = rules("2026-11-23")
        wednesday.weekday = 3
        #expect(wednesday.nudge(stashes).first?.dueOn == "2026-11-18")
        // Monthly: nothing before the 15th, then due on the 15th; off: never
        var monthly = rules("2026-11-14")
        monthly.nudgeFrequency = "monthly"
        #expect(monthly.nudge(stashes).isEmpty)
        monthly = rules("2026-11-16")
        monthly.nudgeFrequency = "monthly"
        #expect(monthly.nudge(stashes).first?.dueOn == "2026-11-15")
        var off = rules("2026-11-23")
        off.nudgeFrequency = "off"
        #expect(off.nudge(stashes).isEmpty)
    }

    @Test("the monthly summary comes on the 1st, or later in the month's first week, not after")
    func summary() {
        let totals = LedgerTotals(savedCents: 30_000, spentCents: 120_000, incomeCents: 500_000, entryCount: 9)
        let first = rules("2026-12-01").summary(lastMonth: totals, badges: (count: 2, points: 20))
        #expect(first.first?.title == "November 2026 in numbers")
        #expect(first.first?.body == "Saved $300.00, spent $1,200.00. 2 badges, 20 points.")
        #expect(first.first?.dueOn == "2026-12-01")
        #expect(rules("2026-12-07").summary(lastMonth: totals, badges: (count: 0, points: 0)).count == 1)
        #expect(rules("2026-12-08").summary(lastMonth: totals, badges: (count: 0, points: 0)).isEmpty)
        // Across the year's end
        let january = rules("2027-01-01").summary(lastMonth: totals, badges: (count: 0, points: 0))
        #expect(january.first?.title == "December 2026 in numbers")
        #expect(january.first?.subject == "month:2026-12")
        #expect(january.first?.path == "/statistics?view=monthly&period=2026-12")
    }
}

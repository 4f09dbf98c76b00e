import Foundation
import Testing

@testable import App

@Suite("Benefit periods, urgency and snooze")
struct BenefitPeriodTests {
    func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test("monthly periods end on the month's last day, leap years included")
    func monthly() {
        #expect(
            BenefitPeriod.monthly.window(containing: day("2026-01-31"))
                == PeriodWindow(start: day("2026-01-01"), end: day("2026-01-31"))
        )
        #expect(BenefitPeriod.monthly.window(containing: day("2028-02-10")).end == day("2028-02-29"))
        #expect(BenefitPeriod.monthly.window(containing: day("2026-02-10")).end == day("2026-02-28"))
        #expect(
            BenefitPeriod.monthly.window(containing: day("2026-12-31")).previous(.monthly).start == day("2026-11-01")
        )
    }

    @Test("quarters end on 31 March, 30 June, 30 September, 31 December")
    func quarterly() {
        #expect(
            BenefitPeriod.quarterly.window(containing: day("2026-03-31"))
                == PeriodWindow(start: day("2026-01-01"), end: day("2026-03-31"))
        )
        #expect(
            BenefitPeriod.quarterly.window(containing: day("2026-04-01"))
                == PeriodWindow(start: day("2026-04-01"), end: day("2026-06-30"))
        )
        #expect(BenefitPeriod.quarterly.window(containing: day("2026-09-30")).start == day("2026-07-01"))
        #expect(
            BenefitPeriod.quarterly.window(containing: day("2026-11-22"))
                == PeriodWindow(start: day("2026-10-01"), end: day("2026-12-31"))
        )
        #expect(
            BenefitPeriod.quarterly.window(containing: day("2027-01-01")).previous(.quarterly).start
                == day("2026-10-01")
        )
    }

    @Test("semi-annual halves switch between 30 June and 1 July")
    func semiannual() {
        #expect(
            BenefitPeriod.semiannual.window(containing: day("2026-06-30"))
                == PeriodWindow(start: day("2026-01-01"), end: day("2026-06-30"))
        )
        #expect(
            BenefitPeriod.semiannual.window(containing: day("2026-07-01"))
                == PeriodWindow(start: day("2026-07-01"), end: day("2026-12-31"))
        )
        #expect(
            BenefitPeriod.semiannual.window(containing: day("2026-07-01")).previous(.semiannual).start
                == day("2026-01-01")
        )
    }

    @Test("annual periods follow the calendar year")
    func annual() {
        #expect(
            BenefitPeriod.annual.window(containing: day("2026-12-31"))
                == PeriodWindow(start: day("2026-01-01"), end: day("2026-12-31"))
        )
        #expect(BenefitPeriod.annual.window(containing: day("2027-01-01")).start == day("2027-01-01"))
    }

    @Test("card-year periods run from anniversary to the day before the next, 29 February included")
    func anniversary() {
        let march15 = day("2024-03-15")
        #expect(
            BenefitPeriod.anniversary.window(containing: day("2026-03-14"), anniversary: march15)
                == PeriodWindow(start: day("2025-03-15"), end: day("2026-03-14"))
        )
        #expect(
            BenefitPeriod.anniversary.window(containing: day("2026-03-15"), anniversary: march15)
                == PeriodWindow(start: day("2026-03-15"), end: day("2027-03-14"))
        )
        let leap = day("2024-02-29")
        #expect(
            BenefitPeriod.anniversary.window(containing: day("2026-02-28"), anniversary: leap)
                == PeriodWindow(start: day("2026-02-28"), end: day("2027-02-27"))
        )
        #expect(
            BenefitPeriod.anniversary.window(containing: day("2028-02-28"), anniversary: leap)
                == PeriodWindow(start: day("2027-02-28"), end: day("2028-02-28"))
        )
        #expect(
            BenefitPeriod.anniversary.window(containing: day("2028-02-29"), anniversary: leap).start
                == day("2028-02-29")
        )
        // Without an anniversary a card year is the calendar year.
        #expect(BenefitPeriod.anniversary.window(containing: day("2026-05-05")).start == day("2026-01-01"))
        #expect(CardYear.nextOccurrence(of: march15, onOrAfter: day("2026-03-16")) == day("2027-03-15"))
        #expect(CardYear.nextOccurrence(of: march15, onOrAfter: day("2026-03-15")) == day("2026-03-15"))
    }

    @Test(
        "urgency bands at 8, 7, 4, 3, 1 and 0 days left",
        arguments: [
            (8, Urgency.standard), (30, .standard), (7, .warning), (4, .warning), (3, .urgent), (1, .urgent),
            (0, .critical),
        ]
    )
    func urgency(days: Int, expected: Urgency) {
        #expect(Urgency(daysLeft: days) == expected)
    }

    @Test("status: available, expiring soon within 7 days, used, and it rolls over with the period")
    func status() {
        let window = BenefitPeriod.monthly.window(containing: day("2026-11-22"))
        #expect(BenefitStatus.of(window: window, today: day("2026-11-22"), used: false) == .available)
        #expect(BenefitStatus.of(window: window, today: day("2026-11-23"), used: false) == .expiringSoon)
        #expect(BenefitStatus.of(window: window, today: day("2026-11-30"), used: false) == .expiringSoon)
        #expect(BenefitStatus.of(window: window, today: day("2026-11-30"), used: true) == .used)
        #expect(BenefitStatus.of(window: window, today: day("2026-12-01"), used: false) == .expired)
    }

    @Test("the wallet reads the current period, and the previous one only while it can show as missed")
    func periodsRead() {
        let early = WalletState.periods(of: .monthly, anniversary: nil, today: day("2026-12-31"))
        #expect(early.current == PeriodWindow(start: day("2026-12-01"), end: day("2026-12-31")))
        #expect(early.previous == PeriodWindow(start: day("2026-11-01"), end: day("2026-11-30")))
        #expect(
            WalletState.periods(of: .quarterly, anniversary: nil, today: day("2026-10-31")).previous?.start
                == day("2026-07-01")
        )
        #expect(WalletState.periods(of: .quarterly, anniversary: nil, today: day("2026-11-01")).previous == nil)
        #expect(WalletState.periods(of: .annual, anniversary: nil, today: day("2026-11-22")).previous == nil)
    }

    @Test("a snooze lasts until its day starts")
    func snooze() {
        let until = day("2026-11-25")
        #expect(Snooze.isSnoozed(until: until, today: day("2026-11-24")))
        #expect(!Snooze.isSnoozed(until: until, today: day("2026-11-25")))
        #expect(!Snooze.isSnoozed(until: nil, today: day("2026-11-24")))
    }

    @Test("annual-fee return: net, percentage and what is left to break even")
    func feeReturn() {
        let gain = FeeReturn(redeemedCents: 87_500, feeCents: 55_000)
        #expect(gain.netCents == 32_500)
        #expect(gain.isPositive)
        #expect(gain.percent == 159)
        #expect(gain.toBreakEvenCents == 0)
        let loss = FeeReturn(redeemedCents: 12_000, feeCents: 69_500)
        #expect(loss.netCents == -57_500)
        #expect(!loss.isPositive)
        #expect(loss.percent == 17)
        #expect(loss.toBreakEvenCents == 57_500)
        #expect(FeeReturn(redeemedCents: 0, feeCents: 0).percent == nil)
    }
}

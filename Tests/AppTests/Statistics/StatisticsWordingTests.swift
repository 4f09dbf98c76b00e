import Testing

@testable import App

@Suite("Statistics wording")
struct StatisticsWordingTests {
    let month = StatisticsPeriod.month(Month(year: 2026, month: 11))
    let money: (Int64) -> String = { RegionFormat.of(.unitedStates).money($0, .usd) }
    let t = TestApp.words(.en)

    func sentence(_ kind: Stash.Kind, _ current: Int64, _ previous: Int64?, period: StatisticsPeriod? = nil) -> String {
        StatisticsWording.comparison(
            .init(name: "Vacation Fund", kind: kind, currentCents: current, previousCents: previous),
            period: period ?? month,
            t: t,
            money: money
        )
    }

    @Test("more, less and the same as the previous period")
    func changes() {
        #expect(sentence(.save, 12_000, 10_000) == "You saved 20% more than last month in Vacation Fund.")
        #expect(sentence(.save, 8_000, 10_000) == "You saved 20% less than last month in Vacation Fund.")
        #expect(sentence(.save, 10_001, 10_000) == "You saved about the same as last month in Vacation Fund.")
        #expect(sentence(.spend, 5_000, 10_000) == "You spent 50% less than last month on Vacation Fund.")
        #expect(
            sentence(.save, 30_000, 10_000, period: .year(2026))
                == "You saved 200% more than last year in Vacation Fund."
        )
        #expect(
            sentence(.save, 1_500, 1_000, period: .day(CalendarDay("2026-11-22")!))
                == "You saved 50% more than the day before in Vacation Fund."
        )
    }

    @Test("no previous data, zero to something, something to zero, nothing at all")
    func edges() {
        #expect(sentence(.save, 5_000, nil) == "No previous data for Vacation Fund yet: $50.00 saved this month.")
        #expect(sentence(.save, 5_000, 0) == "You saved $50.00 in Vacation Fund, up from nothing last month.")
        #expect(sentence(.spend, 0, 2_000) == "Nothing spent on Vacation Fund this month, down from $20.00 last month.")
        #expect(sentence(.save, 0, 0) == "Nothing saved in Vacation Fund this month or last month.")
    }

    @Test("allowance wording for spend stashes")
    func allowance() {
        func line(_ spent: Int64, _ allowance: Int64?, kind: Stash.Kind = .spend) -> String? {
            StatisticsWording.allowance(
                .init(
                    name: "Dining Out",
                    kind: kind,
                    currentCents: spent,
                    previousCents: nil,
                    allowanceCents: allowance
                ),
                t: t
            )
        }
        #expect(line(17_000, 20_000) == "Dining Out stayed 15% under its allowance.")
        #expect(line(22_000, 20_000) == "Dining Out went 10% over its allowance.")
        #expect(line(20_000, 20_000) == "Dining Out used exactly its allowance.")
        #expect(line(19_999, 20_000) == "Dining Out stayed just under its allowance.")
        #expect(line(0, 20_000) == "Dining Out stayed 100% under its allowance.")
        #expect(line(100, nil) == nil)
        #expect(line(100, 0) == nil)
        #expect(line(100, 200, kind: .save) == nil)
    }

    @Test("percent change rounds half away from zero")
    func rounding() {
        #expect(StatisticsWording.percentChange(from: 3, to: 4) == 33)
        #expect(StatisticsWording.percentChange(from: 200, to: 201) == 1)
        #expect(StatisticsWording.percentChange(from: 200, to: 199) == -1)
        #expect(StatisticsWording.percentChange(from: 0, to: 5) == 0)
    }

    @Test("insight sentences")
    func insights() {
        #expect(
            StatisticsWording.targetProgress(name: "Vacation Fund", percent: 75, t: t)
                == "You're at 75% of your Vacation Fund target."
        )
        #expect(
            StatisticsWording.completed(count: 2, points: 20, period: month, t: t)
                == "You completed 2 stashes in November 2026, earning 20 points."
        )
        #expect(
            StatisticsWording.completed(count: 0, points: 0, period: .day(CalendarDay("2026-11-21")!), t: t)
                == "No stashes completed on Sat, Nov 21, 2026 yet."
        )
    }

    @Test("periods parse, step and refuse what doesn't exist")
    func periods() {
        #expect(StatisticsPeriod.parse("2028-02-29", unit: .daily)?.next.value == "2028-03-01")
        #expect(StatisticsPeriod.parse("2027-02-29", unit: .daily) == nil)
        #expect(StatisticsPeriod.parse("2026-12", unit: .monthly)?.next.value == "2027-01")
        #expect(StatisticsPeriod.parse("2026-01", unit: .monthly)?.previous.value == "2025-12")
        #expect(StatisticsPeriod.parse("2026", unit: .yearly)?.months.count == 12)
        #expect(StatisticsPeriod.parse("0999", unit: .yearly) == nil)
        #expect(StatisticsPeriod.parse("9999-12", unit: .monthly) == nil)
        #expect(StatisticsPeriod.parse("2026-11", unit: .daily) == nil)
    }
}

@Suite("Chart helpers")
struct ChartHelperTests {
    @Test("axes round up to 1, 2, 2.5 or 5 times a power of ten; short amounts keep their sign")
    func axes() throws {
        #expect(Charts.niceCeiling(0) == 1)
        #expect(Charts.niceCeiling(7) == 10)
        #expect(Charts.niceCeiling(160_940) == 200_000)
        #expect(Charts.niceCeiling(230_000) == 250_000)
        #expect(Charts.niceCeiling(410_000) == 500_000)
        let user = User(
            id: 1,
            name: "A",
            email: "a@b.c",
            passwordHash: "",
            currency: "USD",
            timeZone: "UTC",
            theme: .system,
            createdAt: .init(),
            updatedAt: .init()
        )
        #expect(user.compactMoney(150_000) == "$1.5K")
        #expect(user.compactMoney(-50_000) == "-$500")
        #expect(user.compactMoney(250_000_000) == "$2.5M")
    }

    @Test("bars are drawn at one-decimal coordinates, with escaped labels and the series' classes")
    func barCoordinates() throws {
        let svg = Charts.bars(
            id: "c",
            title: "Saved <per> day",
            labels: ["Nov 1 & co"],
            tickLabels: ["1"],
            series: [Charts.Series(name: "Saved", colorClass: "chart__bar--saved", values: [50])],
            format: { String($0) },
            t: TestApp.words(.en)
        ).description
        #expect(svg.hasPrefix("<svg class=\"chart chart--bars\" viewBox=\"0 0 640.0 220.0\""))
        #expect(svg.contains("<title id=\"c-title\">Saved &lt;per&gt; day</title>"))
        #expect(
            svg.contains(
                "<rect class=\"chart__bar chart__bar--saved\" x=\"113.6\" y=\"12.0\" width=\"460.8\" height=\"182.0\"><title>Nov 1 &amp; co: saved 50</title></rect>"
            )
        )
        #expect(svg.contains("<text class=\"chart__axis\" x=\"50.0\" y=\"198.0\" text-anchor=\"end\">0</text>"))
        #expect(svg.hasSuffix("</svg>"))
        let spark = Charts.sparkline(id: "s", title: "t", values: [0, 10], highlight: 1).description
        #expect(spark.contains("points=\"6.0,54.0 294.0,6.0\""))
    }

    @Test(
        "a line goes below zero: the axis runs from a round figure under the lowest value, zero drawn as the baseline"
    )
    func lineBelowZero() throws {
        let svg = Charts.line(
            id: "n",
            title: "Balance",
            labels: ["Oct <1>", "Nov", "Dec"],
            tickLabels: ["Oct", "", "Dec"],
            values: [-300, 0, 1_000],
            format: { String($0) },
            tooltip: { "\($0): \($1)" }
        ).description
        #expect(svg.hasPrefix("<svg class=\"chart chart--line\" viewBox=\"0 0 640.0 220.0\""))
        // From −500 to 1,000 over 182 units: zero is a third of the way up
        #expect(svg.contains("<line class=\"chart__baseline\" x1=\"64.0\" x2=\"628.0\" y1=\"133.3\" y2=\"133.3\"/>"))
        #expect(svg.contains(">-500</text>") && svg.contains(">1000</text>"))
        #expect(svg.contains("points=\"64.0,169.7 346.0,133.3 628.0,12.0\""))
        #expect(svg.contains("<title>Oct &lt;1&gt;: -300</title>"))
        #expect(svg.contains("text-anchor=\"start\">Oct</text>") && svg.contains("text-anchor=\"end\">Dec</text>"))
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3)
    }
}

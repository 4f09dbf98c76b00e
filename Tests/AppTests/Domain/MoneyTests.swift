import Testing

@testable import App

@Suite("Money")
struct MoneyTests {
    @Test(
        "accepts the forms people type",
        arguments: [
            ("12", 1200), ("12.5", 1250), ("12.50", 1250), ("1,234.56", 123_456), ("0.01", 1), (" 7 ", 700),
            ("1,000,000", 100_000_000), ("0", 0),
        ] as [(String, Int64)]
    )
    func parsesValidAmounts(text: String, cents: Int64) throws {
        #expect(try Money.parse(text, currency: .usd, grammar: .point).get().cents == cents)
    }

    @Test(
        "a comma region reads the same amounts written its way, and a space region with any kind of space",
        arguments: [
            ("12,50", 1250), ("1.234,56", 123_456), ("1234,56", 123_456), ("12", 1200), ("1.000.000", 100_000_000),
        ] as [(String, Int64)]
    )
    func parsesCommaAmounts(text: String, cents: Int64) throws {
        #expect(try Money.parse(text, currency: .usd, grammar: .comma).get().cents == cents)
        let french = AmountGrammar(decimalSeparator: ",", groupingSeparator: "\u{202F}")
        let spaced = text.replacingOccurrences(of: ".", with: " ")
        #expect(try Money.parse(spaced, currency: .usd, grammar: french).get().cents == cents)
        #expect(
            try Money.parse(text.replacingOccurrences(of: ".", with: "\u{00A0}"), currency: .usd, grammar: french).get()
                .cents == cents
        )
    }

    @Test(
        "an amount written the other way round is refused with what the region expects, never read as another amount",
        arguments: [
            ("12.50", AmountGrammar.comma), ("1,234.56", .comma), ("12,50", .point), ("1.234,56", .point),
        ] as [(String, AmountGrammar)]
    )
    func otherConvention(text: String, grammar: AmountGrammar) {
        #expect(throws: AmountGrammar.Failure.otherConvention) {
            try Money.parse(text, currency: .usd, grammar: grammar).get()
        }
        #expect(
            grammar.message(.otherConvention, t: TestApp.words(.en))
                == (grammar == .comma
                    ? "Write amounts like 12,50 or 1.234,56 here: “,” marks the decimals."
                    : "Write amounts like 12.50 or 1,234.56 here: “.” marks the decimals.")
        )
    }

    @Test(
        "refuses anything else with a clear reason",
        arguments: [
            ("", AmountGrammar.Failure.empty), ("abc", .invalid), ("12.", .invalid), (".5", .invalid),
            ("1,23", .otherConvention), ("12,34", .otherConvention), ("1,2345", .invalid), ("-5", .negative),
            ("−12.50", .negative), ("-", .invalid),
            ("1.234", .tooManyDecimals(2)),
            ("12.5.1", .invalid), ("1e5", .invalid), ("99999999999999", .tooLarge), ("1,000,000,001", .tooLarge),
            ("$5", .invalid),
        ] as [(String, AmountGrammar.Failure)]
    )
    func rejectsInvalidAmounts(text: String, error: AmountGrammar.Failure) {
        #expect(throws: error) { try Money.parse(text, currency: .usd, grammar: .point).get() }
    }

    @Test(
        "a search box's text finds the amounts it could mean",
        arguments: [
            ("32", [3200]), ("$32.00", [3200]), ("32.00 $", [3200]), ("USD 32", [3200]), ("32,00", [3200]),
            ("32,5", [3250]),
            ("1,234", [123_400]), ("1,234.50", [123_450]), ("32,000", [3_200_000]), ("groceries", []), ("0", []),
            ("-5", []),
        ] as [(String, [Int64])]
    )
    func searchAmounts(text: String, amounts: [Int64]) {
        #expect(Money.searchAmounts(text, currency: .usd, grammar: .point) == amounts)
    }

    @Test("a billion is the largest amount; progress percent never overflows")
    func limits() throws {
        #expect(try Money.parse("1,000,000,000.00", currency: .usd, grammar: .point).get().cents == 100_000_000_000)
        let huge = StashProgress(kind: .save, totalCents: .max / 2, entryCount: 1, targetCents: 1, monthClosed: false)
        #expect(huge.percent == 9_999)
        let big = StashProgress(
            kind: .spend,
            totalCents: 200_000_000_000_000_000,
            entryCount: 1,
            targetCents: 100_000_000_000_000_000,
            monthClosed: true
        )
        #expect(big.percent == 200)
        #expect(big.isOverBudget)
    }

    @Test("respects each currency's decimals")
    func currencyDecimals() throws {
        let yen = try #require(Currency.find("JPY"))
        let dinar = try #require(Currency.find("KWD"))
        #expect(try Money.parse("1,200", currency: yen, grammar: .point).get().cents == 1200)
        #expect(throws: AmountGrammar.Failure.tooManyDecimals(0)) {
            try Money.parse("1.5", currency: yen, grammar: .point).get()
        }
        #expect(try Money.parse("1.234", currency: dinar, grammar: .point).get().cents == 1234)
        #expect(try Money.parse("1.234", currency: yen, grammar: .comma).get().cents == 1234)
    }

    @Test("formats for reading and for form fields, in the United States and Germany")
    func formatting() throws {
        let us = RegionFormat(region: .unitedStates)
        let germany = RegionFormat(region: try #require(Region("de-DE")))
        let yen = try #require(Currency.find("JPY"))
        let dinar = try #require(Currency.find("KWD"))
        #expect(us.money(123_456, .usd) == "$1,234.56")
        #expect(us.money(-500, .usd) == "-$5.00")
        #expect(us.money(7, .usd) == "$0.07")
        #expect(us.money(1_200, yen) == "¥1,200")
        #expect(us.money(0, .usd) == "$0.00")
        #expect(us.money(100_000_000, .usd) == "$1,000,000.00")
        #expect(us.money(Int64.min, .usd) == "-$92,233,720,368,547,758.08")
        #expect(us.moneyRounded(84_700, .usd) == "$847")
        #expect(us.moneyRounded(84_750, .usd) == "$847.50")
        #expect(Money(cents: 123_456, currency: .usd).formValue == "1234.56")
        #expect(Money(cents: 5, currency: .usd).formValue == "0.05")
        #expect(Money(cents: 1234, currency: dinar).formValue == "1.234")
        #expect(us.amountValue(123_456, .usd) == "1234.56")
        #expect(germany.money(123_456, .usd) == "1.234,56\u{00A0}$")
        #expect(germany.moneyRounded(84_700, .usd) == "847\u{00A0}$")
        #expect(germany.amountValue(123_456, .usd) == "1234,56")
        #expect(germany.number(1_234) == "1.234")
        #expect(germany.percent(42) == "42\u{00A0}%")
        #expect(us.percent(42) == "42%")
    }
}

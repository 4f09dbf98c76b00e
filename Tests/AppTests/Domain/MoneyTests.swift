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
        #expect(try Money.parse(text, currency: .usd).get().cents == cents)
    }

    @Test(
        "refuses anything else with a clear reason",
        arguments: [
            ("", Money.ParseError.empty), ("abc", .invalid), ("12.", .invalid), (".5", .invalid), ("1,23", .invalid),
            ("12,34", .invalid), ("1,2345", .invalid), ("-5", .negative), ("−12.50", .negative), ("-", .invalid),
            ("1.234", .tooManyDecimals(2)),
            ("12.5.1", .invalid), ("1e5", .invalid), ("99999999999999", .tooLarge), ("1,000,000,001", .tooLarge),
            ("$5", .invalid),
        ] as [(String, Money.ParseError)]
    )
    func rejectsInvalidAmounts(text: String, error: Money.ParseError) {
        #expect(throws: error) { try Money.parse(text, currency: .usd).get() }
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
        #expect(Money.searchAmounts(text, currency: .usd) == amounts)
    }

    @Test("a billion is the largest amount; progress percent never overflows")
    func limits() throws {
        #expect(try Money.parse("1,000,000,000.00", currency: .usd).get().cents == 100_000_000_000)
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
        #expect(try Money.parse("1,200", currency: yen).get().cents == 1200)
        #expect(throws: Money.ParseError.tooManyDecimals(0)) { try Money.parse("1.5", currency: yen).get() }
        #expect(try Money.parse("1.234", currency: dinar).get().cents == 1234)
    }

    @Test("formats for reading and for form fields")
    func formatting() throws {
        #expect(Money(cents: 123_456, currency: .usd).formatted == "$1,234.56")
        #expect(Money(cents: -500, currency: .usd).formatted == "−$5.00")
        #expect(Money(cents: 7, currency: .usd).formatted == "$0.07")
        #expect(Money(cents: 1_200, currency: try #require(Currency.find("JPY"))).formatted == "¥1,200")
        #expect(Money(cents: 123_456, currency: .usd).formValue == "1234.56")
        #expect(Money(cents: 5, currency: .usd).formValue == "0.05")
        #expect(Money(cents: 1234, currency: try #require(Currency.find("KWD"))).formValue == "1.234")
        #expect(Money(cents: 0, currency: .usd).formatted == "$0.00")
        #expect(Money(cents: 100_000_000, currency: .usd).formatted == "$1,000,000.00")
        #expect(Money(cents: 99_999, currency: .usd).formatted == "$999.99")
        #expect(Money(cents: -1_234_567, currency: try #require(Currency.find("KWD"))).formatted == "−KWD 1,234.567")
        #expect(Money(cents: Int64.min, currency: .usd).formatted == "−$92,233,720,368,547,758.08")
        #expect(Money(cents: 0, currency: try #require(Currency.find("JPY"))).formatted == "¥0")
    }

    @Test("every amount reads as its digits grouped in threes, in every currency")
    func formattingMatchesDigits() throws {
        var rng = SeededGenerator(seed: 11)
        for currency in Currency.all {
            for _ in 0..<2_000 {
                let cents =
                    Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &rng)
                    >> Int.random(in: 0...40, using: &rng)
                // The reference: the plain digits, split at the decimals, commas counted from the right.
                let digits = String(cents.magnitude)
                let padded = String(repeating: "0", count: max(0, currency.minorUnits + 1 - digits.count)) + digits
                let major = String(padded.dropLast(currency.minorUnits))
                var grouped = ""
                for (index, digit) in major.enumerated() {
                    if index > 0 && (major.count - index) % 3 == 0 { grouped += "," }
                    grouped.append(digit)
                }
                let minor = currency.minorUnits > 0 ? "." + padded.suffix(currency.minorUnits) : ""
                let expected = (cents < 0 ? "−" : "") + currency.symbol + grouped + minor
                #expect(Money(cents: cents, currency: currency).formatted == expected)
            }
        }
    }
}

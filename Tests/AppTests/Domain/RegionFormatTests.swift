import Foundation
import Testing

@testable import App

/// Amounts and numbers as each region writes them: the app's fast shapes against Foundation's own formatters for
/// every offered region and currency, against Babel (an independent CLDR implementation) for the four main regions,
/// and what the app prints parsing back to the same cents.
@Suite("Region formats")
struct RegionFormatTests {
    static let amounts: [Int64] = [
        0, 1, 5, 99, 100, 999, 1_000, 1_234, 9_999, 12_345, 99_999, 100_000, 123_456, 999_999, 1_234_567,
        12_345_678, 100_000_000, 123_456_789_012, -1, -500, -123_456, -99_999_999,
    ]

    static func foundation(_ cents: Int64, _ currency: Currency, _ locale: Locale) -> String {
        let value = Decimal(
            sign: cents < 0 ? .minus : .plus,
            exponent: -currency.minorUnits,
            significand: Decimal(cents.magnitude)
        )
        let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
            .precision(.fractionLength(currency.minorUnits))
        return value.formatted(style)
    }

    @Test("money is written as Foundation writes it, in every offered region and currency")
    func moneyMatchesFoundation() {
        for region in Region.offered {
            let format = RegionFormat(region: region)
            for currency in Currency.all {
                for cents in Self.amounts {
                    #expect(
                        format.money(cents, currency) == Self.foundation(cents, currency, format.locale),
                        "\(region) \(currency.code) \(cents)"
                    )
                }
            }
        }
    }

    @Test("whole numbers and whole amounts are written as Foundation writes them")
    func numbersMatchFoundation() {
        for region in Region.offered {
            let format = RegionFormat(region: region)
            for value in [0, 7, 42, 999, 1_000, 1_234, 12_345, 1_234_567, -1_234] {
                #expect(format.number(value) == value.formatted(IntegerFormatStyle<Int>(locale: format.locale)))
                #expect(
                    format.percent(value) == value.formatted(IntegerFormatStyle<Int>.Percent(locale: format.locale))
                )
            }
            for currency in Currency.all {
                let whole = 1_234 * currency.scale
                let expected = Self.foundation(whole, currency, format.locale)
                let rounded = format.moneyRounded(whole, currency)
                if currency.minorUnits == 0 {
                    #expect(rounded == expected)
                } else {
                    // The same, without the minor digits and their separator.
                    #expect(rounded.count < expected.count && rounded.contains("234"), "\(region) \(currency.code)")
                }
                #expect(format.moneyRounded(whole + 50, currency) == format.money(whole + 50, currency))
            }
        }
    }

    @Test("what the app prints in a region, the region's form reads back to the same cents")
    func roundTrips() {
        for region in Region.offered {
            let format = RegionFormat(region: region)
            for currency in Currency.all {
                for cents in Self.amounts where cents >= 0 && cents / currency.scale <= AmountGrammar.maximumMajorUnits
                {
                    let printed = format.money(cents, currency)
                    // The number as printed, without the currency's symbol around it.
                    let number = printed.drop { !$0.isNumber }.reversed().drop { !$0.isNumber }.reversed()
                    #expect(
                        format.amounts.parse(String(number), minorUnits: currency.minorUnits) == .success(cents),
                        "\(region) \(currency.code) \(printed)"
                    )
                    #expect(
                        format.amounts.parse(format.amountValue(cents, currency), minorUnits: currency.minorUnits)
                            == .success(cents)
                    )
                }
            }
        }
    }

    // MARK: - Babel

    /// Babel's answers to `cases` (`Tests/Formats/cldr.py` says what each case is).
    static func babel(_ cases: [[String: Any]]) throws -> [Any] {
        try Oracle.answers("cldr.py", cases)
    }

    /// Only the kind of space differs between CLDR implementations (a narrow or a plain no-break space).
    static func spaces(_ text: String) -> String {
        String(text.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 })
    }

    static let main = ["en-US", "de-DE", "fr-FR", "es-ES"].compactMap(Region.init)

    @Test("money and numbers agree with Babel in the United States, Germany, France and Spain")
    func moneyMatchesBabel() throws {
        let currencies = ["USD", "EUR", "GBP", "JPY", "CHF", "KWD"].compactMap(Currency.find)
        var cases: [[String: Any]] = []
        var ours: [String] = []
        for region in Self.main {
            let format = RegionFormat(region: region)
            for currency in currencies {
                for cents in Self.amounts {
                    cases.append([
                        "kind": "money", "locale": region.identifier, "cents": cents, "currency": currency.code,
                        "minorUnits": currency.minorUnits,
                    ])
                    ours.append(format.money(cents, currency))
                }
            }
            for value in [0, 42, 999, 1_234, 12_345, 1_234_567] {
                cases.append(["kind": "number", "locale": region.identifier, "value": value])
                ours.append(format.number(value))
            }
        }
        let theirs = try Self.babel(cases)
        #expect(theirs.count == ours.count)
        for (index, (mine, babel)) in zip(ours, theirs).enumerated() {
            var expected = Self.spaces(babel as? String ?? "")
            // Babel doesn't apply CLDR's currency spacing either: a symbol made of letters (`CHF`, `KWD`) is set
            // apart from the digits by a space (`CHF 12.50`), as ICU, and so Foundation, write it.
            expected = expected.replacing(/(\p{L})(\d)/) { "\($0.1) \($0.2)" }.replacing(/(\d)(\p{L})/) {
                "\($0.1) \($0.2)"
            }
            // Babel doesn't apply CLDR's minimum grouping digits: Spanish leaves four-digit numbers ungrouped
            // (`1234,56 €`), as Foundation and the Real Academia Española do; Babel writes `1.234,56 €`.
            if cases[index]["locale"] as? String == "es-ES" {
                expected = expected.replacing(/^(-?)(\d)\.(\d{3})(?!\d|\.)/) { "\($0.1)\($0.2)\($0.3)" }
            }
            #expect(Self.spaces(mine) == expected, "\(cases[index])")
        }
    }

    @Test("shortened amounts for charts agree with Babel's compact currency format")
    func compactMoneyMatchesBabel() throws {
        let currencies = ["USD", "EUR", "JPY"].compactMap(Currency.find)
        let amounts: [Int64] = [
            0, 99_900, 100_000, 150_000, 2_100_000, 99_950_000, 210_000_000, -150_000, 1_230_000_000,
        ]
        var cases: [[String: Any]] = []
        var ours: [String] = []
        for region in Self.main {
            let format = RegionFormat(region: region)
            for currency in currencies {
                for cents in amounts {
                    cases.append([
                        "kind": "compactMoney", "locale": region.identifier, "cents": cents, "currency": currency.code,
                        "minorUnits": currency.minorUnits,
                    ])
                    ours.append(Self.spaces(format.compactMoney(cents, currency)))
                }
            }
        }
        let theirs = try Self.babel(cases).map { Self.spaces("\($0)") }
        for (index, text) in ours.enumerated() {
            // German has no short form below a million (CLDR's pattern "0"): TR35 says such an amount is written
            // as a plain number, which ICU groups (21.000 €) and Babel doesn't (21000 €). Only there are groups
            // compared without their separator.
            let plain = !theirs[index].contains(where: \.isLetter) && cases[index]["locale"] as? String == "de-DE"
            #expect(
                plain ? text.replacingOccurrences(of: ".", with: "") == theirs[index] : text == theirs[index],
                "\(cases[index])"
            )
        }
    }

    @Test("the check against Babel can fail: a US amount written the German way differs")
    func babelCheckCanFail() throws {
        let theirs = try Self.babel([
            ["kind": "money", "locale": "en-US", "cents": 123_456, "currency": "USD", "minorUnits": 2]
        ])
        let german = RegionFormat(region: Region("de-DE")!).money(123_456, .usd)
        #expect(theirs.first as? String == "$1,234.56")
        #expect(german != "$1,234.56")
    }
}

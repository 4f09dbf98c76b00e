import Foundation

/// An amount in integer minor units of a currency; never a floating-point value.
public struct Money: Sendable, Equatable {
    public var cents: Int64
    public var currency: Currency

    public init(cents: Int64, currency: Currency) {
        self.cents = cents
        self.currency = currency
    }

    /// Reads an amount typed in a region's way (`12`, `12.5`, `1,234.56` with `.point`; `12,5`, `1.234,56` with
    /// `.comma`) in `currency`.
    static func parse(
        _ text: String,
        currency: Currency,
        grammar: AmountGrammar
    ) -> Result<Money, AmountGrammar.Failure> {
        grammar.parse(text, minorUnits: currency.minorUnits).map { Money(cents: $0, currency: currency) }
    }

    /// The amounts a search box's text could mean, in minor units: `32`, `$32.00`, `32,00 €` as the region types
    /// them, and also the other way round (`32,00` where a point marks decimals) since a search may read both.
    /// Empty when the text is no amount.
    static func searchAmounts(_ text: String, currency: Currency, grammar: AmountGrammar) -> [Int64] {
        var plain = text.trimmingCharacters(in: .whitespaces)
        for mark in [currency.symbol.trimmingCharacters(in: .whitespaces), currency.code] where !mark.isEmpty {
            if plain.hasPrefix(mark) { plain = String(plain.dropFirst(mark.count)) }
            if plain.hasSuffix(mark) { plain = String(plain.dropLast(mark.count)) }
        }
        plain = plain.trimmingCharacters(in: .whitespaces)
        var amounts: [Int64] = []
        for reading in [grammar, grammar.decimalSeparator == "," ? .point : .comma] {
            if case .success(let cents) = reading.parse(plain, minorUnits: currency.minorUnits), cents > 0,
                !amounts.contains(cents)
            {
                amounts.append(cents)
            }
        }
        return amounts
    }

    /// The amount as typed into a form field: `1234.56` (no symbol, no grouping).
    public var formValue: String {
        let sign = cents < 0 ? "-" : ""
        let scale = UInt64(currency.scale)
        let major = cents.magnitude / scale
        guard currency.minorUnits > 0 else { return sign + String(major) }
        let minor = String(cents.magnitude % scale)
        return sign + String(major) + "." + String(repeating: "0", count: currency.minorUnits - minor.count) + minor
    }
}

extension Currency {
    /// Minor units in one major unit (100 for cents).
    var scale: Int64 {
        var result: Int64 = 1
        for _ in 0..<minorUnits { result *= 10 }
        return result
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

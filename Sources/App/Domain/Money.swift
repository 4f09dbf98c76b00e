import Foundation

/// An amount in integer minor units of a currency; never a floating-point value.
public struct Money: Sendable, Equatable {
    public var cents: Int64
    public var currency: Currency

    public init(cents: Int64, currency: Currency) {
        self.cents = cents
        self.currency = currency
    }

    /// Why a typed amount was refused; the message is shown under the field.
    public enum ParseError: Error, Equatable {
        case empty, invalid, negative
        case tooManyDecimals(Int)
        case tooLarge

        public var message: String {
            switch self {
            case .empty: "Enter an amount."
            case .invalid: "Enter an amount like 12, 12.50 or 1,234.56."
            case .negative: "An amount can't be negative; enter it without the minus sign."
            case .tooManyDecimals(0): "This currency has no decimals; enter a whole amount."
            case .tooManyDecimals(let digits): "Use at most \(digits) digits after the decimal point."
            case .tooLarge: "That amount is too large."
            }
        }
    }

    /// The largest amount a form accepts, in major units (a billion): sums of millions of such amounts still fit in
    /// an `Int64` of minor units, so no total a page adds up can overflow.
    static let maximumMajorUnits: Int64 = 1_000_000_000

    /// Parses `12`, `12.5`, `12.50` or `1,234.56` (grouping commas in threes) into minor units.
    public static func parse(_ text: String, currency: Currency) -> Result<Money, ParseError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        if let sign = trimmed.first, sign == "-" || sign == "−", trimmed.count > 1 { return .failure(.negative) }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return .failure(.invalid) }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        if parts.count == 2 && fraction.isEmpty { return .failure(.invalid) }
        guard !whole.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return .failure(.invalid) }

        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return .failure(.invalid) }
        if groups.count > 1 {
            guard groups[0].count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
                return .failure(.invalid)
            }
        }
        let digits = groups.joined()
        guard digits.count <= 10, let major = Int64(digits), major <= maximumMajorUnits else {
            return .failure(.tooLarge)
        }
        guard fraction.count <= currency.minorUnits else {
            return .failure(.tooManyDecimals(currency.minorUnits))
        }
        let padded = fraction + String(repeating: "0", count: currency.minorUnits - fraction.count)
        let minor = Int64(padded) ?? 0
        return .success(Money(cents: major * currency.scale + minor, currency: currency))
    }

    /// The amounts a search box's text could mean, in minor units: `32`, `$32.00`, `32.00 $`, and `32,00` (a decimal
    /// comma, when no more digits follow it than the currency has decimals). Empty when the text is no amount.
    public static func searchAmounts(_ text: String, currency: Currency) -> [Int64] {
        var plain = text.trimmingCharacters(in: .whitespaces)
        for mark in [currency.symbol, currency.code] where !mark.isEmpty {
            if plain.hasPrefix(mark) { plain = String(plain.dropFirst(mark.count)) }
            if plain.hasSuffix(mark) { plain = String(plain.dropLast(mark.count)) }
        }
        plain = plain.trimmingCharacters(in: .whitespaces)
        var readings = [plain]
        let commas = plain.split(separator: ",", omittingEmptySubsequences: false)
        if commas.count == 2, !plain.contains("."), (1...max(1, currency.minorUnits)).contains(commas[1].count),
            currency.minorUnits > 0
        {
            readings.append(commas[0] + "." + commas[1])
        }
        var amounts: [Int64] = []
        for reading in readings {
            if case .success(let money) = parse(reading, currency: currency), money.cents > 0,
                !amounts.contains(money.cents)
            {
                amounts.append(money.cents)
            }
        }
        return amounts
    }

    /// The amount as a person reads it: `$1,234.56`, `−$5.00`, `¥1,200`.
    public var formatted: String {
        (cents < 0 ? "−" : "") + currency.symbol + Money.plain(cents.magnitude, currency: currency)
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

    /// Digits with grouping commas and the minor units, written straight into the string's storage (a page
    /// formats dozens of amounts; most fit in a small string that needs no allocation at all).
    private static func plain(_ magnitude: UInt64, currency: Currency) -> String {
        let scale = UInt64(currency.scale)
        var major = magnitude / scale
        var minor = magnitude % scale
        var majorDigits = 1
        var rest = major / 10
        while rest > 0 {
            majorDigits += 1
            rest /= 10
        }
        let decimals = currency.minorUnits
        let count = majorDigits + (majorDigits - 1) / 3 + (decimals > 0 ? decimals + 1 : 0)
        return String(unsafeUninitializedCapacity: count) { buffer in
            var index = count
            for _ in 0..<decimals {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(minor % 10)
                minor /= 10
            }
            if decimals > 0 {
                index -= 1
                buffer[index] = UInt8(ascii: ".")
            }
            for written in 0..<majorDigits {
                if written > 0 && written % 3 == 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ",")
                }
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(major % 10)
                major /= 10
            }
            return count
        }
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

import Foundation

// The region's formats learnt from Foundation once, then applied without it. Foundation's format styles cost
// microseconds a value and a page writes hundreds of amounts; these write them straight into a string.
// `RegionFormatTests` checks them against Foundation's own output for every offered region and currency, and
// against Babel's CLDR for the four main regions.

/// How a region writes amounts of one currency (or plain numbers): the text around the number, the separators,
/// the group sizes, and how many digits a number needs before it is grouped at all.
struct MoneyShape: Sendable {
    let positivePrefix: String
    let positiveSuffix: String
    let negativePrefix: String
    let negativeSuffix: String
    let decimalSeparator: String
    let groupingSeparator: String
    /// The group nearest the decimal separator (3), and the size of the groups further left (3, or 2 in India).
    let primaryGroup: Int
    let secondaryGroup: Int
    /// 1, or 2 where a four-digit number stays ungrouped (Spanish: `1234`, but `12.345`).
    let minimumGroupingDigits: Int
    let minorUnits: Int

    /// Learns `currency` as `locale` writes it.
    init(locale: Locale, currency: Currency) {
        let style = Decimal.FormatStyle.Currency(code: currency.code, locale: locale)
            .precision(.fractionLength(currency.minorUnits))
        self.init(minorUnits: currency.minorUnits) { value in value.formatted(style) }
    }

    /// Learns how `locale` writes plain numbers.
    init(numbersOf locale: Locale) {
        let style = Decimal.FormatStyle(locale: locale).precision(.fractionLength(2))
        self.init(minorUnits: 2) { value in value.formatted(style) }
    }

    private init(minorUnits: Int, format: (Decimal) -> String) {
        self.minorUnits = minorUnits
        func text(_ units: Int64) -> String {
            format(
                Decimal(sign: units < 0 ? .minus : .plus, exponent: -minorUnits, significand: Decimal(units.magnitude))
            )
        }
        var scale: Int64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        // 123456789 and its largest minor digits: every grouping shows (3, or 2 then 3).
        let probe = 123_456_789 * scale + (scale - 1)
        let positive = Self.split(text(probe))
        let negative = Self.split(text(-probe))
        positivePrefix = positive.prefix
        positiveSuffix = positive.suffix
        negativePrefix = negative.prefix
        negativeSuffix = negative.suffix
        var whole = Substring(positive.number)
        var decimal = ""
        if minorUnits > 0 {
            whole = whole.dropLast(minorUnits)
            while let last = whole.last, !last.isNumber {
                decimal.insert(last, at: decimal.startIndex)
                whole = whole.dropLast()
            }
        }
        decimalSeparator = decimal
        let runs = whole.split(whereSeparator: { !$0.isNumber }).map(\.count)
        groupingSeparator = String(whole.drop(while: \.isNumber).prefix(while: { !$0.isNumber }))
        primaryGroup = runs.count > 1 ? runs[runs.count - 1] : 0
        secondaryGroup = runs.count > 2 ? runs[runs.count - 2] : primaryGroup
        let four = Self.split(text(1234 * scale)).number
        minimumGroupingDigits = primaryGroup > 0 && !four.contains(groupingSeparator) ? 2 : 1
    }

    /// What comes before the first digit, the number, and what follows the last digit.
    private static func split(_ text: String) -> (prefix: String, number: String, suffix: String) {
        guard let first = text.firstIndex(where: \.isNumber), let last = text.lastIndex(where: \.isNumber) else {
            return (text, "", "")
        }
        return (String(text[..<first]), String(text[first...last]), String(text[text.index(after: last)...]))
    }

    /// `units` minor units, written as Foundation writes them.
    func format(_ units: Int64) -> String {
        var scale: UInt64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        return write(
            whole: units.magnitude / scale,
            minor: units.magnitude % scale,
            minorDigits: minorUnits,
            negative: units < 0
        )
    }

    /// A whole number of major units, without minor digits (`$847`, `1.234`).
    func formatWhole(_ value: Int64) -> String {
        write(whole: value.magnitude, minor: 0, minorDigits: 0, negative: value < 0)
    }

    private func write(whole: UInt64, minor: UInt64, minorDigits: Int, negative: Bool) -> String {
        let prefix = negative ? negativePrefix : positivePrefix
        let suffix = negative ? negativeSuffix : positiveSuffix
        var whole = whole
        var minor = minor
        var digitCount = 1
        var rest = whole / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        var separators = 0
        if primaryGroup > 0 && digitCount >= primaryGroup + minimumGroupingDigits {
            separators = 1 + (digitCount - primaryGroup - 1) / secondaryGroup
        }
        let group = groupingSeparator.utf8
        let decimal = decimalSeparator.utf8
        let capacity =
            prefix.utf8.count + digitCount + separators * group.count
            + (minorDigits > 0 ? decimal.count + minorDigits : 0) + suffix.utf8.count
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var index = capacity
            func put(_ bytes: String.UTF8View) {
                index -= bytes.count
                _ = UnsafeMutableBufferPointer(rebasing: buffer[index...]).initialize(from: bytes)
            }
            put(suffix.utf8)
            if minorDigits > 0 {
                for _ in 0..<minorDigits {
                    index -= 1
                    buffer[index] = UInt8(ascii: "0") + UInt8(minor % 10)
                    minor /= 10
                }
                put(decimal)
            }
            var nextSeparator = separators > 0 ? primaryGroup : Int.max
            for written in 0..<digitCount {
                if written == nextSeparator {
                    put(group)
                    nextSeparator += secondaryGroup
                }
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
            }
            put(prefix.utf8)
            return capacity
        }
    }
}

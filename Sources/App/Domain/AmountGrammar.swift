import Foundation

/// How amounts are typed in a region: the one grammar behind every money field, the search box's amounts and the
/// entry preview's script. Digits, the region's grouping separator between groups of the region's sizes, and at
/// most one decimal separator followed by no more digits than the currency has.
struct AmountGrammar: Sendable, Equatable {
    let decimalSeparator: Character
    let groupingSeparator: Character
    let primaryGroup: Int
    let secondaryGroup: Int

    init(decimalSeparator: Character, groupingSeparator: Character, primaryGroup: Int = 3, secondaryGroup: Int = 3) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.primaryGroup = primaryGroup
        self.secondaryGroup = secondaryGroup
    }

    /// The grammar of the numbers a region writes (`RegionFormat`).
    init(shape: MoneyShape) {
        self.init(
            decimalSeparator: shape.decimalSeparator.first ?? ".",
            groupingSeparator: shape.groupingSeparator.first ?? ",",
            primaryGroup: shape.primaryGroup > 0 ? shape.primaryGroup : 3,
            secondaryGroup: shape.secondaryGroup > 0 ? shape.secondaryGroup : 3
        )
    }

    /// `1,234.56` with a point for decimals, as in the United States.
    static let point = AmountGrammar(decimalSeparator: ".", groupingSeparator: ",")
    /// `1.234,56` with a comma for decimals, as in Germany and Spain.
    static let comma = AmountGrammar(decimalSeparator: ",", groupingSeparator: ".")

    /// Why a typed amount was refused.
    enum Failure: Error, Equatable {
        case empty, invalid, negative, tooLarge
        case tooManyDecimals(Int)
        /// An amount written with the decimal point and comma the other way round (`12.50` where a comma marks
        /// the decimals): readable, but it would mean another amount here, so the member is asked to write it again.
        case otherConvention
    }

    /// The largest amount a form accepts, in major units (a billion): sums of millions of such amounts still fit
    /// in an `Int64` of minor units, so no total a page adds up can overflow.
    static let maximumMajorUnits: Int64 = 1_000_000_000

    /// Minor units of `text` in a currency with `minorUnits` decimals, or why it isn't an amount.
    func parse(_ text: String, minorUnits: Int) -> Result<Int64, Failure> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        if let sign = trimmed.first, sign == "-" || sign == "−", trimmed.count > 1 { return .failure(.negative) }
        let result = read(trimmed, minorUnits: minorUnits)
        if case .failure(.invalid) = result, let other = swapped,
            case .success = other.read(trimmed, minorUnits: minorUnits)
        {
            return .failure(.otherConvention)
        }
        return result
    }

    /// The same numbers with the decimal point and comma the other way round; nil where neither marks decimals.
    private var swapped: AmountGrammar? {
        switch decimalSeparator {
        case ",": .point
        case ".": .comma
        default: nil
        }
    }

    /// Characters read as the grouping separator: any kind of space where the region groups with one (people
    /// type a plain space for the narrow one), both apostrophes where it groups with one.
    private func isGrouping(_ character: Character) -> Bool {
        if character == groupingSeparator { return true }
        switch groupingSeparator {
        case " ", "\u{00A0}", "\u{202F}": return character == " " || character == "\u{00A0}" || character == "\u{202F}"
        case "’", "'": return character == "’" || character == "'"
        default: return false
        }
    }

    private func read(_ text: String, minorUnits: Int) -> Result<Int64, Failure> {
        var groups: [Substring] = []
        var fraction: Substring? = nil
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex, fraction == nil {
            let character = text[index]
            let next = text.index(after: index)
            if character == decimalSeparator {
                groups.append(text[start..<index])
                fraction = text[next...]
            } else if isGrouping(character) {
                groups.append(text[start..<index])
                start = next
            } else if !character.isASCIIDigit {
                return .failure(.invalid)
            }
            index = next
        }
        if fraction == nil { groups.append(text[start...]) }
        if let fraction, fraction.isEmpty || !fraction.allSatisfy(\.isASCIIDigit) { return .failure(.invalid) }
        guard groups.allSatisfy({ !$0.isEmpty }) else { return .failure(.invalid) }
        if groups.count > 1 {
            // From the right: the last group has the primary size, the ones before it the secondary size, and the
            // leftmost at most that.
            for (position, group) in groups.enumerated() {
                let size = position == groups.count - 1 ? primaryGroup : secondaryGroup
                if position == 0 ? group.count > size : group.count != size { return .failure(.invalid) }
            }
        }
        let digits = groups.joined()
        guard digits.count <= 10, let major = Int64(digits), major <= Self.maximumMajorUnits else {
            return .failure(.tooLarge)
        }
        let minor = fraction ?? ""
        guard minor.count <= minorUnits else { return .failure(.tooManyDecimals(minorUnits)) }
        var scale: Int64 = 1
        for _ in 0..<minorUnits { scale *= 10 }
        let padded = minor + String(repeating: "0", count: minorUnits - minor.count)
        return .success(major * scale + (Int64(padded) ?? 0))
    }

    /// What the field says about `failure`, in `t`'s language and the region's way of writing.
    func message(_ failure: Failure, t: Words) -> String {
        switch failure {
        case .empty: t["errors.amount.empty"]
        case .invalid: t["errors.amount.invalid", ["examples": examples(t)]]
        case .otherConvention:
            t["errors.amount.other_convention", ["examples": examples(t), "separator": String(decimalSeparator)]]
        case .negative: t["errors.amount.negative"]
        case .tooManyDecimals(0): t["errors.amount.no_decimals"]
        case .tooManyDecimals(let digits):
            decimalSeparator == ","
                ? t.plural("errors.amount.decimals_after_comma", count: digits)
                : t.plural("errors.amount.decimals_after_point", count: digits)
        case .tooLarge: t["errors.amount.too_large"]
        }
    }

    /// "12.50 or 1,234.56" in the region's separators and `t`'s language, for the messages and the fields' hints.
    func examples(_ t: Words) -> String {
        t["errors.amount.examples", ["small": smallExample, "large": largeExample]]
    }

    /// "12.50" in the region's separators.
    var smallExample: String { "12\(decimalSeparator)50" }
    /// "1,234.56" in the region's separators.
    var largeExample: String { "1\(groupingSeparator)234\(decimalSeparator)56" }
}

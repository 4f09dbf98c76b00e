import Foundation
import Synchronization

/// How one region writes numbers and money, from Foundation's locale-aware formats (CLDR data).
///
/// Made once per region and kept (`RegionFormat.of`): it learns each currency's shape from Foundation when it is
/// made, and then writes integer cents without calling into ICU, which costs microseconds a value
/// (`RegionFormat+Shapes.swift`; `RegionFormatTests` checks the two agree).
///
/// A class: pages reach it once per amount they write (`User.format`), and a copy of a reference is one retain
/// where a struct of shapes and tables would be a dozen.
final class RegionFormat: Sendable {
    let region: Region
    let locale: Locale
    /// How amounts are typed here (the decimal and grouping separators of the region's numbers).
    let amounts: AmountGrammar
    private let moneyShapes: [String: MoneyShape]
    private let numberShape: MoneyShape
    private let percentShape: (prefix: String, suffix: String)

    init(region: Region) {
        self.region = region
        let locale = Locale(identifier: region.identifier)
        self.locale = locale
        moneyShapes = Dictionary(
            uniqueKeysWithValues: Currency.all.map { ($0.code, MoneyShape(locale: locale, currency: $0)) }
        )
        numberShape = MoneyShape(numbersOf: locale)
        amounts = AmountGrammar(shape: numberShape)
        let percent = 42.formatted(IntegerFormatStyle<Int>.Percent(locale: locale))
        let parts = percent.components(separatedBy: "42")
        percentShape = (parts.first ?? "", parts.count > 1 ? parts[1] : "%")
    }

    /// The format of `region`, made at its first use and kept for the life of the process.
    static func of(_ region: Region) -> RegionFormat {
        if let known = made.withLock({ $0[region] }) { return known }
        let format = RegionFormat(region: region)
        return made.withLock { made in
            if let known = made[region] { return known }
            made[region] = format
            return format
        }
    }

    private static let made = Mutex<[Region: RegionFormat]>([:])

    // MARK: - Numbers and money

    /// `cents` of `currency` as the region writes money: `$1,234.56`, `1.234,56 €`, `1 234,56 €`.
    func money(_ cents: Int64, _ currency: Currency) -> String {
        (moneyShapes[currency.code] ?? MoneyShape(locale: locale, currency: currency)).format(cents)
    }

    /// Whole amounts without their minor digits (`$847`, `847 €`), others in full.
    func moneyRounded(_ cents: Int64, _ currency: Currency) -> String {
        let shape = moneyShapes[currency.code] ?? MoneyShape(locale: locale, currency: currency)
        return cents % currency.scale == 0 ? shape.formatWhole(cents / currency.scale) : shape.format(cents)
    }

    /// An amount as typed into a form field here: `1234.56` / `1234,56`, without grouping or symbol.
    func amountValue(_ cents: Int64, _ currency: Currency) -> String {
        let money = Money(cents: cents, currency: currency).formValue
        let separator = amounts.decimalSeparator
        return separator == "." ? money : String(money.map { $0 == "." ? separator : $0 })
    }

    /// A whole number: `1,234` / `1.234` / `1 234` (`1234` where four digits stay ungrouped).
    func number(_ value: Int) -> String {
        numberShape.formatWhole(Int64(value))
    }

    /// An amount shortened as the region shortens money in little space (a chart's axis, a donut's centre), by
    /// CLDR's compact currency format with at most one decimal: `$1.5K`, `2,1 Mio. €`, `1,5 k €`, `1,5 mil €`.
    /// Charts write the same round values again and again, so each is formatted once and kept.
    func compactMoney(_ cents: Int64, _ currency: Currency) -> String {
        let key = CompactKey(region: region.identifier, currency: currency.code, cents: cents)
        if let known = Self.compacts.withLock({ $0[key] }) { return known }
        let major = Decimal(cents) / Decimal(currency.scale)
        let text = major.formatted(
            .currency(code: currency.code).locale(locale).notation(.compactName).precision(.fractionLength(0...1))
        )
        Self.compacts.withLock { kept in
            if kept.count >= 4_096 { kept.removeAll(keepingCapacity: true) }
            kept[key] = text
        }
        return text
    }

    private struct CompactKey: Hashable {
        let region: String
        let currency: String
        let cents: Int64
    }

    private static let compacts = Mutex<[CompactKey: String]>([:])

    /// A whole percentage: `42%` / `42 %`.
    func percent(_ value: Int) -> String {
        percentShape.prefix + number(value) + percentShape.suffix
    }
}

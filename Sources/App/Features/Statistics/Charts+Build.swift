import Foundation

extension User {
    /// A short amount for chart axes: `$1.2k`, `$340`, `$2.5M`.
    func compactMoney(_ cents: Int64) -> String {
        let currency = currencyValue
        let major = Double(cents.magnitude) / Double(currency.scale)
        let symbol = (cents < 0 ? "−" : "") + currency.symbol
        switch major {
        case 1_000_000...: return symbol + trimmed(major / 1_000_000) + "M"
        case 1_000...: return symbol + trimmed(major / 1_000) + "k"
        default: return symbol + String(Int(major.rounded()))
        }
    }

    private func trimmed(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

import Foundation

extension User {
    /// A short amount for chart axes, the region's way: `$1.2K`, `$340`, `2,5 Mio. €`.
    func compactMoney(_ cents: Int64) -> String {
        format.compactMoney(cents, currencyValue)
    }
}

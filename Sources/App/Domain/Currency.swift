/// An ISO 4217 currency the app can show amounts in.
public struct Currency: Sendable, Equatable {
    public let code: String
    public let name: String
    /// Digits after the decimal point (cents = 2, yen = 0).
    public let minorUnits: Int
    public let symbol: String

    /// The currencies offered in forms, most common first after USD; amounts are never converted between them.
    public static let all: [Currency] = [
        Currency(code: "USD", name: "US dollar", minorUnits: 2, symbol: "$"),
        Currency(code: "EUR", name: "Euro", minorUnits: 2, symbol: "€"),
        Currency(code: "GBP", name: "Pound sterling", minorUnits: 2, symbol: "£"),
        Currency(code: "CAD", name: "Canadian dollar", minorUnits: 2, symbol: "CA$"),
        Currency(code: "AUD", name: "Australian dollar", minorUnits: 2, symbol: "A$"),
        Currency(code: "NZD", name: "New Zealand dollar", minorUnits: 2, symbol: "NZ$"),
        Currency(code: "CHF", name: "Swiss franc", minorUnits: 2, symbol: "CHF "),
        Currency(code: "JPY", name: "Japanese yen", minorUnits: 0, symbol: "¥"),
        Currency(code: "CNY", name: "Chinese yuan", minorUnits: 2, symbol: "CN¥"),
        Currency(code: "HKD", name: "Hong Kong dollar", minorUnits: 2, symbol: "HK$"),
        Currency(code: "SGD", name: "Singapore dollar", minorUnits: 2, symbol: "S$"),
        Currency(code: "KRW", name: "South Korean won", minorUnits: 0, symbol: "₩"),
        Currency(code: "INR", name: "Indian rupee", minorUnits: 2, symbol: "₹"),
        Currency(code: "SEK", name: "Swedish krona", minorUnits: 2, symbol: "SEK "),
        Currency(code: "NOK", name: "Norwegian krone", minorUnits: 2, symbol: "NOK "),
        Currency(code: "DKK", name: "Danish krone", minorUnits: 2, symbol: "DKK "),
        Currency(code: "PLN", name: "Polish złoty", minorUnits: 2, symbol: "PLN "),
        Currency(code: "CZK", name: "Czech koruna", minorUnits: 2, symbol: "CZK "),
        Currency(code: "HUF", name: "Hungarian forint", minorUnits: 2, symbol: "HUF "),
        Currency(code: "MXN", name: "Mexican peso", minorUnits: 2, symbol: "MX$"),
        Currency(code: "BRL", name: "Brazilian real", minorUnits: 2, symbol: "R$"),
        Currency(code: "ZAR", name: "South African rand", minorUnits: 2, symbol: "R "),
        Currency(code: "TRY", name: "Turkish lira", minorUnits: 2, symbol: "₺"),
        Currency(code: "ILS", name: "Israeli new shekel", minorUnits: 2, symbol: "₪"),
        Currency(code: "AED", name: "UAE dirham", minorUnits: 2, symbol: "AED "),
        Currency(code: "KWD", name: "Kuwaiti dinar", minorUnits: 3, symbol: "KWD "),
        Currency(code: "PHP", name: "Philippine peso", minorUnits: 2, symbol: "₱"),
        Currency(code: "THB", name: "Thai baht", minorUnits: 2, symbol: "฿"),
        Currency(code: "IDR", name: "Indonesian rupiah", minorUnits: 2, symbol: "Rp "),
        Currency(code: "VND", name: "Vietnamese đồng", minorUnits: 0, symbol: "₫"),
    ]

    public static let usd = all[0]

    /// The currency with this code, or nil if the app doesn't offer it.
    public static func find(_ code: String) -> Currency? {
        all.first { $0.code == code }
    }

    /// The currency with this code, or US dollars for an unknown code.
    public static func named(_ code: String) -> Currency {
        find(code) ?? .usd
    }
}

import Foundation

/// The card catalogue shipped with the app (`Resources/card-catalogue.json`): popular cards with their annual fee,
/// colours and benefits. Loaded and checked once at start; a broken file stops the start.
public struct CardCatalogue: Sendable {
    public struct Gradient: Codable, Sendable, Equatable {
        public let start: String
        public let end: String
    }

    public struct Benefit: Codable, Sendable, Equatable {
        public let name: String
        public let valueCents: Int64
        public let period: BenefitPeriod
        public let description: String?
    }

    public struct Card: Codable, Sendable, Equatable {
        public let id: String
        public let issuer: String
        public let name: String
        public let annualFeeCents: Int64
        public let gradient: Gradient
        public let benefits: [Benefit]
        /// The ISO 4217 code of the card's fee and benefits; the catalogue's `currency` when the card names none.
        public var currency: String?

        /// The value of every benefit over a year.
        public var annualValueCents: Int64 { benefits.reduce(0) { $0 + $1.period.annualCents($1.valueCents) } }

        /// The currency its amounts are in.
        public var currencyValue: Currency { Currency.named(currency ?? Currency.usd.code) }
    }

    public let version: String
    public let date: CalendarDay
    public let cards: [Card]
    private let byId: [String: Int]

    public init(version: String, date: CalendarDay, cards: [Card]) {
        self.version = version
        self.date = date
        self.cards = cards
        var index: [String: Int] = [:]
        for (offset, card) in cards.enumerated() { index[card.id] = offset }
        self.byId = index
    }

    public func card(id: String) -> Card? { byId[id].map { cards[$0] } }

    /// Where the file lives under the resources folder.
    public static func path(resourcesDirectory: String) -> String {
        resourcesDirectory + "/Resources/card-catalogue.json"
    }

    /// Reads and checks the file at `path`; any problem is a `StartupError` naming the file and the problem.
    public static func load(path: String) throws -> CardCatalogue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StartupError("card catalogue \(path) not found; run from the project folder or pass --resources-dir")
        }
        do {
            return try parse(data)
        } catch let error as CatalogueError {
            throw StartupError("card catalogue \(path) is invalid: \(error.message)")
        }
    }

    struct CatalogueError: Error { let message: String }

    private struct File: Decodable {
        let version: String
        let date: String
        /// The currency of every card that names none; US dollars when the file names none.
        let currency: String?
        let cards: [Card]
    }

    /// Decodes and validates the catalogue's JSON.
    static func parse(_ data: Data) throws -> CardCatalogue {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw CatalogueError(message: Self.describe(context))
        } catch let DecodingError.keyNotFound(key, context) {
            throw CatalogueError(message: "missing \"\(key.stringValue)\" at \(Self.where(context))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw CatalogueError(message: "wrong type at \(Self.where(context))")
        } catch let DecodingError.valueNotFound(_, context) {
            throw CatalogueError(message: "missing value at \(Self.where(context))")
        } catch {
            throw CatalogueError(message: "unreadable (\(error))")
        }
        let version = file.version.trimmingCharacters(in: .whitespaces)
        guard !version.isEmpty else { throw CatalogueError(message: "\"version\" is empty") }
        guard let date = CalendarDay(file.date) else {
            throw CatalogueError(message: "\"date\" must be YYYY-MM-DD, not \"\(file.date)\"")
        }
        guard !file.cards.isEmpty else { throw CatalogueError(message: "\"cards\" is empty") }
        let currency = file.currency ?? Currency.usd.code
        guard Currency.find(currency) != nil else {
            throw CatalogueError(message: "\"currency\" \"\(currency)\" is not a currency code Stashify offers")
        }
        var seen = Set<String>()
        for (index, card) in file.cards.enumerated() {
            let at = "cards[\(index)]"
            guard !card.id.isEmpty, card.id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
            else {
                throw CatalogueError(message: "\(at).id \"\(card.id)\" must be lower-case letters, digits and dashes")
            }
            guard seen.insert(card.id).inserted else {
                throw CatalogueError(message: "\(at).id \"\(card.id)\" appears twice")
            }
            if card.name.trimmingCharacters(in: .whitespaces).isEmpty {
                throw CatalogueError(message: "\(at).name is empty")
            }
            if card.issuer.trimmingCharacters(in: .whitespaces).isEmpty {
                throw CatalogueError(message: "\(at).issuer is empty")
            }
            if card.annualFeeCents < 0 { throw CatalogueError(message: "\(at).annualFeeCents is negative") }
            if let code = card.currency, Currency.find(code) == nil {
                throw CatalogueError(message: "\(at).currency \"\(code)\" is not a currency code Stashify offers")
            }
            for (key, colour) in [("start", card.gradient.start), ("end", card.gradient.end)] where !isHexColour(colour)
            {
                throw CatalogueError(message: "\(at).gradient.\(key) \"\(colour)\" must be a colour like #1a2b3c")
            }
            for (number, benefit) in card.benefits.enumerated() {
                if benefit.name.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw CatalogueError(message: "\(at).benefits[\(number)].name is empty")
                }
                if benefit.valueCents <= 0 {
                    throw CatalogueError(message: "\(at).benefits[\(number)].valueCents must be above zero")
                }
            }
        }
        let cards = file.cards.map { card in
            var card = card
            card.currency = card.currency ?? currency
            return card
        }
        return CardCatalogue(version: version, date: date, cards: cards)
    }

    /// `#rrggbb`
    static func isHexColour(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    private static func `where`(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined()
        let trimmed = path.hasPrefix(".") ? String(path.dropFirst()) : path
        return trimmed.isEmpty ? "the top level" : trimmed
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        if context.codingPath.isEmpty { return "not valid JSON" }
        if context.codingPath.last?.stringValue == "period" {
            return "\(Self.where(context)) must be one of "
                + BenefitPeriod.allCases.map(\.rawValue).joined(separator: ", ")
        }
        return "bad value at \(Self.where(context))"
    }
}

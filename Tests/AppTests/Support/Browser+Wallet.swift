import Foundation
import GRDB

@testable import App

extension Browser {
    /// Adds a catalogue card through its preview's "Add to wallet" (with its fee due date, which a card with card-year
    /// benefits needs) and returns the new card's id.
    func addCatalogueCard(_ catalogueId: String, feeDueOn: String? = nil) async throws -> Int64 {
        try await get("/wallet/catalogue/\(catalogueId)")
        let page = try await post("/wallet/catalogue/\(catalogueId)/add", feeDueOn.map { [("feeDueOn", $0)] } ?? [])
        guard page.status == .seeOther, let location = page.location,
            let id = Int64(location.split(separator: "/").last ?? "")
        else { throw WalletTestError.notCreated(page.status.code, page.html) }
        return id
    }

    /// Adds a custom card through its form and returns the new card's id.
    func addCustomCard(_ fields: [(String, String)]) async throws -> Int64 {
        try await get("/wallet/cards/custom")
        let page = try await post("/wallet/cards/custom", fields)
        guard page.status == .seeOther, let location = page.location,
            let id = Int64(location.split(separator: "/").last ?? "")
        else { throw WalletTestError.notCreated(page.status.code, page.html) }
        return id
    }
}

enum WalletTestError: Error {
    case notCreated(Int, String)
}

extension AppDatabase {
    func benefitIds(cardId: Int64) async throws -> [String: Int64] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, name FROM cardBenefit WHERE cardId = ?",
                arguments: [cardId]
            )
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as String, $0["id"] as Int64) })
        }
    }

    /// A benefit's recorded uses, oldest period first: period start, day used, cents.
    func benefitUses(benefitId: Int64) async throws -> [BenefitUse] {
        try read { db in
            try BenefitUse.fetchAll(
                db,
                sql: "SELECT * FROM benefitUse WHERE benefitId = ? ORDER BY periodStart",
                arguments: [benefitId]
            )
        }
    }
}

/// A wallet page's "Redeemed" figures: each a `roi__figure` span followed at once by its `roi__label` span.
enum RedeemedFigure {
    static func of(_ page: Page) -> [String] {
        page.document.elements("span", attributes: ["class": "roi__figure"]).compactMap { figure in
            figure.next?.matches("span", attributes: ["class": "roi__label"], text: "Redeemed") == true
                ? figure.rawText : nil
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// A card's amounts are in its own currency: a catalogue card in the catalogue's (US dollars), a custom card in the
/// user's at the time. Totals across cards keep each currency apart.
@Suite("Wallet: each card keeps its own currency")
struct WalletCurrencyTests {
    @Test("a euro user's catalogue card shows dollars everywhere, the custom card euros, and the totals stay apart")
    func euroUser() async throws {
        let clock = TestClock(TestClock.date("2026-11-27T10:00:00Z"))
        try await TestApp.run(clock: clock) { browser, database in
            // Given: a user who counts in euros
            try await browser.signUp(email: "ann@example.com")
            try await browser.get("/signup/details")
            try await browser.post("/signup/details", [("currency", "EUR"), ("timeZone", "Europe/Berlin")])

            // The catalogue shows its own currency
            let preview = try await browser.get("/wallet/catalogue/amex-platinum")
            #expect(preview.html.contains("Annual fee: $695"))
            #expect(preview.html.contains("Total annual value: $1,109 (in USD)"))
            #expect(try await browser.get("/wallet/cards/new").html.contains("$695 fee"))

            // When: a catalogue card and a custom card
            let platinum = try await browser.addCatalogueCard("amex-platinum")
            let custom = try await browser.addCustomCard([
                ("name", "Girokarte Plus"), ("issuer", "Sparkasse"), ("gradient", "emerald"), ("annualFee", "95"),
                ("feeDueOn", "2026-12-02"), ("benefit1Name", "Kino"), ("benefit1Value", "25"),
                ("benefit1Period", "monthly"),
            ])

            // Then: each keeps its currency in the database and on its page
            let currencies = try database.read { db in
                try String.fetchAll(db, sql: "SELECT currency FROM walletCard ORDER BY id")
            }
            #expect(currencies == ["USD", "EUR"])
            let card = try await browser.get("/wallet/cards/\(platinum)")
            #expect(card.html.contains("Annual fee $695"))
            #expect(card.html.contains("Available benefits ($674)"))
            #expect(card.document.contains("span", attributes: ["class": "benefit__value"], text: "$15.00"))
            #expect(!card.html.contains("€"))
            let uber = try #require(try await database.benefitIds(cardId: platinum)["Uber Cash"])
            try await browser.post("/wallet/benefits/\(uber)/use")
            let used = try await browser.get("/wallet/cards/\(platinum)")
            #expect(used.html.contains("Marked “Uber Cash” as done — $15.00 redeemed."))
            #expect(RedeemedFigure.of(used).contains("$15"))
            let mine = try await browser.get("/wallet/cards/\(custom)")
            #expect(mine.html.contains("Annual fee €95"))
            #expect(mine.document.contains("span", attributes: ["class": "benefit__value"], text: "€25.00"))
            #expect(mine.html.contains("Fee due in 5 days"))

            // Forms take amounts in the card's currency
            let edit = try await browser.get("/wallet/cards/\(platinum)/edit")
            #expect(edit.fieldValue("annualFee") == "695.00")
            #expect(
                edit.html.contains("Its amounts are in USD, the card&#39;s currency.")
                    || edit.html.contains("Its amounts are in USD, the card's currency.")
            )
            let form = try await browser.get("/wallet/benefits/\(uber)/use")
            #expect(form.html.contains("Up to $15.00"))

            // Totals never add dollars to euros: one per currency, the user's first
            let wallet = try await browser.get("/wallet")
            #expect(wallet.document.contains("p", attributes: ["class": "wallet-summary__value"], text: "€25 · $659"))
            #expect(wallet.html.contains("$659 available"))
            #expect(wallet.html.contains("€25 available"))
            let home = try await browser.get("/")
            #expect(home.html.contains("€25 · $659"))
            #expect(home.html.contains("$20 Digital Entertainment Credit"))

            // Expiring soon and reminders speak each card's currency
            let expiring = try await browser.get("/wallet/expiring")
            #expect(expiring.html.contains("$20.00 on Platinum Card"))
            #expect(expiring.html.contains("€25.00 on Girokarte Plus"))
            #expect(expiring.html.contains("€95.00, due in 5 days"))
        }
    }

    @Test("an export keeps each card's currency; one from before cards had one imports like an upgrade")
    func exportImport() async throws {
        try await TestApp.run { browser, database in
            // Given: a version 1 export of a euro user with a catalogue card and a custom card, neither naming a currency
            let card = { (ref: Int, catalogueId: String?, name: String) -> [String: Any] in
                var card: [String: Any] = [
                    "ref": ref, "name": name, "issuer": "Bank", "nickname": "", "gradientStart": "#1a1a2e",
                    "gradientEnd": "#4a4e69", "annualFeeCents": 9_500, "notify": true,
                    "createdAt": "2026-01-01T00:00:00Z",
                    "updatedAt": "2026-01-01T00:00:00Z",
                    "benefits": [
                        [
                            "name": "Credit", "details": "", "valueCents": 12_000, "period": "anniversary",
                            "sortOrder": 0,
                            "createdAt": "2026-01-01T00:00:00Z", "uses": [],
                        ]
                    ],
                ]
                if let catalogueId { card["catalogueId"] = catalogueId }
                return card
            }
            let old = try ExportImportTests.documentJSON { document in
                var profile = document["profile"] as? [String: Any] ?? [:]
                profile["currency"] = "EUR"
                document["profile"] = profile
                document["cards"] = [card(1, "capital-one-venture", "Venture Rewards"), card(2, nil, "Girokarte")]
            }
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile/data")

            // When
            let imported = try await browser.upload(
                "/profile/data/import",
                files: [("archive", "export.zip", try AccountRows.zip(["stashify.json": old]))]
            )

            // Then: US dollars for the catalogue card, the profile's euros for the custom one, and the export says so
            #expect(imported.status == .seeOther)
            let currencies = try database.read { db in
                try String.fetchAll(db, sql: "SELECT name || ' ' || currency FROM walletCard ORDER BY name")
            }
            #expect(currencies == ["Girokarte EUR", "Venture Rewards USD"])
            try await browser.get("/profile/data")
            let download = try await browser.get("/profile/data/export")
            let files = try AccountRows.unzip(download.bytes)
            let document = try AccountDocument.decode(try #require(files["stashify.json"]))
            #expect(document.cards.map { $0.currency ?? "-" } == ["USD", "EUR"])
            let cardsCSV = String(decoding: try #require(files["cards.csv"]), as: UTF8.self)
            #expect(
                cardsCSV.hasPrefix(
                    #""name","issuer","nickname","currency","annual_fee","fee_due_on","reminders""# + "\r\n"
                )
            )
            #expect(cardsCSV.contains(#""Girokarte","Bank",,"EUR",95.00,"#))
        }
    }

    @Test("upgrading gives catalogue cards US dollars and custom cards their owner's currency")
    func upgrade() throws {
        // Given: a database from before cards had a currency, with a euro user's catalogue and custom cards
        let queue = try UpgradeFixture.database(
            upTo: "v25: month totals per category and stash for every kind",
            currency: "EUR"
        )
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO walletCard (userId, catalogueId, name, issuer, nickname, gradientStart, gradientEnd,
                        annualFeeCents, createdAt, updatedAt) VALUES
                        (1, 'amex-gold', 'Gold Card', 'American Express', '', '#b8860b', '#e6c36a', 32500, '2026-11-22', '2026-11-22'),
                        (1, NULL, 'Girokarte', 'Sparkasse', '', '#1d4e4d', '#43aa8b', 9500, '2026-11-22', '2026-11-22');
                    """
            )
        }

        // When
        try AppDatabase.migrator.migrate(queue)

        // Then
        let currencies = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT currency FROM walletCard ORDER BY id")
        }
        #expect(currencies == ["USD", "EUR"])
    }
}

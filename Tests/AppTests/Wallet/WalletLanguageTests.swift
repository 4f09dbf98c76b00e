import Foundation
import GRDB
import Testing

@testable import App

/// The Wallet in the member's language: the card stack, a card, Expiring soon, the Tracker, the forms' errors, the
/// flashes, the counts and Home's wallet widgets, in German, French and Spanish.
@Suite("Wallet in the member's language")
struct WalletLanguageTests {
    static let email = "anna@example.com"

    @Test(
        "a German member sees the cards, a card, Expiring soon and the Tracker in German, with counts in their plural"
    )
    func germanPages() async throws {
        // Today is Sunday 2026-11-22 (the test clock)
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: Self.email)
            try await database.speak("de", region: "de-DE")
            let card = try await browser.addCatalogueCard("chase-sapphire-reserve", feeDueOn: "2027-03-01")

            // When
            let wallet = try await browser.get("/wallet")
            let detail = try await browser.get("/wallet/cards/\(card)")
            let expiring = try await browser.get("/wallet/expiring")
            let tracker = try await browser.get("/wallet/tracker")

            // Then
            #expect(wallet.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(wallet.html.contains("Verfügbarer Gesamtwert"))
            #expect(wallet.html.contains("Auf 1 Karte"))
            #expect(wallet.html.contains(">+ Karte hinzufügen</a>"))
            #expect(wallet.html.contains(">Läuft bald ab</a>"))
            #expect(wallet.html.contains("aria-label=\"Aktionen für Sapphire Reserve\""))
            #expect(!wallet.html.contains("Total available value"))
            #expect(detail.html.contains("Verfügbare Vorteile ("))
            #expect(detail.html.contains("Rendite der Jahresgebühr"))
            #expect(detail.html.contains("Gebühr in 99 Tagen fällig"))
            #expect(detail.html.contains(">Karte bearbeiten</a>"))
            #expect(!detail.html.contains("Annual fee ROI"))
            #expect(expiring.html.contains("Fällig innerhalb von 7 Tagen"))
            #expect(expiring.html.contains(">Tracker</a>"))
            #expect(tracker.html.contains("Summe pro Monat"))
            #expect(tracker.html.contains("Noch keine Abos."))
            #expect(tracker.html.contains(">+ Abo hinzufügen</a>"))

            // Then: one subscription, then two, each in its plural form
            for name in ["Netflix", "Spotify"] {
                try await browser.get("/wallet/subscriptions/new?custom=1")
                let added = try await browser.post(
                    "/wallet/subscriptions",
                    [
                        ("name", name), ("amount", "9,99"), ("frequency", "monthly"), ("renewsOn", "2026-11-23"),
                        ("cardId", ""), ("category", ""),
                    ]
                )
                #expect(added.status == .seeOther)
                let after = try await browser.get("/wallet/tracker")
                #expect(after.html.contains("\(name) hinzugefügt."))
                #expect(after.html.contains(name == "Netflix" ? "1 aktives Abo" : "2 aktive Abos"))
                #expect(after.html.contains("Verlängert sich morgen"))
                #expect(after.html.contains("Sonstiges"))
            }
        }
    }

    @Test("the coupon and subscription forms sent with mistakes answer in German and keep what was typed")
    func germanFieldErrors() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: Self.email)
            try await database.speak("de", region: "de-DE")

            // When
            try await browser.get("/wallet/coupons/new")
            let coupon = try await browser.post(
                "/wallet/coupons",
                [("name", ""), ("expiresOn", "2026-11-01"), ("category", "Dining"), ("code", "BEHALTEN")]
            )
            try await browser.get("/wallet/subscriptions/new?custom=1")
            let subscription = try await browser.post(
                "/wallet/subscriptions",
                [
                    ("name", ""), ("amount", "5"), ("frequency", "daily"), ("renewsOn", "2026-12-01"),
                    ("cardId", "999"), ("category", "Kino"),
                ]
            )

            // Then
            #expect(coupon.status == .unprocessableContent)
            #expect(coupon.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(coupon.fieldError("name") == "Gib einen Namen ein.")
            #expect(coupon.fieldError("expiresOn") == "Dieses Datum ist vorbei; gib heute oder später ein.")
            #expect(coupon.fieldValue("code") == "BEHALTEN")
            #expect(coupon.html.contains("<option value=\"Dining\" selected>Essen gehen</option>"))
            #expect(subscription.status == .unprocessableContent)
            #expect(subscription.fieldError("name") == "Gib den Namen des Dienstes ein.")
            #expect(subscription.fieldError("frequency") == "Wähle, wie oft es sich verlängert.")
            #expect(subscription.fieldError("cardId") == "Wähle eine deiner Karten.")
            #expect(subscription.fieldValue("category") == "Kino")
            #expect(subscription.html.contains("Bitte korrigiere die 3 markierten Felder unten."))
        }
    }

    @Test("a French member is offered the cards in French, and skipping leaves a French empty Wallet")
    func frenchOnboarding() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: Self.email)
            try await database.speak("fr", region: "fr-FR")

            // When
            let onboarding = try await browser.get("/wallet")
            let skipped = try await browser.post("/wallet/onboarding", [("skip", "1")])
            let empty = try await browser.get("/wallet")
            let browse = try await browser.get("/wallet/cards/new?q=zzz")

            // Then
            #expect(onboarding.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(onboarding.html.contains("Choisissez vos cartes"))
            #expect(onboarding.html.contains("data-count-one=\"Continuer (1 carte sélectionnée)\""))
            #expect(onboarding.html.contains(">Passer</button>"))
            #expect(skipped.status == .seeOther)
            #expect(empty.html.contains("Vous pouvez ajouter des cartes à tout moment"))
            #expect(
                empty.html.contains("Aucune carte pour l'instant")
                    || empty.html.contains("Aucune carte pour l&#39;instant")
            )
            #expect(!empty.html.contains("No cards yet"))
            #expect(browse.html.contains("Aucune carte ne correspond"))
            #expect(browse.html.contains(">carte personnalisée</a>"))
        }
    }

    @Test("Home's wallet widgets follow the member's language, never a copy kept from before the switch")
    func homeWidgets() async throws {
        try await TestApp.run { browser, database in
            // Given: the widgets built and kept in English
            try await browser.signUp(email: Self.email)
            try await browser.addCatalogueCard("chase-sapphire-reserve", feeDueOn: "2027-03-01")
            let english = try await browser.get("/")
            #expect(english.html.contains("Across 1 card"))

            // When: the member switches to Spanish, the wallet unchanged
            try await database.speak("es", region: "es-ES")
            let spanish = try await browser.get("/")

            // Then
            #expect(spanish.html.contains("<html lang=\"es\" dir=\"ltr\">"))
            #expect(spanish.html.contains("En 1 tarjeta"))
            #expect(!spanish.html.contains("Across 1 card"))
        }
    }

    @Test("the plural forms pick by each language's rules, and a missing form falls back to other")
    func plurals() {
        let german = TestApp.words(.de)
        let french = TestApp.words(.fr)
        let spanish = TestApp.words(.es)
        #expect(daysLeftText(1, german) == "Läuft morgen ab")
        #expect(daysLeftText(5, german) == "Noch 5 Tage")
        #expect(french.plural("wallet.index.across", count: 0) == "Sur 0 carte")
        #expect(french.plural("wallet.index.across", count: 1_000_000).hasSuffix("de cartes"))
        #expect(spanish.plural("wallet.subscriptions.active", count: 1) == "1 suscripción activa")
        #expect(spanish.plural("wallet.subscriptions.active", count: 2) == "2 suscripciones activas")
        #expect(WalletController.dueText(3, spanish) == "En 3 días")
    }
}

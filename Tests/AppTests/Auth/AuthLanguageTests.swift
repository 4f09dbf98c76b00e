import Foundation
import GRDB
import Testing

@testable import App

/// The signed-out pages offer every language and keep the one picked; the shell, the shared form messages, the
/// welcome and the error pages speak the member's.
@Suite("Log-in, sign-up and shell languages")
struct AuthLanguageTests {
    @Test("the log-in page offers each language by its own name, and ?lang= picks one and keeps it in a cookie")
    func pickedOnTheLoginPage() async throws {
        try await TestApp.run { browser, _ in
            // When
            let french = try await browser.get("/login?lang=fr&next=%2Fbudget")

            // Then
            #expect(french.status == .ok)
            #expect(french.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(french.html.contains("<title>Se connecter · Stashify</title>"))
            #expect(french.html.contains("Bon retour parmi nous."))
            #expect(french.html.contains(">Mot de passe</label>"))
            #expect(french.html.contains("Nouveau sur Stashify ? <a href=\"/signup\">Créer un compte</a>"))
            #expect(french.setCookie("stashify_language")?.hasPrefix("stashify_language=fr") == true)
            let nav = try #require(french.document.first("nav.auth__languages"))
            #expect(nav["aria-label"] == "Langue")
            for (code, name) in [("en", "English"), ("de", "Deutsch"), ("fr", "Français"), ("es", "Español")] {
                var attributes = ["href": "/login?next=/budget&lang=\(code)", "lang": code, "hreflang": code]
                if code == "fr" { attributes["aria-current"] = "true" }
                #expect(french.document.contains("a", attributes: attributes, text: name), "\(code)")
            }

            // A later visit without ?lang= reads the cookie
            let again = try await browser.get("/login")
            #expect(again.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(again.html.contains("Se connecter"))
            #expect(again.setCookie("stashify_language") == nil)

            // A log-in sent with nothing typed answers in French
            let empty = try await browser.post("/login", [("email", "sam@example.com")])
            #expect(empty.status == .unprocessableContent)
            #expect(empty.html.contains("Saisissez votre e-mail et votre mot de passe."))
            #expect(empty.fieldValue("email") == "sam@example.com")
        }
    }

    @Test("a browser asking for Spanish alone gets Spanish pages, errors included")
    func acceptLanguage() async throws {
        try await TestApp.run { browser, _ in
            await browser.setHeader("Accept-Language", "es-ES")

            let login = try await browser.get("/login")
            #expect(login.html.contains("<html lang=\"es\" dir=\"ltr\">"))
            #expect(login.html.contains("Hola de nuevo."))
            #expect(login.html.contains(">Mantener la sesión iniciada</span>"))
            #expect(login.setCookie("stashify_language") == nil, "nothing was picked")
            #expect(
                login.document.contains(
                    "a",
                    attributes: ["href": "/login?lang=es", "lang": "es", "hreflang": "es", "aria-current": "true"],
                    text: "Español"
                )
            )

            let signup = try await browser.get("/signup")
            #expect(signup.html.contains("Crea tu cuenta"))
            #expect(signup.html.contains("Paso 1 de 2"))

            let missing = try await browser.get("/no-such-page")
            #expect(missing.status == .notFound)
            #expect(missing.html.contains("Página no encontrada"))
            #expect(missing.html.contains("Error 404"))
        }
    }

    @Test("signing up after picking German makes a German member, whose form mistakes are German too")
    func signupKeepsThePickedLanguage() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "taken@example.com")
            let other = Browser(client: browser.client)
            await other.setHeader("Accept-Language", "en-US")

            // Given: German picked on the sign-up page
            let form = try await other.get("/signup?lang=de")
            #expect(form.html.contains("Konto erstellen"))
            #expect(form.html.contains("Du hast schon ein Konto? <a href=\"/login\">Anmelden</a>"))

            // When: an email already taken
            let taken = try await other.post(
                "/signup",
                [("name", "Kim"), ("email", "taken@example.com"), ("password", "correct horse battery")]
            )

            // Then: the field says so in German, and keeps what was typed
            #expect(taken.status == .unprocessableContent)
            #expect(taken.html.contains("Bitte korrigiere das markierte Feld unten."))
            #expect(
                taken.fieldError("email")
                    == "Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Möchtest du dich stattdessen anmelden?"
            )
            #expect(taken.fieldValue("email") == "taken@example.com")
            #expect(taken.fieldValue("name") == "Kim")

            // When: a new email
            let made = try await other.post(
                "/signup",
                [("name", "Kim Lee"), ("email", "kim@example.com"), ("password", "correct horse battery")]
            )

            // Then: the member speaks German, in the region the browser named
            #expect(made.status == .seeOther)
            let user = try #require(try database.user(email: "kim@example.com"))
            #expect(user.language == "de")
            #expect(user.region == "en-US")
            let details = try await other.get("/signup/details")
            #expect(details.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(details.html.contains("Schritt 2 von 2"))
            #expect(details.html.contains("Hallo Kim!"))
            #expect(details.html.contains(">Vorerst überspringen</a>"))
        }
    }

    @Test("a German member's shell, welcome and error pages are German; a French one's French")
    func memberShell() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(name: "Alex Doe", email: "alex@example.com")
            try await database.write { db in try db.execute(sql: "UPDATE user SET language = 'de'") }

            let welcome = try await browser.get("/welcome")
            #expect(welcome.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(welcome.html.contains("Schritt 1 von 4"))
            #expect(welcome.html.contains("Töpfe: Geld mit einem Zweck"))
            #expect(welcome.html.contains(">Überspringen</button>"))

            let home = try await browser.get("/")
            #expect(home.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(
                home.document.contains(
                    "a",
                    attributes: ["class": "skip-link", "href": "#main"],
                    text: "Zum Inhalt springen"
                )
            )
            for label in ["Start", "Statistik", "Abzeichen", "Wallet", "Budget"] {
                #expect(home.document.contains("span", attributes: ["class": "nav__label"], text: label), "\(label)")
            }
            #expect(home.html.contains("<nav class=\"nav\" aria-label=\"Hauptnavigation\">"))
            #expect(home.html.contains("title=\"Profil\""))
            #expect(home.html.contains("aria-label=\"Benachrichtigungen\""))

            let missing = try await browser.get("/stashes/999999")
            #expect(missing.status == .notFound)
            #expect(missing.html.contains("Seite nicht gefunden"))
            #expect(missing.html.contains(">Zur Startseite</a>"))

            try await database.write { db in try db.execute(sql: "UPDATE user SET language = 'fr'") }
            let french = try await browser.get("/welcome/reminders")
            #expect(french.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(french.html.contains("Étape 4 sur 4"))
            #expect(french.html.contains("Activer les rappels"))

            // Logging out leaves the log-in page in the member's language
            let out = try await browser.logOut()
            #expect(out.setCookie("stashify_language")?.hasPrefix("stashify_language=fr") == true)
            let login = try await browser.get("/login")
            #expect(login.html.contains("Vous êtes déconnecté. À bientôt !"))
            #expect(login.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
        }
    }

    @Test("the shared field messages speak the member's language and give the region's examples")
    func fieldMessages() {
        var german = FieldErrors(t: TestApp.words(.de))
        _ = german.amount("abc", field: "a", currency: .usd, grammar: .comma)
        _ = german.amount("12.50", field: "b", currency: .usd, grammar: .comma)
        _ = german.amount("1,234", field: "c", currency: .usd, grammar: .comma)
        _ = german.date("2026-02-30", field: "d", today: CalendarDay("2026-11-22")!, window: .ledger)
        _ = german.text("Reisen", field: "e", max: 4)
        _ = german.clockTime("9", field: "f")
        #expect(german["a"] == "Gib einen Betrag wie 12,50 oder 1.234,56 ein.")
        #expect(german["b"] == "Schreib Beträge hier wie 12,50 oder 1.234,56: „,“ trennt die Nachkommastellen.")
        #expect(german["c"] == "Verwende höchstens 2 Nachkommastellen.")
        #expect(german["d"] == "Gib ein gültiges Datum ein, z. B. 22. Nov. 2026.")
        #expect(german["e"] == "Verwende höchstens 4 Zeichen.")
        #expect(german["f"] == "Gib eine Uhrzeit wie 09:00 ein.")
        #expect(german.summary == "Bitte korrigiere die 6 markierten Felder unten.")

        var french = FieldErrors(t: TestApp.words(.fr))
        _ = french.amount("abc", field: "a", currency: .usd, grammar: TestApp.words(.fr).format.amounts)
        #expect(french["a"] == "Saisissez un montant comme 12,50 ou 1\u{202F}234,56.")
    }

    @Test("the badge dialog and the bell count in each language's plural forms")
    func plurals() {
        func shell(_ language: Language, more: Int?, unread: Int) -> String {
            Shell(
                t: TestApp.words(language),
                title: "T",
                theme: nil,
                colorScheme: "light dark",
                csrf: CSRF(token: "t"),
                avatar: nil,
                nav: [],
                showNav: true,
                flash: nil,
                celebration: Shell.Celebration(
                    stashName: "Trip",
                    monthTitle: "November 2026",
                    points: 10,
                    reward: nil,
                    badgeId: 1,
                    more: more
                ),
                bell: Shell.Bell(href: "/notifications", unread: unread)
            ).page(.empty).description
        }
        #expect(shell(.en, more: 1, unread: 1).contains("And 1 more badge with it."))
        #expect(shell(.en, more: 3, unread: 0).contains("And 3 more badges with it."))
        let german = shell(.de, more: 1, unread: 2)
        #expect(german.contains("Abzeichen verdient!"))
        #expect(
            german.contains("Du hast <strong>Trip</strong> für November 2026 geschafft. <strong>+10 Punkte</strong>.")
        )
        #expect(german.contains("Und dazu 1 weiteres Abzeichen."))
        #expect(german.contains("aria-label=\"Benachrichtigungen, 2 ungelesen\""))
        #expect(shell(.de, more: 2, unread: 0).contains("Und dazu 2 weitere Abzeichen."))
        #expect(shell(.fr, more: 1, unread: 0).contains("Et 1 autre badge en plus."))
        #expect(shell(.fr, more: 1_000_000, unread: 0).contains("autres badges en plus."))
        #expect(shell(.es, more: 2, unread: 0).contains("Y además, 2 insignias más."))
    }
}

import Foundation
import GRDB
import Testing

@testable import App

/// Profile, notifications, reminders and your data in the member's language: the pages, the field errors, the
/// reminders recorded and pushed in the background, and the calendar feed.
@Suite("Profile and reminders in the member's language")
struct ProfileLanguageTests {
    /// Sets the member's language (and region) as Profile would have saved them.
    static func speak(
        _ language: String,
        region: String? = nil,
        _ database: AppDatabase,
        email: String
    ) async throws
        -> Int64
    {
        let id = try await LedgerFixture.userId(database, email: email)
        try await database.write { db in
            try db.execute(
                sql: "UPDATE user SET language = ?, region = COALESCE(?, region) WHERE id = ?",
                arguments: [language, region, id]
            )
        }
        return id
    }

    @Test("a German member's Profile, notification settings and Your data are German, and errors keep what was typed")
    func germanPages() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "anna@example.com")
            _ = try await Self.speak("de", region: "de-DE", database, email: "anna@example.com")

            // When
            let profile = try await browser.get("/profile")

            // Then
            #expect(profile.document.contains("html", attributes: ["lang": "de", "dir": "ltr"]))
            #expect(profile.html.contains("Persönliche Angaben"))
            #expect(profile.html.contains(">Profil speichern</button>"))
            #expect(profile.html.contains("Du bist nur in diesem Browser angemeldet."))
            #expect(profile.html.contains(">Deutsch (Schweiz) — "), "regions are named in German")
            #expect(profile.html.contains("USD — US-Dollar"), "currencies are named in German")

            // When: an age that isn't one
            var form = ProfileTests.fullForm.filter { $0.0 != "age" && $0.0 != "salary" }
            form += [("age", "zwölf"), ("salary", "1.234,50")]
            let refused = try await browser.post("/profile", form)

            // Then
            #expect(refused.status == .unprocessableContent)
            #expect(refused.html.contains("Gib dein Alter als ganze Zahl von 13 bis 120 ein."))
            #expect(refused.html.contains("Bitte korrigiere das markierte Feld unten."))
            #expect(refused.fieldValue("age") == "zwölf")
            #expect(refused.fieldValue("location") == "Berlin")

            // And the notification settings count days with the right plural
            let settings = try await browser.get("/profile/notifications")
            #expect(settings.html.contains("Benachrichtigungseinstellungen"))
            #expect(settings.html.contains(">1 Tag</option>"))
            #expect(settings.html.contains(">7 Tage</option>"))
            #expect(settings.html.contains(">Montag</option>"), "weekdays are named by Foundation in German")
            let data = try await browser.get("/profile/data")
            #expect(data.html.contains(">Alles herunterladen (ZIP)</a>"))
        }
    }

    @Test("a German member's reminder is recorded and pushed in German, to the list, ntfy and the webhook")
    func germanReminder() async throws {
        try await PushTests.withServer { port, inbox in
            let clock = TestClock(TestClock.date("2026-11-22T10:00:00Z"))
            try await TestApp.run(clock: clock) { browser, database in
                // Given: Ann's coupon expires in 2 days, and she speaks German
                let ann = try await PushTests.ann(browser, database, port: port)
                _ = try await Self.speak("de", database, email: "ann@example.com")

                // When
                let engine = ReminderEngine(database: database, now: { clock.now }, catalogue: TestApp.catalogue)
                #expect(try await engine.tick() == 1)
                #expect(try await PushTests.pusher(database, clock).deliverDue() == 2)

                // Then: the notification row
                let rows = try await ReminderFixtures.notifications(database, userId: ann)
                #expect(rows.map(\.title) == ["Gutschein läuft ab: Pizza"])
                #expect(rows.first?.body == "$5.00 · läuft in 2 Tagen ab")
                let list = try await browser.get("/notifications")
                #expect(list.html.contains("Gutschein läuft ab: Pizza"))
                #expect(list.html.contains("1 ungelesen"))

                // ntfy gets the title encoded (RFC 2047) so the umlaut survives, and the body as it is
                let ntfy = try #require(inbox.received.first { $0.path == "/ntfy/ann-reminders" })
                let title = try #require(ntfy.headers["title"])
                #expect(title.hasPrefix("=?UTF-8?B?") && title.hasSuffix("?="))
                let encoded = String(title.dropFirst("=?UTF-8?B?".count).dropLast(2))
                #expect(
                    Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) }
                        == "Gutschein läuft ab: Pizza"
                )
                #expect(ntfy.body == "$5.00 · läuft in 2 Tagen ab")

                // and the webhook the same words as JSON
                let hook = try #require(inbox.received.first { $0.path == "/hook" })
                let json = try #require(try JSONSerialization.jsonObject(with: Data(hook.bytes)) as? [String: String])
                #expect(json["title"] == "Gutschein läuft ab: Pizza")
                #expect(json["body"] == "$5.00 · läuft in 2 Tagen ab")
            }
        }
    }

    @Test("a French member's calendar feed names the events in French")
    func frenchCalendar() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "claire@example.com")
            let claire = try await Self.speak("fr", database, email: "claire@example.com")
            try await ReminderFixtures.coupon(database, userId: claire, name: "Pizza", expiresOn: "2026-12-05")

            // When
            let feed = try #require(
                try CalendarFeedController.calendar(
                    database: database,
                    userId: claire,
                    now: TestClock.date("2026-11-22T10:00:00Z"),
                    catalogue: TestApp.catalogue
                )
            )

            // Then
            let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
            #expect(unfolded.contains("X-WR-CALNAME:Rappels Stashify"))
            #expect(unfolded.contains("SUMMARY:Bon de réduction bientôt expiré\u{A0}: Pizza"))
            #expect(unfolded.contains("échéance le"))
            #expect(!unfolded.contains("Coupon expiring"))
        }
    }

    @Test("choosing Español on Profile saves es and the next page is Spanish")
    func chooseSpanish() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let before = try await browser.get("/profile")
            #expect(before.html.contains("<option value=\"es\">Español</option>"))

            // When
            let saved = try await browser.post(
                "/profile",
                ProfileTests.fullForm + [("language", "es"), ("region", "en-US")]
            )

            // Then
            #expect(saved.status == .seeOther)
            let user = try #require(try database.user(email: "alex.doe@example.com"))
            #expect(user.language == "es")
            let next = try await browser.get("/profile")
            #expect(next.html.contains("<html lang=\"es\" dir=\"ltr\""))
            #expect(next.html.contains("Perfil guardado."))
            #expect(next.html.contains("Datos personales"))
            #expect(next.html.contains("Solo tienes la sesión iniciada en este navegador."))
        }
    }

    @Test("counts pick their plural form in each language")
    func plurals() {
        #expect(
            TestApp.words(.en).plural("profile.sessions.count", count: 2)
                == "You're logged in on 2 browsers, this one included."
        )
        #expect(
            TestApp.words(.de).plural("profile.two_factor.codes_left", count: 1)
                == "Du hast noch 1 Wiederherstellungscode."
        )
        #expect(
            TestApp.words(.de).plural("profile.two_factor.codes_left", count: 3)
                == "Du hast noch 3 Wiederherstellungscodes."
        )
        #expect(TestApp.words(.fr).plural("notifications.digest.title", count: 0) == "0 rappel")
        #expect(TestApp.words(.fr).plural("notifications.digest.title", count: 1_000_000).contains("de rappels"))
        #expect(TestApp.words(.es).plural("data.counts.transactions", count: 1) == "1 transacción")
        #expect(TestApp.words(.es).plural("data.counts.transactions", count: 12) == "12 transacciones")
    }
}

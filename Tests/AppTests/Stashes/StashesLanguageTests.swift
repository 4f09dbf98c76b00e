import Foundation
import GRDB
import Testing

@testable import App

/// Stashes, Home and Badges in the member's language: the pages, the stash form's errors, the flashes and the
/// counts, in German, French and Spanish.
@Suite("Stashes, Home and Badges in the member's language")
struct StashesLanguageTests {
    static let email = "anna@example.com"

    /// Signs up, then sets the member's language (and region) as Profile would.
    static func signUp(_ browser: Browser, _ database: AppDatabase, language: String, region: String) async throws {
        try await browser.signUp(email: email)
        try await database.speak(language, region: region)
    }

    @Test("a German member sees Home, a stash and Badges in German, with counts in the right plural")
    func germanPages() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "de", region: "de-DE")
            let id = try await browser.createStash(name: "Urlaub", target: "500")

            // When
            let home = try await browser.get("/")
            let stash = try await browser.get("/stashes/\(id)")
            let badges = try await browser.get("/badges")

            // Then
            #expect(home.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(home.html.contains("Diesen Monat hast du 0 von 1 Topf geschafft"))
            #expect(home.html.contains("+ Neuer Topf"))
            #expect(home.html.contains("In deinen Töpfen gespart"))
            #expect(home.html.contains("0,00\u{00A0}$ von 500,00\u{00A0}$ gespart"))
            #expect(stash.html.contains("Eintrag hinzufügen"))
            #expect(stash.html.contains("Spartopf"))
            #expect(stash.html.contains("Diesen Monat noch keine Einträge."))
            #expect(badges.html.contains("Level 1 · Bronze-Sparer"))
            #expect(badges.html.contains("Noch 10 Punkte (1 Abzeichen) bis Level 2 · Bronze-Sparer"))
            #expect(badges.html.contains("<strong>0 Punkte</strong> · Rang Bronze"))
            #expect(!home.html.contains("stashes this month"))

            // When: a second stash, so the count takes its plural form
            _ = try await browser.createStash(name: "Auto", target: "100")
            let again = try await browser.get("/")

            // Then
            #expect(again.html.contains("Diesen Monat hast du 0 von 2 Töpfen geschafft"))
        }
    }

    @Test("the stash form sent with mistakes answers in German and keeps what was typed")
    func germanFieldErrors() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "de", region: "de-DE")
            _ = try await browser.createStash(name: "Urlaub", target: "500")
            try await browser.get("/stashes/new")

            // When
            let blank = try await browser.post(
                "/stashes",
                [
                    ("name", "  "), ("kind", "hoard"), ("target", "50"), ("reward", "Kuchen"), ("category", ""),
                    ("reminder", "off"),
                ]
            )
            let taken = try await browser.post(
                "/stashes",
                [("name", "Urlaub"), ("kind", "save"), ("target", "50"), ("category", ""), ("reminder", "off")]
            )

            // Then
            #expect(blank.status == .unprocessableContent)
            #expect(blank.fieldError("name") == "Gib einen Namen ein.")
            #expect(blank.fieldError("kind") == "Wähle Sparen oder Ausgeben.")
            #expect(blank.fieldValue("reward") == "Kuchen")
            #expect(blank.fieldValue("target") == "50")
            #expect(blank.html.contains("Neuer Topf"))
            #expect(blank.html.contains("Wöchentlicher Anstoß"))
            #expect(
                taken.fieldError("name") == "Du hast schon einen Topf namens „Urlaub“. Gib diesem einen anderen Namen."
            )
            #expect(try database.read { db in try Stash.fetchCount(db) } == 1)
        }
    }

    @Test("a French member adds an entry and reads the flash, the badge and the delete page in French")
    func frenchEntryAndBadge() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "fr", region: "fr-FR")
            let id = try await browser.createStash(name: "Vacances", target: "50")

            // When
            let added = try await browser.addEntry(stash: id, amount: "60", date: "2026-11-02")
            let shown = try await browser.get(try #require(added.location))
            let badgeId = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM badge WHERE earned = 1") }
            )
            let badge = try await browser.get("/badges/\(badgeId)")
            let delete = try await browser.get("/stashes/\(id)/delete")
            let empty = try await browser.createStash(name: "Voiture", target: "80")
            let deleteEmpty = try await browser.get("/stashes/\(empty)/delete")

            // Then
            #expect(shown.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(shown.html.contains("épargnés dans «\u{00A0}Vacances\u{00A0}»."))
            #expect(shown.html.contains("Mouvements de"))
            #expect(badge.html.contains("Marquer la récompense comme obtenue"))
            #expect(badge.html.contains("· 1 mouvement<"))
            #expect(delete.html.contains("1 mouvement et 1 badge (10 points) seront supprimés avec elle."))
            // French counts 0 as singular
            #expect(deleteEmpty.html.contains("0 mouvement et 0 badge (0 points) seront supprimés avec elle."))
            #expect(delete.html.contains("Supprimer la cagnotte"))
        }
    }

    @Test("a Spanish member reads the calendar, the delete page's counts and the badges tabs in Spanish")
    func spanishCounts() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "es", region: "es-ES")
            let id = try await browser.createStash(name: "Comida", kind: "spend", target: "200")
            try await browser.addEntry(stash: id, amount: "20", date: "2026-11-02")
            try await browser.addEntry(stash: id, amount: "30", date: "2026-11-03")

            // When
            let calendar = try await browser.get("/?day=2026-11-02")
            let delete = try await browser.get("/stashes/\(id)/delete")
            let badges = try await browser.get("/badges?tab=completed")

            // Then
            #expect(calendar.html.contains("<html lang=\"es\" dir=\"ltr\">"))
            #expect(calendar.html.contains(": gasto\""))
            #expect(calendar.html.contains("Cerrar"))
            // Spanish counts 0 in the plural
            #expect(delete.html.contains("Con ella se eliminarán 2 movimientos y 0 insignias (0 puntos)."))
            #expect(badges.html.contains("Aún no tienes insignias este mes"))
            #expect(badges.html.contains(">Completadas<"))
        }
    }

    @Test(
        "Home's calendar starts its weeks on Monday in Germany and on Sunday in the United States, with full day names"
    )
    func calendarWeekStart() async throws {
        for (language, region, head, blanks) in [
            ("de", "de-DE", ["Montag\">Mo<", "Sonntag\">So<"], 6),
            ("en", "en-US", ["Sunday\">Sun<", "Saturday\">Sat<"], 0),
        ] {
            try await TestApp.run { browser, database in
                // Given: 1 November 2026 is a Sunday
                try await Self.signUp(browser, database, language: language, region: region)
                _ = try await browser.createStash(name: "Urlaub", target: "50")

                // When
                let home = try await browser.get("/?day=2026-11-02").html

                // Then
                let header = try #require(home.range(of: "<thead>").map { String(home[$0.upperBound...].prefix(800)) })
                let columns = header.components(separatedBy: "<th scope=\"col\"><abbr title=\"").dropFirst()
                #expect(columns.count >= 7, "\(region)")
                #expect(columns.first?.hasPrefix(head[0]) == true, "\(region): \(header)")
                #expect(Array(columns.prefix(7)).last?.hasPrefix(head[1]) == true, "\(region): \(header)")
                let body = try #require(home.range(of: "<tbody>").map { home[$0.upperBound...] })
                let firstWeek = String(body).components(separatedBy: "</tr>")[0]
                #expect(firstWeek.components(separatedBy: "<td></td>").count - 1 == blanks, "\(region)")
            }
        }
    }

    @Test("a badge's note in the list is worded in the reader's language, also one recorded before they switched")
    func badgeNote() async throws {
        try await TestApp.run { browser, database in
            // Given: a badge earned in English
            try await Self.signUp(browser, database, language: "en", region: "en-US")
            let id = try await browser.createStash(name: "Urlaub", target: "50")
            try await browser.addEntry(stash: id, amount: "60", date: "2026-11-02")
            #expect(try await browser.get("/notifications").html.contains("Badge earned: Urlaub"))

            // When
            try await database.speak("de", region: "de-DE")
            let list = try await browser.get("/notifications").html

            // Then
            #expect(list.contains("Abzeichen verdient: Urlaub"))
            #expect(list.contains("November 2026 · +10 Punkte"))
            let stored = try database.read { db in
                try Row.fetchOne(db, sql: "SELECT title, body FROM notification WHERE kind = 'badge'")
            }
            #expect(stored?["title"] == "Urlaub")
            #expect(stored?["body"] == "")
        }
    }
}

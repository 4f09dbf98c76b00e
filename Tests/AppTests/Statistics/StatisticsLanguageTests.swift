import Foundation
import GRDB
import Testing

@testable import App

@Suite("Statistics in the member's language")
struct StatisticsLanguageTests {
    static let email = "alex@example.com"

    /// Whether `pdftotext` (Debian's poppler-utils) is installed, for the checks that read a PDF's text.
    static let hasPDFText = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A member with a save stash, a spend stash and a month of entries (written in English, then switched to
    /// `language` and `region`).
    static func member(_ browser: Browser, _ database: AppDatabase, language: String, region: String) async throws {
        try await browser.signUp(email: email)
        let userId = try await LedgerFixture.userId(database, email: email)
        let fund = try await browser.createStash(name: "Vacation Fund", target: "500", category: "Travel")
        let dining = try await browser.createStash(name: "Dining Out", kind: "spend", target: "200")
        try await browser.addEntry(stash: fund, amount: "100", date: "2026-10-05")
        try await browser.addEntry(stash: fund, amount: "375", date: "2026-11-05")
        try await browser.addEntry(stash: dining, amount: "85", date: "2026-11-12")
        try await browser.addEntry(stash: dining, amount: "5", date: "2026-11-12")
        try await LedgerFixture.add(
            database,
            userId: userId,
            date: "2026-11-03",
            cents: 300_000,
            kind: .income,
            category: "Salary"
        )
        try await database.speak(language, region: region)
    }

    @Test("a German member sees the monthly and yearly views, their charts and sentences in German")
    func germanPages() async throws {
        try await TestApp.run { browser, database in
            try await Self.member(browser, database, language: "de", region: "en-US")

            let page = try await browser.get("/statistics?view=monthly&period=2026-11")
            #expect(page.status == .ok)
            #expect(page.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            let text = StatisticsTests.text(page.html)
            for shown in [
                "Gespart $375.00", "Ausgegeben $90.00", "Einnahmen $3,000.00", "Einträge 4",
                "Täglich", "Monatlich", "Jährlich", "Spartöpfe", "Ausgabentöpfe", "Laufend",
                "Du hast in Vacation Fund 275% mehr gespart als letzten Monat.",
                "Dining Out blieb 55% unter dem Rahmen.",
                "$375.00 von $500.00 gespart",
                "Im November 2026 noch keine Töpfe abgeschlossen.",
                "Entwicklung der Töpfe", "CSV exportieren", "Monatszusammenfassung November 2026 (PDF)",
                "Als Tabelle anzeigen",
            ] {
                #expect(text.contains(shown), "\(shown)")
            }
            #expect(page.html.contains("aria-label=\"Summen für November 2026\""))
            #expect(page.html.contains("Einnahmen und Ausgaben, November 2026"))
            #expect(page.html.contains("Ausgaben nach Kategorie, November 2026"))
            // A bar's tooltip names its series inside the sentence
            #expect(page.html.contains(": gespart $375"))
            #expect(!text.contains("Saved"))
            #expect(!text.contains("Spending by category"))

            // The yearly calendar says "1 Eintrag" and "2 Einträge", and shows German weekdays' row labels
            let year = try await browser.get("/statistics?view=yearly&period=2026")
            #expect(year.html.contains(": 1 Eintrag, $375.00"))
            #expect(year.html.contains(": 2 Einträge, $90.00"))
            #expect(year.html.contains("Aktivitätskalender 2026: Tage nach Anzahl der Einträge eingefärbt"))
            #expect(StatisticsTests.text(year.html).contains("$475.00 gespart · 0 von 2 Monaten abgeschlossen"))

            // An empty month says so on the month's own terms
            let empty = StatisticsTests.text(try await browser.get("/statistics?view=monthly&period=2028-11").html)
            #expect(empty.contains("Im November 2028 nichts erfasst"))
        }
    }

    @Test("a wrong period in the address is refused in the member's language, quoting what was typed")
    func errorsInLanguage() async throws {
        try await TestApp.run { browser, database in
            try await Self.member(browser, database, language: "de", region: "de-DE")
            let german = try await browser.get("/statistics?view=weekly")
            #expect(german.status == .badRequest)
            #expect(german.html.contains("„weekly“ ist keine Ansicht. Verwende daily, monthly oder yearly."))

            try await database.write { db in try db.execute(sql: "UPDATE user SET language = 'fr'") }
            let french = try await browser.get("/statistics?view=monthly&period=2026-13")
            #expect(french.status == .badRequest)
            #expect(french.html.contains("2026-13\u{A0}» n’est pas une période valide pour l’affichage par mois."))
            let compare = try await browser.get("/statistics/compare?month=2026-10&month=2026-11")
            #expect(compare.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(compare.html.contains("Comparer des mois"))
            #expect(compare.html.contains("Épargne, dépenses et revenus"))
            #expect(compare.html.contains("Les lignes sous Revenus indiquent les dépenses par catégorie."))
        }
    }

    @Test("the statistics CSV has German headers and kinds for a German member, amounts as machine numbers")
    func germanCSV() async throws {
        try await TestApp.run { browser, database in
            try await Self.member(browser, database, language: "de", region: "de-DE")
            let csv = try await browser.get("/statistics/export.csv?view=monthly&period=2026-11").html
            let rows = ExportTests.parseCSV(csv)
            #expect(rows.first == ["Datum", "Art", "Betrag", "Währung", "Kategorie", "Topf", "Konto", "Notiz"])
            #expect(rows.contains(["2026-11-05", "Ersparnis", "375.00", "USD", "Travel", "Vacation Fund", "", ""]))
            #expect(rows.contains { $0.count > 2 && $0[1] == "Einnahme" && $0[2] == "3000.00" })
        }
    }

    @Test(
        "a German and a French member's PDF summary reads in their language, accents and spaces encoded",
        .enabled(if: hasPDFText, "pdftotext (Debian poppler-utils) isn't installed: the PDF's text can't be read")
    )
    func summaryPDF() async throws {
        try await TestApp.run { browser, database in
            try await Self.member(browser, database, language: "de", region: "de-DE")
            let german = try await browser.get("/statistics/summary.pdf?period=2026-11")
            #expect(german.status == .ok)
            // WinAnsi: "ö" is the one byte 0xF6, never a "?"
            #expect(german.bytes.contains(0xF6))
            let text = try #require(try ExportTests.pdfText(german.bytes))
            for shown in [
                "Monatszusammenfassung — November 2026", "Gespart und ausgegeben pro Tag", "Ausgaben nach Kategorie",
                "Töpfe", "Spartopf", "Ausgabentopf", "Fortschritt",
            ] {
                #expect(text.contains(shown), "\(shown)")
            }
            // The region's no-break spaces in amounts and percentages come through as spaces
            for pattern in [#"375,00\s\$"#, #"Du hast in Vacation Fund 275\s%\smehr gespart als letzten Monat\."#] {
                #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(pattern)")
            }
            #expect(!text.contains("Spending by category"))

            try await database.write { db in
                try db.execute(sql: "UPDATE user SET language = 'fr', region = 'fr-FR'")
            }
            let french = try await browser.get("/statistics/summary.pdf?view=yearly&period=2026")
            let frenchText = try #require(try ExportTests.pdfText(french.bytes))
            for shown in ["Résumé annuel — 2026", "Dépenses par catégorie", "Cagnottes", "Épargne"] {
                #expect(frenchText.contains(shown), "\(shown)")
            }
            // French groups thousands with a narrow no-break space ("3 000,00 $US"): written as a space, not a "?"
            #expect(frenchText.range(of: #"3\s000,00\s\$"#, options: .regularExpression) != nil)
            #expect(!frenchText.contains("3?000"))
        }
    }

    @Test("the year's heatmap puts the region's first weekday on top: Monday in Germany, Sunday in the United States")
    func heatmapWeekStart() async throws {
        for (language, region, rows, firstY, tooltip) in [
            ("de", "de-DE", ["Mo", "Mi", "Fr"], "58.0", "Do. 1. Jan. 2026"),
            ("en", "en-US", ["Sun", "Tue", "Thu"], "72.0", "Thu, Jan 1, 2026"),
        ] {
            try await TestApp.run { browser, database in
                // Given: 1 January 2026 is a Thursday
                try await Self.member(browser, database, language: language, region: region)

                // When
                let yearly = try await browser.get("/statistics?view=yearly&period=2026").html

                // Then
                let labels = rows.map { ">\($0)</text>" }
                #expect(labels.allSatisfy(yearly.contains), "\(region)")
                let first = try #require(yearly.range(of: "<rect class=\"heat heat--"))
                #expect(yearly[first.upperBound...].prefix(40).contains("y=\"\(firstY)\""), "\(region)")
                #expect(yearly.contains(tooltip), "\(region)")
            }
        }
    }
}

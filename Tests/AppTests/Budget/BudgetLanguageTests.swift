import Foundation
import GRDB
import Testing

@testable import App

/// The Budget section in the member's language: the tabs, the ledger, the forms' errors, the flashes and the counts,
/// in German, French and Spanish.
@Suite("Budget in the member's language")
struct BudgetLanguageTests {
    static let email = "anna@example.com"
    static let nbsp = "\u{00A0}"

    /// Signs up, then sets the member's language (and region) as Profile would.
    static func signUp(_ browser: Browser, _ database: AppDatabase, language: String, region: String) async throws {
        try await browser.signUp(email: email)
        try await database.speak(language, region: region)
    }

    @Test("a German member sees the Budget tabs, the ledger, accounts, transactions and reports in German")
    func germanPages() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "de", region: "de-DE")
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            try await browser.addTransaction(amount: "800", kind: "needs", category: rent, date: "2026-11-22")

            // When
            let budget = try await browser.get("/budget")
            let needs = try await browser.get("/budget/needs")
            let transactions = try await browser.get("/transactions")
            let accounts = try await browser.get("/accounts")
            let reports = try await browser.get("/budget/reports?year=2025")
            let savings = try await browser.get("/budget/savings?month=2026-10")

            // Then
            #expect(budget.html.contains("<html lang=\"de\" dir=\"ltr\">"))
            #expect(budget.html.contains("diesen Monat übrig"))
            #expect(budget.html.contains(">Grundbedarf</a>"))
            #expect(budget.html.contains(">Wünsche</a>"))
            #expect(budget.html.contains("aria-label=\"Mehr im Budget\""))
            #expect(budget.html.contains("<h3 class=\"ledger-day\">Heute</h3>"))
            #expect(budget.html.contains("Einnahme hinzufügen"))
            #expect(needs.html.contains("<span class=\"budget-hero__unit\">ausgegeben</span>"))
            #expect(needs.html.contains("Zuletzt in Grundbedarf"))
            #expect(transactions.html.contains("placeholder=\"Notiz, Kategorie, Konto oder Betrag suchen\""))
            #expect(transactions.html.contains("Alle Kategorien"))
            #expect(accounts.html.contains("Noch keine Konten"))
            #expect(reports.html.contains("Keine Berichte für 2025"))
            #expect(savings.html.contains("Bau dir deine Zukunft auf"))
            #expect(savings.html.contains(">Dieser Monat</a>"))
            #expect(!budget.html.contains("remaining this month"))
            #expect(!needs.html.contains("Recent in"))

            // Then: one transaction in Rent/Mortgage, then two, each in its plural form
            #expect(StatisticsTests.text(needs.html).contains("Rent/Mortgage 1 Buchung"))
            try await browser.addTransaction(amount: "45,20", kind: "needs", category: rent, date: "2026-11-21")
            let again = try await browser.get("/budget/needs")
            #expect(StatisticsTests.text(again.html).contains("Rent/Mortgage 2 Buchungen"))
            #expect(again.html.contains("<h3 class=\"ledger-day\">Gestern</h3>"))
        }
    }

    @Test("the transaction and account forms sent with mistakes answer in German and keep what was typed")
    func germanFieldErrors() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "de", region: "de-DE")
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)

            // When: a Wants category sent as Needs
            try await browser.get("/transactions/new?kind=needs")
            let transaction = try await browser.post(
                "/transactions",
                [
                    ("amount", "12,50"), ("kind", "needs"), ("category", String(dining)), ("note", "Pizza"),
                    ("date", "2026-11-20"),
                ]
            )
            // When: an account without a name
            try await browser.get("/accounts/new")
            let account = try await browser.post("/accounts", [("name", " "), ("kind", "cash"), ("opening", "20,75")])

            // Then
            #expect(transaction.status == .unprocessableContent)
            #expect(
                transaction.fieldError("category")
                    == "„Dining Out“ gehört zu Wünsche. Wähle eine Kategorie aus Grundbedarf oder wähle Wünsche als Typ."
            )
            #expect(transaction.html.contains("Bitte korrigiere das markierte Feld unten."))
            #expect(transaction.fieldValue("note") == "Pizza")
            #expect(transaction.fieldValue("amount") == "12,50")
            #expect(transaction.html.contains("Ausgabe hinzufügen"))
            #expect(account.status == .unprocessableContent)
            #expect(account.fieldError("name") == "Gib einen Namen ein.")
            #expect(account.fieldValue("opening") == "20,75")
            #expect(account.html.contains("Anfangssaldo"))
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
        }
    }

    @Test("a French member deletes a category in French, with the count in its plural form")
    func frenchCategories() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "fr", region: "fr-FR")
            try await browser.get("/budget/categories/new?kind=wants")
            try await browser.post(
                "/budget/categories",
                [("name", "Animaux"), ("kind", "wants"), ("icon", "paw"), ("color", "#EA580C")]
            )
            let pets = try await database.categoryId("Animaux", kind: .wants, email: Self.email)
            try await browser.addTransaction(amount: "12", kind: "wants", category: pets, date: "2026-11-20")

            // When
            let list = try await browser.get("/budget/categories?kind=wants")
            let one = try await browser.get("/budget/categories/\(pets)/delete")
            try await browser.addTransaction(amount: "8", kind: "wants", category: pets, date: "2026-11-21")
            let two = try await browser.get("/budget/categories/\(pets)/delete")
            let deleted = try await browser.post("/budget/categories/\(pets)/delete")
            let after = try await browser.get(try #require(deleted.location))

            // Then
            #expect(list.html.contains("<html lang=\"fr\" dir=\"ltr\">"))
            #expect(list.html.contains("Personnalisée · 1 opération"))
            #expect(list.html.contains("aria-label=\"Monter «\(Self.nbsp)Animaux\(Self.nbsp)»\""))
            #expect(one.html.contains("Supprimer «\(Self.nbsp)Animaux\(Self.nbsp)»\(Self.nbsp)?"))
            #expect(one.html.contains("1 opération sera déplacée vers la catégorie «\(Self.nbsp)Other\(Self.nbsp)»."))
            #expect(
                two.html.contains("2 opérations seront déplacées vers la catégorie «\(Self.nbsp)Other\(Self.nbsp)».")
            )
            #expect(after.html.contains("2 opérations déplacées vers «\(Self.nbsp)Other\(Self.nbsp)»."))
        }
    }

    @Test("a Spanish member files a monthly report in Spanish: the form, its errors and the plural flash")
    func spanishReport() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await Self.signUp(browser, database, language: "es", region: "es-ES")
            let rent = try await database.categoryId("Rent/Mortgage", kind: .needs, email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)

            // When
            let form = try await browser.get("/budget/report?month=2026-10")
            let empty = try await browser.post("/budget/report", [("month", "2026-10"), ("c\(rent)", "")])
            try await browser.get("/budget/report?month=2026-10")
            let one = try await browser.post("/budget/report", [("month", "2026-10"), ("c\(rent)", "1.200")])
            let oneFlash = try await browser.get(try #require(one.location))
            try await browser.get("/budget/report?month=2026-10")
            let two = try await browser.post(
                "/budget/report",
                [("month", "2026-10"), ("c\(rent)", "10"), ("c\(groceries)", "310,40")]
            )
            let twoFlash = try await browser.get(try #require(two.location))

            // Then
            #expect(form.html.contains("<html lang=\"es\" dir=\"ltr\">"))
            #expect(form.html.contains("Informe mensual de gastos"))
            #expect(form.html.contains("y la nota «Informe mensual»"))
            #expect(form.html.contains("<h3 class=\"report-kind\">Necesidades</h3>"))
            #expect(empty.status == .unprocessableContent)
            #expect(empty.fieldError("month") == "Introduce al menos un importe.")
            #expect(oneFlash.html.contains("1 gasto añadido a"))
            #expect(twoFlash.html.contains("2 gastos añadidos a"))
            #expect(twoFlash.html.contains(">Necesidades</dt>"))
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.count == 3)
            #expect(rows.allSatisfy { $0.note == "Informe mensual" })
        }
    }
}

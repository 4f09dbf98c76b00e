import Foundation
import GRDB
import Testing

@testable import App

/// The member's region: chosen from the browser at sign-up, changed on Profile, and then every amount is written
/// and typed its way: `1.234,56 €` in Germany, where `12,50` is twelve and a half and `12.50` is asked again.
@Suite("Region")
struct RegionTests {
    static let email = "anna@example.com"

    @Test(
        "the browser's languages decide the region at sign-up, and the currency that goes with it",
        arguments: [
            ("de-CH,de;q=0.9,en;q=0.8", "de-CH", "CHF"), ("fr", "fr-FR", "EUR"), ("it-IT, es;q=0.5", "es-ES", "EUR"),
            ("en;q=0.1, es-MX", "es-MX", "MXN"), ("zh-Hant-TW", "en-US", "USD"), ("", "en-US", "USD"),
            ("de-AT", "de-AT", "EUR"), ("es-419;q=0, en-GB", "en-GB", "GBP"),
        ] as [(String, String, String)]
    )
    func signupFollowsTheBrowser(header: String, region: String, currency: String) async throws {
        try await TestApp.run { browser, database in
            // Given
            if !header.isEmpty { await browser.setHeader("Accept-Language", header) }

            // When
            let page = try await browser.signUp(email: Self.email)

            // Then
            #expect(page.status == .seeOther)
            let user = try #require(try database.user(email: Self.email))
            #expect(user.region == region)
            #expect(user.currency == currency)
        }
    }

    @Test("a German region writes amounts the German way on every page, and its forms read them that way")
    func germanAmounts() async throws {
        try await TestApp.run { browser, database in
            // Given: a member in the United States with a stash and an entry
            try await browser.signUp(email: Self.email)
            let stash = try await browser.createStash(name: "Trip", target: "1,500")
            #expect(
                try await browser.addEntry(stash: stash, amount: "1,234.56", date: "2026-11-10").status == .seeOther
            )

            // When: the region becomes Germany on Profile
            let profile = try await browser.get("/profile")
            #expect(profile.fieldValue("region") == "en-US")
            #expect(profile.html.contains("German (Germany) — 1.234,56\u{00A0}$"))
            var form = ProfileTests.fullForm.filter { !["currency", "salary", "email"].contains($0.0) }
            form.append(("email", Self.email))
            form += [("currency", "USD"), ("salary", "52.000,50"), ("region", "de-DE")]
            let saved = try await browser.post("/profile", form)

            // Then: the salary was still read the American way it was shown in, so it is refused…
            #expect(saved.status == .unprocessableContent)
            #expect(
                saved.fieldError("salary") == "Write amounts like 12.50 or 1,234.56 here: “.” marks the decimals."
            )
            #expect(saved.fieldValue("salary") == "52.000,50")
            #expect(try database.user(email: Self.email)?.region == "en-US", "nothing saved")
            // …and once saved, amounts are written and typed the German way
            form.removeAll { $0.0 == "salary" }
            form.append(("salary", "52000.50"))
            #expect(try await browser.post("/profile", form).status == .seeOther)
            #expect(try database.user(email: Self.email)?.region == "de-DE")
            #expect(try await browser.get("/profile").fieldValue("salary") == "52000,50")
            let page = try await browser.get("/stashes/\(stash)?month=2026-11")
            #expect(page.html.contains("1.234,56\u{00A0}$"))
            #expect(page.html.contains("1.500,00\u{00A0}$"))

            // A German amount is read as one; the American way is asked again, keeping what was typed
            let entry = try await browser.addEntry(stash: stash, amount: "12,50", date: "2026-11-11")
            #expect(entry.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.amountCents).sorted() == [1_250, 123_456])
            let refused = try await browser.addEntry(stash: stash, amount: "12.50", date: "2026-11-12")
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.fieldError("amount") == "Write amounts like 12,50 or 1.234,56 here: “,” marks the decimals."
            )
            #expect(refused.fieldValue("amount") == "12.50")
            #expect(try await database.ledgerRows(email: Self.email).count == 2, "nothing saved")
            // The entry preview reads and writes the region's way
            let form2 = try await browser.get("/stashes/\(stash)/entries/new")
            #expect(form2.html.contains("data-locale=\"de-DE\" data-decimal=\",\" data-group=\".\""))
            // The search box reads amounts both ways
            let search = try await browser.get("/transactions?q=1234%2C56")
            #expect(search.html.contains("1.234,56\u{00A0}$"))
        }
    }

    @Test("a region the list doesn't offer is refused next to the field, keeping what was chosen")
    func unknownRegion() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            try await browser.get("/profile")
            let page = try await browser.post("/profile", ProfileTests.fullForm + [("region", "xx-YY")])
            #expect(page.status == .unprocessableContent)
            #expect(page.fieldError("region") == "Choose a region from the list.")
            #expect(try database.user(email: Self.email)?.region == "en-US")
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("The quick-add link opens a stash's add form filled in, and saves nothing until it is sent")
struct QuickAddTests {
    static func entries(_ database: AppDatabase, stashId: Int64) throws -> [LedgerEntry] {
        try database.read { db in
            try LedgerEntry.filter(Column("stashId") == stashId).fetchAll(db)
        }
    }

    @Test("the stash is matched by name whatever its case; the form holds the amount and note; the tap saves one entry")
    func prefilled() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "ann@example.com")
            let coffee = try await browser.createStash(name: "Coffee", kind: "spend", target: "60")

            let link = try await browser.get("/add?stash=%20coffee%20&amount=4.50&note=Flat%20white")
            #expect(link.status == .seeOther)
            #expect(link.location == "/stashes/\(coffee)/entries/new?amount=4.50&note=Flat%20white")
            let form = try await browser.get(try #require(link.location))
            #expect(form.status == .ok)
            #expect(form.fieldValue("amount") == "4.50")
            #expect(form.fieldValue("note") == "Flat white")
            #expect(form.fieldValue("date") == "2026-11-22")
            #expect(try Self.entries(database, stashId: coffee).isEmpty)

            // The usual tap on the form's button
            let sent = try await browser.post(
                "/stashes/\(coffee)/entries",
                [("amount", "4.50"), ("date", "2026-11-22"), ("note", "Flat white")]
            )
            #expect(sent.status == .seeOther)
            let saved = try Self.entries(database, stashId: coffee)
            #expect(saved.map(\.amountCents) == [450] && saved.first?.note == "Flat white")

            // An amount the form can't read is kept as typed and refused only when sent
            let odd = try await browser.get("/add?stash=Coffee&amount=lots")
            let oddForm = try await browser.get(try #require(odd.location))
            #expect(oddForm.fieldValue("amount") == "lots" && oddForm.fieldError("amount") == nil)
        }
    }

    @Test("no stash of that name (or another member's only): the member's own stashes to choose from, amount carried")
    func unknown() async throws {
        try await TestApp.run { browser, _ in
            let bo = Browser(client: browser.client)
            try await bo.signUp(email: "bo@example.com")
            let bosCoffee = try await bo.createStash(name: "Coffee", kind: "spend", target: "60")

            try await browser.signUp(email: "ann@example.com")
            let none = try await browser.get("/add?stash=Coffee&amount=4.50")
            #expect(none.status == .ok)
            #expect(none.html.contains("No stash is called “Coffee”"))
            #expect(none.html.contains("id=\"empty-stashes\""))

            let holiday = try await browser.createStash(name: "Holiday", target: "300")
            let page = try await browser.get("/add?stash=Coffee&amount=4.50")
            #expect(page.status == .ok)
            #expect(page.html.contains("href=\"/stashes/\(holiday)/entries/new?amount=4.50\""))
            #expect(page.html.contains("Save stash"))
            #expect(!page.html.contains("/stashes/\(bosCoffee)/"))
            let choose = try await browser.get("/add?amount=4.50")
            #expect(choose.html.contains("Add to which stash?"))

            // Bo's own link finds Bo's stash
            #expect(try await bo.get("/add?stash=Coffee").location == "/stashes/\(bosCoffee)/entries/new")
        }
    }

    @Test("signed out, the link asks for sign-in first and comes back to itself")
    func signedOut() async throws {
        try await TestApp.run { browser, _ in
            let page = try await browser.get("/add?stash=Coffee&amount=4.50")
            #expect(page.status == .seeOther)
            #expect(page.location == "/login?next=/add%3Fstash%3DCoffee%26amount%3D4.50")
        }
    }
}

import Foundation
import GRDB
import Testing

@testable import App

@Suite("Raising a stash's target")
struct TargetRaiseTests {
    /// Fund, a save stash with a $200 target completed in October and in November ($210 this month, claimed).
    private func completedFund(_ browser: Browser) async throws -> Int64 {
        try await browser.signUp(email: "alex@example.com")
        let id = try await browser.createStash(name: "Fund", target: "200", reward: "Cinema night")
        try await browser.addEntry(stash: id, amount: "200", date: "2026-10-10")
        try await browser.addEntry(stash: id, amount: "150", date: "2026-11-02")
        try await browser.addEntry(stash: id, amount: "60", date: "2026-11-09")
        return id
    }

    private func form(
        _ browser: Browser,
        _ id: Int64,
        name: String = "Fund",
        target: String,
        confirm: String? = nil
    ) async throws -> Page {
        let edit = try await browser.get("/stashes/\(id)/edit")
        var fields = [
            ("name", name), ("kind", "save"), ("target", target), ("goal", ""), ("reward", "Cinema night"),
            ("category", edit.fieldValue("category") ?? ""), ("newCategory", ""), ("reminder", "off"),
        ]
        if let confirm { fields.append(("confirmTarget", confirm)) }
        return try await browser.post("/stashes/\(id)/edit", fields)
    }

    /// November's target and the earned badges' months.
    private func state(_ database: AppDatabase, _ id: Int64) async throws -> (target: Int64?, earned: [String]) {
        try database.read { db in
            (
                try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT amountCents FROM stashTarget WHERE stashId = ? AND month <= '2026-11' ORDER BY month DESC LIMIT 1",
                    arguments: [id]
                ),
                try String.fetchAll(
                    db,
                    sql: "SELECT month FROM badge WHERE stashId = ? AND earned ORDER BY month",
                    arguments: [id]
                )
            )
        }
    }

    @Test(
        "a higher target that un-completes this month asks first, naming the badge, its points and the claimed reward"
    )
    func asksFirst() async throws {
        try await TestApp.run { browser, database in
            // Given
            let id = try await completedFund(browser)
            let badge = try #require(
                try database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT id FROM badge WHERE month = '2026-11'")
                }
            )
            try await browser.get("/badges/\(badge)")
            try await browser.post("/badges/\(badge)/claim", [("claimed", "1")])

            // When
            let page = try await form(browser, id, name: "Fund 2", target: "250")

            // Then: nothing saved; the form asks, keeping what was typed
            #expect(page.status == .ok)
            #expect(
                page.html.contains(
                    "Raising the target to $250.00 takes away the badge for November 2026 (10 points, reward claimed): the $210.00 saved this month no longer reaches it. Past months keep their targets."
                )
            )
            #expect(page.html.contains("name=\"confirmTarget\" value=\"25000\">Save anyway</button>"))
            #expect(page.html.contains("name=\"confirmTarget\" value=\"keep\">Keep the old target</button>"))
            #expect(page.fieldValue("target") == "250")
            #expect(page.fieldValue("name") == "Fund 2")
            let unchanged = try await state(database, id)
            #expect(unchanged.target == 20_000)
            #expect(unchanged.earned == ["2026-10", "2026-11"])
            #expect(try database.read { db in try String.fetchOne(db, sql: "SELECT name FROM stash") } == "Fund")
        }
    }

    @Test("Save anyway saves the higher target and takes this month's badge away; past months keep theirs")
    func saveAnyway() async throws {
        try await TestApp.run { browser, database in
            // Given
            let id = try await completedFund(browser)

            // When
            let page = try await form(browser, id, target: "250", confirm: "25000")

            // Then
            #expect(page.status == .seeOther)
            #expect(page.location == "/stashes/\(id)")
            let saved = try await state(database, id)
            #expect(saved.target == 25_000)
            #expect(saved.earned == ["2026-10"])
            #expect(try database.for(userId: 1).points() == 10)
            let october = try database.read { db in
                try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT amountCents FROM stashTarget WHERE stashId = ? AND month <= '2026-10' ORDER BY month DESC LIMIT 1",
                    arguments: [id]
                )
            }
            #expect(october == 20_000)
        }
    }

    @Test("Keep the old target saves the other changes and keeps the badge")
    func keepOldTarget() async throws {
        try await TestApp.run { browser, database in
            // Given
            let id = try await completedFund(browser)

            // When
            let page = try await form(browser, id, name: "Fund 2", target: "250", confirm: "keep")

            // Then
            #expect(page.status == .seeOther)
            let kept = try await state(database, id)
            #expect(kept.target == 20_000)
            #expect(kept.earned == ["2026-10", "2026-11"])
            #expect(
                try database.read { db in try String.fetchOne(db, sql: "SELECT name FROM stash") } == "Fund 2"
            )
        }
    }

    @Test("a target this month still reaches, a confirmation of another target, and an unclaimed reward")
    func otherCases() async throws {
        try await TestApp.run { browser, database in
            // Given
            let id = try await completedFund(browser)

            // When: $205 is still reached by the $210 saved
            let reached = try await form(browser, id, target: "205")

            // Then
            #expect(reached.status == .seeOther)
            #expect(try await state(database, id).target == 20_500)

            // When: confirmed for $250, but $300 typed
            let other = try await form(browser, id, target: "300", confirm: "25000")

            // Then: asked again, for $300, without the claimed reward
            #expect(other.status == .ok)
            #expect(
                other.html.contains(
                    "Raising the target to $300.00 takes away the badge for November 2026 (10 points): "
                )
            )
            #expect(try await state(database, id).earned == ["2026-10", "2026-11"])
        }
    }
}

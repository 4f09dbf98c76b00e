import Foundation
import GRDB
import Testing

@testable import App

@Suite("Stash entries in the ledger: their accounts, reconciled entries and split parts")
struct StashLedgerTests {
    static let email = TransfersTests.email

    static func earnedBadges(_ database: AppDatabase) throws -> Int {
        try database.read { db in try Badge.filter(Column("earned") == true).fetchCount(db) }
    }

    @Test("a stash entry names the account it leaves and a saving the one it goes into; a new one starts from the last")
    func entryAccounts() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await TransfersTests.threeAccounts(browser)
            let fund = try await browser.createStash(name: "Rainy Day", target: "500")

            // The form offers both accounts; the same account twice, or one that isn't the member's, is refused
            let form = try await browser.get("/stashes/\(fund)/entries/new")
            #expect(form.html.contains("name=\"account\""))
            #expect(form.html.contains("name=\"into\""))
            let same = try await browser.post(
                "/stashes/\(fund)/entries",
                [("amount", "300"), ("date", "2026-11-05"), ("account", String(checking)), ("into", String(checking))]
            )
            #expect(same.status == .unprocessableContent)
            #expect(same.fieldError("into") == "Choose another account than the one the money leaves.")
            #expect(same.fieldValue("amount") == "300")
            let forged = try await browser.post(
                "/stashes/\(fund)/entries",
                [("amount", "300"), ("date", "2026-11-05"), ("account", "999999"), ("into", String(savings))]
            )
            #expect(forged.status == .unprocessableContent)
            #expect(forged.fieldError("account") == "Choose one of your accounts.")
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // $300 from Checking into Savings: Saved counts it, and the total balance stays
            let saved = try await browser.post(
                "/stashes/\(fund)/entries",
                [("amount", "300"), ("date", "2026-11-05"), ("account", String(checking)), ("into", String(savings))]
            )
            #expect(saved.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            let entry = try #require(rows.first { $0.kind == .saving })
            #expect(entry.stashId == fund && entry.accountId == checking)
            #expect(
                rows.first { $0.kind == .transferIn }.map { ($0.accountId, $0.amountCents, $0.pairId) }! == (
                    savings, 30_000, entry.id
                )
            )
            #expect(TransfersTests.card(try await browser.get("/").html, "Total balance") == "$800.00")
            let accounts = try await browser.get("/accounts").html
            #expect(accounts.contains("$700.00") && accounts.contains("$300.00"))

            // The next entry starts from the accounts the last one named; editing shows them too
            let next = try await browser.get("/stashes/\(fund)/entries/new")
            #expect(next.fieldValue("account") == String(checking))
            #expect(next.fieldValue("into") == String(savings))
            let id = try #require(entry.id)
            let edit = try await browser.get("/entries/\(id)/edit")
            #expect(edit.fieldValue("into") == String(savings))

            // Editing it to go nowhere the member keeps takes the arrival away
            let edited = try await browser.post(
                "/entries/\(id)/edit",
                [("amount", "300"), ("date", "2026-11-05"), ("account", String(checking)), ("into", "")]
            )
            #expect(edited.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).filter { $0.kind == .transferIn }.isEmpty)
            #expect(TransfersTests.card(try await browser.get("/").html, "Total balance") == "$500.00")

            // A spend stash's entry is paid from an account and goes into none
            let coffee = try await browser.createStash(
                name: "Coffee",
                kind: "spend",
                target: "40",
                category: "Dining Out"
            )
            let spendForm = try await browser.get("/stashes/\(coffee)/entries/new")
            #expect(spendForm.html.contains("name=\"account\""))
            #expect(!spendForm.html.contains("name=\"into\""))
            try await browser.post(
                "/stashes/\(coffee)/entries",
                [("amount", "4.50"), ("date", "2026-11-06"), ("account", String(checking)), ("into", String(savings))]
            )
            let spent = try #require(try await database.ledgerRows(email: Self.email).first { $0.stashId == coffee })
            #expect(spent.accountId == checking && spent.kind == .expense)
            #expect(try await database.ledgerRows(email: Self.email).filter { $0.kind == .transferIn }.isEmpty)
        }
    }

    @Test("editing a reconciled stash entry asks for the tick first, as a reconciled transaction does")
    func reconciledEntryAsks() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await TransfersTests.threeAccounts(browser)
            let coffee = try await browser.createStash(
                name: "Coffee",
                kind: "spend",
                target: "40",
                category: "Dining Out"
            )
            try await browser.get("/stashes/\(coffee)/entries/new")
            try await browser.post(
                "/stashes/\(coffee)/entries",
                [("amount", "20"), ("date", "2026-11-03"), ("account", String(checking))]
            )
            let id = try #require(try await database.ledgerRows(email: Self.email).first?.id)
            let here = "/accounts/\(checking)"
            try await browser.get(here)
            try await browser.post("/transactions/\(id)/cleared", [("cleared", "1"), ("returnTo", here)])
            try await browser.get(here + "/reconcile")
            let done = try await browser.post(here + "/reconcile", [("balance", "980"), ("date", "2026-11-10")])
            #expect(done.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).first?.clearing == .reconciled)

            let form = try await browser.get("/entries/\(id)/edit")
            #expect(form.html.contains("Change this reconciled transaction anyway"))
            let fields = [("amount", "25"), ("date", "2026-11-03"), ("account", String(checking))]
            let asked = try await browser.post("/entries/\(id)/edit", fields)
            #expect(asked.status == .unprocessableContent)
            #expect(asked.fieldError("unlock") == "Tick the box to change a reconciled transaction, or cancel.")
            #expect(asked.fieldValue("amount") == "25")
            #expect(try await database.ledgerRows(email: Self.email).first?.amountCents == 2_000)
            let changed = try await browser.post("/entries/\(id)/edit", fields + [("unlock", "yes")])
            #expect(changed.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).first?.amountCents == 2_500)

            // Deleting it asks first, and the confirmation carries the answer; in bulk it stays as it is
            let back = "/stashes/\(coffee)"
            let ask = try await browser.post("/entries/\(id)/delete", [("returnTo", back)])
            #expect(ask.status == .ok)
            #expect(ask.html.contains("Delete a reconciled transaction?"))
            #expect(ask.html.contains("<input type=\"hidden\" name=\"unlock\" value=\"yes\">"))
            #expect(ask.html.contains("<input type=\"hidden\" name=\"returnTo\" value=\"\(back)\">"))
            #expect(try await database.ledgerRows(email: Self.email).count == 1)
            try await browser.get("/transactions")
            let bulk = try await browser.post("/transactions/bulk", [("ids[]", String(id)), ("action", "delete")])
            #expect(try await browser.get(try #require(bulk.location)).html.contains("1 stayed as it was"))
            #expect(try await database.ledgerRows(email: Self.email).count == 1)
            try await browser.get("/entries/\(id)/edit")
            let gone = try await browser.post("/entries/\(id)/delete", [("returnTo", back), ("unlock", "yes")])
            #expect(gone.status == .seeOther && gone.location == back)
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)
            let undo = try #require(
                try await browser.get(back).html.firstMatch(of: /action="(\/trash\/[0-9]+\/restore)"/)
                    .map { String($0.output.1) }
            )
            try await browser.post(undo)
            #expect(try await database.ledgerRows(email: Self.email).first?.clearing == .reconciled)

            // Moved to another account, the entry is open again there
            let moved = try await browser.post(
                "/entries/\(id)/edit",
                [("amount", "25"), ("date", "2026-11-03"), ("account", String(savings)), ("unlock", "yes")]
            )
            #expect(moved.status == .seeOther)
            #expect(try await database.ledgerRows(email: Self.email).first?.clearing == .open)
        }
    }

    @Test("a split's part can go to a stash: it counts in the stash and its category, earns its badge, and goes whole")
    func splitPartInAStash() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: Self.email)
            let groceries = try await database.categoryId("Groceries", kind: .needs, email: Self.email)
            let dining = try await database.categoryId("Dining Out", kind: .wants, email: Self.email)
            let fun = try await database.categoryId("Entertainment", kind: .wants, email: Self.email)
            let coffee = try await browser.createStash(
                name: "Coffee",
                kind: "spend",
                target: "40",
                category: "Dining Out"
            )
            let fund = try await browser.createStash(name: "Rainy Day", target: "50")

            // The parts' lists offer the stashes beside the categories
            let form = try await browser.get("/transactions/new?kind=wants")
            #expect(form.html.contains("<optgroup label=\"Stashes\">"))
            #expect(form.html.contains("value=\"stash-\(coffee)\""))

            // A stash of another kind than the transaction's is refused like a category of another kind
            let base: [(String, String)] = [
                ("amount", "30"), ("kind", "wants"), ("category", ""), ("note", "Night out"), ("date", "2026-11-10"),
                ("partCategory[]", String(fun)), ("partAmount[]", "18"),
            ]
            let wrong = try await browser.post(
                "/transactions",
                base + [("partCategory[]", "stash-\(fund)"), ("partAmount[]", "12")]
            )
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.fieldError("parts") == "Choose a category or stash of this type for each part.")
            let needsKind = try await browser.post(
                "/transactions",
                [
                    ("amount", "30"), ("kind", "needs"), ("date", "2026-11-10"),
                    ("partCategory[]", String(groceries)), ("partAmount[]", "18"),
                    ("partCategory[]", "stash-\(coffee)"), ("partAmount[]", "12"),
                ]
            )
            #expect(needsKind.fieldError("parts") == "Choose a category or stash of this type for each part.")
            #expect(try await database.ledgerRows(email: Self.email).isEmpty)

            // $30 night out: $18 entertainment, $12 coffee from the Coffee stash
            let saved = try await browser.post(
                "/transactions",
                base + [("partCategory[]", "stash-\(coffee)"), ("partAmount[]", "12")]
            )
            #expect(saved.status == .seeOther)
            let rows = try await database.ledgerRows(email: Self.email)
            #expect(rows.map(\.amountCents) == [1_800, 1_200])
            #expect(rows.map(\.stashId) == [nil, coffee])
            #expect(rows.map(\.categoryId) == [fun, dining])
            #expect(try await browser.get("/stashes/\(coffee)").html.contains("$12.00"))
            #expect(
                try await browser.get("/transactions?category=\(dining)").html.contains("1 transaction · -$12.00")
            )

            // The part opens the whole split from the stash too, its stash chosen in its row
            let head = try #require(rows.first?.id)
            let part = try #require(rows.last?.id)
            #expect(try await browser.get("/entries/\(part)/edit").location == "/transactions/\(head)/edit")
            #expect(try await browser.post("/entries/\(part)/delete").status == .notFound)
            let edit = try await browser.get("/transactions/\(head)/edit")
            #expect(edit.html.contains("value=\"stash-\(coffee)\" selected"))

            // A stash as the first part: the whole split still opens on the transaction form, and edits there
            let edited = try await browser.post(
                "/transactions/\(head)/edit",
                [
                    ("amount", "30"), ("kind", "wants"), ("note", "Night out"), ("date", "2026-11-10"),
                    ("partCategory[]", "stash-\(coffee)"), ("partAmount[]", "10"),
                    ("partCategory[]", String(fun)), ("partAmount[]", "20"),
                ]
            )
            #expect(edited.status == .seeOther)
            let after = try await database.ledgerRows(email: Self.email)
            #expect(after.map(\.stashId) == [coffee, nil])
            #expect(after.map(\.amountCents) == [1_000, 2_000])
            #expect(try await browser.get("/transactions/\(head)/edit").status == .ok)
            #expect(try await browser.get("/stashes/\(coffee)").html.contains("$10.00"))

            // Unsplit again, the row leaves the stash
            try await browser.post(
                "/transactions/\(head)/edit",
                [
                    ("amount", "30"), ("kind", "wants"), ("category", String(fun)), ("note", "Night out"),
                    ("date", "2026-11-10"),
                ]
            )
            let single = try await database.ledgerRows(email: Self.email)
            #expect(single.count == 1 && single.first?.stashId == nil && single.first?.splitId == nil)

            // A saving split between a stash and a category: the stash's month completes and earns its badge;
            // deleting the split takes the badge back, and Undo brings both
            try await browser.get("/transactions/new?kind=savings")
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)
            let saving = try await browser.post(
                "/transactions",
                [
                    ("amount", "80"), ("kind", "savings"), ("date", "2026-11-12"),
                    ("partCategory[]", "stash-\(fund)"), ("partAmount[]", "50"),
                    ("partCategory[]", String(vacation)), ("partAmount[]", "30"),
                ]
            )
            #expect(saving.status == .seeOther)
            #expect(try Self.earnedBadges(database) == 1)
            let savingHead = try #require(
                try await database.ledgerRows(email: Self.email).first { $0.kind == .saving && $0.stashId == fund }?.id
            )
            let deleted = try await browser.post("/transactions/\(savingHead)/delete")
            #expect(try Self.earnedBadges(database) == 0)
            let page = try await browser.get(try #require(deleted.location)).html
            let undo = try #require(
                page.firstMatch(of: /action="(\/trash\/[0-9]+\/restore)"/).map { String($0.output.1) }
            )
            let restored = try await browser.post(undo)
            #expect(restored.location == "/transactions")
            #expect(try await database.ledgerRows(email: Self.email).filter { $0.kind == .saving }.count == 2)
            #expect(try Self.earnedBadges(database) == 1)
        }
    }

    @Test("a split saving into another account arrives whole: the arrival is what its parts add up to")
    func splitSavingArrivesWhole() async throws {
        try await TestApp.run { browser, database in
            let (checking, savings, _) = try await TransfersTests.threeAccounts(browser)
            let fund = try await browser.createStash(name: "Rainy Day", target: "500")
            let vacation = try await database.categoryId("Vacation", kind: .savings, email: Self.email)
            try await browser.get("/transactions/new?kind=savings")
            let saved = try await browser.post(
                "/transactions",
                [
                    ("amount", "500"), ("kind", "savings"), ("date", "2026-11-12"), ("account", String(checking)),
                    ("into", String(savings)),
                    ("partCategory[]", "stash-\(fund)"), ("partAmount[]", "300"),
                    ("partCategory[]", String(vacation)), ("partAmount[]", "200"),
                ]
            )
            #expect(saved.status == .seeOther)
            let arrival = try #require(
                try await database.ledgerRows(email: Self.email).first { $0.kind == .transferIn }
            )
            #expect(arrival.amountCents == 50_000 && arrival.accountId == savings)
            #expect(TransfersTests.card(try await browser.get("/").html, "Total balance") == "$800.00")
        }
    }
}

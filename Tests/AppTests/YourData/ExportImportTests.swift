import Foundation
import GRDB
import Testing

@testable import App

@Suite("Export and import of an account")
struct ExportImportTests {
    @Test(
        "Download everything gives a ZIP of the whole account; importing it into a new account gives the same export back"
    )
    func roundTrip() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given: a demo account with data in every table
            try await browser.signUp(email: "first@example.com")
            let first = try await AccountRows.fill(database, email: "first@example.com", clock: clock)
            // A schedule's occurrence that posted a row, which the export names by its place in the ledger
            let store = database.for(userId: first)
            let pending = try #require(try store.pendingOccurrences().first)
            try await store.confirmOccurrence(
                pending,
                amountCents: 5_500,
                today: CalendarDay("2026-11-22")!,
                now: clock.now
            )
            try await store.dismissSuggestion(key: "streaming", now: clock.now)
            // A schedule that keeps to the pay days of Freelance, the second income source
            try await database.write { db in
                try db.execute(
                    sql: """
                        UPDATE schedule SET paydayOf = (SELECT id FROM incomeSource WHERE userId = ? AND name = 'Freelance')
                        WHERE userId = ? AND name = 'Rent'
                        """,
                    arguments: [first, first]
                )
            }
            let firstCounts = try await AccountRows.counts(database, userId: first)

            // When
            let page = try await browser.get("/profile/data")
            let download = try await browser.get("/profile/data/export")

            // Then: a ZIP with the JSON document and a CSV per table
            #expect(page.html.contains("Download everything (ZIP)"))
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"stashify-export-2026-11-22.zip\"")
            #expect(download.headers[.cacheControl] == "no-store")
            let files = try AccountRows.unzip(download.bytes)
            for name in [
                "stashify.json", "ledger.csv", "stashes.csv", "stash-targets.csv", "badges.csv", "categories.csv",
                "accounts.csv", "income-sources.csv", "cards.csv", "benefits.csv", "benefit-uses.csv",
                "subscriptions.csv", "coupons.csv", "schedules.csv",
            ] {
                #expect(files[name] != nil, "\(name) is in the archive")
            }
            let ledgerCSV = String(decoding: try #require(files["ledger.csv"]), as: UTF8.self)
            #expect(
                ledgerCSV.hasPrefix(
                    #""date","kind","amount","note","stash","category","account","created_at""# + "\r\n"
                )
            )
            #expect(ledgerCSV.components(separatedBy: "\r\n").count - 2 == firstCounts["ledger"])
            let document = try AccountDocument.decode(try #require(files["stashify.json"]))
            #expect(document.version == 8)
            // The income sources' and subscriptions' schedules, then the demo's own two; each names its own
            #expect(document.schedules.prefix(2).map(\.name) == ["Salary", "Freelance"])
            #expect(document.incomeSources.prefix(2).map(\.schedule) == [1, 2])
            #expect(document.schedules.first { $0.name == "Rent" }?.payday == 2)
            #expect(document.schedules.filter { $0.payday != nil }.count == 1)
            #expect(document.subscriptions.count == 50)
            for subscription in document.subscriptions {
                #expect(document.schedules[(subscription.schedule ?? 0) - 1].name == subscription.name)
            }
            #expect(document.subscriptions.filter { $0.postsCharge == true }.count == 5)
            let phone = try #require(document.schedules.first { $0.name == "Phone bill" })
            let posted = try #require(phone.occurrences.first)
            #expect(posted.state == .posted)
            #expect(document.notRecurring == ["streaming"])
            #expect(document.ledger[(posted.ledger ?? 0) - 1].amountCents == 5_500)
            #expect(document.ledger.filter { $0.split != nil }.count == 2)
            #expect(document.ledger.contains { $0.payee == "Corner shop" && $0.tags == ["holiday", "gifts"] })
            let arrivals = document.ledger.filter { $0.kind == .transferIn }
            #expect(arrivals.count == 2)
            #expect(arrivals.allSatisfy { [.transfer, .saving].contains(document.ledger[($0.pair ?? 0) - 1].kind) })
            #expect(document.ledger.contains { $0.clearing == .reconciled })
            #expect(document.accounts.contains { $0.reconciledCents == 12_345 })
            #expect(document.ledger.count == firstCounts["ledger"])
            #expect(document.badges.contains { $0.claimedAt != nil })
            #expect(document.pushChannels.map(\.topic) == ["mine"])
            let json = String(decoding: try #require(files["stashify.json"]), as: UTF8.self)
            #expect(
                !json.contains("tk_secret") && !json.contains("\"token\""),
                "the ntfy access token stays on the server"
            )

            // When: a new account imports it
            let second = Browser(client: browser.client)
            try await second.signUp(name: "Someone Else", email: "second@example.com")
            let dataPage = try await second.get("/profile/data")
            #expect(!dataPage.html.contains("disabled"), "an empty account can import")
            let imported = try await second.upload(
                "/profile/data/import",
                files: [("archive", "export.zip", download.bytes)]
            )

            // Then: everything is there, and its export is the same document
            #expect(imported.status == .seeOther)
            #expect(
                imported.location == "/profile/notifications#push-title",
                "the push channels came too: where to turn them on"
            )
            let settings = try await second.get("/profile/notifications")
            #expect(
                settings.html.contains(
                    "Imported \(document.ledger.count.formatted()) entries, \(document.stashes.count) stashes and \(document.cards.count) cards. Its push channels came in switched off: turn them on here once this server is the only one sending you reminders."
                )
            )
            #expect(settings.html.contains("ntfy is off"))
            #expect(settings.fieldValue("ntfyTopic") == "mine")
            #expect(settings.fieldValue("ntfyToken") == "")
            let secondId = try #require(try database.user(email: "second@example.com")?.id)
            let secondCounts = try await AccountRows.counts(database, userId: secondId)
            for table in [
                "ledger", "ledgerDay", "categoryMonth", "stash", "stashTarget", "stashQuickAmount", "badge", "category",
                "account", "incomeSource", "walletCard", "cardBenefit", "benefitUse", "subscription", "coupon",
                "walletSettings", "pushChannel", "schedule", "occurrence", "scheduleSuggestionDismissal",
            ] {
                #expect(secondCounts[table] == firstCounts[table], "\(table)")
                #expect((firstCounts[table] ?? 0) > 0, "the demo account has \(table) rows")
            }
            let secondChannels = try database.for(userId: secondId).pushChannels()
            #expect(secondChannels.map(\.kind) == [.ntfy])
            #expect(secondChannels.allSatisfy { !$0.enabled && $0.token.isEmpty }, "switched off, without the token")
            let again = try await second.get("/profile/data/export")
            let secondDocument = try AccountDocument.decode(
                try #require(try AccountRows.unzip(again.bytes)["stashify.json"])
            )
            #expect(secondDocument.comparable == document.comparable)
            #expect(secondDocument.profile.email == "second@example.com", "the importing account keeps its own email")
            let balances = { (userId: Int64) in
                try database.read { db in
                    try Int64.fetchAll(
                        db,
                        sql:
                            "SELECT ledgerTotalCents * 1000003 + clearedTotalCents FROM account WHERE userId = ? ORDER BY id",
                        arguments: [userId]
                    )
                }
            }
            #expect(try balances(first) == balances(secondId), "derived totals are kept for the imported rows")
            #expect(try balances(first).contains { $0 != 0 })
            let derived = { (userId: Int64) in
                try database.read { db in
                    try [
                        "SELECT s.name || ' ' || q.position || ' ' || q.amountCents FROM stashQuickAmount q JOIN stash s ON s.id = q.stashId WHERE s.userId = ?",
                        "SELECT s.name || ' ' || m.month || ' ' || m.totalCents || ' ' || m.entryCount FROM (SELECT stashId, month, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth WHERE stashId != 0 GROUP BY stashId, month) m JOIN stash s ON s.id = m.stashId WHERE s.userId = ?",
                        "SELECT month || ' ' || kind || ' ' || totalCents || ' ' || entryCount FROM (SELECT userId, month, kind, SUM(totalCents) AS totalCents, SUM(entryCount) AS entryCount FROM categoryMonth GROUP BY userId, month, kind) WHERE userId = ?",
                    ].map { try String.fetchAll(db, sql: $0 + " ORDER BY 1", arguments: [userId]) }
                }
            }
            #expect(
                try derived(first) == derived(secondId),
                "quick-add amounts and month totals are the source's"
            )
        }
    }

    /// A minimal valid document as JSON, changed by `change`.
    static func documentJSON(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> Data {
        var object: [String: Any] = [
            "format": "stashify-export", "version": 1, "exportedAt": "2026-11-22T10:00:00Z",
            "profile": [
                "name": "Alex", "email": "a@example.com", "currency": "USD", "timeZone": "UTC", "theme": "system",
                "homeView": "list", "createdAt": "2026-01-01T00:00:00Z",
            ],
            "categories": [], "accounts": [], "incomeSources": [],
            "stashes": [
                [
                    "ref": 1, "name": "Trip", "kind": "save", "reward": "", "category": "Travel", "reminder": "off",
                    "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z",
                    "targets": [["month": "2026-01", "amountCents": 10000]],
                ]
            ],
            "ledger": [
                [
                    "date": "2026-11-02", "amountCents": 2500, "kind": "saving", "note": "", "stash": 1,
                    "createdAt": "2026-11-02T10:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
                ]
            ],
            "badges": [], "cards": [], "subscriptions": [], "coupons": [], "pushChannels": [],
        ]
        change(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test(
        "a broken, foreign or newer file, or an account that has data, gets a clear message and changes nothing",
        arguments: [
            ("not a zip", "This file isn't a ZIP archive."),
            ("zip without json", "This ZIP isn't a Stashify export: it has no stashify.json."),
            ("json broken", "The export is damaged: the file isn't valid JSON."),
            ("other json", "This isn't a Stashify export"),
            (
                "newer version",
                "This export was made by a newer version of Stashify (format 9). Update this server, then import it."
            ),
            ("missing field", "The export is damaged: ledger item 1 amountCents is missing."),
            ("bad kind", "The export is damaged: ledger item 1 kind"),
            (
                "bad date",
                "The export can't be imported: ledger item 1 has \"2026-02-30\", which isn't a date (YYYY-MM-DD)."
            ),
            ("dangling ref", "The export can't be imported: ledger item 1 names stash 7, which isn't in the file."),
            (
                "bad schedule",
                "The export can't be imported: schedule 1 (Rent) has a rule this version can't read."
            ),
            ("truncated", "This file isn't a ZIP archive."),
            (
                "browser channel",
                "The export can't be imported: the push channels name a kind other than ntfy or webhook."
            ),
            ("no file", "Choose the .zip file that “Download everything” made."),
        ]
    )
    func refused(file: String, message: String) async throws {
        let valid = try Self.documentJSON()
        let bytes: [UInt8]? =
            switch file {
            case "not a zip": Array("date,amount\n2026-01-01,5\n".utf8)
            case "zip without json": try AccountRows.zip(["notes.txt": Data("hello".utf8)])
            case "json broken": try AccountRows.zip(["stashify.json": valid.prefix(valid.count / 2)])
            case "other json": try AccountRows.zip(["stashify.json": Data(#"{"hello": "world"}"#.utf8)])
            case "newer version": try AccountRows.zip(["stashify.json": try Self.documentJSON { $0["version"] = 9 }])
            case "missing field":
                try AccountRows.zip([
                    "stashify.json": try Self.documentJSON {
                        $0["ledger"] = [
                            [
                                "date": "2026-11-02", "kind": "saving", "note": "", "createdAt": "2026-11-02T10:00:00Z",
                                "updatedAt": "2026-11-02T10:00:00Z",
                            ]
                        ]
                    }
                ])
            case "bad schedule":
                try AccountRows.zip([
                    "stashify.json": try Self.documentJSON {
                        $0["version"] = 6
                        $0["schedules"] = [
                            [
                                "name": "Rent", "rule": "FREQ=HOURLY", "startsOn": "2026-11-01", "weekend": "keep",
                                "kind": "expense", "amountCents": 100, "note": "", "posting": "auto",
                                "createdAt": "2026-11-02T10:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
                                "occurrences": [],
                            ]
                        ]
                    }
                ])
            case "bad kind":
                try AccountRows.zip([
                    "stashify.json": try Self.documentJSON {
                        $0["ledger"] = [
                            [
                                "date": "2026-11-02", "amountCents": 5, "kind": "gift", "note": "",
                                "createdAt": "2026-11-02T10:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
                            ]
                        ]
                    }
                ])
            case "bad date":
                try AccountRows.zip([
                    "stashify.json": try Self.documentJSON {
                        $0["ledger"] = [
                            [
                                "date": "2026-02-30", "amountCents": 5, "kind": "saving", "note": "",
                                "createdAt": "2026-11-02T10:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
                            ]
                        ]
                    }
                ])
            case "dangling ref":
                try AccountRows.zip([
                    "stashify.json": try Self.documentJSON {
                        $0["ledger"] = [
                            [
                                "date": "2026-11-02", "amountCents": 5, "kind": "saving", "note": "", "stash": 7,
                                "createdAt": "2026-11-02T10:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
                            ]
                        ]
                    }
                ])
            case "browser channel":
                try AccountRows.zip([
                    "stashify.json": try Self.documentJSON {
                        $0["pushChannels"] = [
                            ["kind": "webpush", "url": "https://push.example.net/x", "topic": "", "token": ""]
                        ]
                    }
                ])
            case "truncated": Array(try AccountRows.zip(["stashify.json": valid]).prefix(60))
            default: nil
            }
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            let before = try await AccountRows.counts(database, userId: userId)
            try await browser.get("/profile/data")

            let page = try await browser.upload(
                "/profile/data/import",
                files: bytes.map { [("archive", "export.zip", $0)] } ?? []
            )

            #expect(page.status == .unprocessableContent)
            let shown = page.fieldError("archive")?.replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&quot;", with: "\"")
            #expect(shown?.hasPrefix(message) == true, "\(shown ?? "no error")")
            #expect(try await AccountRows.counts(database, userId: userId) == before)
        }
    }

    @Test("a valid export is refused by an account that already has data, and nothing changes")
    func refusedWhenNotEmpty() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            _ = try await browser.createStash(name: "Trip", target: "100")
            let before = try await AccountRows.counts(database, userId: userId)
            #expect(before["stash"] == 1)
            let page = try await browser.get("/profile/data")
            #expect(page.html.contains("An export can only be imported into an empty account"))

            let refused = try await browser.upload(
                "/profile/data/import",
                files: [("archive", "export.zip", try AccountRows.zip(["stashify.json": try Self.documentJSON()]))]
            )

            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.fieldError("archive")
                    == "Your account already has data. An export can only be imported into an empty account."
            )
            #expect(try await AccountRows.counts(database, userId: userId) == before)
        }
    }

    @Test("an export from before stashes had budget categories files each stash and its entries under one by name")
    func olderStashCategories() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/profile/data")

            let page = try await browser.upload(
                "/profile/data/import",
                files: [("archive", "export.zip", try AccountRows.zip(["stashify.json": try Self.documentJSON()]))]
            )

            #expect(page.status == .seeOther)
            let (category, kind, entries) = try #require(
                try database.read { db in
                    try Row.fetchOne(
                        db,
                        sql: """
                            SELECT category.name, category.kind, (SELECT COUNT(*) FROM ledger WHERE ledger.categoryId = category.id)
                            FROM stash JOIN category ON category.id = stash.categoryId
                            """
                    ).map { ($0[0] as String, $0[1] as String, $0[2] as Int) }
                }
            )
            #expect(category == "Travel")
            #expect(kind == "savings")
            #expect(entries == 1)
        }
    }

    @Test("an upload without the form's CSRF token is refused")
    func uploadNeedsToken() async throws {
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let page = try await browser.upload(
                "/profile/data/import",
                files: [("archive", "e.zip", [1, 2, 3])],
                csrf: .value("nope")
            )
            #expect(page.status == .forbidden)
        }
    }
}

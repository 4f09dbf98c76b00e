import Foundation
import GRDB
import Testing

@testable import App

@Suite("Bank statement import")
struct BankImportTests {
    /// Exports in the shapes real tools and banks produce.
    static let firefly = """
        "user_id","group_id","journal_id","created_at","updated_at","group_title","type","currency_code","amount","foreign_amount","description","date","source_name","destination_name","category","notes"
        "1","12","12","2026-10-02T09:00:00+02:00","2026-10-02T09:00:00+02:00","","Withdrawal","EUR","-1234.56","","Rent, October","2026-10-01T00:00:00+02:00","Checking","Landlord","Housing","line one
        line two"
        "1","13","13","2026-10-03T09:00:00+02:00","2026-10-03T09:00:00+02:00","","Deposit","EUR","2500.00","","Salary","2026-10-03T00:00:00+02:00","Employer","Checking","Salary",""
        """
    static let actual = """
        Account,Date,Payee,Notes,Category,Amount,Split_Amount,Cleared
        Checking,2026-10-05,Corner Cafe,,Dining,-4.50,0,Cleared
        Checking,2026-10-06,Employer,October pay,Income,3100.00,0,Cleared
        """
    /// A German bank's export: semicolons, ISO-8859-1, day.month.year and 1.234,56.
    static let germanBank: [UInt8] = Array(
        "Buchungstag;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Währung\r\n15.10.2026;15.10.2026;Bäckerei Müller;\"Brötchen\r\nund Kaffee\";-12,40;EUR\r\n16.10.2026;16.10.2026;Arbeitgeber GmbH;Gehalt;1.234,56;EUR\r\n"
            .data(using: .isoLatin1)!
    )
    static let ukBank =
        "\u{FEFF}Date,Description,Paid out,Paid in,Balance\r\n03/10/2026,TESCO STORES,23.10,,976.90\r\n04/10/2026,REFUND,,5.00,981.90\r\n"

    @Test(
        "guesses the columns, date format and decimal separator of Firefly III, Actual and bank exports, and reads each row",
        arguments: ["firefly", "actual", "german", "uk"]
    )
    func readsVariants(shape: String) throws {
        let bytes: [UInt8] =
            switch shape {
            case "firefly": Array(Self.firefly.utf8)
            case "actual": Array(Self.actual.utf8)
            case "german": Self.germanBank
            default: Array(Self.ukBank.utf8)
            }
        let statement = try BankStatement.parse(bytes)
        let mapping = BankMapping.guess(statement)
        let rows = BankRow.rows(statement, mapping)
        let expected: [(String, Int64, String)] =
            switch shape {
            case "firefly": [("2026-10-01", -123_456, "Rent, October"), ("2026-10-03", 250_000, "Salary")]
            case "actual": [("2026-10-05", -450, "Corner Cafe"), ("2026-10-06", 310_000, "Employer")]
            case "german": [("2026-10-15", -1_240, "Bäckerei Müller"), ("2026-10-16", 123_456, "Arbeitgeber GmbH")]
            default: [("2026-10-03", -2_310, "TESCO STORES"), ("2026-10-04", 500, "REFUND")]
            }
        #expect(rows.map { $0.day?.description ?? "?" } == expected.map(\.0), "\(mapping)")
        #expect(rows.map { $0.cents ?? 0 } == expected.map(\.1), "\(mapping)")
        #expect(rows.map(\.description) == expected.map(\.2), "\(mapping) \(statement.header)")
        #expect(rows.allSatisfy { $0.problem == nil })
        if shape == "firefly" { #expect(rows.map(\.categoryName) == ["Housing", "Salary"]) }
        if shape == "german" {
            #expect(mapping.decimal == .comma && mapping.dateFormat == .dayMonthDot, "\(mapping) \(statement.header)")
        }
        if shape == "uk" { #expect(mapping.amount == nil && mapping.debit == 2 && mapping.credit == 3) }
    }

    @Test(
        "amounts in both notations, with signs, brackets and currency symbols",
        arguments: [
            (DecimalSeparator.point, "1,234.56", Int64(123_456)), (.point, "-4.5", -450), (.point, "(12.00)", -1_200),
            (.point, "$ 7", 700), (.comma, "1.234,56", 123_456), (.comma, "-0,99", -99), (.comma, "12,50-", -1_250),
            (.comma, "€ 3", 300),
        ]
    )
    func amounts(decimal: DecimalSeparator, text: String, cents: Int64) {
        #expect(decimal.cents(text) == cents)
        #expect(DecimalSeparator.point.cents("12.345") == nil, "three decimals is not an amount")
        #expect(DecimalSeparator.point.cents("abc") == nil)
    }

    @Test(
        "an empty file, one column, a broken quote or too many rows gets a clear message",
        arguments: [
            ("", "Choose the CSV file"),
            ("just one column\nvalue\n", "This file has fewer than two columns"),
            ("Date,Amount\n", "This file has a header but no transactions."),
            ("too many", "This file has 50,001 rows; at most 50,000 can be imported at once."),
            (
                "wide header",
                "This file has 2,500,000 columns; a bank statement has a handful, and at most 100 can be read."
            ),
            ("101 columns", "This file has 101 columns; a bank statement has a handful, and at most 100 can be read."),
            ("wide row", "This file has 150 columns; a bank statement has a handful, and at most 100 can be read."),
            (
                "long cell",
                "Row 2 has a value of 1,001 characters; bank statements have shorter ones, and at most 1,000 can be read."
            ),
            ("long header", "The header has a value of 5,000 characters"),
        ]
    )
    func refused(text: String, message: String) async throws {
        let body =
            switch text {
            case "too many": "Date,Amount\n" + String(repeating: "2026-10-01,1.00\n", count: 50_001)
            case "wide header": "Date" + String(repeating: ",", count: 2_499_999) + "\n2026-10-01,1.00\n"
            case "101 columns": (0..<101).map { "c\($0)" }.joined(separator: ",") + "\n2026-10-01,1.00\n"
            case "wide row":
                "Date,Amount\n2026-10-01,1.00\n2026-10-02,2.00" + String(repeating: ",x", count: 148) + "\n"
            case "long cell":
                "Date,Payee,Amount\n2026-10-01,Cafe,1.00\n2026-10-02,\"" + String(repeating: "é", count: 1_001)
                    + "\",2.00\n"
            case "long header": "Date,\"" + String(repeating: "a", count: 5_000) + "\"\n2026-10-01,1.00\n"
            default: text
            }
        try await TestApp.run { browser, database in
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/transactions/import")
            let page = try await browser.upload(
                "/transactions/import",
                files: [("statement", "bank.csv", Array(body.utf8))]
            )
            #expect(page.status == .unprocessableContent)
            #expect(
                page.fieldError("statement")?.hasPrefix(message) == true,
                "\(page.fieldError("statement") ?? "none")"
            )
            #expect(page.html.count < 100_000, "the page stays small")
            let drafts = try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bankImportDraft")
            }
            #expect(drafts == 0, "nothing is kept")
        }
    }

    @Test("the preview is built from the statement as parsed at upload, not read and parsed again on every view")
    func previewKeepsParse() async throws {
        try await TestApp.run { browser, database in
            // Given: an uploaded statement
            try await browser.signUp(email: "alex@example.com")
            try await browser.get("/transactions/import")
            let statement = "Date,Payee,Amount\n2026-10-05,Corner Cafe,-4.50\n2026-10-07,Hardware Store,-59.99\n"
            try await browser.upload(
                "/transactions/import",
                files: [("statement", "october.csv", Array(statement.utf8))]
            )
            // The file's text as stored can no longer be read: only the kept parse can show the rows.
            try await database.write { db in
                try db.execute(sql: "UPDATE bankImportDraft SET content = 'nothing to read'")
            }

            // When
            let preview = try await browser.get("/transactions/import/preview")
            let again = try await browser.post(
                "/transactions/import/preview",
                [
                    ("date", "0"), ("dateFormat", "YYYY-MM-DD"), ("description", "1"), ("amount", "2"),
                    ("decimal", "point"),
                    ("account", ""), ("step", "preview"),
                ]
            )

            // Then
            #expect(preview.status == .ok)
            #expect(preview.html.contains("2 rows in the file: 2 to import."))
            #expect(preview.html.contains("Hardware Store"))
            #expect(again.status == .ok)
            #expect(again.html.contains("Hardware Store"))

            // When: another statement replaces it
            try await browser.get("/transactions/import")
            try await browser.upload(
                "/transactions/import",
                files: [
                    (
                        "statement", "november.csv",
                        Array("Date,Payee,Amount\n2026-11-05,Bakery,-3.20\n".utf8)
                    )
                ]
            )

            // Then: the new one is shown
            let replaced = try await browser.get("/transactions/import/preview")
            #expect(replaced.html.contains("Bakery"))
            #expect(!replaced.html.contains("Hardware Store"))
        }
    }

    @Test("upload, preview with guessed categories and duplicates marked, import as one batch, then undo it all")
    func importAndUndo() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given: an earlier Corner Cafe expense in Dining Out, and a transaction the statement repeats
            try await browser.signUp(email: "alex@example.com")
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            let (dining, accountId) = try await database.write { db -> (Int64, Int64) in
                let dining = try #require(
                    try Int64.fetchOne(
                        db,
                        sql: "SELECT id FROM category WHERE userId = ? AND kind = 'wants' ORDER BY id LIMIT 1",
                        arguments: [userId]
                    )
                )
                try db.execute(
                    sql: """
                        INSERT INTO ledger (userId, date, amountCents, kind, note, categoryId, createdAt, updatedAt) VALUES
                        (?, '2026-09-01', 380, 'expense', 'Corner Cafe', ?, ?, ?),
                        (?, '2026-10-06', 310000, 'income', 'Employer', NULL, ?, ?)
                        """,
                    arguments: [userId, dining, clock.now, clock.now, userId, clock.now, clock.now]
                )
                try db.execute(
                    sql:
                        "INSERT INTO account (userId, name, kind, openingBalanceCents, createdAt, updatedAt) VALUES (?, 'Checking', 'checking', 0, ?, ?)",
                    arguments: [userId, clock.now, clock.now]
                )
                return (dining, db.lastInsertedRowID)
            }
            let categoryName = try #require(
                try database.read { db in
                    try String.fetchOne(db, sql: "SELECT name FROM category WHERE id = ?", arguments: [dining])
                }
            )
            let statement =
                "Date,Payee,Amount\n2026-10-05,Corner Cafe,-4.50\n2026-10-06,Employer,3100.00\n2026-10-07,Hardware Store,-59.99\n"

            // When: uploaded and previewed
            try await browser.get("/transactions/import")
            let uploaded = try await browser.upload(
                "/transactions/import",
                files: [("statement", "october.csv", Array(statement.utf8))]
            )
            let preview = try await browser.get(try #require(uploaded.location))

            // Then
            #expect(uploaded.status == .seeOther)
            #expect(preview.status == .ok)
            #expect(preview.fieldValue("date") == "0")
            #expect(preview.fieldValue("description") == "1")
            #expect(preview.fieldValue("amount") == "2")
            #expect(preview.html.contains("3 rows in the file: 2 to import, 1 already in your ledger."))
            #expect(
                preview.html.contains(
                    "<td>Corner Cafe</td><td class=\"amount\">−$4.50</td><td>\(categoryName)</td><td>Expense</td>"
                )
            )
            #expect(preview.html.contains("Already in your ledger: skipped"))
            #expect(preview.html.contains("name=\"include[]\" value=\"3\""))
            #expect(preview.html.contains("Import 2 transactions"))

            // When: imported into the account
            let mapping = [
                ("date", "0"), ("dateFormat", "YYYY-MM-DD"), ("description", "1"), ("amount", "2"), ("debit", ""),
                ("credit", ""), ("decimal", "point"), ("category", ""), ("account", String(accountId)),
            ]
            let imported = try await browser.post("/transactions/import/preview", mapping + [("step", "import")])

            // Then: one batch, the duplicate skipped, the category guessed, the account's balance moved
            #expect(imported.status == .seeOther)
            #expect(imported.location == "/transactions")
            let list = try await browser.get("/transactions")
            #expect(list.html.contains("Imported 2 transactions from october.csv and skipped 1."))
            #expect(list.html.contains("Hardware Store"))
            let rows = try await database.readRows { db in
                try Row.fetchAll(
                    db,
                    sql:
                        "SELECT note, kind, amountCents, categoryId, accountId FROM ledger WHERE userId = ? AND importBatchId IS NOT NULL ORDER BY date",
                    arguments: [userId]
                )
            }
            #expect(rows.map { $0["note"] as String } == ["Corner Cafe", "Hardware Store"])
            #expect(rows.map { $0["kind"] as String } == ["expense", "expense"])
            #expect(rows.map { $0["amountCents"] as Int64 } == [450, 5_999])
            #expect(rows.first?["categoryId"] == dining)
            #expect(rows.allSatisfy { $0["accountId"] == accountId })
            let balance = try database.read { db in
                try Int64.fetchOne(db, sql: "SELECT ledgerTotalCents FROM account WHERE id = ?", arguments: [accountId])
            }
            #expect(balance == -6_449)
            #expect(
                try await browser.get("/transactions/import/preview").location == "/transactions/import",
                "the draft is gone"
            )

            // When: undone from the flash
            let undoPath = try #require(
                list.html.range(of: "/transactions/import/[0-9]+/undo", options: .regularExpression).map {
                    String(list.html[$0])
                }
            )
            let undone = try await browser.post(undoPath)

            // Then
            #expect(undone.status == .seeOther)
            #expect(
                try await browser.get("/transactions").html.contains(
                    "Undid the import of october.csv: 2 transactions removed."
                )
            )
            let left = try database.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE userId = ?", arguments: [userId])
            }
            #expect(left == 2, "only the two earlier transactions stay")
            #expect(
                try database.read { db in
                    try Int64.fetchOne(
                        db,
                        sql: "SELECT ledgerTotalCents FROM account WHERE id = ?",
                        arguments: [accountId]
                    )
                } == 0
            )
            #expect(try await browser.post(undoPath).status == .notFound)
        }
    }

    @Test("a duplicate is imported when ticked; another user's undo path is a 404")
    func duplicateChosen() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            try await browser.signUp(email: "alex@example.com")
            let userId = try #require(try database.user(email: "alex@example.com")?.id)
            try await database.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO ledger (userId, date, amountCents, kind, note, createdAt, updatedAt) VALUES (?, '2026-10-05', 450, 'expense', 'Corner Cafe', ?, ?)",
                    arguments: [userId, clock.now, clock.now]
                )
            }
            try await browser.get("/transactions/import")
            try await browser.upload(
                "/transactions/import",
                files: [("statement", "a.csv", Array("Date,Payee,Amount\n2026-10-05,Corner Cafe,-4.50\n".utf8))]
            )
            let preview = try await browser.get("/transactions/import/preview")
            #expect(!preview.html.contains("Import 1 transaction"), "nothing new to import")
            let mapping = [
                ("date", "0"), ("dateFormat", "YYYY-MM-DD"), ("description", "1"), ("amount", "2"),
                ("decimal", "point"), ("account", ""),
            ]
            let ticked = try await browser.post(
                "/transactions/import/preview",
                mapping + [("include[]", "2"), ("step", "preview")]
            )
            #expect(ticked.html.contains("Duplicate, imported anyway"))
            let imported = try await browser.post(
                "/transactions/import/preview",
                mapping + [("include[]", "2"), ("step", "import")]
            )
            #expect(imported.status == .seeOther)
            let count = try database.read { db in
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM ledger WHERE userId = ? AND note = 'Corner Cafe'",
                    arguments: [userId]
                )
            }
            #expect(count == 2)
            let batch = try #require(
                try database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM importBatch") }
            )

            let stranger = Browser(client: browser.client)
            try await stranger.signUp(email: "eve@example.com")
            try await stranger.get("/transactions/import")
            let strangerUndo = try await stranger.post("/transactions/import/\(batch)/undo")
            #expect(strangerUndo.status == .notFound, "\(strangerUndo.status) \(strangerUndo.location ?? "")")
            #expect(
                try database.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ledger WHERE importBatchId = ?", arguments: [batch])
                } == 1
            )
        }
    }
}

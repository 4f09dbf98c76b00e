import Foundation
import GRDB
import Testing

@testable import App

@Suite("Statistics exports")
struct ExportTests {
    /// An RFC 4180 reader: CRLF rows, quoted fields with doubled quotes.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" {
                        field.unicodeScalars.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field)
                field = ""
            } else if c == "\r", characters.first == "\n" {
                characters.removeFirst()
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.unicodeScalars.append(c)
            }
        }
        return rows
    }

    @Test(
        "CSV escaping quotes every text field (RFC 4180), leaves numbers and dates bare, and defuses spreadsheet formulas"
    )
    func escaping() {
        #expect(CSVWriter.escape("plain") == "\"plain\"")
        #expect(CSVWriter.escape("a,b") == "\"a,b\"")
        #expect(CSVWriter.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.escape("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.escape("=SUM(A1)") == "\"'=SUM(A1)\"")
        #expect(CSVWriter.escape("+1") == "\"'+1\"")
        #expect(CSVWriter.escape("-2,3") == "\"'-2,3\"")
        #expect(CSVWriter.escape("-1+1") == "\"'-1+1\"")
        #expect(CSVWriter.escape("-") == "\"'-\"")
        #expect(CSVWriter.escape("@cmd") == "\"'@cmd\"")
        #expect(CSVWriter.escape("\tcmd") == "\"'\tcmd\"")
        #expect(CSVWriter.escape("a\rb") == "\"a\rb\"")
        #expect(CSVWriter.escape("\r\nx") == "\"'\r\nx\"")
        #expect(CSVWriter.escape("\0=cmd") == "\"'=cmd\"", "a NUL is dropped, and can't hide a formula")
        #expect(CSVWriter.escape("a\0b\0") == "\"ab\"")
        #expect(CSVWriter.escape("\0") == "")
        #expect(CSVWriter.escape("Café, Zürich 🍰") == "\"Café, Zürich 🍰\"")
        #expect(CSVWriter.escape("Café 🍰") == "\"Café 🍰\"")
        // Numbers, dates and times stay bare: a spreadsheet reads them as such.
        #expect(CSVWriter.escape("-12.50") == "-12.50")
        #expect(CSVWriter.escape("1234.5") == "1234.5")
        #expect(CSVWriter.escape("7") == "7")
        #expect(CSVWriter.escape("2026-11-02") == "2026-11-02")
        #expect(CSVWriter.escape("2026-11-02T10:00:00Z") == "2026-11-02T10:00:00Z")
        #expect(CSVWriter.escape("-12.") == "\"'-12.\"")
        #expect(CSVWriter.escape("-1.2.3") == "\"'-1.2.3\"")
        #expect(CSVWriter.escape("12 apples") == "\"12 apples\"")
        var writer = CSVWriter()
        writer.append(["a", "b"])
        writer.append(["c", "", "-3.00"])
        #expect(writer.text == "\"a\",\"b\"\r\n\"c\",,-3.00\r\n")
    }

    @Test("every text field of the exports is quoted, and SwiftCSV reads back what was written, amounts as numbers")
    func exportsReadBack() async throws {
        let clock = TestClock()
        try await TestApp.run(clock: clock) { browser, database in
            // Given: notes and names that a spreadsheet would misread, and an account that starts below zero
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            _ = try await AccountRows.fill(database, email: "alex@example.com", entries: 30, clock: clock)
            let notes = ["=HYPERLINK(\"http://x\")", "say \"hi\", twice", "two\nlines", "+1", "@cmd", "-2+3", "plain"]
            try await database.write { db in
                let ids = try Int64.fetchAll(
                    db,
                    sql: "SELECT id FROM ledger WHERE userId = ? ORDER BY date, id LIMIT ?",
                    arguments: [userId, notes.count]
                )
                for (id, note) in zip(ids, notes) {
                    try db.execute(
                        sql: "UPDATE ledger SET note = ?, date = '2026-11-02' WHERE id = ?",
                        arguments: [note, id]
                    )
                }
                try db.execute(sql: "UPDATE account SET name = '=cmd|calc' WHERE userId = ?", arguments: [userId])
            }

            // When
            let statistics = try await browser.get("/statistics/export.csv?view=monthly&period=2026-11").html
            let files = try AccountRows.unzip(try await browser.get("/profile/data/export").bytes)
            let ledger = String(decoding: try #require(files["ledger.csv"]), as: UTF8.self)
            let accounts = String(decoding: try #require(files["accounts.csv"]), as: UTF8.self)

            // Then: SwiftCSV (through the bank statement reader) reads each file back field for field
            for text in [statistics, ledger, accounts] {
                let written = Self.parseCSV(text)
                let read = try BankStatement.parse(text: text)
                #expect([read.header] + read.rows == written.filter { $0.contains { !$0.isEmpty } })
            }
            let statisticsRows = Self.parseCSV(statistics)
            #expect(statistics.hasPrefix("\"date\",\"kind\",\"amount\",\"currency\""))
            let noteColumn = try #require(statisticsRows[0].firstIndex(of: "note"))
            let written = Set(statisticsRows.map { $0[noteColumn] })
            for note in [
                "'=HYPERLINK(\"http://x\")", "say \"hi\", twice", "two\nlines", "'+1", "'@cmd", "'-2+3", "plain",
            ] {
                #expect(written.contains(note), "\(note)")
            }
            // Amounts and dates are bare numbers and dates, a negative one too; every text field is quoted.
            #expect(statistics.contains("\r\n2026-11-02,\""))
            #expect(accounts.contains("\"'=cmd|calc\",\"checking\",-25.00\r\n"))
            #expect(try BankStatement.parse(text: accounts).rows.contains { $0[2] == "-25.00" })
        }
    }

    @Test("the CSV of a month parses back to the month's rows, and only those")
    func csvRoundTrip() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let fund = try await browser.createStash(name: "Vacation, \"Big\" Fund", target: "500", category: "Travel")
            try await browser.addEntry(stash: fund, amount: "12.5", date: "2026-11-02", note: "=HYPERLINK(\"x\")")
            try await browser.addEntry(stash: fund, amount: "1,000", date: "2026-11-30", note: "line one\nline two")
            try await browser.addEntry(stash: fund, amount: "9", date: "2026-12-01")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-15",
                cents: 4_599,
                kind: .expense,
                category: "Groceries",
                note: "-5 coupon"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-10-31",
                cents: 100,
                kind: .expense,
                category: "Groceries"
            )

            // When
            let response = try await browser.get("/statistics/export.csv?view=monthly&period=2026-11")

            // Then
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"stashify-2026-11.csv\"")
            #expect(response.html.hasSuffix("\r\n"))
            let rows = Self.parseCSV(response.html)
            #expect(
                rows == [
                    ["date", "kind", "amount", "currency", "category", "stash", "account", "note"],
                    [
                        "2026-11-02", "saving", "12.50", "USD", "Travel", "Vacation, \"Big\" Fund", "",
                        "'=HYPERLINK(\"x\")",
                    ],
                    ["2026-11-15", "expense", "45.99", "USD", "Groceries", "", "", "'-5 coupon"],
                    [
                        "2026-11-30", "saving", "1000.00", "USD", "Travel", "Vacation, \"Big\" Fund", "",
                        "line one\nline two",
                    ],
                ]
            )

            let spending = Self.parseCSV(
                try await browser.get("/statistics/export.csv?view=monthly&period=2026-11&filter=spending").html
            )
            #expect(spending.count == 2)
            #expect(spending[1][1] == "expense")
            let day = Self.parseCSV(try await browser.get("/statistics/export.csv?view=daily&period=2026-12-01").html)
            #expect(day.count == 2)
            #expect(day[1][2] == "9.00")
        }
    }

    @Test("the PDF summary is a valid PDF with the month's figures in it")
    func pdfSummary() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let fund = try await browser.createStash(name: "Vacation (Fund) \\ ✈", target: "500")
            let dining = try await browser.createStash(name: "Dining Out", kind: "spend", target: "200")
            try await browser.addEntry(stash: fund, amount: "100", date: "2026-10-05")
            try await browser.addEntry(stash: fund, amount: "375", date: "2026-11-05")
            try await browser.addEntry(stash: dining, amount: "85", date: "2026-11-12")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-11-03",
                cents: 300_000,
                kind: .income,
                category: "Salary"
            )

            // When
            let client = browser.client
            let cookies = await browser.cookies
            let response = try await client.executeRequest(
                uri: "/statistics/summary.pdf?period=2026-11",
                method: .get,
                headers: [.cookie: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")],
                body: nil
            )

            // Then
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/pdf")
            let bytes = Array(response.body.readableBytesView)
            #expect(bytes.starts(with: Array("%PDF-1.4".utf8)))
            let latin = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            #expect(latin.hasSuffix("%%EOF\n"))
            // Each xref entry points at its "n 0 obj".
            let startxref = try #require(latin.range(of: "startxref\n", options: .backwards))
            let xrefOffset = try #require(Int(latin[startxref.upperBound...].prefix { $0.isNumber }))
            let xrefText = String(decoding: bytes[xrefOffset...], as: UTF8.self)
            #expect(xrefText.hasPrefix("xref\n0 "))
            let entries = xrefText.split(separator: "\n").dropFirst(3).prefix { $0.hasSuffix(" n ") }
            #expect(entries.count >= 7)
            for (index, entry) in entries.enumerated() {
                let offset = try #require(Int(entry.prefix(10)))
                #expect(String(decoding: bytes[offset..<offset + 12], as: UTF8.self).hasPrefix("\(index + 1) 0 obj"))
            }
            #expect(latin.contains("(Vacation \\(Fund\\) \\\\ ?)"))

            let text = try Self.pdfText(bytes)
            if let text {
                #expect(text.contains("Monthly summary"))
                #expect(text.contains("November 2026"))
                #expect(text.contains("$375.00"))
                #expect(text.contains("$85.00"))
                #expect(text.contains("$3,000.00"))
                #expect(text.contains("Dining Out"))
                #expect(text.contains("You saved 275% more than last month in Vacation (Fund)"))
                #expect(text.contains("Dining Out stayed 58% under its allowance."))
            }
        }
    }

    @Test("the yearly PDF summary covers the year, its months as rows with Income, Spent and Saved")
    func yearlyPDF() async throws {
        try await TestApp.run { browser, database in
            // Given
            try await browser.signUp(email: "alex@example.com")
            let userId = try await LedgerFixture.userId(database, email: "alex@example.com")
            let fund = try await browser.createStash(name: "Fund", target: "100")
            try await browser.addEntry(stash: fund, amount: "120", date: "2026-02-05")
            try await browser.addEntry(stash: fund, amount: "45.50", date: "2026-10-05")
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-02-01",
                cents: 250_000,
                kind: .income,
                category: "Salary"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2026-10-07",
                cents: 8_725,
                kind: .expense,
                category: "Groceries"
            )
            try await LedgerFixture.add(
                database,
                userId: userId,
                date: "2025-12-30",
                cents: 99_999,
                kind: .income,
                category: "Salary"
            )

            // When
            let page = try await browser.get("/statistics/summary.pdf?view=yearly&period=2026")

            // Then
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "application/pdf")
            #expect(page.headers[.contentDisposition] == "inline; filename=\"stashify-summary-2026.pdf\"")
            #expect(page.bytes.starts(with: Array("%PDF-1.4".utf8)))
            let raw = String(decoding: page.bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
            for shown in [
                "(Yearly summary ? 2026)", "(Months)", "(Income)", "(Spent)", "(Saved)", "(February 2026)",
                "(October 2026)", "(November 2026)", "($2,500.00)", "($120.00)", "($87.25)", "($45.50)",
            ] {
                #expect(raw.contains(shown), "\(shown)")
            }
            #expect(!raw.contains("(December 2026)"), "months still to come are left out")
            #expect(!raw.contains("$999.99"), "another year's income isn't counted")
            if let text = try Self.pdfText(page.bytes) {
                #expect(text.contains("Yearly summary — 2026"))
                #expect(
                    text.range(of: #"February 2026\s+\$2,500\.00\s+\$0\.00\s+\$120\.00"#, options: .regularExpression)
                        != nil
                )
                #expect(
                    text.range(of: #"October 2026\s+\$0\.00\s+\$87\.25\s+\$45\.50"#, options: .regularExpression) != nil
                )
            }
            let daily = try await browser.get("/statistics/summary.pdf?view=daily&period=2026-10-05")
            #expect(daily.status == .badRequest)
        }
    }

    @Test("a long stash table continues on a second page, with its header again")
    func pdfPages() async throws {
        try await TestApp.run { browser, _ in
            try await browser.signUp(email: "alex@example.com")
            for index in 1...24 {
                let id = try await browser.createStash(name: String(format: "Stash %02d", index), target: "10")
                try await browser.addEntry(stash: id, amount: "\(index)", date: "2026-11-0\(index % 9 + 1)")
            }
            let client = browser.client
            let cookies = await browser.cookies
            let response = try await client.executeRequest(
                uri: "/statistics/summary.pdf",
                method: .get,
                headers: [.cookie: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")],
                body: nil
            )
            #expect(response.status == .ok)
            #expect(response.headers[.contentDisposition] == "inline; filename=\"stashify-summary-2026-11.pdf\"")
            let bytes = Array(response.body.readableBytesView)
            #expect(String(decoding: bytes, as: UTF8.self).contains("/Count 2"))
            if let text = try Self.pdfText(bytes) {
                #expect(text.contains("Stash 01"))
                #expect(text.contains("Stash 24"))
                #expect(text.contains("Stashes (continued)"))
                #expect(text.contains("$300.00"))
            }
        }
    }

    /// The PDF's text through `pdftotext`, or nil when poppler-utils isn't installed.
    static func pdfText(_ bytes: [UInt8]) throws -> String? {
        let tool = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let tool else { return nil }
        let path = NSTemporaryDirectory() + "stashify-summary-" + UUID().uuidString + ".pdf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-layout", path, "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}

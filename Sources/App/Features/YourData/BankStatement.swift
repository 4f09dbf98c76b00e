import Foundation
import SwiftCSV

/// A bank's CSV export as uploaded: its header and rows, read by SwiftCSV whatever the bank's dialect (comma,
/// semicolon or tab; quoted fields with line breaks; a byte-order mark; UTF-8 or ISO-8859-1).
struct BankStatement: Sendable {
    static let maxBytes = 5 * 1024 * 1024
    static let maxRows = 50_000
    /// Bank statements have a handful of columns and short cells; these bound what a preview page shows and holds.
    static let maxColumns = 100
    static let maxCellLength = 1_000

    /// The file's text as read (what the preview reads again).
    let text: String
    let header: [String]
    let rows: [[String]]

    /// The file's text: UTF-8 (a byte-order mark dropped), or else Windows-1252/ISO-8859-1, as older bank exports are.
    static func text(of bytes: [UInt8]) -> String {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(data: Data(bytes), encoding: .windowsCP1252)
            ?? String(decoding: bytes.map { $0 }, as: Unicode.ASCII.self)
    }

    /// Reads the file; an empty, oversized or unreadable one is an `ImportProblem` saying which.
    static func parse(_ bytes: [UInt8]) throws -> BankStatement {
        guard !bytes.isEmpty else { throw ImportProblem(.noStatement) }
        guard bytes.count <= maxBytes else {
            throw ImportProblem(.statementTooLarge(megabytes: maxBytes / 1_048_576))
        }
        return try parse(text: text(of: bytes))
    }

    static func parse(text original: String) throws -> BankStatement {
        let text = original.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let delimiter = CSVDelimiter.guessed(string: text)
        // Counted before SwiftCSV reads the file: a first line of millions of columns costs it seconds.
        let columns = firstLineColumns(text, delimiter: delimiter.rawValue)
        guard columns <= maxColumns else { throw tooManyColumns(columns) }
        let csv: CSV<Enumerated>
        do {
            csv = try CSV<Enumerated>(string: text, delimiter: delimiter, loadColumns: false)
        } catch {
            throw ImportProblem(.unclosedQuote)
        }
        let header = csv.header.map { $0.trimmingCharacters(in: .whitespaces) }
        let rows = csv.rows.filter { row in row.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty } }
        guard header.count >= 2 else {
            throw ImportProblem(.fewColumns)
        }
        guard !rows.isEmpty else { throw ImportProblem(.noRows) }
        guard rows.count <= maxRows else {
            throw ImportProblem(.tooManyRows(rows.count, maximum: maxRows))
        }
        for (index, row) in ([header] + rows).enumerated() {
            guard row.count <= maxColumns else { throw tooManyColumns(row.count) }
            if let cell = row.first(where: { $0.utf8.count > maxCellLength && $0.count > maxCellLength }) {
                throw ImportProblem(
                    .longCell(row: index == 0 ? nil : index, length: cell.count, maximum: maxCellLength)
                )
            }
        }
        return BankStatement(text: original, header: header, rows: rows)
    }

    private static func tooManyColumns(_ count: Int) -> ImportProblem {
        ImportProblem(.tooManyColumns(count, maximum: maxColumns))
    }

    /// How many fields the first record of `text` has, reading no further than its end (a delimiter or line break
    /// inside quotes doesn't count).
    static func firstLineColumns(_ text: String, delimiter: Character) -> Int {
        var columns = 1
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if !quoted {
                if character == delimiter { columns += 1 } else if character == "\n" { break }
            }
        }
        return columns
    }

    /// The cell of `row` in `column`, trimmed; empty when the row is short.
    func cell(_ row: [String], _ column: Int?) -> String {
        guard let column, column >= 0, column < row.count else { return "" }
        return row[column].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// How a statement's dates are written.
enum StatementDateFormat: String, CaseIterable, Sendable {
    case iso = "YYYY-MM-DD"
    case dayMonthSlash = "DD/MM/YYYY"
    case monthDaySlash = "MM/DD/YYYY"
    case dayMonthDot = "DD.MM.YYYY"
    case dayMonthDash = "DD-MM-YYYY"
    case yearSlash = "YYYY/MM/DD"

    /// The calendar date in `text` (a time after the date, as in `2026-01-15T00:00:00+01:00`, is ignored); two-digit
    /// years are read as 20xx.
    func day(_ text: String) -> CalendarDay? {
        let datePart = text.prefix { !$0.isWhitespace && $0 != "T" }
        let separator: Character =
            switch self {
            case .iso, .dayMonthDash: "-"
            case .dayMonthSlash, .monthDaySlash, .yearSlash: "/"
            case .dayMonthDot: "."
            }
        let parts = datePart.split(separator: separator, omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let a = parts[0], let b = parts[1], var c = parts[2] else { return nil }
        switch self {
        case .iso, .yearSlash:
            return CalendarDay(year: a, month: b, day: c)
        case .dayMonthSlash, .dayMonthDot, .dayMonthDash:
            if c < 100 { c += 2000 }
            return CalendarDay(year: c, month: b, day: a)
        case .monthDaySlash:
            if c < 100 { c += 2000 }
            return CalendarDay(year: c, month: a, day: b)
        }
    }
}

/// Whether amounts are written `1,234.56` or `1.234,56`.
enum DecimalSeparator: String, CaseIterable, Sendable {
    case point, comma

    var label: String { self == .point ? "1,234.56" : "1.234,56" }

    /// Signed cents from text such as `-1.234,56`, `(12.00)`, `€ 12,50`, `12.50-` or `+3`; nil when it isn't an amount.
    func cents(_ text: String) -> Int64? {
        var text = text.trimmingCharacters(in: .whitespaces)
        var negative = false
        if text.hasPrefix("(") && text.hasSuffix(")") {
            negative = true
            text = String(text.dropFirst().dropLast())
        }
        if text.hasSuffix("-") {
            negative = true
            text = String(text.dropLast())
        }
        text = String(text.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" })
        if text.hasPrefix("-") {
            negative.toggle()
            text.removeFirst()
        } else if text.hasPrefix("+") {
            text.removeFirst()
        }
        let (grouping, decimal): (Character, Character) = self == .point ? (",", ".") : (".", ",")
        text.removeAll { $0 == grouping }
        let pieces = text.split(separator: decimal, omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), !text.isEmpty,
            pieces[0].count <= 13, let whole = Int64(pieces[0].isEmpty ? "0" : pieces[0])
        else { return nil }
        var fraction: Int64 = 0
        if pieces.count == 2 {
            let digits = pieces[1]
            guard (1...2).contains(digits.count), let value = Int64(digits) else { return nil }
            fraction = digits.count == 1 ? value * 10 : value
        }
        let cents = whole * 100 + fraction
        return negative ? -cents : cents
    }
}

/// Which column holds what, and how to read it: guessed from the header and the first rows, then confirmed or
/// changed on the preview.
struct BankMapping: Sendable, Equatable {
    var date: Int?
    var amount: Int?
    var debit: Int?
    var credit: Int?
    var description: Int?
    var category: Int?
    var dateFormat: StatementDateFormat
    var decimal: DecimalSeparator

    /// The best guess for `statement`.
    static func guess(_ statement: BankStatement) -> BankMapping {
        let names = statement.header.map { $0.lowercased() }
        func column(_ words: [String], except: Set<Int> = []) -> Int? {
            // Earlier words first; for each, a header that is the word before one that contains it.
            for word in words {
                if let index = names.indices.first(where: { !except.contains($0) && names[$0] == word })
                    ?? names.indices.first(where: { !except.contains($0) && names[$0].contains(word) })
                {
                    return index
                }
            }
            return nil
        }
        let date = column(["date", "transaction date", "booking date", "buchungstag", "datum", "valuta", "posted"])
        let amount = column(["amount", "betrag", "value", "umsatz"], except: Set([date].compactMap { $0 }))
        let debit = amount == nil ? column(["debit", "withdrawal", "paid out", "money out", "soll", "out"]) : nil
        let credit = amount == nil ? column(["credit", "deposit", "paid in", "money in", "haben", "in"]) : nil
        let used = Set([date, amount, debit, credit].compactMap { $0 })
        let description = column(
            [
                "description", "payee", "name", "auftraggeber", "empfänger", "beguenstigter", "memo",
                "details", "verwendungszweck", "text", "narrative", "notes", "reference",
            ],
            except: used
        )
        let category = column(["category", "kategorie"], except: used.union([description].compactMap { $0 }))
        let sample = statement.rows.prefix(200)
        let dates = sample.map { statement.cell($0, date) }.filter { !$0.isEmpty }
        let dateFormat =
            StatementDateFormat.allCases.first { format in !dates.isEmpty && dates.allSatisfy { format.day($0) != nil }
            }
            ?? .iso
        let amounts = sample.flatMap {
            [statement.cell($0, amount), statement.cell($0, debit), statement.cell($0, credit)]
        }
        .filter { !$0.isEmpty }
        let commaDecimal =
            amounts.contains { $0.range(of: #",\d{1,2}\)?-?$"#, options: .regularExpression) != nil }
            && !amounts.contains { $0.range(of: #"\.\d{1,2}\)?-?$"#, options: .regularExpression) != nil }
        return BankMapping(
            date: date,
            amount: amount,
            debit: debit,
            credit: credit,
            description: description,
            category: category,
            dateFormat: dateFormat,
            decimal: commaDecimal ? .comma : .point
        )
    }
}

/// One row of the statement as it would be imported, or why it can't be.
struct BankRow: Sendable, Equatable {
    let line: Int
    let day: CalendarDay?
    /// Positive: money in (income); negative: money out (expense).
    let cents: Int64?
    let description: String
    let categoryName: String
    /// Why the row can't be imported.
    enum Problem: Sendable, Equatable {
        case noDate, noAmount, zero
    }

    var problem: Problem? {
        if day == nil { return .noDate }
        if cents == nil { return .noAmount }
        if cents == 0 { return .zero }
        return nil
    }

    /// Every row of `statement` read with `mapping`.
    static func rows(_ statement: BankStatement, _ mapping: BankMapping) -> [BankRow] {
        statement.rows.enumerated().map { index, row in
            var cents: Int64?
            if mapping.amount != nil {
                cents = mapping.decimal.cents(statement.cell(row, mapping.amount))
            } else {
                let debit = statement.cell(row, mapping.debit)
                let credit = statement.cell(row, mapping.credit)
                let out = debit.isEmpty ? 0 : mapping.decimal.cents(debit).map { -abs($0) }
                let into = credit.isEmpty ? 0 : mapping.decimal.cents(credit).map { abs($0) }
                if let out, let into, !(debit.isEmpty && credit.isEmpty) { cents = out + into }
            }
            return BankRow(
                line: index + 2,
                day: mapping.dateFormat.day(statement.cell(row, mapping.date)),
                cents: cents,
                description: String(statement.cell(row, mapping.description).prefix(500)),
                categoryName: statement.cell(row, mapping.category)
            )
        }
    }
}

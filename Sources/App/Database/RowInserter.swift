import Foundation
import GRDB

extension Database {
    /// Writes the rows `body` adds into `table`, several hundred to one INSERT statement, in the order they were
    /// added; the rows still waiting are written when `body` returns.
    ///
    /// Inside a transaction SQLite copies every page a statement changes aside first, so the statement alone can be
    /// undone; one statement per row copies the same few pages again for every row (the ledger's triggers touch a
    /// dozen), which made a whole account's import spend most of its time writing that copy to a temporary file.
    func insertRows(into table: String, columns: [String], _ body: (inout RowInserter) throws -> Void) throws {
        var inserter = RowInserter(self, table: table, columns: columns)
        try body(&inserter)
        try inserter.flush()
    }
}

/// Collects rows for `Database.insertRows(into:columns:_:)`.
struct RowInserter {
    /// Well under SQLite's limit on the values one statement may bind (32,766).
    static let valuesPerStatement = 8_000

    private let db: Database
    private let table: String
    private let columns: [String]
    private let rowsPerStatement: Int
    private var pending: [(any DatabaseValueConvertible)?] = []
    private var fullStatement: Statement?

    fileprivate init(_ db: Database, table: String, columns: [String]) {
        precondition(!columns.isEmpty)
        self.db = db
        self.table = table
        self.columns = columns
        self.rowsPerStatement = max(1, Self.valuesPerStatement / columns.count)
        pending.reserveCapacity(rowsPerStatement * columns.count)
    }

    /// One row: a value for each column, in the order the columns were named.
    mutating func insert(_ values: [(any DatabaseValueConvertible)?]) throws {
        precondition(values.count == columns.count, "a row of \(values.count) values for \(columns.count) columns")
        pending += values
        if pending.count == rowsPerStatement * columns.count { try flush() }
    }

    fileprivate mutating func flush() throws {
        guard !pending.isEmpty else { return }
        let rows = pending.count / columns.count
        let statement: Statement
        if rows == rowsPerStatement, let fullStatement {
            statement = fullStatement
        } else {
            statement = try db.makeStatement(sql: sql(rows: rows))
            if rows == rowsPerStatement { fullStatement = statement }
        }
        try statement.execute(arguments: StatementArguments(pending))
        pending.removeAll(keepingCapacity: true)
    }

    private func sql(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return
            "INSERT INTO \(table.quotedDatabaseIdentifier) (\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}

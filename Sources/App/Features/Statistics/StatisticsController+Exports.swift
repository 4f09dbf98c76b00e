import Foundation
import GRDB
import Hummingbird

extension MemberStore {
    /// The ledger rows of a period under `filter` as CSV, oldest first, written in one pass over a cursor.
    func ledgerCSV(from first: CalendarDay, to last: CalendarDay, filter: StatisticsFilter, currency: Currency)
        async throws -> String
    {
        try await read { db in
            var csv = CSVWriter()
            csv.append(["date", "kind", "amount", "currency", "category", "stash", "account", "note"])
            let rows = try Row.fetchCursor(db, sql: """
                SELECT ledger.date, ledger.kind, ledger.amountCents, ledger.note,
                       COALESCE(category.name, stash.category, '') AS categoryName,
                       COALESCE(stash.name, '') AS stashName, COALESCE(account.name, '') AS accountName
                FROM ledger
                LEFT JOIN category ON category.id = ledger.categoryId
                LEFT JOIN stash ON stash.id = ledger.stashId
                LEFT JOIN account ON account.id = ledger.accountId
                WHERE ledger.userId = ? AND ledger.date BETWEEN ? AND ?\(filter.kindSQL)
                ORDER BY ledger.date, ledger.id
                """, arguments: [userId, first.description, last.description])
            while let row = try rows.next() {
                csv.append([row["date"], row["kind"], Money(cents: row["amountCents"], currency: currency).formValue,
                            currency.code, row["categoryName"], row["stashName"], row["accountName"], row["note"]])
            }
            return csv.text
        }
    }
}

extension StatisticsController {
    /// `GET /statistics/export.csv?view=…&period=…&filter=…` — the period's transactions as a CSV download.
    @Sendable func exportCSV(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let query = try StatisticsQuery.parse(request.uri.queryParameters, today: today)
        let csv = try await context.store.ledgerCSV(from: query.period.first, to: query.period.last,
                                                    filter: query.filter, currency: user.currencyValue)
        let name = "stashify-\(query.period.value)\(query.filter == .all ? "" : "-" + query.filter.rawValue).csv"
        return Self.download(ByteBuffer(string: csv), type: "text/csv; charset=utf-8", filename: name)
    }

    /// `GET /statistics/summary.pdf?period=YYYY-MM` — the month's summary as a PDF.
    @Sendable func summaryPDF(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let query = try StatisticsQuery.parse(request.uri.queryParameters, today: today)
        guard query.unit == .monthly else {
            throw HTTPError(.badRequest, message: "The PDF summary covers one month: use period=YYYY-MM.")
        }
        let bytes = try await MonthlySummaryPDF(store: context.store, user: user, today: today,
                                                month: query.period.month).render()
        return Self.download(ByteBuffer(bytes: bytes), type: "application/pdf",
                             filename: "stashify-summary-\(query.period.month).pdf", inline: true)
    }

    static func download(_ body: ByteBuffer, type: String, filename: String, inline: Bool = false) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .cacheControl: "no-store",
                           .contentDisposition: "\(inline ? "inline" : "attachment"); filename=\"\(filename)\""],
                 body: .init(byteBuffer: body))
    }
}

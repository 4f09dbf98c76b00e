import Foundation
import GRDB
import Hummingbird

extension StatisticsController {
    /// `GET /statistics/export.csv?view=…&period=…&filter=…` — the period's transactions as a CSV download.
    @Sendable func exportCSV(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let query = try StatisticsQuery.parse(request.uri.queryParameters, today: today, t: context.words)
        let csv = try context.store.ledgerCSV(
            from: query.period.first,
            to: query.period.last,
            filter: query.filter,
            currency: user.currencyValue,
            t: context.words
        )
        let name = "stashify-\(query.period.value)\(query.filter == .all ? "" : "-" + query.filter.rawValue).csv"
        return PageRenderer.download(ByteBuffer(string: csv), type: "text/csv; charset=utf-8", filename: name)
    }

    /// `GET /statistics/summary.pdf?period=YYYY-MM` — the month's summary as a PDF; with `view=yearly&period=YYYY`,
    /// the year's.
    @Sendable func summaryPDF(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        let today = context.member.today
        let t = context.words
        let query = try StatisticsQuery.parse(request.uri.queryParameters, today: today, t: t)
        guard query.unit != .daily else {
            throw HTTPError(.badRequest, message: t["statistics.errors.pdf_daily"])
        }
        let bytes = try SummaryPDF(
            store: context.store,
            user: user,
            t: t,
            today: today,
            period: query.period
        ).render()
        return PageRenderer.download(
            ByteBuffer(bytes: bytes),
            type: "application/pdf",
            filename: "stashify-summary-\(query.period.value).pdf",
            inline: true
        )
    }
}

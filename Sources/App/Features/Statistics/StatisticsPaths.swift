import Foundation

/// Paths of the Statistics pages and exports.
enum StatisticsPaths {
    static let index = "/statistics"
    static let compare = "/statistics/compare"
    static let csv = "/statistics/export.csv"
    static let pdf = "/statistics/summary.pdf"

    static func csv(_ query: StatisticsQuery) -> String {
        var parts = ["view=\(query.unit.rawValue)", "period=\(query.period.value)"]
        if query.filter != .all { parts.append("filter=\(query.filter.rawValue)") }
        return csv + "?" + parts.joined(separator: "&")
    }

    static func pdf(_ month: Month) -> String { pdf + "?period=\(month)" }

    static func pdf(year: Int) -> String { pdf + "?view=yearly&period=\(year)" }

    static func compare(_ months: [Month]) -> String {
        compare + (months.isEmpty ? "" : "?" + months.map { "month=\($0)" }.joined(separator: "&"))
    }
}

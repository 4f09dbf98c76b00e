/// The paths of Home.
enum HomePaths {
    static let index = "/"
    static let view = "/home/view"

    /// Home at `month` (nil: this month), with `day` open in the calendar.
    static func home(month: Month? = nil, day: CalendarDay? = nil) -> String {
        var query: [String] = []
        if let month { query.append("month=\(month)") }
        if let day { query.append("day=\(day)") }
        return "/" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}

import Foundation
import Hummingbird

/// Home: a greeting, the month in the user's time zone, and the first-run steps.
struct HomeController {
    let services: AppServices

    struct HomePage: Sendable {
        let greeting: String
        let month: String
        let states: [EmptyState]
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("/", use: index)
    }

    /// `GET /`
    @Sendable func index(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let now = services.now()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = user.calendarTimeZone
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "MMMM yyyy"
        let page = HomePage(
            greeting: "\(Self.greeting(hour: calendar.component(.hour, from: now))), \(user.firstName)",
            month: formatter.string(from: now),
            states: [.income, .stashes]
        )
        return try services.pages.page("home/index", title: "Home", section: .home, page: page, request: request,
                                       context: context)
    }

    static func greeting(hour: Int) -> String {
        switch hour {
        case 5..<12: "Good morning"
        case 12..<18: "Good afternoon"
        case 18..<23: "Good evening"
        default: "Hello"
        }
    }
}

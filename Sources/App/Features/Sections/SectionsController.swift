import Hummingbird

/// Statistics and Wallet, each showing its first-run empty state.
struct SectionsController {
    let services: AppServices

    struct SectionPage: Sendable {
        let intro: String
        let states: [EmptyState]
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("statistics") { request, context in
            try render(.statistics, intro: "Daily, monthly and yearly views of your saving and spending.",
                       states: [.statistics], request: request, context: context)
        }
        group.get("wallet") { request, context in
            try render(.wallet, intro: "Your cards, their benefits, subscriptions and coupons.", states: [.wallet],
                       request: request, context: context)
        }
    }

    private func render(
        _ section: Section, intro: String, states: [EmptyState], request: Request, context: AppRequestContext
    ) throws -> Response {
        try services.pages.page("sections/empty", title: section.label, section: section,
                                page: SectionPage(intro: intro, states: states), request: request, context: context)
    }
}

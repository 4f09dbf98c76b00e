import Hummingbird

/// Budget, showing its first-run empty state.
struct SectionsController {
    let services: AppServices

    struct SectionPage: Sendable {
        let intro: String
        let states: [EmptyState]
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("budget") { request, context in
            try render(.budget, intro: "Where your money goes: needs, wants and savings.", states: [.income],
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

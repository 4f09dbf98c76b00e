import Foundation
import Hummingbird
import Views

/// A valid category form: its name, icon and colour.
struct CategoryDraft: Sendable {
    let name: String
    let icon: String
    let color: String
}

/// Manage categories: add, rename, icon and colour, reorder (up / down), hide defaults, delete custom ones
/// (their transactions move to the kind's "Other").
struct CategoriesController {
    let pages: PageRenderer
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<MemberContext>) {
        group.get("budget/categories", use: index)
        group.get("budget/categories/new", use: new)
        group.post("budget/categories", use: create)
        group.get("budget/categories/:id/edit", use: edit)
        group.post("budget/categories/:id/edit", use: update)
        group.get("budget/categories/:id/delete", use: confirmDelete)
        group.post("budget/categories/:id/delete", use: delete)
        group.post("budget/categories/:id/move", use: move)
        group.post("budget/categories/:id/hide", use: toggleHidden)
    }

    typealias Row = CategoriesPages.Row
    typealias IndexPage = CategoriesPages.IndexPage
    typealias Choice = CategoriesPages.Choice
    typealias FormPage = CategoriesPages.FormPage


    /// `GET /budget/categories?kind=needs|wants|savings|income`
    @Sendable func index(request: Request, context: MemberContext) async throws -> Response {
        let kind = request.uri.queryParameters["kind"].flatMap { Category.Kind(rawValue: String($0)) } ?? .needs
        let categories = try await context.store.categories().filter { $0.kind == kind }
        let counts = try await context.store.transactionCounts(categoryIds: categories.compactMap(\.id))
        let rows = categories.enumerated().map { index, category in
            let id = category.id ?? 0
            return Row(name: category.name, icon: category.icon, swatch: CategoryPalette.swatchClass(category.color),
                       hidden: category.isHidden, isDefault: category.isDefault,
                       countText: BudgetController.countText(counts[id] ?? 0),
                       editPath: BudgetPaths.editCategory(id), movePath: BudgetPaths.moveCategory(id),
                       hidePath: BudgetPaths.hideCategory(id), canMoveUp: index > 0,
                       canMoveDown: index < categories.count - 1)
        }
        let page = IndexPage(
            kindLabel: kind.label,
            tabs: [Category.Kind.needs, .wants, .savings, .income].map {
                BudgetTab(label: $0.label, href: BudgetPaths.categories(kind: $0), current: $0 == kind)
            },
            rows: rows,
            newPath: BudgetPaths.newCategory(kind: kind),
            backPath: kind == .income ? BudgetPaths.expenses : BudgetPaths.tab(kind))
        return pages.page(title: "Edit \(kind.label) categories", section: .budget, context: context) { shell in
            CategoriesPages.index(page, csrf: shell.csrf)
        }
    }

    // MARK: - Form

    struct Input: Decodable, Sendable {
        var name: String?
        var kind: String?
        var icon: String?
        var color: String?
    }


    @Sendable func new(request: Request, context: MemberContext) async throws -> Response {
        let kind = request.uri.queryParameters["kind"].flatMap { Category.Kind(rawValue: String($0)) } ?? .needs
        return try formPage(Input(kind: kind.rawValue, icon: "star", color: "#2563EB"), errors: FieldErrors(),
                            category: nil, request: request, context: context)
    }

    @Sendable func create(request: Request, context: MemberContext) async throws -> Response {
        let input = try await request.decodeForm(Input.self, context: context)
        var errors = FieldErrors()
        let kind = errors.choice(input.kind, field: "name", as: Category.Kind.self, message: "Choose Needs, Wants, Savings or Income first.")
        let draft = validate(input, errors: &errors)
        guard errors.isEmpty, let kind else {
            return try formPage(input, errors: errors, category: nil, request: request, context: context,
                                status: .unprocessableContent)
        }
        let category = try await context.store.createCategory(Category(
            id: nil, userId: context.member.id, name: draft.name, kind: kind, icon: draft.icon, color: draft.color, sortOrder: 0,
            isDefault: false, isHidden: false, createdAt: now()))
        return pages.redirect(to: BudgetPaths.categories(kind: kind),
                              flash: .success("Added “\(category.name)” to \(kind.label)."))
    }

    @Sendable func edit(request: Request, context: MemberContext) async throws -> Response {
        let category = try await load(context: context)
        return try formPage(Input(name: category.name, kind: category.kind.rawValue, icon: category.icon,
                                  color: category.color),
                            errors: FieldErrors(), category: category, request: request, context: context)
    }

    @Sendable func update(request: Request, context: MemberContext) async throws -> Response {
        var category = try await load(context: context)
        let input = try await request.decodeForm(Input.self, context: context)
        var errors = FieldErrors()
        let draft = validate(input, errors: &errors)
        guard errors.isEmpty else {
            return try formPage(input, errors: errors, category: category, request: request, context: context,
                                status: .unprocessableContent)
        }
        category.name = draft.name
        category.icon = draft.icon
        category.color = draft.color
        try await context.store.updateCategory(category)
        return pages.redirect(to: BudgetPaths.categories(kind: category.kind), flash: .success("Saved “\(draft.name)”."))
    }

    // MARK: - Delete, move, hide

    @Sendable func confirmDelete(request: Request, context: MemberContext) async throws -> Response {
        let category = try await load(context: context)
        guard !category.isDefault else {
            throw HTTPError(.badRequest, message: "Default categories can be hidden, not deleted.")
        }
        let count = try await context.store.transactionCount(categoryId: category.id ?? 0)
        let page = ConfirmPage(
            title: "Delete “\(category.name)”?",
            text: count == 0 ? "It has no transactions."
                : "\(BudgetController.countText(count)) will be moved to “\(Category.otherName)” category.",
            action: BudgetPaths.deleteCategory(category.id ?? 0), cancelPath: BudgetPaths.editCategory(category.id ?? 0),
            button: "Delete")
        return pages.page(title: "Delete category", section: .budget, context: context) { shell in
            page.html(csrf: shell.csrf)
        }
    }

    @Sendable func delete(request: Request, context: MemberContext) async throws -> Response {
        let category = try await load(context: context)
        guard !category.isDefault else {
            throw HTTPError(.badRequest, message: "Default categories can be hidden, not deleted.")
        }
        let moved = try await context.store.deleteCategory(category)
        let tail = moved == 0 ? "" : " \(BudgetController.countText(moved)) moved to “\(Category.otherName)”."
        return pages.redirect(to: BudgetPaths.categories(kind: category.kind),
                              flash: .success("Deleted “\(category.name)”." + tail))
    }

    struct MoveInput: Decodable, Sendable {
        var direction: String?
    }

    /// `POST /budget/categories/:id/move` with `direction=up|down` (works without JavaScript).
    @Sendable func move(request: Request, context: MemberContext) async throws -> Response {
        let category = try await load(context: context)
        let input = try await request.decodeForm(MoveInput.self, context: context)
        guard let direction = input.direction, direction == "up" || direction == "down" else {
            throw HTTPError(.badRequest, message: "Choose up or down.")
        }
        try await context.store.moveCategory(category, up: direction == "up")
        return pages.redirect(to: BudgetPaths.categories(kind: category.kind))
    }

    /// `POST /budget/categories/:id/hide`: hides a shown category or shows a hidden one. Hidden ones keep their
    /// history but aren't offered when adding.
    @Sendable func toggleHidden(request: Request, context: MemberContext) async throws -> Response {
        var category = try await load(context: context)
        category.isHidden.toggle()
        try await context.store.updateCategory(category)
        return pages.redirect(
            to: BudgetPaths.categories(kind: category.kind),
            flash: .success(category.isHidden ? "“\(category.name)” is hidden; its history stays." : "“\(category.name)” is shown again."))
    }

    // MARK: - Helpers

    private func validate(_ input: Input, errors: inout FieldErrors) -> CategoryDraft {
        let name = errors.text(input.name, field: "name", required: "Enter a name.", max: 40)
        let icon = input.icon ?? ""
        if !CategoryPalette.icons.contains(where: { $0.value == icon }) { errors.add("icon", "Choose an icon.") }
        let color = input.color ?? ""
        if !CategoryPalette.colors.contains(where: { $0.value == color }) { errors.add("color", "Choose a colour.") }
        return CategoryDraft(name: name, icon: icon, color: color)
    }

    private func formPage(_ input: Input, errors: FieldErrors, category: Category?, request: Request,
                          context: MemberContext, status: HTTPResponse.Status = .ok) throws -> Response {
        let kind = Category.Kind(rawValue: input.kind ?? "") ?? category?.kind ?? .needs
        let swatch = CategoryPalette.swatchClass(input.color)
        let page = FormPage(
            heading: category == nil ? "Add \(kind.label) category" : "Edit category",
            action: category.map { BudgetPaths.editCategory($0.id ?? 0) } ?? BudgetPaths.categories,
            summary: errors.summary,
            name: .input("name", label: "Name", value: input.name ?? "", error: errors["name"],
                         hint: category == nil ? "Like Pet Supplies." : nil, autocomplete: "off", required: true,
                         autofocus: category == nil),
            kind: kind.rawValue,
            icons: CategoryPalette.icons.map { Choice(value: $0.value, label: $0.label, checked: $0.value == input.icon, swatch: swatch) },
            colors: CategoryPalette.colors.map {
                Choice(value: $0.value, label: $0.label, checked: $0.value == input.color,
                       swatch: CategoryPalette.swatchClass($0.value))
            },
            iconError: errors["icon"],
            colorError: errors["color"],
            deletePath: category.flatMap { $0.isDefault ? nil : BudgetPaths.deleteCategory($0.id ?? 0) },
            hideHint: category?.isDefault == true ? "Default categories can be hidden from the category list, not deleted." : nil,
            cancelPath: BudgetPaths.categories(kind: kind))
        return pages.page(title: page.heading, section: .budget, context: context, status: status) { shell in
            CategoriesPages.form(page, csrf: shell.csrf)
        }
    }

    private func load(context: MemberContext) async throws -> Category {
        guard let id = context.parameters.get("id", as: Int64.self),
              let category = try await context.store.category(id: id)
        else { throw HTTPError(.notFound) }
        return category
    }
}

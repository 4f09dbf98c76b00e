import Foundation
import Hummingbird

/// Manage categories: add, rename, icon and colour, reorder (up / down), hide defaults, delete custom ones
/// (their transactions move to the kind's "Other").
extension BudgetController {
    func addCategoriesRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.categories, use: categories)
        group.get(BudgetPaths.newCategory, use: newCategory)
        group.post(BudgetPaths.categories, use: createCategory)
        group.get(BudgetPaths.editCategory, use: editCategory)
        group.post(BudgetPaths.editCategory, use: updateCategory)
        group.addDeletion(BudgetPaths.deleteCategory, categoryDeletion)
        group.post(BudgetPaths.moveCategory, use: moveCategory)
        group.post(BudgetPaths.hideCategory, use: toggleCategoryHidden)
    }

    /// `GET /budget/categories?kind=needs|wants|savings|income`
    @Sendable func categories(request: Request, context: MemberContext) async throws -> Response {
        let t = context.words
        let kind = request.uri.queryParameters["kind"].flatMap { Category.Kind(rawValue: String($0)) } ?? .needs
        let categories = try context.store.categories().filter { $0.kind == kind }
        let counts = try context.store.transactionCounts(categoryIds: categories.compactMap(\.id))
        let rows = categories.enumerated().map { index, category in
            let id = category.id ?? 0
            return CategoriesPages.Row(
                id: id,
                name: category.name,
                icon: category.icon,
                swatch: CategoryPalette.swatchClass(category.color),
                hidden: category.isHidden,
                isDefault: category.isDefault,
                countText: BudgetController.countText(counts[id] ?? 0, t: t),
                canMoveUp: index > 0,
                canMoveDown: index < categories.count - 1
            )
        }
        let page = CategoriesPages.IndexPage(
            kind: kind,
            tabs: [Category.Kind.needs, .wants, .savings, .income].map {
                TabLink(label: $0.label(t), href: BudgetPaths.categories(kind: $0), current: $0 == kind)
            },
            rows: rows,
            otherName: Category.otherName
        )
        let title = t["budget.categories.edit_title", ["kind": kind.label(t)]]
        return pages.page(title: title, section: .budget, context: context) { shell in
            CategoriesPages.index(page, csrf: shell.csrf, t: t)
        }
    }

    // MARK: - Form

    @Sendable func newCategory(request: Request, context: MemberContext) async throws -> Response {
        let kind = request.uri.queryParameters["kind"].flatMap { Category.Kind(rawValue: String($0)) } ?? .needs
        return try categoryFormPage(
            CategoryInput(kind: kind.rawValue, icon: "star", color: "#2563EB"),
            errors: FieldErrors(t: context.words),
            category: nil,
            request: request,
            context: context
        )
    }

    @Sendable func createCategory(request: Request, context: MemberContext) async throws -> Response {
        try await request.submitForm(CategoryInput.self, context: context) { input in
            try await CategoryRules.validate(input, kind: nil, t: context.words) {
                try context.store.sameName(Category.self, as: $0, kind: $1.rawValue, except: nil)
            }
        } form: { input, errors, status in
            try categoryFormPage(
                input,
                errors: errors,
                category: nil,
                request: request,
                context: context,
                status: status
            )
        } save: { _, draft in
            var category = Category(
                id: nil,
                userId: context.member.id,
                name: "",
                kind: draft.kind,
                icon: "",
                color: "",
                sortOrder: 0,
                isDefault: false,
                isHidden: false,
                createdAt: now()
            )
            draft.apply(to: &category)
            let created = try await context.store.createCategory(category)
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.categories(kind: draft.kind),
                flash: .success(
                    t["budget.categories.added", ["name": created.name, "kind": draft.kind.label(t)]]
                )
            )
        }
    }

    @Sendable func editCategory(request: Request, context: MemberContext) async throws -> Response {
        let category = try context.named(Category.self)
        return try categoryFormPage(
            CategoryInput(
                name: category.name,
                kind: category.kind.rawValue,
                icon: category.icon,
                color: category.color
            ),
            errors: FieldErrors(t: context.words),
            category: category,
            request: request,
            context: context
        )
    }

    @Sendable func updateCategory(request: Request, context: MemberContext) async throws -> Response {
        let category = try context.named(Category.self)
        return try await request.submitForm(CategoryInput.self, context: context) { input in
            try await CategoryRules.validate(input, kind: category.kind, t: context.words) {
                try context.store.sameName(Category.self, as: $0, kind: $1.rawValue, except: category.id)
            }
        } form: { input, errors, status in
            try categoryFormPage(
                input,
                errors: errors,
                category: category,
                request: request,
                context: context,
                status: status
            )
        } save: { _, draft in
            var category = category
            draft.apply(to: &category)
            try await context.store.updateCategory(category)
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.categories(kind: category.kind),
                flash: .success(t["budget.flash.saved", ["name": draft.name]])
            )
        }
    }

    // MARK: - Delete, move, hide

    /// Deleting a custom category: its transactions move to the kind's "Other". Default ones can only be hidden.
    var categoryDeletion: Deletion<Category> {
        Deletion { _, context in
            let category = try context.named(Category.self)
            guard !category.isDefault else {
                let t = context.words
                throw HTTPError(.badRequest, message: t["budget.categories.default_hint"])
            }
            return category
        } confirm: { category, _, context in
            let t = context.words
            let count = try context.store.transactionCount(categoryId: category.id ?? 0)
            let page = ConfirmPage(
                title: t["budget.confirm.delete_named", ["name": category.name]],
                text: count == 0
                    ? t["budget.categories.delete_none"]
                    : t.plural("budget.categories.delete_moves", count: count, ["other": Category.otherName]),
                action: BudgetPaths.deleteCategory(category.id ?? 0),
                cancelPath: BudgetPaths.editCategory(category.id ?? 0),
                button: t["budget.form.delete"]
            )
            return pages.confirm(page, title: t["budget.categories.delete_title"], section: .budget, context: context)
        } delete: { category, _, context in
            let t = context.words
            let moved = try await context.store.deleteCategory(category, now: now())
            let deleted = t["budget.flash.deleted", ["name": category.name]]
            let tail =
                moved == 0 ? "" : " " + t.plural("budget.categories.moved", count: moved, ["other": Category.otherName])
            return pages.redirect(
                to: BudgetPaths.categories(kind: category.kind),
                flash: .success(deleted + tail)
            )
        }
    }

    /// `POST /budget/categories/:id/move` with `direction=up|down` (works without JavaScript).
    @Sendable func moveCategory(request: Request, context: MemberContext) async throws -> Response {
        let category = try context.named(Category.self)
        let input = try await request.decodeForm(CategoryMoveInput.self, context: context)
        guard let direction = input.direction, direction == "up" || direction == "down" else {
            let t = context.words
            throw HTTPError(.badRequest, message: t["budget.categories.choose_direction"])
        }
        try await context.store.moveCategory(category, up: direction == "up")
        return pages.redirect(to: BudgetPaths.categories(kind: category.kind))
    }

    /// `POST /budget/categories/:id/hide`: hides a shown category or shows a hidden one. Hidden ones keep their
    /// history but aren't offered when adding.
    @Sendable func toggleCategoryHidden(request: Request, context: MemberContext) async throws -> Response {
        var category = try context.named(Category.self)
        category.isHidden.toggle()
        try await context.store.updateCategory(category)
        let t = context.words
        return pages.redirect(
            to: BudgetPaths.categories(kind: category.kind),
            flash: .success(
                category.isHidden
                    ? t["budget.categories.now_hidden", ["name": category.name]]
                    : t["budget.categories.now_shown", ["name": category.name]]
            )
        )
    }

    // MARK: - Helpers

    private func categoryFormPage(
        _ input: CategoryInput,
        errors: FieldErrors,
        category: Category?,
        request: Request,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let t = context.words
        let kind = Category.Kind(rawValue: input.kind ?? "") ?? category?.kind ?? .needs
        let swatch = CategoryPalette.swatchClass(input.color)
        let page = CategoriesPages.FormPage(
            heading: category == nil
                ? t["budget.categories.add_heading", ["kind": kind.label(t)]] : t["budget.category.edit"],
            action: category.map { BudgetPaths.editCategory($0.id ?? 0) } ?? BudgetPaths.categories,
            summary: errors.summary,
            name: .input(
                "name",
                label: t["budget.form.name"],
                value: input.name ?? "",
                error: errors["name"],
                hint: category == nil ? t["budget.categories.name_hint"] : nil,
                autocomplete: "off",
                required: true,
                autofocus: category == nil
            ),
            kind: kind.rawValue,
            icons: CategoryPalette.icons.map {
                Choice(
                    value: $0,
                    label: CategoryPalette.iconName($0, t: t),
                    checked: $0 == input.icon,
                    swatch: swatch
                )
            },
            colors: CategoryPalette.colors.map {
                Choice(
                    value: $0,
                    label: CategoryPalette.colorName($0, t: t),
                    checked: $0 == input.color,
                    swatch: CategoryPalette.swatchClass($0)
                )
            },
            iconError: errors["icon"],
            colorError: errors["color"],
            id: category.map { $0.id ?? 0 },
            deletable: category?.isDefault == false,
            hideHint: category?.isDefault == true ? t["budget.categories.hide_hint"] : nil,
            cancelPath: BudgetPaths.categories(kind: kind)
        )
        return pages.page(title: page.heading, section: .budget, context: context, status: status) { shell in
            CategoriesPages.form(page, csrf: shell.csrf, t: t)
        }
    }
}

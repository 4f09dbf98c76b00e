import HTML

/// Managing categories: the list of one kind with move, hide and edit, and the add / edit form with icon and colour.
enum CategoriesPages {
    struct Row: Sendable {
        let id: Int64
        let name: String
        let icon: String
        let swatch: String
        let hidden: Bool
        let isDefault: Bool
        let countText: String
        let canMoveUp: Bool
        let canMoveDown: Bool
    }

    struct IndexPage: Sendable {
        let kind: Category.Kind
        let tabs: [TabLink]
        let rows: [Row]
        /// The name of the category that takes a deleted one's transactions.
        let otherName: String
    }

    struct FormPage: Sendable {
        let heading: String
        let action: String
        let summary: String?
        let name: FormField
        let kind: String
        let icons: [Choice]
        let colors: [Choice]
        let iconError: String?
        let colorError: String?
        /// The category edited (nil: a new one), and whether it can be deleted (default ones can only be hidden).
        let id: Int64?
        let deletable: Bool
        let hideHint: String?
        let cancelPath: String
    }

    static func index(_ page: IndexPage, csrf: CSRF, t: Words) -> HTML {
        """
        <div class="budget-bar">
          <p class="breadcrumb"><a href="\(page.kind == .income ? BudgetPaths.expenses : BudgetPaths.tab(page.kind))">← \(page.kind.label(t))</a></p>
          <a class="button button--primary" href="\(BudgetPaths.newCategory(kind: page.kind))">\(t["budget.add.button"])</a>
        </div>
        \(BudgetPages.tabs(page.tabs, label: t["budget.categories.kinds_label"]))
        <section class="card" aria-label="\(t["budget.categories.list_label", ["kind": page.kind.label(t)]])">
          <ul class="category-rows">
            \(page.rows.map { row in
                """
                <li class="row-with-actions">
                      <a class="category-row" href="\(BudgetPaths.editCategory(row.id))">\(Icon.framed(row.icon, size: 20, spanClass: "cat-icon \(row.swatch)"))<span class="ledger-item__text"><span class="ledger-item__title">\(row.name)</span><span class="ledger-item__detail">\(row.hidden ? t["budget.categories.hidden"] + " · " : "")\(row.isDefault ? t["budget.categories.default"] : t["budget.categories.custom"]) · \(row.countText)</span></span></a>
                      <div class="row-actions">
                        <form method="post" action="\(BudgetPaths.moveCategory(row.id))">\(csrf.field)<input type="hidden" name="direction" value="up"><button class="button button--plain" type="submit" aria-label="\(t["budget.categories.move_up", ["name": row.name]])"\(row.canMoveUp ? "" : " disabled")>↑</button></form>
                        <form method="post" action="\(BudgetPaths.moveCategory(row.id))">\(csrf.field)<input type="hidden" name="direction" value="down"><button class="button button--plain" type="submit" aria-label="\(t["budget.categories.move_down", ["name": row.name]])"\(row.canMoveDown ? "" : " disabled")>↓</button></form>
                        <form method="post" action="\(BudgetPaths.hideCategory(row.id))">\(csrf.field)<button class="button button--plain" type="submit">\(row.hidden ? t["budget.categories.show"] : t["budget.categories.hide"])<span class="visually-hidden"> \(row.name)</span></button></form>
                      </div>
                    </li>
                """ as HTML
            })
          </ul>
          <p class="muted small">\(t["budget.categories.note", ["other": page.otherName]])</p>
        </section>
        """
    }

    static func form(_ page: FormPage, csrf: CSRF, t: Words) -> HTML {
        FormCard(
            heading: page.heading,
            summary: page.summary,
            action: page.action,
            fields: """
                <input type="hidden" name="kind" value="\(page.kind)">
                \(page.name.html)
                <fieldset class="field field--choices">
                  <legend class="field__label">\(t["budget.categories.icon"])</legend>
                  <div class="palette">
                    \(page.icons.map { choice in
                        """
                        <label class="palette__choice" title="\(choice.label)"><input type="radio" name="icon" value="\(choice.value)"\(choice.checked ? " checked" : "")><span class="cat-icon \(choice.swatch ?? "")"><svg width="22" height="22" aria-hidden="true"><use href="/icons/sprite.svg#\(choice.value)"></use></svg><span class="visually-hidden">\(choice.label)</span></span></label>
                        """ as HTML
                    })
                  </div>
                  \(page.iconError.map { "<p class=\"field__error\" id=\"field-icon-error\">\($0)</p>" as HTML })
                </fieldset>
                <fieldset class="field field--choices">
                  <legend class="field__label">\(t["budget.categories.colour"])</legend>
                  <div class="palette">
                    \(page.colors.map { choice in
                        """
                        <label class="palette__choice" title="\(choice.label)"><input type="radio" name="color" value="\(choice.value)"\(choice.checked ? " checked" : "")><span class="cat-icon \(choice.swatch ?? "")"><span class="palette__dot"></span><span class="visually-hidden">\(choice.label)</span></span></label>
                        """ as HTML
                    })
                  </div>
                  \(page.colorError.map { "<p class=\"field__error\" id=\"field-color-error\">\($0)</p>" as HTML })
                </fieldset>
                """,
            actions: Form.actions(submit: t["budget.form.save"], cancel: page.cancelPath, t: t),
            after: """
                \(page.hideHint.map { "<p class=\"muted small\">\($0)</p>" as HTML })
                \(Form.deleteLink(page.deletable ? page.id.map { BudgetPaths.deleteCategory($0) } : nil, label: t["budget.categories.delete"]))
                """
        ).html(csrf: csrf)
    }
}

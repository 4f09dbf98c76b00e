import HTML

/// The transfer form: money moving from one of the member's accounts to another.
enum TransferPages {
    struct FormPage: Sendable {
        let heading: String
        let action: String
        let submitLabel: String
        let cancelPath: String
        let summary: String?
        let fields: [FormField]
        let returnTo: String?
        /// The transfer edited (its leaving row); nil when adding one.
        let id: Int64?
        /// Shown instead of the form while the member has fewer than two accounts.
        let needsAccounts: EmptyState?
    }

    static func form(_ page: FormPage, csrf: CSRF, t: Words) -> HTML {
        if let empty = page.needsAccounts {
            return """
                <div class="empty-grid empty-grid--single">
                \(empty.html)
                </div>
                """
        }
        return FormCard(
            heading: page.heading,
            summary: page.summary,
            action: page.action,
            fields: """
                \(Form.hidden("returnTo", page.returnTo))
                \(Form.fields(page.fields))
                """,
            actions: Form.actions(submit: page.submitLabel, cancel: page.cancelPath, t: t),
            after: Form.deleteButton(
                page.id.map { BudgetPaths.deleteTransaction($0) },
                label: t["budget.transfers.delete"],
                returnTo: page.returnTo,
                csrf: csrf
            )
        ).html(csrf: csrf)
    }
}

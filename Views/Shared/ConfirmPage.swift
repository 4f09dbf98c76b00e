import HTML

/// A delete confirmation, shared by every feature that deletes: what goes, what happens to the rest, Cancel and the
/// red button.
struct ConfirmPage: Sendable {
    let title: String
    let text: String
    let action: String
    let cancelPath: String
    let button: String
    /// Fields the confirmation needs (a password), shown above the buttons.
    var fields: [FormField] = []
    var summary: String?
    /// Values the confirming post carries (what the first post had, and the answer `unlock=yes`).
    var hidden: [(name: String, value: String?)] = []

    func html(csrf: CSRF, t: Words) -> HTML {
        """
        <section class="card form-card confirm" aria-labelledby="confirm-title">
          <h2 class="card__title" id="confirm-title">\(title)</h2>
          <p>\(text)</p>
          \(fields.isEmpty ? buttons(csrf: csrf, t: t) : withFields(csrf: csrf, t: t))
        </section>
        """
    }

    private func buttons(csrf: CSRF, t: Words) -> HTML {
        """
        <form method="post" action="\(action)" class="form-actions">
            \(csrf.field)
            \(hidden.compactMap { Form.hidden($0.name, $0.value) })
            <a class="button button--secondary" href="\(cancelPath)">\(t["forms.cancel"])</a>
            <button class="button button--danger" type="submit">\(button)</button>
          </form>
        """
    }

    private func withFields(csrf: CSRF, t: Words) -> HTML {
        """
        \(Form.summary(summary))
          <form method="post" action="\(action)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(fields))</div>
            <div class="form-actions">
              <a class="button button--secondary" href="\(cancelPath)">\(t["forms.cancel"])</a>
              <button class="button button--danger" type="submit">\(button)</button>
            </div>
          </form>
        """
    }
}

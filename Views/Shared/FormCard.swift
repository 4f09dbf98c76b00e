import HTML

/// A card holding one form (add and edit pages): its heading, what the form is for, the line above a form that
/// failed validation, then the form with its fields and its row of buttons.
struct FormCard: Sendable {
    let heading: String
    /// The heading's id, which names the card for screen readers.
    var titleId = "form-title"
    /// Above the heading (the name of what the form belongs to).
    var above: HTML? = nil
    /// Between the heading and the form: what it is for, what it changes.
    var intro: HTML? = nil
    let summary: String?
    let action: String
    /// The form's `class`, written before its method (a form styled apart).
    var formClass: String? = nil
    /// More attributes of the form, after `novalidate` (what its script looks for).
    var formAttributes: HTML? = nil
    let fields: HTML
    /// The row of buttons, usually `Form.actions`, and anything under it inside the form.
    let actions: HTML
    /// Inside the card, under the form (a separate delete button, a hint).
    var after: HTML? = nil

    func html(csrf: CSRF) -> HTML {
        """
        <section class="card form-card" aria-labelledby="\(titleId)">
          \(above)
          <h2 class="card__title" id="\(titleId)">\(heading)</h2>
          \(intro)
          \(Form.summary(summary))
          <form\(formClass.map { " class=\"\($0)\"" as HTML }) method="post" action="\(action)" novalidate\(formAttributes)>
            \(csrf.field)
            \(fields)
            \(actions)
          </form>
          \(after)
        </section>
        """
    }
}

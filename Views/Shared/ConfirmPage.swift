import HTML

/// A delete confirmation, shared by every feature that deletes: what goes, what happens to the rest, Cancel and the
/// red button.
public struct ConfirmPage: Sendable {
    public let title: String
    public let text: String
    public let action: String
    public let cancelPath: String
    public let button: String
    /// Fields the confirmation needs (a password), shown above the buttons.
    public var fields: [FormField] = []
    public var summary: String?

    public init(title: String, text: String, action: String, cancelPath: String, button: String) {
        self.title = title
        self.text = text
        self.action = action
        self.cancelPath = cancelPath
        self.button = button
    }

    public func html(csrf: CSRF) -> HTML {
        """
        <section class="card form-card confirm" aria-labelledby="confirm-title">
          <h2 class="card__title" id="confirm-title">\(title)</h2>
          <p>\(text)</p>
          \(fields.isEmpty ? buttons(csrf: csrf) : withFields(csrf: csrf))
        </section>
        """
    }

    private func buttons(csrf: CSRF) -> HTML {
        """
        <form method="post" action="\(action)" class="form-actions">
            \(csrf.field)
            <a class="button button--secondary" href="\(cancelPath)">Cancel</a>
            <button class="button button--danger" type="submit">\(button)</button>
          </form>
        """
    }

    private func withFields(csrf: CSRF) -> HTML {
        """
        \(Form.summary(summary))
          <form method="post" action="\(action)" novalidate>
            \(csrf.field)
            <div class="field-column">\(Form.fields(fields))</div>
            <div class="form-actions">
              <a class="button button--secondary" href="\(cancelPath)">Cancel</a>
              <button class="button button--danger" type="submit">\(button)</button>
            </div>
          </form>
        """
    }
}

import HTML

/// One labelled form control: label, input or select, hint and error, wired together for screen readers.
struct FormField: Sendable {
    enum Control: Sendable {
        case input(type: String)
        case select
        case radio
        case checkbox
        /// Several checkboxes of one name (`name[]`), each sending its value when ticked.
        case checkboxes
    }

    let name: String
    let id: String
    let label: String
    let value: String
    let control: Control
    let options: [Choice]
    let error: String?
    let hint: String?
    let autocomplete: String?
    let inputmode: String?
    let required: Bool
    let autofocus: Bool

    /// A text-like `<input>` (text, email, password, number, date…), with `suggestions` offered in a `<datalist>`
    /// (the browser's own list as the member types; nothing needs JavaScript).
    static func input(
        _ name: String,
        label: String,
        value: String = "",
        type: String = "text",
        error: String? = nil,
        hint: String? = nil,
        autocomplete: String? = nil,
        inputmode: String? = nil,
        required: Bool = false,
        autofocus: Bool = false,
        suggestions: [String] = []
    ) -> FormField {
        FormField(
            name: name,
            label: label,
            value: value,
            control: .input(type: type),
            options: suggestions.map { Choice(value: $0, label: $0, checked: false) },
            error: error,
            hint: hint,
            autocomplete: autocomplete,
            inputmode: inputmode,
            required: required,
            autofocus: autofocus
        )
    }

    /// A `<select>` whose option with `value` is pre-selected.
    static func select(
        _ name: String,
        label: String,
        value: String,
        options: [(value: String, label: String)],
        error: String? = nil,
        hint: String? = nil,
        autocomplete: String? = nil
    ) -> FormField {
        FormField(
            name: name,
            label: label,
            value: value,
            control: .select,
            options: options.map { Choice(value: $0.value, label: $0.label, checked: $0.value == value) },
            error: error,
            hint: hint,
            autocomplete: autocomplete,
            inputmode: nil,
            required: false,
            autofocus: false
        )
    }

    /// A `<select>` whose options sit in labelled groups (`<optgroup>`; a group labelled "" stands alone), the option
    /// with `value` pre-selected.
    static func select(
        _ name: String,
        label: String,
        value: String,
        groups: [(label: String, options: [(value: String, label: String)])],
        error: String? = nil,
        hint: String? = nil
    ) -> FormField {
        FormField(
            name: name,
            label: label,
            value: value,
            control: .select,
            options: groups.flatMap { group in
                group.options.map {
                    Choice(
                        value: $0.value,
                        label: $0.label,
                        checked: $0.value == value,
                        group: group.label.isEmpty ? nil : group.label
                    )
                }
            },
            error: error,
            hint: hint,
            autocomplete: nil,
            inputmode: nil,
            required: false,
            autofocus: false
        )
    }

    /// One checkbox sending `yes` when ticked, its label beside it.
    static func checkbox(
        _ name: String,
        label: String,
        checked: Bool,
        error: String? = nil,
        hint: String? = nil
    ) -> FormField {
        FormField(
            name: name,
            label: label,
            value: checked ? "yes" : "",
            control: .checkbox,
            options: [],
            error: error,
            hint: hint,
            autocomplete: nil,
            inputmode: nil,
            required: false,
            autofocus: false
        )
    }

    /// A group of radio buttons (a `<fieldset>`), the one with `value` checked.
    static func radio(
        _ name: String,
        label: String,
        value: String,
        options: [(value: String, label: String)],
        error: String? = nil
    ) -> FormField {
        FormField(
            name: name,
            label: label,
            value: value,
            control: .radio,
            options: options.map { Choice(value: $0.value, label: $0.label, checked: $0.value == value) },
            error: error,
            hint: nil,
            autocomplete: nil,
            inputmode: nil,
            required: false,
            autofocus: false
        )
    }

    /// A group of checkboxes (a `<fieldset>`) sending `name[]` once for each ticked option.
    static func checkboxes(
        _ name: String,
        label: String,
        options: [Choice],
        error: String? = nil,
        hint: String? = nil
    ) -> FormField {
        FormField(
            name: name,
            label: label,
            value: "",
            control: .checkboxes,
            options: options,
            error: error,
            hint: hint,
            autocomplete: nil,
            inputmode: nil,
            required: false,
            autofocus: false
        )
    }

    private init(
        name: String,
        label: String,
        value: String,
        control: Control,
        options: [Choice],
        error: String?,
        hint: String?,
        autocomplete: String?,
        inputmode: String?,
        required: Bool,
        autofocus: Bool
    ) {
        self.name = name
        self.id = "field-" + name
        self.label = label
        self.value = value
        self.control = control
        self.options = options
        self.error = error
        self.hint = hint
        self.autocomplete = autocomplete
        self.inputmode = inputmode
        self.required = required
        self.autofocus = autofocus
    }

    /// The ids of the hint and error, for `aria-describedby`.
    var describedBy: String? {
        let ids = [hint.map { _ in id + "-hint" }, error.map { _ in id + "-error" }].compactMap { $0 }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    /// The field as the form shows it.
    var html: HTML {
        let describedBy: HTML? = describedBy.map { " aria-describedby=\"\($0)\"" }
        let invalid: HTML? = error == nil ? nil : " aria-invalid=\"true\""
        let errorText: HTML? = error.map { "<p class=\"field__error\" id=\"\(id)-error\">\($0)</p>" }
        let autocomplete: HTML? = autocomplete.map { " autocomplete=\"\($0)\"" }
        switch control {
        case .radio:
            return """
                <fieldset class="field field--choices\(error == nil ? "" : " field--invalid")"\(describedBy)>
                  <legend class="field__label">\(label)</legend>
                  \(options.map { option in
                  "<label class=\"choice\"><input type=\"radio\" name=\"\(name)\" value=\"\(option.value)\"\(option.checked ? " checked" : "")> <span>\(option.label)</span></label>\n" as HTML
                })  \(errorText)
                </fieldset>

                """
        case .checkboxes:
            return """
                <fieldset class="field field--choices\(error == nil ? "" : " field--invalid")"\(describedBy)>
                  <legend class="field__label">\(label)</legend>
                  \(options.map { option in
                  "<label class=\"choice\"><input type=\"checkbox\" name=\"\(name)[]\" value=\"\(option.value)\"\(option.checked ? " checked" : "")> <span>\(option.label)</span></label>\n" as HTML
                })  \(footer)\(errorText)
                </fieldset>

                """
        case .checkbox:
            return """
                <div class="field\(error == nil ? "" : " field--invalid")">
                  <label class="choice" for="\(id)"><input id="\(id)" name="\(name)" type="checkbox" value="yes"\(value == "yes" ? " checked" : "")\(describedBy)\(invalid)> <span>\(label)</span></label>
                  \(footer)\(errorText)
                </div>

                """
        case .select:
            return """
                <div class="field\(error == nil ? "" : " field--invalid")">
                  <label class="field__label" for="\(id)">\(label)</label>
                  <select class="field__control" id="\(id)" name="\(name)"\(autocomplete)\(describedBy)\(invalid)>
                    \(optionsHTML)
                  </select>
                  \(footer)\(errorText)
                </div>

                """
        case .input(let type):
            return """
                <div class="field\(error == nil ? "" : " field--invalid")">
                  <label class="field__label" for="\(id)">\(label)</label>
                  <input class="field__control" id="\(id)" name="\(name)" type="\(type)" value="\(value)"\(autocomplete)\(inputmode.map { " inputmode=\"\($0)\"" as HTML })\(required ? " required" : "")\(autofocus ? " autofocus" : "")\(options.isEmpty ? nil : " list=\"\(id)-list\"" as HTML)\(describedBy)\(invalid)>
                  \(options.isEmpty ? nil : "<datalist id=\"\(id)-list\">\(options.map { "<option value=\"\($0.value)\"></option>" as HTML })</datalist>" as HTML)
                  \(footer)\(errorText)
                </div>

                """
        }
    }

    /// The options, those of one group inside its `<optgroup>`.
    private var optionsHTML: HTML { Form.groupedOptions(options) }

    private var footer: HTML? {
        hint.map { "<p class=\"field__hint\" id=\"\(id)-hint\">\($0)</p>" }
    }
}

/// Form helpers every page shares.
enum Form {
    /// The line above a form that failed validation, if it did.
    static func summary(_ summary: String?) -> HTML? {
        summary.map { "<p class=\"form-summary\" role=\"alert\">\($0)</p>" }
    }

    /// The `<option>`s of a select, the checked one selected.
    static func options(_ choices: some Sequence<Choice>) -> HTML {
        choices.map { "<option value=\"\($0.value)\"\($0.checked ? " selected" : "")>\($0.label)</option>" as HTML }
            .joined()
    }

    /// The fields, one after another.
    static func fields(_ fields: [FormField]) -> HTML {
        fields.map(\.html).joined()
    }

    /// The row of buttons under a form's fields: the submit button labelled `submit`, Cancel back to `cancel`, and
    /// Delete… to the confirmation at `delete`.
    static func actions(submit: String, cancel: String? = nil, delete: String? = nil, t: Words) -> HTML {
        actions(
            buttons: "<button class=\"button button--primary\" type=\"submit\">\(submit)</button>",
            cancel: cancel,
            delete: delete,
            t: t
        )
    }

    /// The row of buttons under a form's fields, with `buttons` to submit it.
    static func actions(buttons: HTML, cancel: String?, delete: String? = nil, t: Words) -> HTML {
        actions(buttons: buttons, cancel: cancel, delete: delete, words: (t["forms.cancel"], t["forms.delete"]))
    }

    private static func actions(
        buttons: HTML,
        cancel: String?,
        delete: String?,
        words: (cancel: String, delete: String)
    ) -> HTML {
        """
        <div class="form-actions">
          \(buttons)
          \(cancel.map { "<a class=\"button button--plain\" href=\"\($0)\">\(words.cancel)</a>" as HTML })
          \(delete.map { "<a class=\"button button--danger-outline\" href=\"\($0)\">\(words.delete)</a>" as HTML })
        </div>
        """
    }

    /// A link under an edit form to the confirmation that deletes what is edited; nothing when there is nothing to
    /// delete.
    static func deleteLink(_ path: String?, label: String) -> HTML? {
        path.map {
            "<p class=\"form-actions--separate\"><a class=\"button button--danger-outline\" href=\"\($0)\">\(label)</a></p>"
        }
    }

    /// `deleteLink(_:label:)` labelled "Delete…" in the page's language.
    static func deleteLink(_ path: String?, t: Words) -> HTML? {
        deleteLink(path, label: t["forms.delete"])
    }

    /// A separate form under an edit form with the one red button that deletes what is edited, coming back to
    /// `returnTo` if given; nothing when there is nothing to delete yet.
    static func deleteButton(_ path: String?, label: String, returnTo: String?, csrf: CSRF) -> HTML? {
        path.map { path in
            """
            <form method="post" action="\(path)" class="form-actions form-actions--separate">
                \(csrf.field)
                \(hidden("returnTo", returnTo))
                <button class="button button--danger-outline" type="submit">\(label)</button>
              </form>
            """
        }
    }

    /// A file field of an upload form (`enctype="multipart/form-data"`), with its error below it.
    static func file(_ name: String, label: String, accept: String, error: String?, disabled: Bool = false) -> HTML {
        let id = "field-" + name
        return """
            <div class="field\(error == nil ? "" : " field--invalid")">
              <label class="field__label" for="\(id)">\(label)</label>
              <input class="field__control" id="\(id)" name="\(name)" type="file" accept="\(accept)"\(error == nil ? "" : " aria-invalid=\"true\" aria-describedby=\"\(id)-error\"")\(disabled ? " disabled" : "")>
              \(error.map { "<p class=\"field__error\" id=\"\(id)-error\">\($0)</p>" as HTML })
            </div>
            """
    }

    /// A hidden field, only when it has a value.
    static func hidden(_ name: String, _ value: String?) -> HTML? {
        value.map { "<input type=\"hidden\" name=\"\(name)\" value=\"\($0)\">" }
    }
}

extension Form {
    /// `choices` as options, those of one group inside its `<optgroup>`.
    static func groupedOptions(_ choices: [Choice]) -> HTML {
        choices.groupRuns.map { run in
            let items = Form.options(run.choices)
            return run.group.map { "<optgroup label=\"\($0)\">\(items)</optgroup>" } ?? items
        }.joined()
    }
}

import Mustache

/// One labelled form control as `shared/field.mustache` draws it: label, input or select, hint and error.
struct FormField: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let name: String
    let id: String
    let label: String
    let value: String
    let type: String
    let isSelect: Bool
    let isRadio: Bool
    let options: [Option]
    let error: String?
    let hint: String?
    let autocomplete: String?
    let inputmode: String?
    let required: Bool
    let autofocus: Bool
    let describedBy: String?

    /// A text-like `<input>` (text, email, password, number, date…).
    static func input(
        _ name: String, label: String, value: String = "", type: String = "text", error: String? = nil,
        hint: String? = nil, autocomplete: String? = nil, inputmode: String? = nil, required: Bool = false,
        autofocus: Bool = false
    ) -> FormField {
        FormField(name: name, label: label, value: value, type: type, isSelect: false, isRadio: false, options: [], error: error,
                  hint: hint, autocomplete: autocomplete, inputmode: inputmode, required: required,
                  autofocus: autofocus)
    }

    /// A `<select>` whose option with `value` is pre-selected.
    static func select(
        _ name: String, label: String, value: String, options: [(value: String, label: String)],
        error: String? = nil, hint: String? = nil, autocomplete: String? = nil
    ) -> FormField {
        FormField(name: name, label: label, value: value, type: "select", isSelect: true, isRadio: false,
                  options: options.map { Option(value: $0.value, label: $0.label, selected: $0.value == value) },
                  error: error, hint: hint, autocomplete: autocomplete, inputmode: nil, required: false,
                  autofocus: false)
    }

    /// A group of radio buttons (a `<fieldset>`), the one with `value` checked.
    static func radio(
        _ name: String, label: String, value: String, options: [(value: String, label: String)], error: String? = nil
    ) -> FormField {
        FormField(name: name, label: label, value: value, type: "radio", isSelect: false, isRadio: true,
                  options: options.map { Option(value: $0.value, label: $0.label, selected: $0.value == value) },
                  error: error, hint: nil, autocomplete: nil, inputmode: nil, required: false, autofocus: false)
    }

    private init(
        name: String, label: String, value: String, type: String, isSelect: Bool, isRadio: Bool, options: [Option],
        error: String?,
        hint: String?, autocomplete: String?, inputmode: String?, required: Bool, autofocus: Bool
    ) {
        self.name = name
        self.id = "field-" + name
        self.label = label
        self.value = value
        self.type = type
        self.isSelect = isSelect
        self.isRadio = isRadio
        self.options = options
        self.error = error
        self.hint = hint
        self.autocomplete = autocomplete
        self.inputmode = inputmode
        self.required = required
        self.autofocus = autofocus
        let ids = [hint.map { _ in "field-\(name)-hint" }, error.map { _ in "field-\(name)-error" }].compactMap { $0 }
        self.describedBy = ids.isEmpty ? nil : ids.joined(separator: " ")
    }
}

/// Field errors collected while validating a form, keyed by field name, in the order found.
struct FieldErrors: Sendable {
    private(set) var messages: [String: String] = [:]
    private(set) var order: [String] = []

    var isEmpty: Bool { messages.isEmpty }

    subscript(field: String) -> String? { messages[field] }

    /// Records the first error for `field`; later ones for the same field are dropped.
    mutating func add(_ field: String, _ message: String) {
        guard messages[field] == nil else { return }
        messages[field] = message
        order.append(field)
    }

    /// A summary line for the top of the form ("Please fix 2 fields below.").
    var summary: String? {
        switch order.count {
        case 0: nil
        case 1: "Please fix the field marked below."
        default: "Please fix the \(order.count) fields marked below."
        }
    }
}


// Forms can hold hundreds of options (time zones): fields and options answer template lookups without reflection
// (see `MustacheLookup`).
extension FormField.Option: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: unknownField(name)
        }
    }
}

extension FormField: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "id": id
        case "label": label
        case "value": value
        case "type": type
        case "isSelect": isSelect
        case "isRadio": isRadio
        case "options": options
        case "error": error
        case "hint": hint
        case "autocomplete": autocomplete
        case "inputmode": inputmode
        case "required": required
        case "autofocus": autofocus
        case "describedBy": describedBy
        default: unknownField(name)
        }
    }
}

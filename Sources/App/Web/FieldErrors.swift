/// Field errors collected while validating a form, keyed by field name, in the order found.
struct FieldErrors: Sendable {
    /// The language the messages are written in and the region amounts are typed in.
    let t: Words
    private(set) var messages: [String: String] = [:]
    private(set) var order: [String] = []

    /// No errors yet, for messages in `t`'s language.
    init(t: Words) {
        self.t = t
    }

    /// No errors, for a form shown before anything was sent.
    init() {
        t = .unset
    }

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
        order.isEmpty ? nil : t.plural("forms.fix_fields", count: order.count)
    }
}

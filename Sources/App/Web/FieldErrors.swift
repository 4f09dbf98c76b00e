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

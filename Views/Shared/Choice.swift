import HTML

/// A value a person can pick (an option of a select, a radio button, a checkbox): its label, and whether it is the
/// one picked.
struct Choice: Sendable {
    let value: String
    let label: String
    let checked: Bool
    /// The `<optgroup>` of a select it sits in, if the select groups its options.
    var group: String? = nil
    /// The colour class it is drawn in (the icons and colours of a category's palette).
    var swatch: String? = nil
    /// The form's heading while it is picked ("Add saving", a transaction's type); nil when the heading stays.
    var heading: String? = nil
}

import HTML

/// A value a person can pick (an option of a select, a radio button, a checkbox): its label, and whether it is the
/// one picked.
struct Choice: Sendable {
    let value: String
    let label: String
    let checked: Bool
    /// The group it sits in (a select's `<optgroup>`, a `<fieldset>` of checkboxes), if the choices are grouped.
    var group: String? = nil
    /// The colour class it is drawn in (the icons and colours of a category's palette).
    var swatch: String? = nil
    /// The form's heading while it is picked ("Add saving", a transaction's type); nil when the heading stays.
    var heading: String? = nil
}

extension Collection where Element == Choice {
    /// The choices in runs of the same group, in order: each group once per run, nil for ungrouped choices.
    var groupRuns: [(group: String?, choices: SubSequence)] {
        var runs: [(group: String?, choices: SubSequence)] = []
        var index = startIndex
        while index < endIndex {
            let group = self[index].group
            let end = self[index...].firstIndex { $0.group != group } ?? endIndex
            runs.append((group, self[index..<end]))
            index = end
        }
        return runs
    }
}

import Foundation

/// A page's HTML parsed into elements, so tests ask what a reader sees (a link's target, a field's value, its label
/// and error) rather than match markup that a reordered attribute would break. It reads the app's own HTML: void
/// elements, `script`/`style`/`textarea` text, comments, entities, and an unmatched end tag closes back to its match.
struct HTMLPage {
    /// The parsed elements, by number; an element holds the whole tree, so it can be kept apart from its page.
    fileprivate final class Tree {
        enum Child {
            case element(Int)
            case text(String)
        }

        var names: [String] = []
        var attributes: [[String: String]] = []
        var parents: [Int?] = []
        var children: [[Child]] = []

        func add(name: String, attributes: [String: String], parent: Int?) -> Int {
            names.append(name)
            self.attributes.append(attributes)
            parents.append(parent)
            children.append([])
            if let parent { children[parent].append(.element(names.count - 1)) }
            return names.count - 1
        }
    }

    /// One element: its lowercased name, its attributes (entities decoded) and what it holds.
    struct Element {
        fileprivate let tree: Tree
        fileprivate let index: Int

        var name: String { tree.names[index] }
        var attributes: [String: String] { tree.attributes[index] }
        var parent: Element? { tree.parents[index].map { Element(tree: tree, index: $0) } }
        var children: [Node] {
            tree.children[index].map { child in
                switch child {
                case .element(let index): .element(Element(tree: tree, index: index))
                case .text(let text): .text(text)
                }
            }
        }

        subscript(attribute: String) -> String? { attributes[attribute] }

        var id: String? { attributes["id"] }
        var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

        /// The text inside, with runs of white space made one space and the ends trimmed, as a reader sees it.
        var text: String {
            rawText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        /// The text inside as written (entities decoded).
        var rawText: String {
            children.map { child in
                switch child {
                case .text(let text): text
                case .element(let element): element.rawText
                }
            }.joined()
        }

        /// Whether this is an element `name` with exactly `attributes` and, when given, exactly `text` inside.
        func matches(_ name: String, attributes: [String: String], text: String? = nil) -> Bool {
            self.name == name && self.attributes == attributes && (text == nil || rawText == text)
        }

        /// The node right after this one in its parent, when it is an element (no text between them).
        var next: Element? {
            guard let parent,
                let position = parent.children.firstIndex(where: { node in
                    if case .element(let element) = node { return element.index == index }
                    return false
                }), position + 1 < parent.children.count, case .element(let element) = parent.children[position + 1]
            else {
                return nil
            }
            return element
        }

        /// The parent's first node, when it is this element.
        var isFirstChild: Bool {
            guard let parent, case .element(let element) = parent.children.first else { return false }
            return element.index == index
        }

        /// The parent's last node, when it is this element.
        var isLastChild: Bool {
            guard let parent, case .element(let element) = parent.children.last else { return false }
            return element.index == index
        }

        /// Every element inside, in document order.
        var descendants: [Element] {
            children.flatMap { child -> [Element] in
                guard case .element(let element) = child else { return [] }
                return [element] + element.descendants
            }
        }

        /// The elements inside that `selector` matches, in document order.
        func all(_ selector: String) -> [Element] {
            let steps = Selector.parse(selector)
            return descendants.filter { Selector.matches($0, steps) }
        }

        /// The first element inside that `selector` matches.
        func first(_ selector: String) -> Element? {
            all(selector).first
        }

        /// The nearest element around this one named `name`.
        func ancestor(named name: String) -> Element? {
            var current = parent
            while let element = current, element.name != name { current = element.parent }
            return current
        }
    }

    /// A child of an element: another element, or text.
    enum Node {
        case element(Element)
        case text(String)
    }

    /// An `<a>`: where it leads and what it says.
    struct Link: Equatable {
        let href: String
        let text: String
    }

    /// A form control as the page shows it.
    struct Field: Equatable {
        let name: String
        /// An input's type (`text` when it gives none), or `select` / `textarea`.
        let type: String
        /// What the form would send for it: an input's value, a textarea's text, a select's chosen option's value.
        let value: String?
        /// A checkbox or radio button ticked, or a select with an option chosen.
        let isChecked: Bool
        /// The text of its `<label>` (by `for`, or the label around it).
        let label: String?
        /// The text of what `aria-describedby` points to that is an error message (`field-NAME-error`, `role=alert`).
        let error: String?
        /// The text of everything `aria-describedby` points to.
        let description: String?
        let attributes: [String: String]
    }

    /// A `<form>`: where it posts, how, and its controls.
    struct Form {
        let action: String
        /// `get` or `post`, lowercased, as a browser reads it.
        let method: String
        let fields: [Field]
        let element: Element

        func field(named name: String) -> Field? { fields.first { $0.name == name } }
    }

    let root: Element

    init(_ html: String) {
        var parser = Parser(html)
        root = parser.parse()
    }

    // MARK: - Queries

    /// The elements `selector` matches: `tag`, `#id`, `.class`, `[attr]`, `[attr=value]`, combined (`a.button`)
    /// and nested with spaces (`nav a`).
    func all(_ selector: String) -> [Element] { root.all(selector) }

    func first(_ selector: String) -> Element? { root.first(selector) }

    /// Whether an element `name` has exactly `attributes` (in any order, as a browser reads them) and, when given,
    /// exactly `text` inside: what matching its markup checked, less the order of its attributes.
    func contains(_ name: String, attributes: [String: String], text: String? = nil) -> Bool {
        !elements(name, attributes: attributes, text: text).isEmpty
    }

    /// The elements `name` with exactly `attributes` and, when given, exactly `text` inside.
    func elements(_ name: String, attributes: [String: String], text: String? = nil) -> [Element] {
        all(name).filter { $0.matches(name, attributes: attributes, text: text) }
    }

    /// The element with this id.
    func element(id: String) -> Element? {
        root.descendants.first { $0.id == id }
    }

    /// The visible text of the element with id `selector`, or of the first element a selector matches (one with a
    /// `#`, `.`, `[` or space in it, or a bare tag name when no element has that id).
    func text(of selector: String) -> String? {
        (element(id: selector) ?? first(selector))?.text
    }

    /// The `<a>` whose visible text is `name` (white space made single), or nil.
    func link(named name: String) -> Link? {
        links(named: name).first
    }

    /// Every `<a>` whose visible text is `name`.
    func links(named name: String) -> [Link] {
        let wanted = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return all("a").filter { $0.text == wanted }.map { Link(href: $0["href"] ?? "", text: $0.text) }
    }

    /// Every `<a>`, in order.
    var links: [Link] {
        all("a").map { Link(href: $0["href"] ?? "", text: $0.text) }
    }

    /// The first form whose `action` is `action`.
    func form(action: String) -> Form? {
        forms.first { $0.action == action }
    }

    /// Every form, in order.
    var forms: [Form] {
        all("form").map { element in
            Form(
                action: element["action"] ?? "",
                method: (element["method"] ?? "get").lowercased(),
                fields: controls(in: element).map { field($0) },
                element: element
            )
        }
    }

    /// The first control (`input`, `select`, `textarea`) named `name` on the page.
    func field(named name: String) -> Field? {
        controls(in: root).first { $0["name"] == name }.map { field($0) }
    }

    /// Every control named `name` (radio buttons share one).
    func fields(named name: String) -> [Field] {
        controls(in: root).filter { $0["name"] == name }.map { field($0) }
    }

    private func controls(in element: Element) -> [Element] {
        element.descendants.filter { ["input", "select", "textarea"].contains($0.name) }
    }

    private func field(_ element: Element) -> Field {
        let type: String
        let value: String?
        var checked = element["checked"] != nil
        switch element.name {
        case "select":
            type = "select"
            let options = element.all("option")
            let chosen = options.first { $0["selected"] != nil }
            checked = chosen != nil
            value = chosen.map { $0["value"] ?? $0.text }
        case "textarea":
            type = "textarea"
            // A browser drops the one line end that starts a textarea's text.
            let text = element.rawText
            value = text.hasPrefix("\n") ? String(text.dropFirst()) : text
        default:
            type = (element["type"] ?? "text").lowercased()
            value = element["value"]
        }
        let label =
            element.id.flatMap { id in all("label").first { $0["for"] == id } }
            ?? element.ancestor(named: "label")
        let described = (element["aria-describedby"] ?? "").split(separator: " ")
            .compactMap { self.element(id: String($0)) }
        let errors = described.filter { $0.id?.hasSuffix("-error") == true || $0["role"] == "alert" }
        return Field(
            name: element["name"] ?? "",
            type: type,
            value: value,
            isChecked: checked,
            label: label?.text,
            error: errors.isEmpty ? nil : errors.map(\.text).joined(separator: " "),
            description: described.isEmpty ? nil : described.map(\.text).joined(separator: " "),
            attributes: element.attributes
        )
    }
}

// MARK: - Selectors

/// A small CSS selector: compound steps (`tag#id.class[attr=value]`) joined by descendant spaces.
private enum Selector {
    struct Step {
        var tag: String?
        var id: String?
        var classes: [String] = []
        var attributes: [(name: String, value: String?)] = []
    }

    static func parse(_ selector: String) -> [Step] {
        var steps: [Step] = []
        var index = selector.startIndex
        var step = Step()
        var started = false
        func word() -> String {
            let start = index
            while index < selector.endIndex, !" #.[".contains(selector[index]) { index = selector.index(after: index) }
            return String(selector[start..<index])
        }
        while index < selector.endIndex {
            let character = selector[index]
            switch character {
            case " ":
                if started { steps.append(step) }
                step = Step()
                started = false
                index = selector.index(after: index)
            case "#":
                index = selector.index(after: index)
                step.id = word()
                started = true
            case ".":
                index = selector.index(after: index)
                step.classes.append(word())
                started = true
            case "[":
                let close = selector[index...].firstIndex(of: "]") ?? selector.endIndex
                let inside = selector[selector.index(after: index)..<close]
                let parts = inside.split(separator: "=", maxSplits: 1).map(String.init)
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) : nil
                step.attributes.append((parts[0], value))
                index = close < selector.endIndex ? selector.index(after: close) : close
                started = true
            default:
                step.tag = word().lowercased()
                started = true
            }
        }
        if started { steps.append(step) }
        return steps
    }

    static func matches(_ element: HTMLPage.Element, _ steps: [Step]) -> Bool {
        guard let last = steps.last, matches(element, last) else { return false }
        var rest = steps.dropLast()
        var current = element.parent
        while let step = rest.last {
            guard let candidate = current else { return false }
            if matches(candidate, step) { rest = rest.dropLast() }
            current = candidate.parent
        }
        return true
    }

    private static func matches(_ element: HTMLPage.Element, _ step: Step) -> Bool {
        if let tag = step.tag, tag != element.name { return false }
        if let id = step.id, id != element.id { return false }
        let classes = element.classes
        if !step.classes.allSatisfy(classes.contains) { return false }
        return step.attributes.allSatisfy { attribute in
            guard let value = element[attribute.name] else { return false }
            return attribute.value.map { $0 == value } ?? true
        }
    }
}

// MARK: - Parsing

/// Reads HTML into a tree, one character at a time.
private struct Parser {
    static let voidElements: Set = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr",
    ]
    /// Elements whose text is taken as it stands up to their end tag (no tags inside).
    static let rawTextElements: Set = ["script", "style", "textarea", "title"]

    let html: [Character]
    var index = 0

    init(_ html: String) {
        self.html = Array(html)
    }

    mutating func parse() -> HTMLPage.Element {
        let tree = HTMLPage.Tree()
        var open = [tree.add(name: "#document", attributes: [:], parent: nil)]
        var text = ""
        func flush() {
            if !text.isEmpty { tree.children[open[open.count - 1]].append(.text(Self.decode(text))) }
            text = ""
        }
        while index < html.count {
            guard html[index] == "<" else {
                text.append(html[index])
                index += 1
                continue
            }
            if starts(with: "<!--") {
                flush()
                index = find("-->").map { $0 + 3 } ?? html.count
            } else if starts(with: "<!") || starts(with: "<?") {
                flush()
                index = find(">").map { $0 + 1 } ?? html.count
            } else if starts(with: "</") {
                flush()
                index += 2
                let name = readName().lowercased()
                index = find(">").map { $0 + 1 } ?? html.count
                // An end tag closes back to its element; one with no open match is ignored.
                if let match = open.lastIndex(where: { tree.names[$0] == name }), match > 0 {
                    open.removeSubrange(match...)
                }
            } else if index + 1 < html.count, html[index + 1].isLetter {
                flush()
                index += 1
                let name = readName().lowercased()
                let (attributes, selfClosing) = readAttributes()
                let element = tree.add(name: name, attributes: attributes, parent: open[open.count - 1])
                if Self.voidElements.contains(name) || selfClosing { continue }
                if Self.rawTextElements.contains(name) {
                    let end = find("</" + name) ?? html.count
                    let raw = String(html[index..<end])
                    let isCode = name == "script" || name == "style"
                    if !raw.isEmpty { tree.children[element].append(.text(isCode ? raw : Self.decode(raw))) }
                    index = end < html.count ? (find(">", from: end).map { $0 + 1 } ?? html.count) : end
                    continue
                }
                open.append(element)
            } else {
                text.append("<")
                index += 1
            }
        }
        flush()
        return HTMLPage.Element(tree: tree, index: 0)
    }

    private func starts(with prefix: String) -> Bool {
        let characters = Array(prefix)
        guard index + characters.count <= html.count else { return false }
        return html[index..<index + characters.count].elementsEqual(characters) { $0.lowercased() == $1.lowercased() }
    }

    private func find(_ needle: String, from start: Int? = nil) -> Int? {
        let characters = Array(needle)
        var position = start ?? index
        while position + characters.count <= html.count {
            let candidate = html[position..<position + characters.count]
            if candidate.elementsEqual(characters, by: { $0.lowercased() == $1.lowercased() }) {
                return position
            }
            position += 1
        }
        return nil
    }

    private mutating func readName() -> String {
        let start = index
        while index < html.count, !html[index].isWhitespace, !">/=".contains(html[index]) {
            index += 1
        }
        return String(html[start..<index])
    }

    private mutating func skipSpace() {
        while index < html.count, html[index].isWhitespace { index += 1 }
    }

    private mutating func readAttributes() -> ([String: String], Bool) {
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < html.count else { return (attributes, false) }
            if html[index] == ">" {
                index += 1
                return (attributes, false)
            }
            if html[index] == "/" {
                index += 1
                skipSpace()
                if index < html.count, html[index] == ">" {
                    index += 1
                    return (attributes, true)
                }
                continue
            }
            let name = readName().lowercased()
            guard !name.isEmpty else {
                index += 1
                continue
            }
            skipSpace()
            var value = ""
            if index < html.count, html[index] == "=" {
                index += 1
                skipSpace()
                if index < html.count, html[index] == "\"" || html[index] == "'" {
                    let quote = html[index]
                    index += 1
                    let start = index
                    while index < html.count, html[index] != quote { index += 1 }
                    value = String(html[start..<index])
                    index = min(index + 1, html.count)
                } else {
                    let start = index
                    while index < html.count, !html[index].isWhitespace, html[index] != ">" { index += 1 }
                    value = String(html[start..<index])
                }
            }
            // The first of a repeated attribute counts, as in a browser.
            if attributes[name] == nil { attributes[name] = Self.decode(value) }
        }
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "middot": "·", "hellip": "…",
        "ndash": "–", "mdash": "—", "times": "×", "minus": "−", "rarr": "→", "larr": "←", "copy": "©",
        "euro": "€",
    ]

    /// `text` with its character references (`&amp;`, `&#39;`, `&#x2192;`) replaced by what they stand for.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap { Unicode.Scalar($0) }
                    .map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap { Unicode.Scalar($0) }.map { String(Character($0)) }
            } else {
                decoded = named[String(name)]
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}

extension Page {
    /// The response's HTML, parsed.
    var document: HTMLPage { HTMLPage(html) }
}

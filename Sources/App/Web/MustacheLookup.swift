import Mustache
import Views

/// View models on busy pages answer Mustache's lookups with a `switch` instead of being reflected over at every
/// `{{name}}` (reflection was most of the cost of rendering Home). An optional field that is nil answers nil, so the
/// lookup climbs the context stack exactly as it does for a reflected struct.
protocol MustacheLookup: MustacheParent {}

extension MustacheLookup {
    /// The answer for a name the `switch` doesn't know. In debug builds (and so in every test) a name that *is* a
    /// stored property stops the program: the `switch` forgot a field and the page would silently lose it.
    func unknownField(_ name: String) -> Any? {
        #if DEBUG
        if Mirror(reflecting: self).children.contains(where: { $0.label == name }) {
            preconditionFailure("\(Self.self).child(named:) doesn't answer \"\(name)\"")
        }
        #endif
        return nil
    }
}

extension PageContext: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "shell": shell
        case "page": page
        default: unknownField(name)
        }
    }
}

extension TemplateShell: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "theme": theme
        case "colorScheme": colorScheme
        case "csrfToken": csrfToken
        case "avatar": avatar
        case "nav": nav
        case "showNav": showNav
        case "flash": flash
        case "flashIsError": flashIsError
        case "logoutPath": logoutPath
        case "celebration": celebration
        default: unknownField(name)
        }
    }
}

extension TemplateShell.NavItem: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "label": label
        case "href": href
        case "current": current
        default: unknownField(name)
        }
    }
}

extension TemplateShell.Avatar: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "initials": initials
        case "name": self.name
        case "href": href
        case "current": current
        default: unknownField(name)
        }
    }
}

extension Shell.Celebration: MustacheLookup {
    public func child(named name: String) -> Any? {
        switch name {
        case "stashName": stashName
        case "monthTitle": monthTitle
        case "points": points
        case "reward": reward
        case "badgePath": badgePath
        case "more": more
        default: unknownField(name)
        }
    }
}

extension Flash: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "kind": kind.rawValue
        case "message": message
        case "undoPath": undoPath
        case "badgeIds": badgeIds
        default: unknownField(name)
        }
    }
}

// Strings and numbers say how they render, so each `{{value}}` stops at the library's first check instead of
// working through lambdas, optionals and `String(describing:)`. The text is what that path would give.

extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { false }
}

// Form fields of pages still drawn by templates.
extension FormField.Option: MustacheLookup {
    public func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: unknownField(name)
        }
    }
}

extension FormField: MustacheLookup {
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "id": id
        case "label": label
        case "value": value
        case "type":
            switch control {
            case .input(let type): type
            case .select: "select"
            case .radio: "radio"
            }
        case "isSelect": { if case .select = control { true } else { false } }()
        case "isRadio": { if case .radio = control { true } else { false } }()
        case "options": options
        case "error": error
        case "hint": hint
        case "autocomplete": autocomplete
        case "inputmode": inputmode
        case "required": required
        case "autofocus": autofocus
        case "describedBy": describedBy
        default: nil
        }
    }
}

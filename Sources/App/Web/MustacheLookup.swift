import Mustache

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

extension Shell: MustacheLookup {
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

extension Shell.NavItem: MustacheLookup {
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

extension Shell.Avatar: MustacheLookup {
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
    func child(named name: String) -> Any? {
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

extension EmptyState: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "icon": icon
        case "title": title
        case "text": text
        case "action": action
        case "actionPath": actionPath
        default: unknownField(name)
        }
    }
}

extension ProgressBar: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "percent": percent
        case "width": width
        case "label": label
        case "modifier": modifier
        default: unknownField(name)
        }
    }
}

extension StashCard: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "path": path
        case "addPath": addPath
        case "addEntryPath": addEntryPath
        case "kindLabel": kindLabel
        case "category": category
        case "percentText": percentText
        case "amountText": amountText
        case "statusText": statusText
        case "completed": completed
        case "overBudget": overBudget
        case "bar": bar
        case "quickAmounts": quickAmounts
        default: unknownField(name)
        }
    }
}

extension StashCard.QuickAmount: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "value": value
        case "label": label
        case "ariaLabel": ariaLabel
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

import Mustache

// The stash page lists up to three years of months and a page of entries: its view models answer Mustache's lookups
// without reflection (see `MustacheLookup`).

extension StashesController.ShowPage: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "card": card
        case "monthTitle": monthTitle
        case "previousPath": previousPath
        case "nextPath": nextPath
        case "goal": goal
        case "goalText": goalText
        case "reward": reward
        case "entries": entries
        case "hasEntries": hasEntries
        case "newerPath": newerPath
        case "olderPath": olderPath
        case "months": months
        case "hasMonths": hasMonths
        case "editPath": editPath
        case "deletePath": deletePath
        case "addPath": addPath
        case "kindLabel": kindLabel
        default: unknownField(name)
        }
    }
}

extension StashesController.MonthRow: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "path": path
        case "amount": amount
        case "percentText": percentText
        case "result": result
        case "earned": earned
        case "current": current
        default: unknownField(name)
        }
    }
}

extension StashesController.EntryItem: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "dateTitle": dateTitle
        case "amount": amount
        case "note": note
        case "editPath": editPath
        default: unknownField(name)
        }
    }
}

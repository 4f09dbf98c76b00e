import Mustache

// Home is the busiest page: its view models answer Mustache's lookups without reflection (see `MustacheLookup`).

extension HomeController.HomePage: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "greeting": greeting
        case "monthTitle": monthTitle
        case "previousPath": previousPath
        case "nextPath": nextPath
        case "currentPath": currentPath
        case "hasStashes": hasStashes
        case "overview": overview
        case "toggles": toggles
        case "togglePath": togglePath
        case "returnPath": returnPath
        case "isList": isList
        case "cards": cards
        case "weeks": weeks
        case "drawer": drawer
        case "quickDate": quickDate
        case "newStashPath": newStashPath
        case "states": states
        case "summary": summary
        case "wallet": wallet
        default: unknownField(name)
        }
    }
}

extension HomeController.Overview: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "completedText": completedText
        case "savedText": savedText
        case "spentText": spentText
        case "hasSave": hasSave
        case "hasSpend": hasSpend
        default: unknownField(name)
        }
    }
}

extension HomeController.ViewToggle: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "current": current
        default: unknownField(name)
        }
    }
}

extension HomeController.CalendarWeek: MustacheLookup {
    func child(named name: String) -> Any? {
        name == "cells" ? cells : unknownField(name)
    }
}

extension HomeController.CalendarCell: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "day": day
        case "inMonth": inMonth
        case "path": path
        case "saved": saved
        case "spent": spent
        case "today": today
        case "selected": selected
        case "label": label
        default: unknownField(name)
        }
    }
}

extension HomeController.DayDrawer: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "entries": entries
        case "hasEntries": hasEntries
        case "closePath": closePath
        default: unknownField(name)
        }
    }
}

extension HomeController.DayEntry: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "amount": amount
        case "kindClass": kindClass
        case "stashName": stashName
        case "note": note
        case "editPath": editPath
        default: unknownField(name)
        }
    }
}

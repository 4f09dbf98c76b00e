import Mustache

// Badges lists every earned badge a page at a time: its view models answer Mustache's lookups without reflection
// (see `MustacheLookup`).

extension BadgesController.IndexPage: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "rank": rank
        case "tabs": tabs
        case "showInProgress": showInProgress
        case "inProgress": inProgress
        case "groups": groups
        case "emptyTitle": emptyTitle
        case "emptyText": emptyText
        case "newStashPath": newStashPath
        case "olderPath": olderPath
        case "newerPath": newerPath
        default: unknownField(name)
        }
    }
}

extension BadgesController.RankCard: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "tier": tier
        case "tierClass": tierClass
        case "points": points
        case "nextText": nextText
        case "bar": bar
        default: unknownField(name)
        }
    }
}

extension BadgesController.TabLink: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        case "current": current
        default: unknownField(name)
        }
    }
}

extension BadgesController.BadgeItem: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "stashName": stashName
        case "monthTitle": monthTitle
        case "completedOn": completedOn
        case "points": points
        case "path": path
        case "claimed": claimed
        default: unknownField(name)
        }
    }
}

extension BadgesController.BadgeGroup: MustacheLookup {
    func child(named name: String) -> Any? {
        switch name {
        case "monthTitle": monthTitle
        case "badges": badges
        default: unknownField(name)
        }
    }
}

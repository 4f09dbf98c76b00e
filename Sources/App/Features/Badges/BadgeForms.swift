import Foundation

/// The Badges tabs a query can ask for, and the claim form.
extension BadgeController {
    enum Tab: String, CaseIterable {
        case inProgress = "in-progress"
        case completed, all

        func label(_ t: Words) -> String {
            switch self {
            case .inProgress: t["badges.tabs.in_progress"]
            case .completed: t["badges.tabs.completed"]
            case .all: t["badges.tabs.all"]
            }
        }
    }

    struct ClaimInput: Decodable {
        var claimed: String?
    }
}

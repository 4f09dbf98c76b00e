import Foundation

/// The Badges tabs a query can ask for, and the claim form.
extension BadgeController {
    enum Tab: String, CaseIterable {
        case inProgress = "in-progress"
        case completed, all

        var label: String {
            switch self {
            case .inProgress: "In progress"
            case .completed: "Completed"
            case .all: "All-time"
            }
        }
    }

    struct ClaimInput: Decodable {
        var claimed: String?
    }
}

/// The paths of the Badges section.
enum BadgePaths {
    static let index = "/badges"
    static let badge = PathPattern("/badges/:id")
    static let claim = PathPattern("/badges/:id/claim")
    /// The All tab: every badge earned.
    static let all = tab(BadgeController.Tab.all.rawValue)

    /// A tab of the Badges page, at `page` of its list (nil: the first).
    static func tab(_ tab: String, page: Int? = nil) -> String {
        index + "?tab=" + tab + (page.map { "&page=\($0)" } ?? "")
    }
}

/// The paths of the Badges section.
enum BadgePaths {
    static let index = "/badges"
    static let badge = PathPattern("/badges/:id")
    static let claim = PathPattern("/badges/:id/claim")
}

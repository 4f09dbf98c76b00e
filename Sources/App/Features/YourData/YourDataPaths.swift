/// The paths of Profile → Your data.
enum YourDataPaths {
    static let index = "/profile/data"
    static let export = "/profile/data/export"
    static let importArchive = "/profile/data/import"
    static let deleteMembership = "/profile/delete"
}

/// The paths of schedules and their occurrences: routes are registered with these, and links fill them in.
enum SchedulePaths {
    static let index = "/schedules"
    static let new = "/schedules/new"
    static let edit = PathPattern("/schedules/:id/edit")
    static let delete = PathPattern("/schedules/:id/delete")
    static let occurrences = PathPattern("/schedules/:id/occurrences")
    static let confirm = PathPattern("/occurrences/:id/confirm")
    static let skip = PathPattern("/occurrences/:id/skip")
}

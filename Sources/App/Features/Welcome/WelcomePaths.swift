/// The paths of the first run: the welcome a new member sees once, right after signing up.
enum WelcomePaths {
    /// The first screen: stashes.
    static let index = "/welcome"
    static let budget = "/welcome/budget"
    static let wallet = "/welcome/wallet"
    /// The last step: where reminders can reach the member. Posting to it ends the first run and opens it.
    static let reminders = "/welcome/reminders"
    /// Ends the first run (Skip, or Done) and opens Home.
    static let skip = "/welcome/skip"
}

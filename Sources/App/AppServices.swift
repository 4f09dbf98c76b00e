import Foundation
import Hummingbird

/// Everything the app is built from: the database, the page renderer, password hashing, log-in throttling and the
/// clock. Each controller takes from it only what it uses.
struct AppServices: Sendable {
    let database: AppDatabase
    let pages: PageRenderer
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let sessions: SQLitePersistDriver
    let now: @Sendable () -> Date
    /// Passwords too common to accept, loaded at start.
    let commonPasswords: CommonPasswords
    /// The card catalogue, loaded and checked at start.
    let catalogue: CardCatalogue
    /// A hash to check against when no account has the typed email, so both cases take as long.
    let dummyHash: String
    /// Sends reminders to ntfy, webhooks and browsers.
    let push: PushDeliverer
    /// Home's wallet widgets, kept until the wallet changes.
    let walletWidgets = WalletWidgets.Cache()
    /// The Wallet tab's count of what expires within three days, kept until the wallet changes.
    let walletBadges = WalletBadge.Cache()
    /// Safe to spend on Home, Budget and its why page, kept while nothing is written.
    let safeToSpend = SafeToSpend.Cache()
    /// The schedules page's suggestions, kept while nothing is written.
    let scheduleSuggestions = ScheduleSuggestion.Cache()
}

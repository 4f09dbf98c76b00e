import Foundation
import GRDB

/// A reminder as the user's notification list keeps it. `(userId, kind, subject, dueOn)` is unique: the same
/// reminder is never recorded twice.
struct Reminder: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// What a reminder is about.
    enum Kind: String, Codable, Sendable, CaseIterable {
        /// A card benefit not yet used in its period, within the lead time.
        case benefit
        /// The last day of a benefit's period.
        case benefitLastCall
        case coupon
        case renewal
        case annualFee
        /// The weekly (or monthly) nudge naming stashes behind pace.
        case nudge
        /// Last month in numbers, on the 1st.
        case summary
        /// A badge just earned (in the app only, never pushed).
        case badge
    }

    var id: Int64?
    var userId: Int64
    var kind: Kind
    /// What it is about, such as `coupon:12` or `month:2026-10`.
    var subject: String
    /// The day it is about (the benefit's last day, the coupon's expiry, the renewal, the 1st of the month).
    var dueOn: String
    var title: String
    var body: String
    /// The page it opens.
    var path: String
    var createdAt: Date
    var readAt: Date?

    static let databaseTableName = "notification"

    /// What a reminder titled `title` is about, for a digest: "Hotel Credit" of "Use your Hotel Credit".
    static func shortName(title: String, kind: Kind) -> String {
        let prefixes = ["Use your ", "Last day: ", "Coupon expiring: ", "Annual fee for "]
        var name = title
        for prefix in prefixes where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if kind == .renewal, name.hasSuffix(" renews") { name.removeLast(" renews".count) }
        return name
    }

    /// Where opening it leads: its page, or the tracker for a renewal (recorded before, its path was the
    /// subscription's edit form). Only a path of this site.
    var destination: String {
        if kind == .renewal { return WalletPaths.tracker }
        return path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\") ? path : NotificationPaths.index
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

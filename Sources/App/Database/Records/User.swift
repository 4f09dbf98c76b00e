import Foundation
import GRDB

/// Someone with an account: sign-in credentials, profile details and preferences.
public struct User: Codable, Sendable, Equatable, Identifiable, FetchableRecord, MutablePersistableRecord {
    public var id: Int64?
    public var name: String
    /// Stored trimmed and lower-cased; the column also compares without case.
    public var email: String
    public var passwordHash: String
    public var location: String?
    public var age: Int?
    /// Yearly salary in minor units of `currency`.
    public var salaryCents: Int64?
    public var householdSize: Int?
    public var currency: String
    public var timeZone: String
    public var theme: Theme
    public var createdAt: Date
    public var updatedAt: Date
    /// The Home view last chosen: the stash list or the calendar.
    public var homeView: HomeView = .list
    /// The last month whose spend stashes have been judged (`YYYY-MM`).
    public var spendJudgedThrough: String?
    /// Changes with each new profile photo; nil when there is none.
    public var photoVersion: Int64? = nil
    /// False from sign-up until the member finishes or skips the welcome; log-ins open the welcome until then.
    public var firstRunDone: Bool = true
    /// Where amounts are written and typed the local way (`Region`): `de-CH` writes `CHF 1’234.50`.
    public var region: String = Region.unitedStates.identifier
    /// The language pages, messages and files are written in (`Language`): `en`, `de`, `fr` or `es`.
    public var language: String = "en"
    /// What the member keeps aside before anything is safe to spend, in cents (`SafeToSpend`).
    public var safeBufferCents: Int64 = 0

    public static let databaseTableName = "user"

    public enum Columns {
        static let email = Column(CodingKeys.email)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Today in the user's time zone.
    func today(now: Date) -> CalendarDay {
        CalendarDay.today(in: calendarTimeZone, now: now)
    }

    /// The user's calendar time zone, falling back to UTC if the stored identifier is unknown.
    public var calendarTimeZone: TimeZone {
        TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
    }
}

/// How Home shows a month.
public enum HomeView: String, Codable, Sendable, DatabaseValueConvertible {
    case list, calendar
}

/// The colour scheme a user picked; `system` follows the device.
public enum Theme: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case system, light, dark

}

extension User {
    /// The user with this email, compared without case.
    static func filter(email: String) -> QueryInterfaceRequest<User> {
        User.filter(Columns.email == User.normalize(email: email))
    }

    /// Emails are compared and stored trimmed and lower-cased.
    static func normalize(email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Up to two initials for the avatar ("Alex Doe" → "AD").
    var initials: String { Initials.of(name) ?? "?" }
}

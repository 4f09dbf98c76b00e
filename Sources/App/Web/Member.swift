import Foundation
import GRDB
import Hummingbird
import HummingbirdAuth

/// The signed-in person a request is for: their account, its id, and today's date in their time zone as the request
/// began. Only `MemberAuthenticator` makes one, from the user its session names.
struct Member: Sendable {
    var user: User
    let id: Int64
    let today: CalendarDay

    init?(user: User, now: Date) {
        guard let id = user.id else { return nil }
        self.user = user
        self.id = id
        self.today = user.today(now: now)
    }

    var currency: Currency { user.currencyValue }
}

/// What `PageRenderer.page` draws the shell from: who is signed in (if anyone), the CSRF token, and the flash.
protocol PageContext {
    var signedInUser: User? { get }
    var csrfToken: String { get }
    var flash: Flash? { get }
    var hasFlashCookie: Bool { get }
    var celebration: Shell.Celebration? { get }
    /// How many of the member's notifications are unread (the bell's count); nil when signed out.
    var unreadNotifications: Int? { get }
    /// How many wallet items expire within three days (the Wallet tab's count); nil when signed out.
    var walletExpiring: Int? { get }
    /// The language and region the page speaks in.
    var words: Words { get }
}

extension AppRequestContext: PageContext {
    var signedInUser: User? { member?.user }
    var unreadNotifications: Int? { nil }
    var walletExpiring: Int? { nil }
}

/// The context of every signed-in route: the member is there, not optional, and the only store a handler is given
/// reads and writes that member's rows alone. A request without a member never reaches these routes
/// (`RequireUserMiddleware` sends it to the log-in page first; were it to get here, it would be a 401).
struct MemberContext: ChildRequestContext, PageContext {
    typealias ParentContext = AppRequestContext
    var coreContext: CoreRequestContextStorage
    var member: Member
    /// The member's data, and nobody else's.
    var store: MemberStore
    let sessions: SessionContext<SessionPayload>
    let csrfToken: String
    let flash: Flash?
    let hasFlashCookie: Bool
    let celebration: Shell.Celebration?
    let peerAddress: String?
    let upload: UploadedForm?
    /// Set for pages by `UnreadNotificationsMiddleware`.
    var unreadNotifications: Int?
    /// Set for pages by `UnreadNotificationsMiddleware`.
    var walletExpiring: Int?
    /// The member's language and region.
    let words: Words

    init(context: AppRequestContext) throws {
        guard let member = context.member, let store = context.store else { throw HTTPError(.unauthorized) }
        self.coreContext = context.coreContext
        self.member = member
        self.store = store
        self.sessions = context.sessions
        self.csrfToken = context.csrfToken
        self.flash = context.flash
        self.hasFlashCookie = context.hasFlashCookie
        self.celebration = context.celebration
        self.peerAddress = context.peerAddress
        self.upload = context.upload
        self.words = context.words
    }

    /// The signed-in user.
    var user: User { member.user }
    var signedInUser: User? { member.user }

    /// Forms are the only request bodies the app takes.
    var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }
    var maxUploadSize: Int { UploadedForm.maxBodySize }

    /// The member's `Record` named by the route's `:id`, or a 404 when there is none or it is another user's.
    func named<Record: UserOwned & FetchableRecord & TableRecord & Sendable>(
        _ type: Record.Type
    ) throws -> Record {
        guard let id = parameters.get("id", as: Int64.self), let record = try store.record(type, id: id) else {
            throw HTTPError(.notFound)
        }
        return record
    }
}

import Hummingbird
import HummingbirdAuth
import Logging

/// What the server keeps for one browser session: who is signed in and the session's CSRF token.
public struct SessionPayload: Codable, Sendable, Equatable {
    public var userId: Int64
    public var csrfToken: String
    /// The signed-in user as `SQLitePersistDriver` read it with the session, in the same trip to the database;
    /// never stored with the session, and not part of its equality.
    public var user: User? = nil
    /// The browser's `User-Agent` and the client's address, set as the session begins: `SQLitePersistDriver` saves
    /// them in the session's own columns, not in its JSON, so a session read back has neither (Profile reads the
    /// columns). Not part of its equality.
    public var userAgent: String? = nil
    public var address: String? = nil
    /// Whether "Keep me signed in" was ticked; kept in the session's own column, like the browser and address.
    public var keepSignedIn = true

    enum CodingKeys: String, CodingKey {
        case userId, csrfToken
    }

    public static func == (lhs: SessionPayload, rhs: SessionPayload) -> Bool {
        lhs.userId == rhs.userId && lhs.csrfToken == rhs.csrfToken
    }
}

/// Per-request state: the session, the signed-in user, and the CSRF token forms must echo back.
public struct AppRequestContext: RequestContext, SessionRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let sessions: SessionContext<SessionPayload>
    /// Set by `MemberAuthenticator` when the session names an existing user, with the store of that member's data.
    var member: Member?
    var store: MemberStore?
    /// The signed-in user, if any (signed-in routes have `MemberContext.user` instead).
    public var user: User? { member?.user }
    /// The token to embed in this request's forms (the session's, or the anonymous cookie's).
    public var csrfToken: String = ""
    /// Set by `FlashMiddleware`: the message the previous action left, whether its cookie came at all (a cookie
    /// that doesn't decode is still cleared), and the "Receive badge" dialog for badges it earned.
    var flash: Flash?
    var hasFlashCookie = false
    var celebration: Shell.Celebration?
    /// The words and formats the response speaks in, set by `LanguageMiddleware`: the member's language and
    /// region, or what a signed-out browser asked for.
    var words = Words.unset
    /// Set by `CSRFMiddleware` when the post is an upload (`multipart/form-data`) it could read.
    var upload: UploadedForm?

    /// The address of the client's end of the connection (nil when there is none, as in in-process tests).
    public let peerAddress: String?

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.sessions = .init()
        self.peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Forms are the only request bodies the app takes.
    public var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }

    /// `CSRFMiddleware` reads every body first, with the limit of its kind (`UploadedForm`); later reads find it
    /// in memory.
    public var maxUploadSize: Int { UploadedForm.maxBodySize }

    /// The value of the field `name` posted with this request: from the upload when it is one, else from the form
    /// `body`.
    func postedValue(of name: String, in body: ByteBuffer) -> String? {
        if let upload { return upload.fields[name] }
        return CSRFMiddleware.postedValue(of: name, in: String(buffer: body))
    }
}

extension Request {
    /// More fields than any of the app's forms has.
    static let maxFormFields = 1_000

    /// Decodes the posted form into `type`; a body that isn't a readable form is a 400, never a 500, and one with
    /// `maxFormFields` or more fields is a 413.
    func decodeForm<Form: Decodable, Context: RequestContext & PageContext>(
        _ type: Form.Type,
        context: Context
    ) async throws -> Form
    where Context.Decoder == URLEncodedFormDecoder {
        var request = self
        let t = context.words
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        // Decoding a form builds a tree of every field: a body of thousands of them is refused before that.
        guard body.readableBytesView.lazy.filter({ $0 == UInt8(ascii: "&") }).count < Self.maxFormFields else {
            throw HTTPError(
                .contentTooLarge,
                message: t["errors.form.too_many_fields"]
            )
        }
        do {
            return try await request.decode(as: type, context: context)
        } catch let error as HTTPError {
            throw HTTPError(error.status, message: t["errors.form.unreadable"])
        } catch {
            throw HTTPError(.badRequest, message: t["errors.form.unreadable"])
        }
    }

    /// `?page=N` of a paged list, from 1 to 100,000: any other value is page 1 or the last allowed page, so the
    /// offset a query computes from it can never overflow.
    var pageNumber: Int {
        let page = uri.queryParameters["page"].flatMap { Int(String($0)) } ?? 1
        return min(max(1, page), 100_000)
    }
}

import Hummingbird

/// Reads the one-time flash cookie once per request and, when the previous action earned badges, loads the
/// "Receive badge" dialog, so whichever page the action led to shows it (`PageRenderer.page` reads both).
struct FlashMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// The flash cookie's name.
    let name: String
    private let cookiePrefix: [UInt8]

    init(cookies: CookieSettings) {
        name = cookies.flash
        cookiePrefix = Array((name + "=").utf8)
    }

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // Most requests carry no flash: a look at the raw header spares parsing every cookie again.
        guard request.headers[values: .cookie].contains(where: mayHoldFlash),
            request.cookies[name] != nil
        else { return try await next(request, context) }
        var context = context
        context.hasFlashCookie = true
        context.flash = Flash.from(request, cookieName: name)
        if let store = context.store, let ids = context.flash?.badgeIds {
            context.celebration = try store.celebration(badgeIds: ids, t: context.words)
        }
        return try await next(request, context)
    }

    /// Whether a Cookie header holds the flash cookie's name: a plain byte scan over the header's UTF-8 (the
    /// collection search of the standard library costs more than the rest of a small page).
    func mayHoldFlash(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            let needle = self.cookiePrefix
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
                var index = 1
                while index < needle.count && bytes[start + index] == needle[index] { index += 1 }
                if index == needle.count { return true }
            }
            return false
        }
    }
}

extension MemberStore {
    /// The "Receive badge" dialog for badges the previous action earned (named by the flash), if any, its month
    /// written in `t`'s language.
    func celebration(badgeIds ids: [Int64], t: Words) throws -> Shell.Celebration? {
        guard let first = ids.first else { return nil }
        guard let details = try badgeDetails(id: first), details.badge.earned else {
            return nil
        }
        return Shell.Celebration(
            stashName: details.stashName,
            monthTitle: Month(details.badge.month).map { t.month($0) } ?? details.badge.month,
            points: details.badge.points,
            reward: details.reward.isEmpty ? nil : details.reward,
            badgeId: first,
            more: ids.count > 1 ? ids.count - 1 : nil
        )
    }
}

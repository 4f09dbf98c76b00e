import Hummingbird

/// Reads the member's unread notification count for the bell of every page, and in the same read the Wallet tab's
/// count of what expires within three days (kept until the wallet changes). Form posts read them too: most
/// redirect, but one that is refused draws its page again, and that page's counts must not go missing.
struct UnreadNotificationsMiddleware: RouterMiddleware {
    typealias Context = MemberContext
    let walletBadges: WalletBadge.Cache

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let userId = context.member.id
        let key = WalletBadge.Key(user: context.user, today: context.member.today)
        let kept = walletBadges.entry(userId: userId, key: key)
        let counts = try context.store.shellCounts(
            user: context.user,
            today: context.member.today,
            unlessRevision: kept?.revision
        )
        context.unreadNotifications = counts.unreadNotifications
        if let wallet = counts.wallet {
            walletBadges.store(.init(key: key, revision: wallet.revision, value: wallet.expiring), userId: userId)
            context.walletExpiring = wallet.expiring
        } else {
            context.walletExpiring = kept?.value
        }
        return try await next(request, context)
    }
}

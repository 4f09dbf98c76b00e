import Foundation
import Hummingbird

/// Wallet settings: the card database version, and the way to the reminder settings (in Profile).
extension WalletController {
    func addSettingsRoutes(to group: RouterGroup<MemberContext>) {
        group.get(WalletPaths.settings, use: settings)
    }

    /// `GET /wallet/settings`
    @Sendable func settings(request: Request, context: MemberContext) async throws -> Response {
        let catalogue = catalogue
        let t = context.words
        let page = WalletPages.SettingsPage(
            facts: [
                WalletPages.Fact(label: t["wallet.settings.version"], value: catalogue.version),
                WalletPages.Fact(label: t["wallet.settings.updated"], value: t.date(catalogue.date)),
                WalletPages.Fact(label: t["wallet.settings.cards"], value: t.format.number(catalogue.cards.count)),
            ]
        )
        return render(title: t["wallet.settings.title"], context: context) { shell in
            WalletPages.settings(page, shell.t)
        }
    }
}

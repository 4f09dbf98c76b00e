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
        let page = WalletPages.SettingsPage(
            facts: [
                WalletPages.Fact(label: "Database version", value: catalogue.version),
                WalletPages.Fact(label: "Last updated", value: catalogue.date.shortText),
                WalletPages.Fact(label: "Cards in the catalogue", value: String(catalogue.cards.count)),
            ]
        )
        return render(title: "Wallet settings", context: context) { _ in WalletPages.settings(page) }
    }
}

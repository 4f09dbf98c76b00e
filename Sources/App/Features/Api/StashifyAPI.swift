import Foundation
import OpenAPIRuntime

/// The JSON API's handlers (`APIProtocol`, generated from `Resources/openapi.yaml` by `Tools/OpenAPI/generate`). Each
/// acts as the member whose token `ApiAuthenticator` let in, through the same store and figures as the pages.
struct StashifyAPI: APIProtocol {
    let database: AppDatabase
    let now: @Sendable () -> Date
    let safeToSpend: SafeToSpend.Cache

    /// Reached only through `ApiAuthenticator`, which sets the caller: without one the route isn't the API's.
    struct NoCaller: Error {}

    /// The caller's account and store.
    private func member() throws -> (User, MemberStore) {
        guard let caller = ApiAuthenticator.caller, let user = try database.user(id: caller.userId) else {
            throw NoCaller()
        }
        return (user, database.for(userId: caller.userId))
    }

    /// `GET /api/v1/glance`
    func getGlance(_ input: Operations.GetGlance.Input) async throws -> Operations.GetGlance.Output {
        let (user, store) = try member()
        let today = user.today(now: now())
        let month = today.monthValue
        let zone = user.calendarTimeZone
        let currency = user.currency
        let money: @Sendable (Int64) -> Components.Schemas.Money = { .init(amount: $0, currency: currency) }
        let safe = try store.safeToSpend(user: user, today: today, cache: safeToSpend)
        let lastDay = today.adding(days: 7)
        let glance = try store.read { member in
            let totals = try MemberStore.monthTotals(member, month: month)
            let behind = try MemberStore.stashSummaries(member, month: month, today: today).filter {
                $0.stash.kind == .save && ReminderRules.isBehindPace($0.progress, today: today)
            }
            let cards = WalletState.cards(
                try MemberStore.walletSnapshot(member, cardId: nil, today: today),
                today: today,
                timeZone: zone
            )
            let expiring = cards.flatMap { card in
                card.benefits.filter { $0.isOpen && !$0.snoozed && $0.window.end <= lastDay }.map {
                    (card.card.name, $0)
                }
            }
            .sorted { ($0.1.window.end, $0.1.benefit.name) < ($1.1.window.end, $1.1.benefit.name) }
            return Components.Schemas.Glance(
                day: today.description,
                safeToSpend: money(safe.cents),
                remainingThisMonth: money(totals.remainingCents),
                stashesBehindPace: behind.map {
                    .init(
                        id: $0.stash.id ?? 0,
                        name: $0.stash.name,
                        saved: money($0.progress.totalCents),
                        target: money($0.progress.targetCents)
                    )
                },
                benefitsExpiringThisWeek: expiring.map { card, state in
                    .init(
                        name: state.benefit.name,
                        card: card,
                        dueOn: state.window.end.description,
                        daysLeft: today.distance(to: state.window.end)
                    )
                }
            )
        }
        return .ok(.init(body: .json(glance)))
    }
}

import Foundation
import OpenAPIRuntime

/// The JSON API's handlers (`APIProtocol`, generated from `Resources/openapi.yaml` by `Tools/OpenAPI/generate`). Each
/// acts as the member whose token `ApiAuthenticator` let in, through the same store, form rules and figures as the
/// pages; a refusal is thrown as an `ApiFailure`.
struct StashifyAPI: APIProtocol {
    let database: AppDatabase
    let now: @Sendable () -> Date
    let safeToSpend: SafeToSpend.Cache
    let catalogue: Catalogue

    /// Reached only through `ApiAuthenticator`, which sets the caller: without one the route isn't the API's.
    struct NoCaller: Error {}

    /// The caller: their account, store, words and day.
    struct Member {
        let user: User
        let store: MemberStore
        let t: Words
        let today: CalendarDay

        /// `cents` in the member's currency (or `currency`).
        func money(_ cents: Int64, _ currency: String? = nil) -> Components.Schemas.Money {
            .init(amount: cents, currency: currency ?? user.currency)
        }

        /// A query parameter out of its range, or not of its form.
        func badParameter(_ name: String) -> ApiFailure {
            ApiFailure(
                status: .badRequest,
                title: t["api.errors.bad_parameter_title"],
                detail: t["api.errors.bad_parameter_detail", ["name": name]]
            )
        }

        /// `value` if it is within `range` (nil: `fallback`), else a 400.
        func number(_ value: Int?, _ name: String, in range: ClosedRange<Int>, fallback: Int) throws -> Int {
            guard let value else { return fallback }
            guard range.contains(value) else { throw badParameter(name) }
            return value
        }

        /// The month `text` names (nil: this month), else a 400.
        func month(_ text: String?, _ name: String = "month") throws -> Month {
            guard let text else { return today.monthValue }
            guard let month = Month(text) else { throw badParameter(name) }
            return month
        }

        /// A day `text` names, else a 400.
        func day(_ text: String?, _ name: String) throws -> CalendarDay? {
            guard let text else { return nil }
            guard let day = CalendarDay(text) else { throw badParameter(name) }
            return day
        }

        /// An amount in minor units as the forms would have it typed, so their rules (and messages) judge it.
        func typed(_ cents: Int64) -> String {
            cents > 0 ? user.amountValue(cents) : String(cents)
        }
    }

    func member() throws -> Member {
        guard let caller = ApiAuthenticator.caller, let user = try database.user(id: caller.userId) else {
            throw NoCaller()
        }
        return Member(
            user: user,
            store: database.for(userId: caller.userId),
            t: caller.words(catalogue),
            today: user.today(now: now())
        )
    }

    /// `GET /api/v1/glance`
    func getGlance(_ input: Operations.GetGlance.Input) async throws -> Operations.GetGlance.Output {
        let member = try member()
        let (user, store, today) = (member.user, member.store, member.today)
        let month = today.monthValue
        let zone = user.calendarTimeZone
        let safe = try store.safeToSpend(user: user, today: today, cache: safeToSpend)
        let lastDay = today.adding(days: 7)
        let glance = try store.read { db in
            let totals = try MemberStore.monthTotals(db, month: month)
            let behind = try MemberStore.stashSummaries(db, month: month, today: today).filter {
                $0.stash.kind == .save && ReminderRules.isBehindPace($0.progress, today: today)
            }
            let cards = WalletState.cards(
                try MemberStore.walletSnapshot(db, cardId: nil, today: today),
                today: today,
                timeZone: zone
            )
            let expiring = WalletState.ending(cards, through: lastDay)
            return Components.Schemas.Glance(
                day: today.description,
                safeToSpend: member.money(safe.cents),
                remainingThisMonth: member.money(totals.remainingCents),
                stashesBehindPace: behind.map {
                    .init(
                        id: $0.stash.id ?? 0,
                        name: $0.stash.name,
                        saved: member.money($0.progress.totalCents),
                        target: member.money($0.progress.targetCents)
                    )
                },
                benefitsExpiringThisWeek: expiring.map { card, state in
                    .init(
                        name: state.benefit.name,
                        card: card.name,
                        dueOn: state.window.end.description,
                        daysLeft: today.distance(to: state.window.end)
                    )
                }
            )
        }
        return .ok(.init(body: .json(glance)))
    }
}

import Foundation
import Hummingbird

/// Awards spend-stash badges for months that have closed since the user last opened a page (no background job:
/// the first page of a new month does it). Costs one comparison when there is nothing to judge.
struct JudgeClosedMonthsMiddleware: RouterMiddleware {
    typealias Context = MemberContext
    /// The app's clock: a badge earned here is noted at this time.
    let now: @Sendable () -> Date

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let lastClosed = context.member.today.monthValue.previous.description
        guard (context.user.spendJudgedThrough ?? "") < lastClosed else { return try await next(request, context) }
        try await context.store.judgeClosedMonths(
            judgedThrough: context.user.spendJudgedThrough,
            today: context.member.today,
            now: now()
        )
        var context = context
        context.member.user.spendJudgedThrough = lastClosed
        return try await next(request, context)
    }
}

import Foundation
import Hummingbird

/// Awards spend-stash badges for months that have closed since the user last opened a page (no background job:
/// the first page of a new month does it). Costs one comparison when there is nothing to judge.
struct JudgeClosedMonthsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let database: AppDatabase
    let now: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if var user = context.user {
            let today = user.today(now: now())
            let lastClosed = today.monthValue.previous.description
            if (user.spendJudgedThrough ?? "") < lastClosed {
                try await database.judgeClosedMonths(user: user, today: today)
                user.spendJudgedThrough = lastClosed
                var context = context
                context.user = user
                return try await next(request, context)
            }
        }
        return try await next(request, context)
    }
}

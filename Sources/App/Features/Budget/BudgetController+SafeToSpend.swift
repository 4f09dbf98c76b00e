import Foundation
import Hummingbird

/// The buffer form as typed.
struct SafeBufferInput: Decodable, Sendable {
    var buffer: String?
}

/// Safe to spend's "why this number" page, its buffer, and the pieces Budget and Home show of it.
extension BudgetController {
    func addSafeToSpendRoutes(to group: RouterGroup<MemberContext>) {
        group.get(BudgetPaths.safeToSpend, use: safeToSpend)
        group.post(BudgetPaths.safeBuffer, use: saveBuffer)
    }

    /// `GET /budget/safe-to-spend`
    @Sendable func safeToSpend(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        return try whyPage(
            bufferValue: user.safeBufferCents == 0 ? "" : user.amountValue(user.safeBufferCents),
            errors: FieldErrors(t: context.words),
            context: context
        )
    }

    /// `POST /budget/safe-to-spend/buffer`: an amount of zero or more; empty is none.
    @Sendable func saveBuffer(request: Request, context: MemberContext) async throws -> Response {
        let user = context.user
        return try await request.submitForm(SafeBufferInput.self, context: context) { input in
            var errors = FieldErrors(t: context.words)
            let cents = errors.amount(
                input.buffer,
                field: "buffer",
                currency: user.currencyValue,
                grammar: user.format.amounts,
                required: false,
                rule: .zeroOrMore
            )
            return errors.isEmpty ? .valid(cents ?? 0) : .invalid(errors)
        } form: { input, errors, status in
            try whyPage(bufferValue: input.buffer ?? "", errors: errors, context: context, status: status)
        } save: { _, cents in
            var user = context.user
            user.safeBufferCents = cents
            try await context.store.update(user, columns: ["safeBufferCents"])
            let t = context.words
            return pages.redirect(
                to: BudgetPaths.safeToSpend,
                flash: .success(t["safe.buffer.saved", ["amount": user.money(cents)]])
            )
        }
    }

    private func whyPage(
        bufferValue: String,
        errors: FieldErrors,
        context: MemberContext,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let user = context.user
        let t = context.words
        let safe = try context.store.safeToSpend(user: user, today: context.member.today, cache: safeToSpend)
        let groups = SafeToSpend.Line.Group.allCases.map { group in
            let lines = safe.lines.filter { $0.group == group }
            return SafeToSpendPages.Group(
                title: group.title(t),
                lines: lines.map {
                    SafeToSpendPages.Line(label: $0.label(t), amount: user.signedMoney($0.cents), href: $0.href)
                },
                total: user.signedMoney(lines.reduce(0) { $0 + $1.cents })
            )
        }
        let (chart, lowest) = Self.forecastChart(safe, user: user, t: t)
        let page = SafeToSpendPages.WhyPage(
            figure: Self.figure(safe, user: user, t: t),
            groups: groups,
            sum: user.money(safe.sumCents),
            noAccounts: !safe.lines.contains { $0.group == .accounts },
            buffer: .input(
                "buffer",
                label: t["safe.buffer.label"],
                value: bufferValue,
                error: errors["buffer"],
                hint: t["safe.buffer.hint"],
                inputmode: "decimal"
            ),
            bufferSummary: errors.summary,
            forecast: chart,
            lowest: lowest
        )
        return pages.page(title: t["safe.title"], section: .budget, context: context, status: status) {
            SafeToSpendPages.why(page, csrf: $0.csrf, t: t)
        }
    }

    static func figure(_ safe: SafeToSpend, user: User, t: Words) -> SafeToSpendPages.Figure {
        SafeToSpendPages.Figure(
            amount: user.money(safe.cents),
            negative: safe.cents < 0,
            perDay: safe.perDayText(t, user: user),
            horizon: safe.horizonText(t),
            dip: safe.dipText(t, user: user)
        )
    }

    /// The forecast as a line chart with its day-by-day table, and the sentence naming its lowest day.
    static func forecastChart(_ safe: SafeToSpend, user: User, t: Words) -> (ChartView, String?) {
        let days = safe.forecast
        let lowest = safe.lowest
        let mark = lowest.flatMap { low in days.firstIndex { $0.day == low.day } }
        let labels = days.map { t.dayMonth($0.day) }
        // A tick on the first day, each 1st not crowding the ends, and the last day.
        let ticks = days.enumerated().map { index, day in
            index == 0 || index == days.count - 1 || (day.day.day == 1 && index >= 6 && index < days.count - 6)
                ? t.dayMonth(day.day) : ""
        }
        let last = days.last?.day ?? safe.today
        let title = t["safe.forecast.title", ["date": t.dayMonth(last)]]
        let chart = ChartView(
            id: "forecast",
            title: title,
            svg: Charts.line(
                id: "forecast-chart",
                title: title,
                labels: labels,
                tickLabels: ticks,
                values: days.map(\.balanceCents),
                mark: mark,
                format: { user.money($0) },
                tooltip: { label, value in "\(label): \(value)" }
            ),
            table: ChartView.Table(
                headers: [t["safe.forecast.day"], t["safe.forecast.change"], t["safe.forecast.balance"]],
                rows: days.enumerated().map { index, day in
                    let before = index == 0 ? nil : days[index - 1].balanceCents
                    return [
                        t.dayMonth(day.day) + (index == mark ? " · " + t["safe.forecast.lowest_mark"] : ""),
                        before.map { user.signedMoney(day.balanceCents - $0) } ?? "",
                        user.money(day.balanceCents),
                    ]
                }
            ),
            isEmpty: days.isEmpty,
            emptyText: t["safe.forecast.empty"],
            wide: true
        )
        let sentence = lowest.map {
            t["safe.forecast.lowest", ["amount": user.money($0.balanceCents), "date": t.dayMonth($0.day)]]
        }
        return (chart, sentence)
    }
}

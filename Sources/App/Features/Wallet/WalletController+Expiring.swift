import Foundation
import Hummingbird

/// "Expiring soon": what of the wallet is due within the user's lead time, in one list, most urgent first, with
/// Mark used and Snooze in place. The same items the reminder engine tells about.
extension WalletController {
    /// `GET /wallet/expiring`
    @Sendable func expiring(request: Request, context: MemberContext) async throws -> Response {
        let today = context.member.today
        let t = context.words
        let lead = try context.store.walletSettings().leadDays
        let rules = ReminderRules(user: context.user, today: today, leadDays: lead, t: t)
        let due = try context.store.expiringSoon(rules)
        let page = ExpiringPages.IndexPage(
            rows: due.map { Self.expiringRow($0.0, daysLeft: $0.1, t) },
            leadText: t.plural("wallet.expiring.lead", count: lead),
            emptyText: t.plural("wallet.expiring.empty_text", count: lead)
        )
        return render(title: t["wallet.tabs.expiring"], context: context) { shell in
            ExpiringPages.index(page, csrf: shell.csrf, shell.t)
        }
    }

    static func expiringRow(_ item: Reminder, daysLeft: Int, _ t: Words) -> ExpiringPages.Row {
        let id = item.subject.split(separator: ":").last.flatMap { Int64($0) } ?? 0
        let (label, icon): (String, String) =
            switch item.kind {
            case .benefit, .benefitLastCall: (t["wallet.expiring.kind.benefit"], "gift")
            case .coupon: (t["wallet.expiring.kind.coupon"], "ticket")
            case .renewal: (t["wallet.expiring.kind.renewal"], "repeat")
            case .annualFee: (t["wallet.expiring.kind.fee"], "wallet")
            default: (t["wallet.expiring.kind.reminder"], "bell")
            }
        let isBenefit = item.kind == .benefit || item.kind == .benefitLastCall
        return ExpiringPages.Row(
            kindLabel: label,
            icon: icon,
            title: item.title,
            detail: item.body,
            daysText: dueText(daysLeft, t),
            urgency: Urgency(daysLeft: daysLeft) == .critical ? "urgent" : Urgency(daysLeft: daysLeft).rawValue,
            path: item.path,
            subject: isBenefit ? .benefit(id) : item.kind == .coupon ? .coupon(id) : .other,
            snoozeChoices: isBenefit ? Snooze.choices(t).map { .init(days: $0.days, label: $0.label) } : []
        )
    }

    /// When something is due: "Today", "Tomorrow", "In 5 days".
    static func dueText(_ days: Int, _ t: Words) -> String {
        switch days {
        case ...0: t["wallet.due.today"]
        case 1: t["wallet.due.tomorrow"]
        default: t.plural("wallet.due.in_days", count: days)
        }
    }
}

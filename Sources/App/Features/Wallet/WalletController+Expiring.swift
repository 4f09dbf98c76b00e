import Foundation
import Hummingbird

/// "Expiring soon": what of the wallet is due within the user's lead time, in one list, most urgent first, with
/// Mark used and Snooze in place. The same items the reminder engine tells about.
extension WalletController {
    /// `GET /wallet/expiring`
    @Sendable func expiring(request: Request, context: MemberContext) async throws -> Response {
        let today = context.member.today
        let lead = try context.store.walletSettings().leadDays
        let rules = ReminderRules(user: context.user, today: today, leadDays: lead)
        let due = try context.store.expiringSoon(rules)
        let page = ExpiringPages.IndexPage(
            rows: due.map { Self.expiringRow($0.0, daysLeft: $0.1) },
            leadText: lead == 1 ? "within 1 day" : "within \(lead) days"
        )
        return render(title: "Expiring soon", context: context) { shell in ExpiringPages.index(page, csrf: shell.csrf) }
    }

    static func expiringRow(_ item: Reminder, daysLeft: Int) -> ExpiringPages.Row {
        let id = item.subject.split(separator: ":").last.flatMap { Int64($0) } ?? 0
        let (label, icon): (String, String) =
            switch item.kind {
            case .benefit, .benefitLastCall: ("Benefit", "gift")
            case .coupon: ("Coupon", "ticket")
            case .renewal: ("Renewal", "repeat")
            case .annualFee: ("Annual fee", "wallet")
            default: ("Reminder", "bell")
            }
        let isBenefit = item.kind == .benefit || item.kind == .benefitLastCall
        return ExpiringPages.Row(
            kindLabel: label,
            icon: icon,
            title: item.title,
            detail: item.body,
            daysText: daysLeft == 0 ? "Today" : daysLeft == 1 ? "Tomorrow" : "In \(daysLeft) days",
            urgency: Urgency(daysLeft: daysLeft) == .critical ? "urgent" : Urgency(daysLeft: daysLeft).rawValue,
            path: item.path,
            subject: isBenefit ? .benefit(id) : item.kind == .coupon ? .coupon(id) : .other,
            snoozeChoices: isBenefit ? Snooze.choices.map { .init(days: $0.days, label: $0.label) } : []
        )
    }
}

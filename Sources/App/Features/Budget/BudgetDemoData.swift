import Foundation
import GRDB

/// The budget half of `stashify demo-data`: income sources, accounts, and `count` ledger rows — monthly income
/// and bills, then day-to-day Needs / Wants expenses and some savings, many of them paid from an account.
enum BudgetDemoData {
    /// How many of `entries` demo rows are budget transactions (the rest are stash entries).
    static func share(of entries: Int) -> Int { entries / 2 }

    /// Groceries, transport and dining out are the demo stashes' (their entries are filed under those categories), so
    /// the day-to-day rows are the rest of a household's spending.
    static let everyday: [(kind: Category.Kind, name: String, amounts: [Int64], weight: Int)] = [
        (.needs, "Healthcare", [2_500, 6_000, 1_200], 2),
        (.wants, "Entertainment", [1_200, 2_500], 3),
        (.wants, "Shopping", [2_999, 5_450, 8_900], 2),
        (.wants, "Personal Care", [1_500, 3_500], 1),
        (.wants, "Hobbies", [2_000, 4_500], 1),
        (.savings, "Emergency Fund", [5_000, 10_000], 1),
        (.savings, "Vacation", [2_500, 5_000], 1),
    ]
    static let notes = ["", "", "", "Market", "Corner shop", "Lunch", "Weekend", "Online order", "Refill"]

    static func fill(
        _ member: MemberDatabase,
        firstDay: CalendarDay,
        today: CalendarDay,
        count: Int,
        seed: UInt64,
        now: Date
    ) throws {
        let (db, userId) = (member.db, member.userId)
        guard count > 0 else { return }
        var rng = SeededGenerator(seed: seed &+ 0xB0D6E7)
        // Pay days: the salary on the 1st, freelance work around the 15th; both only expected (the ledger below has
        // what arrived).
        for (name, cents, frequency, day) in [
            ("Salary", Int64(420_000), IncomeSource.Frequency.monthly, 1),
            ("Freelance", Int64(60_000), .variable, 15),
        ] {
            var source = IncomeSource(
                id: nil,
                userId: userId,
                name: name,
                amountCents: cents,
                frequency: frequency,
                createdAt: now,
                updatedAt: now
            )
            source.paidOn = CalendarDay(year: today.year, month: today.month, day: day)?.description
            try MemberStore.keepSchedule(member, for: &source, today: today, now: now)
        }
        let accounts = try [
            ("Everyday checking", MoneyAccount.Kind.checking, Int64(250_000)),
            ("Visa", .creditCard, -35_000), ("Cash", .cash, 12_000),
        ].map {
            try MoneyAccount(
                id: nil,
                userId: userId,
                name: $0.0,
                kind: $0.1,
                openingBalanceCents: $0.2,
                createdAt: now,
                updatedAt: now
            ).inserted(db).id
        }
        var categoryIds: [String: Int64] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT id, kind, name FROM category WHERE userId = ?",
            arguments: [userId]
        ) {
            categoryIds["\(row["kind"] as String)/\(row["name"] as String)"] = row["id"]
        }
        func id(_ kind: Category.Kind, _ name: String) -> Int64? { categoryIds["\(kind.rawValue)/\(name)"] }

        try db.insertRows(
            into: "ledger",
            columns: [
                "userId", "date", "amountCents", "kind", "note", "categoryId", "accountId",
                "createdAt", "updatedAt",
            ]
        ) { rows in
            var written = 0
            let stamp = now.databaseValue
            func insert(
                _ day: String,
                _ cents: Int64,
                _ kind: Category.Kind,
                _ category: Int64?,
                _ note: String,
                _ account: Int64?
            ) throws {
                guard written < count else { return }
                try rows.insert([
                    userId, day, cents, kind.transactionKind.rawValue, note, category, account, stamp, stamp,
                ])
                written += 1
            }
            // Each month: salary, freelance now and then, rent and bills.
            var month = firstDay.monthValue
            while month <= today.monthValue && written < count {
                let first = max(month.firstDay, firstDay)
                if first <= today {
                    try insert(first.description, 420_000, .income, id(.income, "Salary"), "Paycheck", accounts[0])
                    try insert(first.description, 140_000, .needs, id(.needs, "Rent/Mortgage"), "Rent", accounts[0])
                }
                if let day = CalendarDay(year: month.year, month: month.month, day: 15), day >= firstDay, day <= today {
                    try insert(
                        day.description,
                        9_800 + Int64(month.month) * 350,
                        .needs,
                        id(.needs, "Utilities"),
                        "Power and water",
                        accounts[0]
                    )
                    try insert(day.description, 12_000, .needs, id(.needs, "Insurance"), "", accounts[0])
                    try insert(day.description, 1_599, .wants, id(.wants, "Subscriptions"), "Streaming", accounts[1])
                    if month.month % 3 == 0 {
                        try insert(day.description, 60_000, .income, id(.income, "Freelance"), "Side gig", accounts[0])
                    }
                }
                month = month.next
            }
            // Day to day: the rest of the rows, amounts scaled to the density so months stay believable.
            let dayCount = firstDay.distance(to: today) + 1
            let remaining = max(0, count - written)
            let perMonth = max(1, remaining / max(1, dayCount / 30))
            let scale = Int64(max(1, perMonth / 60))
            let weighted = everyday.flatMap { Array(repeating: $0, count: $0.weight) }
            let days = DemoData.dayTexts(from: firstDay, count: dayCount)
            // The card carries the last weeks' spending up to a limit (older statements were paid from checking), and
            // the wallet's cash the last month's small buys while it lasts: no account runs deeply negative.
            var onCard: Int64 = 0
            var inCash: Int64 = 0
            while written < count {
                let item = weighted[Int.random(in: 0..<weighted.count, using: &rng)]
                let dayIndex = Int.random(in: 0..<dayCount, using: &rng)
                let day = days[dayIndex]
                let cents = max(50, item.amounts[Int.random(in: 0..<item.amounts.count, using: &rng)] / scale)
                let daysAgo = dayCount - 1 - dayIndex
                var account: Int64? = Int.random(in: 0..<4, using: &rng) < 3 ? accounts[0] : nil
                if item.kind != .savings, account != nil {
                    if daysAgo < 30, cents <= 2_500, inCash + cents <= 10_000, Int.random(in: 0..<3, using: &rng) == 0 {
                        account = accounts[2]
                        inCash += cents
                    } else if daysAgo < 45, onCard + cents <= 150_000, Int.random(in: 0..<2, using: &rng) == 0 {
                        account = accounts[1]
                        onCard += cents
                    }
                }
                try insert(
                    day,
                    cents,
                    item.kind,
                    id(item.kind, item.name),
                    notes[Int.random(in: 0..<notes.count, using: &rng)],
                    account
                )
            }
        }
        try schedules(
            member,
            accountId: accounts[0],
            rent: id(.needs, "Rent/Mortgage"),
            phone: id(.needs, "Utilities"),
            today: today,
            now: now
        )
    }

    /// Two schedules from today on: the rent posts itself on the 1st; the phone bill varies and waits for a tap on
    /// the last Friday, its last one waiting in "To confirm".
    private static func schedules(
        _ member: MemberDatabase,
        accountId: Int64?,
        rent: Int64?,
        phone: Int64?,
        today: CalendarDay,
        now: Date
    ) throws {
        for (name, rule, categoryId, cents, maxCents, posting) in [
            ("Rent", "FREQ=MONTHLY;BYMONTHDAY=1", rent, Int64(140_000), Int64?.none, Schedule.Posting.auto),
            ("Phone bill", "FREQ=MONTHLY;BYDAY=-1FR", phone, 4_000, 7_000, .confirm),
        ] {
            let start = today.monthValue.previous.firstDay
            var schedule = Schedule(
                id: nil,
                userId: member.userId,
                name: name,
                rule: rule,
                startsOn: start.description,
                weekend: .keep,
                kind: .expense,
                categoryId: categoryId,
                accountId: accountId,
                stashId: nil,
                amountCents: cents,
                maxCents: maxCents,
                note: "",
                posting: posting,
                nextOn: nil,
                createdAt: now,
                updatedAt: now
            )
            schedule.nextOn = schedule.nextRuleDay(onOrAfter: today.adding(days: 1))?.description
            schedule = try schedule.inserted(member.db)
            guard posting == .confirm, let scheduleId = schedule.id,
                let last = schedule.recurrence?.occurrences(start: start, limit: 3).last(where: { $0 <= today })
            else { continue }
            _ = try Occurrence(
                id: nil,
                scheduleId: scheduleId,
                userId: member.userId,
                dueOn: last.description,
                postOn: last.description,
                state: .pending,
                amountCents: nil,
                ledgerId: nil,
                seenAt: now,
                createdAt: now
            ).inserted(member.db)
        }
    }
}

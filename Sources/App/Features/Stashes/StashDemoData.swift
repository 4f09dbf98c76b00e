import Foundation
import GRDB

/// Fills an account with realistic stashes and entries, so a new user can try Stashify and pages can be
/// measured on a large account. Deterministic: the same arguments give the same data.
public enum DemoData {
    public struct Summary: Sendable {
        public let email: String
        public let createdUser: Bool
        public let stashes: Int
        public let entries: Int
        public let badges: Int
    }

    struct Template {
        let name: String
        let kind: Stash.Kind
        let targetCents: Int64
        let goalCents: Int64?
        let reward: String
        /// The name of its budget category (`StashCategory.resolve`).
        let category: String
        /// Typical entry sizes in cents.
        let amounts: [Int64]
        let weight: Int
    }

    static let templates: [Template] = [
        Template(
            name: "Vacation Fund",
            kind: .save,
            targetCents: 40_000,
            goalCents: 300_000,
            reward: "A weekend in Porto",
            category: "Vacation",
            amounts: [5_000, 10_000, 2_500, 7_500],
            weight: 2
        ),
        Template(
            name: "Emergency Fund",
            kind: .save,
            targetCents: 25_000,
            goalCents: 1_000_000,
            reward: "Peace of mind (and a nice dinner)",
            category: "Emergency Fund",
            amounts: [5_000, 2_500, 10_000],
            weight: 2
        ),
        Template(
            name: "New Laptop",
            kind: .save,
            targetCents: 15_000,
            goalCents: 180_000,
            reward: "The laptop itself!",
            category: "Large Purchase",
            amounts: [2_000, 5_000, 1_500],
            weight: 1
        ),
        Template(
            name: "Dining Out",
            kind: .spend,
            targetCents: 30_000,
            goalCents: nil,
            reward: "Cook something fancy",
            category: "Dining Out",
            amounts: [1_850, 3_200, 4_550, 1_200, 6_400],
            weight: 4
        ),
        Template(
            name: "Groceries",
            kind: .spend,
            targetCents: 60_000,
            goalCents: nil,
            reward: "",
            category: "Groceries",
            amounts: [4_320, 8_915, 2_250, 12_040, 3_675],
            weight: 6
        ),
        Template(
            name: "Coffee",
            kind: .spend,
            targetCents: 6_000,
            goalCents: nil,
            reward: "A bag of good beans",
            category: "Dining Out",
            amounts: [350, 420, 480],
            weight: 5
        ),
        Template(
            name: "Transport",
            kind: .spend,
            targetCents: 12_000,
            goalCents: nil,
            reward: "",
            category: "Transport",
            amounts: [290, 1_500, 4_000, 2_750],
            weight: 3
        ),
        Template(
            name: "Gifts",
            kind: .save,
            targetCents: 5_000,
            goalCents: nil,
            reward: "Guilt-free December",
            category: "Other",
            amounts: [1_000, 2_000, 500],
            weight: 1
        ),
    ]

    static let notes = [
        "", "", "", "Paycheck", "Side gig", "Lunch", "Weekend", "Birthday", "Market", "Refill", "Round-up",
    ]
    /// The note of a save stash's monthly transfer (`notes` ends with it; random entries never draw it).
    static let transferNote = "Monthly transfer"

    /// The text of each of `count` days from `first` on, made once: `adding(days:)` walks month by month, and a
    /// million entries over ten years would walk it a million times.
    static func dayTexts(from first: CalendarDay, count: Int) -> [String] {
        var days: [String] = []
        days.reserveCapacity(count)
        var day = first
        for _ in 0..<count {
            days.append(day.description)
            day = day.adding(days: 1)
        }
        return days
    }

    /// Creates the account if needed (with `passwordHash`), then adds the stashes and `entries` entries spread
    /// over the last `years` years up to `today`.
    public static func fill(
        database: AppDatabase,
        email: String,
        passwordHash: @Sendable () async throws -> String,
        years: Int,
        entries: Int,
        now: Date,
        timeZone: String = "UTC"
    ) async throws -> Summary {
        let email = User.normalize(email: email)
        var createdUser = false
        var user = try database.user(email: email)
        if user == nil {
            let hash = try await passwordHash()
            user = try await database.create(
                User(
                    id: nil,
                    name: "Demo Saver",
                    email: email,
                    passwordHash: hash,
                    location: "Lisbon",
                    age: 32,
                    salaryCents: 5_400_000,
                    householdSize: 2,
                    currency: "USD",
                    timeZone: timeZone,
                    theme: .system,
                    createdAt: now,
                    updatedAt: now
                )
            )
            createdUser = true
        }
        guard let user, let userId = user.id else { throw DatabaseError(message: "no demo user") }
        let today = user.today(now: now)
        let firstDay = today.adding(days: -(365 * max(1, years)) + 1)
        let dayCount = firstDay.distance(to: today) + 1
        let seed = UInt64(entries) &* 2_654_435_761 &+ UInt64(years)

        // A whole history in one transaction: with a large cache its pages are written once, at the commit.
        let result = try await database.write { db -> (Int, Int) in
            let member = MemberDatabase(db: db, userId: userId)
            let stashes = try db.withLedgerBulkWrite(userId: userId) { () -> [(Stash, Template)] in
                var rng = SeededGenerator(seed: seed)
                var stashes: [(Stash, Template)] = []
                // A save stash's monthly transfer of its target, early in most months: a household that sticks to
                // its plan completes those months.
                var transfers: [(day: Int, stash: Int, cents: Int64)] = []
                for template in templates {
                    let categoryId = try StashCategory.resolve(
                        member,
                        kind: template.kind,
                        name: template.category,
                        now: now
                    )
                    let stash = try Stash(
                        id: nil,
                        userId: userId,
                        name: template.name,
                        kind: template.kind,
                        goalCents: template.goalCents,
                        reward: template.reward,
                        categoryId: categoryId,
                        reminder: .off,
                        createdAt: now,
                        updatedAt: now
                    ).inserted(db)
                    guard let id = stash.id else { continue }
                    // The target was raised once a year: past months keep what they had.
                    var month = firstDay.monthValue
                    var cents = template.targetCents * 8 / 10
                    while month <= today.monthValue {
                        let target = cents
                        if month.month == 1 || month == firstDay.monthValue {
                            try db.execute(
                                sql: "INSERT INTO stashTarget (stashId, month, amountCents) VALUES (?, ?, ?)",
                                arguments: [id, month.description, cents]
                            )
                            cents += template.targetCents / 10
                        }
                        let payday = max(
                            firstDay,
                            CalendarDay(year: month.year, month: month.month, day: 3) ?? month.firstDay
                        )
                        if template.kind == .save, payday <= today, payday.monthValue == month,
                            Int.random(in: 0..<4, using: &rng) > 0
                        {
                            transfers.append((firstDay.distance(to: payday), stashes.count, target))
                        }
                        month = month.next
                    }
                    stashes.append((stash, template))
                }
                // Thousands of entries a month would blow every target; scale amounts to the density.
                let perMonth = max(1, entries / max(1, dayCount / 30))
                let scale = Int64(max(1, perMonth / 40))
                let weights = stashes.flatMap { pair in Array(repeating: pair, count: pair.1.weight) }
                let days = dayTexts(from: firstDay, count: dayCount)
                let stashEntries = entries - BudgetDemoData.share(of: entries)
                let transferNote = notes.count
                var drawn: [(day: Int, weight: Int, cents: Int64, note: Int)] = transfers.prefix(stashEntries).map {
                    transfer in
                    (
                        transfer.day, weights.firstIndex { $0.0.id == stashes[transfer.stash].0.id } ?? 0,
                        transfer.cents, transferNote
                    )
                }
                drawn.reserveCapacity(stashEntries)
                for _ in 0..<(stashEntries - drawn.count) {
                    let weight = Int.random(in: 0..<weights.count, using: &rng)
                    let day = Int.random(in: 0..<dayCount, using: &rng)
                    let template = weights[weight].1
                    let base = template.amounts[Int.random(in: 0..<template.amounts.count, using: &rng)]
                    drawn.append((day, weight, max(50, base / scale), Int.random(in: 0..<notes.count, using: &rng)))
                }
                // By date, as a household would have entered them (and each index of the ledger then grows at its end).
                let order = drawn.indices.sorted {
                    drawn[$0].day != drawn[$1].day ? drawn[$0].day < drawn[$1].day : $0 < $1
                }
                let stamp = now.databaseValue
                try db.insertRows(
                    into: "ledger",
                    columns: [
                        "userId", "date", "amountCents", "kind", "note", "stashId", "categoryId",
                        "createdAt", "updatedAt",
                    ]
                ) { rows in
                    for entry in order.lazy.map({ drawn[$0] }) {
                        let stash = weights[entry.weight].0
                        let note = entry.note < notes.count ? notes[entry.note] : Self.transferNote
                        try rows.insert([
                            userId, days[entry.day], entry.cents, stash.kind.entryKind.rawValue, note,
                            stash.id, stash.categoryId, stamp, stamp,
                        ])
                    }
                }
                try BudgetDemoData.fill(
                    member,
                    firstDay: firstDay,
                    today: today,
                    count: BudgetDemoData.share(of: entries),
                    seed: seed,
                    now: now
                )
                return stashes
            }
            // Badges read the stash month totals, worked out once the rows are all in.
            var badges = 0
            for (stash, _) in stashes {
                let months = try String.fetchAll(
                    db,
                    sql: "SELECT DISTINCT month FROM categoryMonth WHERE stashId = ? ORDER BY month",
                    arguments: [stash.id]
                )
                for month in months.compactMap(Month.init) {
                    try MemberStore.judge(db, stash: stash, month: month, today: today, now: now)
                }
                badges +=
                    try Int.fetchOne(
                        db,
                        sql: "SELECT COUNT(*) FROM badge WHERE stashId = ? AND earned",
                        arguments: [stash.id]
                    ) ?? 0
            }
            try db.execute(
                sql: "UPDATE user SET spendJudgedThrough = ? WHERE id = ?",
                arguments: [today.monthValue.previous.description, userId]
            )
            return (stashes.count, badges)
        }
        try await WalletDemoData.fill(database: database, userId: userId, today: today, now: now)
        return Summary(email: email, createdUser: createdUser, stashes: result.0, entries: entries, badges: result.1)
    }
}

/// A small, fast, seedable random number generator (SplitMix64), so demo data is repeatable.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

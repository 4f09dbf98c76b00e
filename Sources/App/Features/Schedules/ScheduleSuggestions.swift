import Foundation
import GRDB

/// Expenses that look like they repeat: three or more with the same description (payee, else note; case, spaces and
/// digits set aside) at a regular interval from a week to a year, each amount within 15 % of their middle one. The
/// schedules page offers each as a schedule; nothing is made without a tap, and "Not recurring" is kept for good.
struct ScheduleSuggestion: Sendable, Equatable {
    /// The normalised description: what "Not recurring" remembers.
    let key: String
    /// The description as last written.
    let name: String
    let frequency: Recurrence.Frequency
    let interval: Int
    let amountCents: Int64
    let categoryId: Int64?
    let accountId: Int64?
    /// The latest one's day, which the suggested schedule repeats from.
    let lastDay: CalendarDay

    /// The description as compared: lowercased, digits and punctuation dropped, spaces single.
    static func key(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.map { CharacterSet.letters.contains($0) ? Character($0) : " " }
        return String(kept).split(separator: " ").joined(separator: " ")
    }

    /// The repeats the days show: the gaps between them all within a tolerance of one of these, in days.
    static let rhythms: [(frequency: Recurrence.Frequency, interval: Int, days: ClosedRange<Int>)] = [
        (.weekly, 1, 6...8), (.weekly, 2, 13...15), (.monthly, 1, 27...32), (.monthly, 3, 88...94),
        (.yearly, 1, 358...372),
    ]

    /// The suggestion `rows` (one description's expenses, oldest first) make, if they repeat.
    static func detect(
        key: String,
        rows: [(day: CalendarDay, cents: Int64, name: String, categoryId: Int64?, accountId: Int64?)]
    ) -> ScheduleSuggestion? {
        guard rows.count >= 3, let last = rows.last else { return nil }
        let gaps = zip(rows, rows.dropFirst()).map { $0.day.distance(to: $1.day) }
        guard let rhythm = rhythms.first(where: { rhythm in gaps.allSatisfy { rhythm.days.contains($0) } }) else {
            return nil
        }
        let amounts = rows.map(\.cents).sorted()
        let middle = amounts[amounts.count / 2]
        guard middle > 0, amounts.allSatisfy({ abs($0 - middle) * 100 <= middle * 15 }) else { return nil }
        return ScheduleSuggestion(
            key: key,
            name: last.name,
            frequency: rhythm.frequency,
            interval: rhythm.interval,
            amountCents: last.cents,
            categoryId: last.categoryId,
            accountId: last.accountId,
            lastDay: last.day
        )
    }
}

extension ScheduleSuggestion {
    /// Each member's suggestions for a day, kept while the app has written nothing: finding them reads two years of
    /// expenses, and most looks at the schedules page come with no write between them.
    typealias Cache = UserCache<CalendarDay, [ScheduleSuggestion]>
}

extension MemberStore {
    /// The repeating expenses of the last two years (three yearly ones span two) not yet a schedule (by name) nor
    /// marked "Not recurring", the most recent first; from `cache` when nothing was written since they were found.
    func scheduleSuggestions(today: CalendarDay, cache: ScheduleSuggestion.Cache) throws -> [ScheduleSuggestion] {
        try cached(cache, key: today) { try scheduleSuggestions(today: today) }
    }

    /// The repeating expenses of the last two years, found afresh.
    func scheduleSuggestions(today: CalendarDay) throws -> [ScheduleSuggestion] {
        try read { db in
            let since = today.adding(days: -800).description
            let rows = try Row.fetchAll(
                db,
                // Only descriptions seen 3 to 120 times (a weekly expense's most in two years) are read row by row.
                sql: """
                    WITH recent AS (
                        SELECT id, date, amountCents, categoryId, accountId,
                               CASE WHEN payee <> '' THEN payee ELSE note END AS name
                        FROM ledger
                        WHERE userId = ? AND kind = 'expense' AND stashId IS NULL AND splitId IS NULL AND date >= ?
                    )
                    SELECT date, amountCents, categoryId, accountId, name FROM recent
                    WHERE name <> '' AND lower(name) IN (
                        SELECT lower(name) FROM recent WHERE name <> '' GROUP BY lower(name) HAVING COUNT(*) BETWEEN 3 AND 120
                    )
                    ORDER BY date, id
                    """,
                arguments: [userId, since]
            )
            let dismissed = Set(
                try String.fetchAll(
                    db,
                    sql: "SELECT key FROM scheduleSuggestionDismissal WHERE userId = ?",
                    arguments: [userId]
                )
            )
            let named = Set(
                try String.fetchAll(db, sql: "SELECT name FROM schedule WHERE userId = ?", arguments: [userId])
                    .map(ScheduleSuggestion.key)
            )
            var groups:
                [String: [(day: CalendarDay, cents: Int64, name: String, categoryId: Int64?, accountId: Int64?)]] = [:]
            for row in rows {
                let name: String = row["name"]
                let key = ScheduleSuggestion.key(name)
                guard !key.isEmpty, !dismissed.contains(key), !named.contains(key),
                    let day = CalendarDay(row["date"] as String)
                else { continue }
                groups[key, default: []].append((day, row["amountCents"], name, row["categoryId"], row["accountId"]))
            }
            return groups.compactMap { ScheduleSuggestion.detect(key: $0.key, rows: $0.value) }
                .sorted { ($0.lastDay, $0.name) > ($1.lastDay, $1.name) }
        }
    }

    /// Remembers for good that the expenses described as `key` don't repeat.
    func dismissSuggestion(key: String, now: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO scheduleSuggestionDismissal (userId, key, createdAt) VALUES (?, ?, ?)
                    ON CONFLICT (userId, key) DO NOTHING
                    """,
                arguments: [userId, String(key.prefix(200)), now]
            )
        }
    }
}

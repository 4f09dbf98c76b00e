import Foundation
import GRDB

/// A badge with what the badge pages show about its stash.
struct BadgeDetails: Sendable, Decodable, FetchableRecord {
    let badge: Badge
    let stashName: String
    let reward: String
    /// Save for a kind this version doesn't know.
    var kind: Stash.Kind { Stash.Kind(rawValue: stashKind) ?? .save }
    private let stashKind: String
    /// How the stash stood in the badge's month (what was saved or spent against which target, in how many
    /// entries); read for one badge's page only.
    var result: StashProgress? = nil

    private enum CodingKeys: String, CodingKey {
        case badge, stashName, reward, stashKind
    }
}

/// A badge's row with how its stash stood in the badge's month.
private struct BadgeResultRow: Decodable, FetchableRecord {
    let details: BadgeDetails
    let monthTotal: Int64
    let monthCount: Int
    let monthTarget: Int64
}

extension MemberStore {
    /// The user's points: 10 for each earned badge.
    func points() throws -> Int {
        try read { db in
            try Int.fetchOne(
                db,
                sql: "SELECT COALESCE(SUM(points), 0) FROM badge WHERE userId = ? AND earned",
                arguments: [userId]
            ) ?? 0
        }
    }

    /// Earned badges, newest month first; `month` narrows to one month. One page and whether more follow.
    func earnedBadges(month: Month? = nil, page: Int = 1, perPage: Int = 50) throws -> ([BadgeDetails], Bool) {
        try read { db in
            var sql = """
                SELECT badge.*, stash.name AS stashName, stash.reward AS reward, stash.kind AS stashKind
                FROM badge JOIN stash ON stash.id = badge.stashId
                WHERE badge.userId = ? AND badge.earned
                """
            var arguments: StatementArguments = [userId]
            if let month {
                sql += " AND badge.month = ?"
                arguments += [month.description]
            }
            sql += " ORDER BY badge.month DESC, badge.completedOn DESC, badge.id DESC LIMIT ? OFFSET ?"
            arguments += [perPage + 1, max(0, page - 1) * perPage]
            let rows = try BadgeDetails.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
            return (Array(rows.prefix(perPage)), rows.count > perPage)
        }
    }

    /// One badge of the user (earned or not) with how its stash stood in its month, or nil.
    func badgeDetails(id: Int64) throws -> BadgeDetails? {
        try read { db in
            try BadgeResultRow.fetchOne(
                db,
                sql: """
                    SELECT badge.*, stash.name AS stashName, stash.reward AS reward, stash.kind AS stashKind,
                           COALESCE((SELECT SUM(totalCents) FROM categoryMonth m
                                     WHERE m.stashId = badge.stashId AND m.month = badge.month), 0) AS monthTotal,
                           COALESCE((SELECT SUM(entryCount) FROM categoryMonth m
                                     WHERE m.stashId = badge.stashId AND m.month = badge.month), 0) AS monthCount,
                           \(Self.targetSQL(stashId: "badge.stashId", month: "badge.month")) AS monthTarget
                    FROM badge JOIN stash ON stash.id = badge.stashId
                    WHERE badge.id = ? AND badge.userId = ?
                    """,
                arguments: [id, userId]
            ).map { row in
                var details = row.details
                details.result = StashProgress(
                    kind: details.kind,
                    totalCents: row.monthTotal,
                    entryCount: row.monthCount,
                    targetCents: row.monthTarget,
                    monthClosed: true
                )
                return details
            }
        }
    }

    /// The stash's earned badge for `month`, or nil.
    func earnedBadge(stashId: Int64, month: Month) throws -> Badge? {
        try read { db in
            try Badge.fetchOne(
                db,
                sql: "SELECT * FROM badge WHERE userId = ? AND stashId = ? AND month = ? AND earned",
                arguments: [userId, stashId, month.description]
            )
        }
    }

    /// Marks (or unmarks) a badge's reward as claimed. False if the badge isn't the user's.
    func setClaimed(badgeId: Int64, at date: Date?) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE badge SET claimedAt = ? WHERE id = ? AND userId = ? AND earned",
                arguments: [date, badgeId, userId]
            )
            return db.changesCount > 0
        }
    }
}

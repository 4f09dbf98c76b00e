import Foundation
import GRDB

/// Which budget category a stash belongs to, when all that is known is a name (a stash from before stashes had
/// budget categories, an older export, a new category typed on the stash form).
enum StashCategory {
    /// The user's category of one of `kind.categoryKinds` named `name` (case set aside), made under the first of
    /// those kinds if there is none. An empty name, or "Other", is that kind's "Other".
    static func resolve(_ member: MemberDatabase, kind: Stash.Kind, name: String, now: Date) throws -> Int64 {
        let (db, userId) = (member.db, member.userId)
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let home = kind.categoryKinds[0]
        if name.isEmpty || name.caseInsensitiveCompare(Category.otherName) == .orderedSame {
            return try MemberStore.otherCategoryId(member, kind: home, now: now)
        }
        let kinds = kind.categoryKinds.map(\.rawValue)
        if let id = try Int64.fetchOne(
            db,
            sql: """
                SELECT id FROM category WHERE userId = ? AND kind IN (\(kinds.map { _ in "?" }.joined(separator: ", ")))
                AND name = ? COLLATE NOCASE ORDER BY isHidden, name = ? DESC, id LIMIT 1
                """,
            arguments: StatementArguments([userId] + kinds + [name, name])
        ) {
            return id
        }
        let sortOrder =
            try Int.fetchOne(
                db,
                sql: "SELECT COALESCE(MAX(sortOrder), 0) + 1 FROM category WHERE userId = ?",
                arguments: [userId]
            ) ?? 0
        let category = try Category(
            id: nil,
            userId: userId,
            name: String(name.prefix(40)),
            kind: home,
            icon: "dots",
            color: "#6B6B6B",
            sortOrder: sortOrder,
            isDefault: false,
            isHidden: false,
            createdAt: now
        ).inserted(db)
        guard let id = category.id else { throw DatabaseError(message: "category has no id") }
        return id
    }
}

import Foundation
import GRDB

/// Migration v26 as it ran: literal SQL that calls no app code, never to be edited.
enum V26StashCategories {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v26: every stash belongs to a budget category") { db in
            // A stash's category was a free name beside the budget's categories, so charts and reports grouped by
            // two systems. Each stash now points at a budget category of its kind, found by name or made, and the
            // stash's entries are filed under it.
            try db.execute(
                sql: """
                    ALTER TABLE "stash" ADD COLUMN "categoryId" INTEGER REFERENCES "category"("id") ON DELETE SET NULL
                    """
            )
            // Each stash in turn, as a category made for one is found by the next: a spend stash's category is one of
            // wants or needs (made under wants), any other's one of savings; a blank name or "Other" takes the kind's
            // default Other (made if the user has none); a name found among the kind's categories (case aside, visible
            // ones and the exact spelling first) is taken; any other is made, after the user's categories.
            for stash in try Row.fetchAll(db, sql: "SELECT id, userId, kind, category FROM stash ORDER BY id") {
                let id: Int64 = stash["id"]
                let userId: Int64 = stash["userId"]
                let spend = (stash["kind"] as String?) == "spend"
                let home = spend ? "wants" : "savings"
                let name = (stash["category"] as String).trimmingCharacters(in: .whitespacesAndNewlines)
                if name.isEmpty || name.caseInsensitiveCompare("Other") == .orderedSame {
                    try db.execute(
                        sql: """
                            INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden,
                                                  createdAt)
                            SELECT ?1, 'Other', ?2, 'dots', '#6B6B6B', 10000, 1, 0, strftime('%Y-%m-%d %H:%M:%f', 'now')
                            WHERE NOT EXISTS (
                                SELECT 1 FROM category WHERE userId = ?1 AND kind = ?2 AND isDefault = 1 AND name = 'Other')
                            """,
                        arguments: [userId, home]
                    )
                    try db.execute(
                        sql: """
                            UPDATE stash SET categoryId = (
                                SELECT id FROM category WHERE userId = ?1 AND kind = ?2 AND isDefault = 1 AND name = 'Other'
                                ORDER BY id LIMIT 1)
                            WHERE id = ?3
                            """,
                        arguments: [userId, home, id]
                    )
                    continue
                }
                let kinds = spend ? "'wants', 'needs'" : "'savings'"
                try db.execute(
                    sql: """
                        INSERT INTO category (userId, name, kind, icon, color, sortOrder, isDefault, isHidden, createdAt)
                        SELECT ?1, ?3, ?4, 'dots', '#6B6B6B',
                               (SELECT COALESCE(MAX(sortOrder), 0) + 1 FROM category WHERE userId = ?1),
                               0, 0, strftime('%Y-%m-%d %H:%M:%f', 'now')
                        WHERE NOT EXISTS (
                            SELECT 1 FROM category WHERE userId = ?1 AND kind IN (\(kinds)) AND name = ?2 COLLATE NOCASE)
                        """,
                    arguments: [userId, name, String(name.prefix(40)), home]
                )
                // The category found by name, else the one just made (its name cut to 40 characters may not match).
                try db.execute(
                    sql: """
                        UPDATE stash SET categoryId = COALESCE((
                            SELECT id FROM category WHERE userId = ?1 AND kind IN (\(kinds)) AND name = ?2 COLLATE NOCASE
                            ORDER BY isHidden, name = ?2 DESC, id LIMIT 1), last_insert_rowid())
                        WHERE id = ?3
                        """,
                    arguments: [userId, name, id]
                )
            }
            try db.execute(
                sql: """
                    UPDATE ledger SET categoryId = (SELECT categoryId FROM stash WHERE stash.id = ledger.stashId)
                    WHERE stashId IS NOT NULL AND categoryId IS NULL;
                    ALTER TABLE "stash" DROP COLUMN "category";
                    CREATE INDEX "stash_on_categoryId" ON "stash"("categoryId")
                    """
            )
        }
    }
}

import GRDB

/// Migration v42 as it ran: literal SQL that calls no app code, never to be edited.
enum V42BadgeNotes {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v42: a badge's note keeps the stash's name only, worded when it is shown") { db in
            // Notes recorded before were written in English as "Badge earned: <stash>" with "<Month Year> · +N
            // points"; the list now words them in the reader's language.
            try db.execute(
                sql: """
                    UPDATE notification SET title = substr(title, 15), body = ''
                    WHERE kind = 'badge' AND title LIKE 'Badge earned: %'
                    """
            )
        }
    }
}

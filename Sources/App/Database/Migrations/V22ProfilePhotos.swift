import GRDB

/// Migration v22 as it ran: literal SQL that calls no app code, never to be edited.
enum V22ProfilePhotos {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22: profile photos") { db in
            // The photo itself, and on the user a number that changes with it (nil: no photo), so the avatar's URL
            // changes when the photo does and pages know without reading the photo.
            try db.execute(
                sql: """
                    CREATE TABLE profilePhoto (
                        userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
                        contentType TEXT NOT NULL,
                        bytes BLOB NOT NULL
                    );
                    ALTER TABLE user ADD COLUMN photoVersion INTEGER
                    """
            )
        }
    }
}

import Crypto
import Foundation
import GRDB

/// Migration v37 as it ran: literal SQL that calls no app code, never to be edited.
enum V37SecretDigests {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v37: sessions and calendar feeds keep only a digest of their secret") { db in
            // A session's cookie value and a calendar feed's URL secret stay with the browser and the calendar app;
            // the database keeps their SHA-256 in hex, so a copy of it (or a backup) signs no one in and reads no
            // calendar. Those made before are hashed in place: nobody is logged out, subscribed calendars keep working,
            // and push devices keep naming the session they were turned on in. The hash is defined here, on its own.
            let sha256 = DatabaseFunction("v37_sha256_hex", argumentCount: 1, pure: true) { values -> String? in
                guard let text = String.fromDatabaseValue(values[0]) else { return nil }
                return SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
            }
            db.add(function: sha256)
            defer { db.remove(function: sha256) }
            try db.execute(
                sql: """
                    UPDATE session SET id = v37_sha256_hex(id);
                    UPDATE pushDevice SET sessionId = v37_sha256_hex(sessionId) WHERE sessionId IS NOT NULL;
                    UPDATE calendarFeed SET token = v37_sha256_hex(token);
                    """
            )
        }
    }
}

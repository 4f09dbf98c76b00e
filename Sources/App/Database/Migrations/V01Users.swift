import GRDB

/// Migration v1 as it ran: literal SQL that calls no app code, never to be edited.
enum V01Users {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1: users, sessions, login attempts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE "user" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, \
                    "email" TEXT NOT NULL UNIQUE COLLATE NOCASE, "passwordHash" TEXT NOT NULL, "location" TEXT, \
                    "age" INTEGER, "salaryCents" INTEGER, "householdSize" INTEGER, \
                    "currency" TEXT NOT NULL DEFAULT 'USD', "timeZone" TEXT NOT NULL, \
                    "theme" TEXT NOT NULL DEFAULT 'system', "createdAt" DATETIME NOT NULL, "updatedAt" DATETIME NOT NULL);
                    CREATE TABLE "session" ("id" TEXT PRIMARY KEY NOT NULL, \
                    "userId" INTEGER REFERENCES "user"("id") ON DELETE CASCADE, "data" BLOB NOT NULL, \
                    "expiresAt" DATETIME, "createdAt" DATETIME NOT NULL);
                    CREATE INDEX "session_on_userId" ON "session"("userId");
                    CREATE INDEX "session_on_expiresAt" ON "session"("expiresAt");
                    CREATE TABLE "loginAttempt" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "email" TEXT NOT NULL, \
                    "attemptedAt" DATETIME NOT NULL);
                    CREATE INDEX "loginAttempt_on_email_attemptedAt" ON "loginAttempt"("email", "attemptedAt")
                    """
            )
        }
    }
}

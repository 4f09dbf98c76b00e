import GRDB

extension AppDatabase {
    /// Append-only schema history. Never edit a migration once it has shipped: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1: users, sessions, login attempts") { db in
            try db.create(table: "user") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("email", .text).notNull().unique().collate(.nocase)
                t.column("passwordHash", .text).notNull()
                t.column("location", .text)
                t.column("age", .integer)
                t.column("salaryCents", .integer)
                t.column("householdSize", .integer)
                t.column("currency", .text).notNull().defaults(to: "USD")
                t.column("timeZone", .text).notNull()
                t.column("theme", .text).notNull().defaults(to: "system")
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }

            try db.create(table: "session") { t in
                t.primaryKey("id", .text)
                t.belongsTo("user", onDelete: .cascade)
                t.column("data", .blob).notNull()
                t.column("expiresAt", .datetime)
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(index: "session_on_expiresAt", on: "session", columns: ["expiresAt"])

            try db.create(table: "loginAttempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).notNull()
                t.column("attemptedAt", .datetime).notNull()
            }
            try db.create(index: "loginAttempt_on_email_attemptedAt", on: "loginAttempt", columns: ["email", "attemptedAt"])
        }

        return migrator
    }
}

import Foundation
import GRDB

@testable import App

/// Set-up and reads shared by the reminder and notification-list tests.
enum ReminderFixtures {
    /// Adds a $5.00 coupon for `userId` expiring on `expiresOn`.
    static func coupon(_ database: AppDatabase, userId: Int64, name: String, expiresOn: String) async throws {
        _ = try await database.for(userId: userId).addCoupon(
            Coupon(
                id: nil,
                userId: userId,
                name: name,
                details: "",
                expiresOn: expiresOn,
                category: "Other",
                valueCents: 500,
                code: "",
                usedOn: nil,
                createdAt: Date()
            )
        )
    }

    /// The user's notifications in the order they were recorded.
    static func notifications(_ database: AppDatabase, userId: Int64) async throws -> [Reminder] {
        try database.read { db in
            try Reminder.filter(Column("userId") == userId).order(Column("id")).fetchAll(db)
        }
    }
}
